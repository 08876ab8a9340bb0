//! saz-memcached: `memcached::max_memory`, the cache size in MB from the
//! `memorysize` fact.

use crate::NativeFunction;
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "memcached::max_memory",
    signatures: &["Any arg"],
    imp: |a, cx| {
        let facts = cx.variable("facts");
        let memsize = match &facts {
            Some(Data::Hash(entries)) => ruby::get(entries, &Data::String("memorysize".into())),
            _ => None,
        };
        max_memory(a.first().unwrap_or(&Data::Undef), memsize).map(Data::Integer)
    },
}];

/// An argument that is not a percentage (`'50%'`) is the size in MB (Ruby's `to_i`);
/// otherwise that share (95% without an argument) of `memorysize` (`15.62 GiB`).
pub fn max_memory(arg: &Data, memsize: Option<&Data>) -> Result<i64, String> {
    let given = ruby::truthy(arg);
    if given && !ruby::to_s(arg).ends_with('%') {
        return match arg {
            Data::Integer(_) | Data::Float(_) | Data::String(_) => Ok(ruby::to_i(arg)),
            other => Err(crate::no_method("to_i", other)),
        };
    }
    let percent = if given {
        ruby::str_to_f(&ruby::to_s(arg))
    } else {
        95.0
    };
    let memsize = match memsize {
        Some(Data::String(s)) => s,
        other => {
            let other = other.unwrap_or(&Data::Undef);
            return Err(format!(
                "undefined method `match' for {}:{} (the memorysize fact)",
                ruby::inspect(other),
                ruby::class(other)
            ));
        }
    };
    // Ruby's /([0-9.e+-]*)\s*([^bB]?)/ from the start of the fact.
    let number_end = memsize
        .find(|c: char| !(c.is_ascii_digit() || ".e+-".contains(c)))
        .unwrap_or(memsize.len());
    let rest = memsize[number_end..].trim_start_matches(|c: char| " \t\n\r\x0c\x0b".contains(c));
    let prefix = rest.chars().next().filter(|c| *c != 'b' && *c != 'B');
    let shift = match prefix {
        None => 0,
        Some('k') => 10,
        Some('M') => 20,
        Some('G') => 30,
        Some('T') => 40,
        Some('E') => 50,
        Some(p) => return Err(format!("memcached_max_memory(): Unknown prefix {p}")),
    };
    let bytes = (ruby::str_to_f(&memsize[..number_end]) * (1u64 << shift) as f64) as i64;
    let mb = bytes.div_euclid(1 << 20);
    Ok((mb as f64 * (percent / 100.0)).floor() as i64)
}

#[cfg(test)]
mod tests {
    use super::max_memory;
    use crate::testing::{call, s, Cx};
    use marionette_catalog::Data;

    #[test]
    fn max_memory_as_the_ruby_computes_it() {
        // (argument, memorysize, what saz-memcached's Ruby returned under Puppet 7.23)
        let cases = [
            (Data::Undef, "15.62 GiB", 15194),
            (Data::Bool(false), "15.62 GiB", 15194),
            (s("50%"), "15.62 GiB", 7997),
            (s("10%"), "512.00 MiB", 51),
            (Data::Integer(2048), "15.62 GiB", 2048),
            (s("64"), "15.62 GiB", 64),
            (s("12.5%"), "15.62 GiB", 1999),
            (Data::Float(1.9), "15.62 GiB", 1),
            (s("12.5%"), "1.00 TiB", 131072),
            (Data::Undef, "1.00 TiB", 996147),
            (s("12.5%"), "512.00 MiB", 64),
            (Data::Undef, "3.84 GiB", 3735),
        ];
        for (arg, memsize, want) in cases {
            let got = max_memory(&arg, Some(&s(memsize)));
            assert_eq!(got, Ok(want), "max_memory({arg:?}) with {memsize}");
        }
    }

    #[test]
    fn max_memory_reads_the_fact_and_names_an_unknown_prefix() {
        let facts = |m: &str| Data::Hash(vec![(s("memorysize"), s(m))]);
        let mut cx = Cx {
            facts: Some(facts("2.00 GiB")),
            ..Cx::default()
        };
        assert_eq!(
            call("memcached::max_memory", &[Data::Undef], &mut cx),
            Ok(Data::Integer(1945))
        );
        let mut cx = Cx {
            facts: Some(facts("2.00 PiB")),
            ..Cx::default()
        };
        assert_eq!(
            call("memcached::max_memory", &[Data::Undef], &mut cx),
            Err("memcached_max_memory(): Unknown prefix P".into())
        );
    }
}
