//! An example plugin: three Puppet functions showing the plugin API end to end.
//!
//! * `example::greet(String[1] $name, Integer[1, 10] $times = 1)`: `"Hello, NAME!"`,
//!   `times` times, separated by spaces.
//! * `example::each_pair_sorted(Hash $hash) |$key, $value| { ... }`: calls the block
//!   with the hash's entries in the order of their keys' text, and returns the
//!   block's values as an array.
//! * `example::refuse(String $reason)`: always fails with the reason (how a function
//!   reports an error).
//!
//! Built as a `cdylib`, it is loaded with `marionette compile --plugin
//! libmarionette_functions_example.so`; as an `rlib`, [`plugin`] is linked statically
//! (see `examples/custom-compiler`).

use marionette_plugin_api::{Data, FunctionContext, NativeFunction, Plugin};

/// The plugin: its name and its functions.
pub fn plugin() -> Plugin {
    Plugin::new("functions-example")
        .function(NativeFunction {
            name: "example::greet",
            signatures: &["String[1] name, Integer[1, 10] times?"],
            imp: greet,
        })
        .function(NativeFunction {
            name: "example::each_pair_sorted",
            signatures: &["Hash hash, &[2, 2] block"],
            imp: each_pair_sorted,
        })
        .function(NativeFunction {
            name: "example::refuse",
            signatures: &["String reason"],
            imp: refuse,
        })
}

marionette_plugin_api::export_plugin!(plugin);

fn greet(args: &[Data], _: &mut dyn FunctionContext) -> Result<Data, String> {
    let (name, times) = match args {
        [Data::String(name)] => (name, 1),
        [Data::String(name), Data::Integer(times)] => (name, *times),
        _ => return Err("example::greet: unexpected arguments".into()),
    };
    let one = format!("Hello, {name}!");
    Ok(Data::String(vec![one; times as usize].join(" ")))
}

fn each_pair_sorted(args: &[Data], cx: &mut dyn FunctionContext) -> Result<Data, String> {
    let [Data::Hash(entries)] = args else {
        return Err("example::each_pair_sorted: unexpected arguments".into());
    };
    let mut entries: Vec<&(Data, Data)> = entries.iter().collect();
    entries.sort_by_cached_key(|(k, _)| key_text(k));
    let mut out = Vec::with_capacity(entries.len());
    for (k, v) in entries {
        out.push(cx.call_block(vec![k.clone(), v.clone()])?);
    }
    Ok(Data::Array(out))
}

/// A key's text for sorting: strings as they are, other keys by their debug form.
fn key_text(k: &Data) -> String {
    match k {
        Data::String(s) => s.clone(),
        Data::Integer(i) => i.to_string(),
        other => format!("{other:?}"),
    }
}

fn refuse(args: &[Data], _: &mut dyn FunctionContext) -> Result<Data, String> {
    let reason = match args {
        [Data::String(r)] => r.as_str(),
        _ => "",
    };
    Err(format!("example::refuse: {reason}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A context whose block doubles integers and pairs anything else.
    struct Cx {
        calls: usize,
    }

    impl FunctionContext for Cx {
        fn signature(&self) -> usize {
            0
        }
        fn has_block(&self) -> bool {
            true
        }
        fn call_block(&mut self, args: Vec<Data>) -> Result<Data, String> {
            self.calls += 1;
            match args.as_slice() {
                [_, Data::Integer(i)] => Ok(Data::Integer(i * 2)),
                [_, Data::String(s)] if s == "stop" => Err("stopped".into()),
                other => Ok(Data::Array(other.to_vec())),
            }
        }
        fn warning(&mut self, _: String) {}
    }

    fn call(name: &str, args: Vec<Data>) -> (Result<Data, String>, usize) {
        let p = plugin();
        let f = p.functions.iter().find(|f| f.name() == name).unwrap();
        let mut cx = Cx { calls: 0 };
        (f.call(&args, &mut cx), cx.calls)
    }

    fn s(text: &str) -> Data {
        Data::String(text.into())
    }

    #[test]
    fn functions() {
        // (function, arguments, result, block calls)
        type Case = (&'static str, Vec<Data>, Result<Data, String>, usize);
        let cases: Vec<Case> = vec![
            ("example::greet", vec![s("Ann")], Ok(s("Hello, Ann!")), 0),
            (
                "example::greet",
                vec![s("Bo"), Data::Integer(2)],
                Ok(s("Hello, Bo! Hello, Bo!")),
                0,
            ),
            (
                "example::each_pair_sorted",
                vec![Data::Hash(vec![
                    (s("b"), Data::Integer(2)),
                    (s("a"), Data::Integer(1)),
                ])],
                Ok(Data::Array(vec![Data::Integer(2), Data::Integer(4)])),
                2,
            ),
            (
                "example::each_pair_sorted",
                vec![Data::Hash(vec![(s("b"), s("stop")), (s("c"), s("x"))])],
                Err("stopped".into()),
                1,
            ),
            (
                "example::refuse",
                vec![s("no")],
                Err("example::refuse: no".into()),
                0,
            ),
        ];
        for (name, args, expected, calls) in cases {
            assert_eq!(call(name, args), (expected, calls), "{name}");
        }
    }

    #[test]
    fn the_same_through_the_binary_interface() {
        let p = plugin().through_ffi();
        let f = p
            .functions
            .iter()
            .find(|f| f.name() == "example::each_pair_sorted")
            .unwrap();
        assert_eq!(f.signatures(), ["Hash hash, &[2, 2] block"]);
        let mut cx = Cx { calls: 0 };
        let hash = Data::Hash(vec![(s("z"), Data::Integer(5)), (s("y"), s("stop"))]);
        assert_eq!(f.call(&[hash], &mut cx), Err("stopped".into()));
        assert_eq!(cx.calls, 1);
    }
}
