//! ERB templates without Ruby: Ruby 3.1's ERB compiler (`trim_mode: '-'`, as Puppet
//! 7.23's `TemplateWrapper` uses it) and an interpreter for the Ruby that templates
//! use. `scan` turns a template into a Ruby script laid out as ERB lays it out;
//! `lexer` and `parser` read that script; `interp` runs it with `methods`, the core
//! classes' methods. The Puppet side (variables, `scope`, functions) comes through
//! the [`Host`] trait: this crate does no I/O and knows nothing of Puppet's values.
//!
//! Ruby beyond the supported subset is an error naming the construct and the line
//! (`ErbError` with class `NotImplementedError` and a message starting
//! `unsupported Ruby in a template:`).

mod classes;
mod interp;
mod lexer;
mod methods;
mod parser;
mod scan;
mod value;

pub use classes::Object;
pub use interp::RubyError;
pub use value::{hash_insert, Foreign, Hash, Key, Value};

/// An error from a host call (a variable lookup or a function), raised in the
/// template as a Ruby exception of that class.
#[derive(Clone, Debug)]
pub struct HostError {
    pub class: String,
    pub message: String,
}

impl HostError {
    pub fn new(class: &str, message: impl Into<String>) -> HostError {
        HostError {
            class: class.to_string(),
            message: message.into(),
        }
    }
}

/// What a template sees of Puppet: the scope it is evaluated in.
pub trait Host {
    /// Every variable visible in the scope now (`scope.to_hash`), including those
    /// bound with `scope.setvar` since the template started.
    fn variables(&mut self) -> Vec<(String, Value)>;
    /// The names of the template's `@instance_variables` from the scope: its
    /// variables when the template started. The default: [`Host::variables`]' names.
    fn instance_variable_names(&mut self) -> Vec<String> {
        self.variables().into_iter().map(|(k, _)| k).collect()
    }
    /// The variable a template reads as `@name` (`name` without its `@`): the
    /// variable of that name visible in the scope when the template started, if it
    /// is not undef. Asked once per template and name; the default searches
    /// [`Host::variables`].
    fn variable(&mut self, name: &str) -> Option<Value> {
        self.variables()
            .into_iter()
            .find(|(k, _)| ivar_name(k) == name)
            .map(|(_, v)| v)
    }
    /// The entry `name` of `scope.to_hash` ([`Host::variables`]): `Some(None)` when
    /// it has none, `Some(Some(value))` when it has one, the same value (object) that
    /// [`Host::variables`] would give. `None` (the default) when the host cannot tell
    /// without making them all.
    fn variable_entry(&mut self, name: &str) -> Option<Option<Value>> {
        let _ = name;
        None
    }
    /// Whether Puppet gives templates the variable `name` frozen, deeply (the facts):
    /// changing it in place raises `FrozenError`.
    fn frozen(&mut self, name: &str) -> bool {
        let _ = name;
        false
    }
    /// `scope[name]` / `scope.lookupvar(name)` (Puppet warns of a variable that is
    /// not set).
    fn lookupvar(&mut self, name: &str) -> Result<Value, HostError>;
    /// The lookup of `has_variable?`, `scope.include?` and `scope.exist?`, which
    /// catch Puppet's `:undefined_variable` (no warning): `None` when the variable is
    /// not set. The default: [`Host::lookupvar`], nil as not set.
    fn lookupvar_quietly(&mut self, name: &str) -> Result<Option<Value>, HostError> {
        self.lookupvar(name)
            .map(|v| Some(v).filter(|v| !matches!(v, Value::Nil)))
    }
    /// `scope.setvar(name, value)`: binds a variable of the scope to this very Ruby
    /// value (later lookups in the compile give the same, mutable, object). The
    /// default refuses, as a scope that cannot hold variables.
    fn setvar(&mut self, name: &str, value: Value) -> Result<Value, HostError> {
        let _ = value;
        Err(HostError::new(
            "Puppet::ParseError",
            format!("Cannot assign variable '${name}' from this template"),
        ))
    }
    /// `scope.call_function(name, args)` and `scope.function_name(args)`.
    fn call_function(&mut self, name: &str, args: Vec<Value>) -> Result<Value, HostError>;
    /// Puppet's log methods (`warning("...")` in a template).
    fn log(&mut self, level: &str, message: &str);
    /// The template's file (`file`), none for an inline template.
    fn file(&self) -> Option<String>;
    /// `classes`: the classes declared so far.
    fn classes(&mut self) -> Vec<String> {
        Vec::new()
    }
    /// `all_tags`: the catalog's tags.
    fn tags(&mut self) -> Vec<String> {
        Vec::new()
    }
}

