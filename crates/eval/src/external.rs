//! Functions from outside the evaluator: a plugin's, a library of functions linked into
//! a custom binary, a site's own. They are called like built-ins (same dispatch over
//! declared signatures, same argument errors) and see plain [`Data`].
//!
//! The registry ([`ExternalFunctions`]) belongs to the [`Environment`]
//! (`Environment::functions`); a call looks at built-ins first, then here, then at
//! functions written in the Puppet language.
//!
//! [`Environment`]: crate::Environment

use crate::functions::signature::Sig;
use foldhash::HashMap;
use marionette_catalog::Data;
use std::sync::{Arc, OnceLock};

/// A Puppet function implemented outside the evaluator.
///
/// ```
/// use marionette_eval::{ExternalFunction, FunctionContext};
/// use marionette_catalog::Data;
///
/// struct Double;
/// impl ExternalFunction for Double {
///     fn name(&self) -> &str { "site::double" }
///     fn signatures(&self) -> Vec<String> { vec!["Integer n".into()] }
///     fn call(&self, args: &[Data], _: &mut dyn FunctionContext) -> Result<Data, String> {
///         match args {
///             [Data::Integer(n)] => Ok(Data::Integer(n * 2)),
///             _ => Err("unreachable: the signature admits one Integer".into()),
///         }
///     }
/// }
/// ```
pub trait ExternalFunction: Send + Sync {
    /// The name manifests call, e.g. `example::greet` (lower case, `::`-separated).
    fn name(&self) -> &str;

    /// Puppet's dispatches, tried in order, in the notation of the built-ins:
    /// `"String name, Integer times?"`; a suffix `?` marks an optional parameter, `*` a
    /// repeated one, `+` a required repeated one; a last item `&[m, n] block` (`&[]`:
    /// any count; a trailing `?`: optional) declares a block taking `m` to `n`
    /// parameters. The types are Puppet's type expressions.
    fn signatures(&self) -> Vec<String>;

    /// Calls the function with arguments that match one of the signatures
    /// (`cx.signature()` tells which). An `Err` fails the compile with the message, at
    /// the call's location.
    fn call(&self, args: &[Data], cx: &mut dyn FunctionContext) -> Result<Data, String>;
}

/// What a function may ask of the compile that calls it.
pub trait FunctionContext {
    /// The index of the signature the arguments matched (0 for the first).
    fn signature(&self) -> usize;
    /// Whether the call has a block (lambda).
    fn has_block(&self) -> bool;
    /// Calls the block with `args` and returns its value. An error (including `break`
    /// and `return` inside the block) should be returned by the function as it is: the
    /// compile then reports the block's own error.
    fn call_block(&mut self, args: Vec<Data>) -> Result<Data, String>;
    /// A warning in the compile's log (`Warning: text`).
    fn warning(&mut self, text: String);

    // What follows has defaults (the compile cannot answer), so hosts that do not
    // offer it still run the functions that do not need it. Across the plugin ABI
    // these are not forwarded yet: they serve functions linked in statically.