/// Whether an [`ErbError`] happened reading the template or running it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The template's Ruby does not parse (Ruby's `SyntaxError`).
    Syntax,
    /// A Ruby exception while rendering.
    Runtime,
}

/// A template error: its kind, the Ruby exception class, the message, and the
/// template line.
#[derive(Clone, Debug, PartialEq)]
pub struct ErbError {
    pub kind: ErrorKind,
    pub class: String,
    pub message: String,
    pub line: u32,
}

impl std::fmt::Display for ErbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {} ({})", self.line, self.message, self.class)
    }
}

/// A template read and parsed, ready to render.
pub struct Template {
    program: parser::Node,
    texts: Vec<String>,
}

// A parsed template is plain data: environments share it between the threads of a fleet.
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<Template>();
};

impl Template {
    /// Compiles ERB source (ERB's scan, then the Ruby parse).
    pub fn parse(source: &str) -> Result<Template, ErbError> {
        let script = scan::compile(source);
        let syntax = |message: String, line: u32| {
            let class = if message.starts_with("unsupported Ruby") {
                "NotImplementedError"
            } else {
                "SyntaxError"
            };
            ErbError {
                kind: ErrorKind::Syntax,
                class: class.into(),
                message,
                line,
            }
        };
        let tokens = lexer::lex(&script.code).map_err(|e| {
            let message =
                if e.message.starts_with("unterminated") || e.message.starts_with("unexpected") {
                    e.message
                } else {
                    format!("unsupported Ruby in a template: {}", e.message)
                };
            syntax(message, e.line)
        })?;
        let program = parser::parse(tokens).map_err(|e| syntax(e.message, e.line))?;
        Ok(Template {
            program,
            texts: script.texts,
        })
    }

    /// Renders the template. Its `@x` are the scope's variables, asked of the host
    /// when the template first reads them ([`Host::variable`]).
    pub fn render(&self, host: &mut dyn Host) -> Result<String, ErbError> {
        let mut it = interp::Interp::new(host, &self.texts);
        let result = it.run(&self.program).map_err(|e| ErbError {
            kind: ErrorKind::Runtime,
            class: e.class,
            message: e.message,
            line: e.line,
        })?;
        Ok(result.to_s())
    }
}

/// The instance variable Puppet's `TemplateWrapper` gives a variable:
/// `name.gsub(/[^\w]/, "_")`.
pub(crate) fn ivar_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Parses and renders ERB source.
pub fn render(source: &str, host: &mut dyn Host) -> Result<String, ErbError> {
    Template::parse(source)?.render(host)
}

/// A host with no Puppet behind it: no variables, no functions, no log. For templates
/// that only run Ruby (the tests' expressions, a template checked on its own).
pub struct NoScope;

impl Host for NoScope {
    fn variables(&mut self) -> Vec<(String, Value)> {
        Vec::new()
    }
    fn lookupvar(&mut self, _name: &str) -> Result<Value, HostError> {
        Ok(Value::Nil)
    }
    fn call_function(&mut self, name: &str, _args: Vec<Value>) -> Result<Value, HostError> {
        Err(HostError::new(
            "ArgumentError",
            format!("Unknown function {name}"),
        ))
    }
    fn log(&mut self, _level: &str, _message: &str) {}
    fn file(&self) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recursive_values_print_and_fail_as_in_ruby() {
        // Expected outputs are Ruby 3.1's.
        let out = render(
            "<% a = [1]; a << a; a << a %><%= a.inspect %>|<%= a.join(',') rescue $!.class %>|<% h = {}; h[1] = h %><%= h.inspect %>",
            &mut NoScope,
        );
        assert_eq!(
            out.as_deref(),
            Ok("[1, [...], [...]]|ArgumentError|{1=>{...}}")
        );
        let err = render("<%= [1].tap { |a| a << a }.flatten %>", &mut NoScope).unwrap_err();
        assert_eq!(err.message, "tried to flatten recursive array");
    }