    /// A notice in the compile's log (`Notice: text`).
    fn notice(&mut self, text: String) {
        let _ = text;
    }
    /// A warning given through the calling scope, as a 3.x function's `warning(...)`
    /// is (Ruby runs those functions as methods of the scope): Puppet's log names the
    /// scope first (`Warning: Scope(Class[Site]): text`). By default a plain
    /// [`FunctionContext::warning`].
    fn scope_warning(&mut self, text: String) {
        self.warning(text);
    }
    /// Calls another function (a built-in, an external or a Puppet-language one) from
    /// the calling scope, as Ruby's `call_function` does.
    fn call_function(&mut self, name: &str, args: Vec<Data>) -> Result<Data, String> {
        let _ = args;
        Err(format!(
            "calling '{name}' is not available to this function"
        ))
    }
    /// A variable as the calling scope sees it (`facts`, `::fqdn`, `module_name`);
    /// `None` when it is not set.
    fn variable(&mut self, name: &str) -> Option<Data> {
        let _ = name;
        None
    }
    /// [`FunctionContext::variable`] as a 3.x function's `lookupvar` does it: a
    /// variable that is not set also gets Puppet's `Undefined variable` warning (once
    /// per name). For Ruby that calls `lookupvar` outside `catch(:undefined_variable)`.
    fn lookupvar(&mut self, name: &str) -> Option<Data> {
        self.variable(name)
    }
    /// True the first time `key` is asked about in this compile (warnings given once).
    fn first_time(&mut self, key: &str) -> bool {
        let _ = key;
        true
    }
    /// Whether `value` is an instance of the type `ty` (a type argument of this call,
    /// or a type's source text as a string, aliases resolved): `Ok(None)` if it is,
    /// `Ok(Some(description))` with Puppet's mismatch description (`expects a String
    /// value, got Integer`) if not.
    fn type_mismatch(&mut self, ty: &Data, value: &Data) -> Result<Option<String>, String> {
        let _ = (ty, value);
        Err("type checks are not available to this function".into())
    }
    /// A type's string form as Puppet's `to_s` gives it (`Pattern[/^\/.+/]`,
    /// `Stdlib::Compat::Hash` for an alias); `ty` is a type argument of this call or a
    /// type's source text. `None` when the host cannot tell.
    fn type_string(&mut self, ty: &Data) -> Option<String> {
        let _ = ty;
        None
    }
    /// The parameters of a resource of the catalog (`type_name` as in `File`, `Class`,
    /// any case), `None` if there is no such resource.
    fn resource(&mut self, type_name: &str, title: &str) -> Option<Vec<(String, Data)>> {
        let _ = (type_name, title);
        None
    }
    /// The directory of a module of the environment.
    fn module_path(&mut self, module: &str) -> Option<String> {
        let _ = module;
        None
    }
    /// The attributes resource defaults (`Exec { path => ... }`) set for a type
    /// (`Exec`, `Foo::Bar`) as the calling scope sees them (Puppet's
    /// `Scope#lookupdefaults`); `None` when the host cannot tell.
    fn resource_defaults(&mut self, type_name: &str) -> Option<Vec<String>> {
        let _ = type_name;
        None
    }
    /// The file and line of the Puppet code being evaluated, innermost first (Puppet's
    /// `PuppetStack.stacktrace`: the function calls in progress, then the main
    /// manifest at line 0 while its top-level code runs).
    fn stacktrace(&mut self) -> Vec<(String, u32)> {
        Vec::new()
    }
    /// The call's argument `index` as Ruby's `to_yaml` writes it, where an Array, Hash
    /// or Regexp the value holds twice (the same Puppet object, which is one Ruby
    /// object) is written once with an anchor and then as an alias (`&1`/`*1`); `None`
    /// where the values' identities are not known (the data is then all there is).
    fn argument_to_yaml(
        &mut self,
        index: usize,
        options: &marionette_catalog::ruby::yaml::Options,
    ) -> Option<String> {
        let _ = (index, options);
        None
    }
}

/// An [`ExternalFunction`] made of a name, signatures and a plain function: the cheap
/// way to declare many.
#[derive(Clone)]
pub struct NativeFunction {
    pub name: &'static str,
    pub signatures: &'static [&'static str],
    #[allow(clippy::type_complexity)]
    pub imp: fn(&[Data], &mut dyn FunctionContext) -> Result<Data, String>,
}

impl ExternalFunction for NativeFunction {
    fn name(&self) -> &str {
        self.name
    }

    fn signatures(&self) -> Vec<String> {
        self.signatures.iter().map(|s| s.to_string()).collect()
    }

    fn call(&self, args: &[Data], cx: &mut dyn FunctionContext) -> Result<Data, String> {
        (self.imp)(args, cx)
    }
}

/// One registered function with its signatures, parsed when it was registered
/// ([`ExternalFunctions::register`]) or when it is first called
/// ([`ExternalFunctions::register_bundled`]).
#[derive(Clone)]
pub(crate) struct Registered {
    pub function: Arc<dyn ExternalFunction>,
    sigs: Arc<OnceLock<Result<Arc<[Sig]>, String>>>,
}

impl Registered {
    /// The parsed signatures; `Err` names the function and the malformed one.
    pub fn sigs(&self) -> Result<&[Sig], String> {
        match self.sigs.get_or_init(|| parse_signatures(&*self.function)) {
            Ok(sigs) => Ok(sigs),
            Err(e) => Err(e.clone()),
        }
    }
}

/// A function's declared signatures, parsed; refused when there are none or one is
/// malformed.
fn parse_signatures(function: &dyn ExternalFunction) -> Result<Arc<[Sig]>, String> {
    let name = function.name();
    let decls = function.signatures();
    if decls.is_empty() {
        return Err(format!(
            "cannot register function '{name}': it declares no signature"
        ));
    }
    decls
        .iter()
        .map(|d| Sig::try_parse(d))
        .collect::<Result<Arc<[Sig]>, _>>()
        .map_err(|e| format!("cannot register function '{name}': bad signature {e}"))
}

/// The external functions an environment's code may call, by name.
#[derive(Clone, Default)]
pub struct ExternalFunctions {
    by_name: HashMap<String, Registered>,
    /// Functions bundled with the compiler ([`ExternalFunctions::register_bundled`]):
    /// callable where a module on the modulepath ships their Ruby, which the caller
    /// checks when one is first called.
    bundled: HashMap<String, Registered>,
}

impl std::fmt::Debug for ExternalFunctions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut names: Vec<&String> = self.by_name.keys().collect();
        names.sort();
        f.debug_struct("ExternalFunctions")
            .field("names", &names)
            .finish()
    }
}

impl ExternalFunctions {
    /// Adds a function. Refused, with a message naming the function: a name that is not
    /// a Puppet function name, a name Puppet has a built-in function of (it must not be
    /// shadowed silently), a name already registered, a malformed signature, or none.
    pub fn register(&mut self, function: Arc<dyn ExternalFunction>) -> Result<(), String> {
        self.check_name(function.name())?;
        let sigs = parse_signatures(&*function)?;
        self.by_name.insert(
            function.name().to_string(),
            Registered {
                function,
                sigs: Arc::new(OnceLock::from(Ok(sigs))),
            },
        );
        Ok(())
    }

    /// Adds a function bundled with the compiler, callable where a module ships the
    /// Ruby function of its name (as in Puppet, a module's function exists where the
    /// module is). A registered function of the same name wins. Nothing is checked
    /// here: tests check the bundled functions' names and signatures, and the
    /// signatures are parsed at a function's first call. A compile calls a few of the
    /// two hundred functions the binary bundles; checking each against the modules
    /// and parsing its signatures was a noticeable part of a cold compile's start.
    pub fn register_bundled(&mut self, function: Arc<dyn ExternalFunction>) {
        let name = function.name();
        if !self.by_name.contains_key(name) && !self.bundled.contains_key(name) {
            self.bundled.insert(
                name.to_string(),
                Registered {
                    function,
                    sigs: Arc::new(OnceLock::new()),
                },
            );
        }
    }

    /// Refuses a name that is not a Puppet function name, one of a Puppet built-in,
    /// or one already registered.
    fn check_name(&self, name: &str) -> Result<(), String> {
        if !valid_name(name) {
            return Err(format!(
                "cannot register function '{name}': not a Puppet function name (lower-case words separated by '::')"
            ));
        }
        if crate::functions::is_builtin(name) {
            return Err(format!(
                "cannot register function '{name}': Puppet has a built-in function of that name"
            ));
        }
        if self.by_name.contains_key(name) {
            return Err(format!(
                "cannot register function '{name}': a function of that name is already registered"
            ));
        }
        Ok(())
    }

    /// Whether a function of that name is registered.
    pub fn contains(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// The registered names, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.by_name.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    pub(crate) fn get(&self, name: &str) -> Option<&Registered> {
        self.by_name.get(name)
    }