    #[test]
    fn many_locals_and_block_variables() {
        // More locals than a frame searches in turn: the index finds them, and
        // assignments after it is built (to new names and old ones) are seen.
        let out = render(
            "<% a = 1; b = 2; c = 3; d = 4; e = 5; f = 6; g = 7; h = 8; i = 9; j = 10; a = 11 %>\
             <%= [a, b, c, d, e, f, g, h, i, j].inspect %>|\
             <% k = 0; [1, 2].each { |x| k += x; j = x } %><%= [k, j].inspect %>|\
             <%= [3].map { |a| a * 2 }.inspect %><%= a %>",
            &mut NoScope,
        );
        assert_eq!(
            out.as_deref(),
            Ok("[11, 2, 3, 4, 5, 6, 7, 8, 9, 10]|[3, 2]|[6]11")
        );
    }

    #[test]
    fn hash_reads_by_string_find_only_string_keys() {
        // A literal key, a String in a variable and `key?` take the String path;
        // Symbols, numbers and arrays that look alike stay other keys (Ruby's eql?).
        let out = render(
            "<% h = {'a' => 1, :a => 2, 1 => 3, 1.0 => 4, ['a'] => 5, '1' => 6}; k = 'a' %>\
             <%= [h['a'], h[\"a\"], h[k], h[:a], h[1], h[1.0], h[['a']], h['1'], h['b']].inspect %>|\
             <%= [h.key?('a'), h.key?('b'), h.key?(:b), h.include?('1')].inspect %>",
            &mut NoScope,
        );
        assert_eq!(
            out.as_deref(),
            Ok("[1, 1, 1, 2, 3, 4, 5, 6, nil]|[true, false, false, true]")
        );
    }

    #[test]
    fn setvar_checks_its_name_and_defers_to_the_host() {
        let out = render(
            "<%= scope.setvar(1, 2) rescue $!.message %>|<%= scope.setvar('x', {}) rescue $!.class %>",
            &mut NoScope,
        );
        assert_eq!(
            out.as_deref(),
            Ok("Scope variable name 1 is a Integer, not a string|Puppet::ParseError")
        );
    }

    #[test]
    fn unsupported_ruby_names_the_construct_and_line() {
        let err = render("a\n<%= `ls` %>", &mut NoScope).unwrap_err();
        assert_eq!(
            (err.kind, err.line, err.message.as_str()),
            (
                ErrorKind::Syntax,
                2,
                "unsupported Ruby in a template: command output (`...`)"
            )
        );
        let err = render("<%= YAML.load('{}') %>", &mut NoScope).unwrap_err();
        assert_eq!(
            err.message,
            "unsupported Ruby in a template: the YAML class"
        );
    }

    /// Templates that use Ruby's library classes (`IPAddr`, `JSON`) render as Ruby
    /// 3.1 renders them: each `test_data/ruby/NAME.erb` sits next to `NAME.out`,
    /// Ruby's output (`test_data/ruby/record.sh` writes it, with the libraries Puppet
    /// has loaded); the templates read no variables.
    #[test]
    fn library_classes_render_as_ruby_renders_them() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/ruby");
        let mut templates: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "erb"))
            .collect();
        templates.sort();
        assert!(!templates.is_empty(), "no templates in {}", dir.display());
        let mut failures = Vec::new();
        for t in &templates {
            let source = std::fs::read_to_string(t).unwrap();
            let expected = std::fs::read_to_string(t.with_extension("out")).unwrap();
            let name = t.file_name().unwrap().to_string_lossy();
            match render(&source, &mut NoScope) {
                Ok(out) if out == expected => {}
                Ok(out) => {
                    let first = out
                        .lines()
                        .zip(expected.lines())
                        .position(|(a, b)| a != b)
                        .unwrap_or(out.lines().count().min(expected.lines().count()));
                    failures.push(format!(
                        "{name}: line {} differs\n  ours: {:?}\n  Ruby: {:?}",
                        first + 1,
                        out.lines().nth(first),
                        expected.lines().nth(first)
                    ));
                }
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