    /// The bundled function of that name, if one was registered and no other function
    /// of its name was; whether the modulepath makes it callable is the caller's
    /// question.
    pub(crate) fn get_bundled(&self, name: &str) -> Option<&Registered> {
        self.bundled.get(name)
    }
}

/// What a compile adds to Puppet's own: Hiera backends and functions (from plugins, or
/// linked into a custom binary). Settings of the environment, registered into it by
/// whoever loads it ([`Extensions::register`]).
#[derive(Clone, Default)]
pub struct Extensions {
    /// Hiera backends by the function name `hiera.yaml` uses.
    pub backends: Vec<(String, Arc<dyn marionette_lookup::Backend>)>,
    pub functions: Vec<Arc<dyn ExternalFunction>>,
}

impl std::fmt::Debug for Extensions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Extensions")
            .field(
                "backends",
                &self.backends.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            )
            .field(
                "functions",
                &self.functions.iter().map(|f| f.name()).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Extensions {
    /// Registers the backends and functions into an environment. A backend name
    /// already taken (Puppet's `yaml_data`, or another backend's) is refused, as are
    /// the functions [`ExternalFunctions::register`] refuses.
    pub fn register(&self, env: &mut crate::Environment) -> Result<(), String> {
        for (name, backend) in &self.backends {
            if env.hiera_backends.contains(name) {
                return Err(format!(
                    "cannot register Hiera backend '{name}': a backend of that name is already registered"
                ));
            }
            env.hiera_backends.register(name.clone(), backend.clone());
        }
        for f in &self.functions {
            env.functions.register(f.clone())?;
        }
        Ok(())
    }
}

/// Puppet's function names: `name` or `ns::name`, each segment a lower-case letter
/// followed by lower-case letters, digits and underscores.
fn valid_name(name: &str) -> bool {
    name.split("::").all(|seg| {
        let mut chars = seg.chars();
        chars.next().is_some_and(|c| c.is_ascii_lowercase())
            && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn function(name: &'static str, sigs: &'static [&'static str]) -> Arc<dyn ExternalFunction> {
        Arc::new(NativeFunction {
            name,
            signatures: sigs,
            imp: |_, _| Ok(Data::Undef),
        })
    }

    #[test]
    fn registration_is_checked() {
        let cases: &[(&str, &[&str], Option<&str>)] = &[
            ("site::ok", &["String s, Integer n?, &[1, 2] block"], None),
            ("notice", &["Any x"], Some("cannot register function 'notice': Puppet has a built-in function of that name")),
            ("Site::Bad", &["Any x"], Some("cannot register function 'Site::Bad': not a Puppet function name (lower-case words separated by '::')")),
            ("site::none", &[], Some("cannot register function 'site::none': it declares no signature")),
            ("site::typo", &["String]] s"], Some("cannot register function 'site::typo': bad signature 'String]] s': bad type 'String]]': ")),
            ("site::noname", &["String"], Some("cannot register function 'site::noname': bad signature 'String': a parameter is `Type name`")),
            ("site::block", &["&[2, 1] b"], Some("cannot register function 'site::block': bad signature '&[2, 1] b': a block takes &[min, max] parameters")),
            ("site::order", &["&[1] b, String s"], Some("cannot register function 'site::order': bad signature 'String s': the block comes last")),
        ];
        for (name, sigs, expected) in cases {
            let mut r = ExternalFunctions::default();
            let got = r.register(function(name, sigs)).err();
            match (expected, got) {
                (None, None) => assert!(r.contains(name)),
                (Some(e), Some(g)) => assert!(g.starts_with(e), "{name}: {g}"),
                (e, g) => panic!("{name}: expected {e:?}, got {g:?}"),
            }
        }
        let mut r = ExternalFunctions::default();
        r.register(function("site::twice", &["Any x"])).unwrap();
        assert_eq!(
            r.register(function("site::twice", &["Any x"])).unwrap_err(),
            "cannot register function 'site::twice': a function of that name is already registered"
        );
        assert_eq!(r.names(), ["site::twice"]);
    }
}
