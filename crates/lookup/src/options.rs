//! `lookup_options`: per-key settings found in the data itself (`merge`, `convert_to`),
//! by exact key or by regular expression (keys starting with `^`), as
//! `LookupAdapter#compile_patterns` and `#extract_lookup_options_for_key` use them.

use fancy_regex::Regex;
use marionette_catalog::Data;

use crate::error::{ErrorKind, LookupError};
use crate::MergeStrategy;

/// The `lookup_options` hash of a layer (or of all layers, merged with `hash`), compiled.
#[derive(Debug, Clone, Default)]
pub struct LookupOptions {
    exact: Vec<(String, Data)>,
    patterns: Vec<(Regex, Data)>,
}

fn error(message: impl Into<String>) -> LookupError {
    LookupError::new(ErrorKind::Merge, message)
}

impl LookupOptions {
    /// Compiles the value found for `lookup_options`. Keys starting with `^` are regular
    /// expressions, tried in the order written after no exact key matched.
    pub fn compile(options: &Data) -> Result<LookupOptions, LookupError> {
        let Data::Hash(entries) = options else {
            return Err(error("value of lookup_options must be a hash"));
        };
        let mut out = LookupOptions::default();
        for (k, v) in entries {
            let Data::String(key) = k else { continue };
            if key.starts_with('^') {
                // FIXME: Ruby's Regexp syntax and error messages differ from fancy-regex's
                // in corners (possessive quantifiers, `\h`, `(?<name>)` forms).
                let re = Regex::new(key).map_err(|e| error(format!("{e}: /{key}/")))?;
                out.patterns.push((re, v.clone()));
            } else {
                out.exact.push((key.clone(), v.clone()));
            }
        }
        Ok(out)
    }

    /// A module's own `lookup_options` may only name keys in the module
    /// (`validate_lookup_options`).
    pub fn validate_for_module(options: &Data, module: &str) -> Result<(), LookupError> {
        let Data::Hash(entries) = options else {
            return Err(error("value of lookup_options must be a hash"));
        };
        let prefix = format!("{module}::");
        for (k, _) in entries {
            let Data::String(key) = k else { continue };
            if let Some(pattern) = key.strip_prefix('^') {
                if !pattern.starts_with(&prefix) {
                    return Err(error(format!(
                        "all lookup_options patterns must match a key starting with module name '{module}'"
                    )));
                }
            } else if !key.starts_with(&prefix) {
                return Err(error(format!(
                    "all lookup_options keys must start with module name '{module}'"
                )));
            }
        }
        Ok(())
    }

    /// The options for a key: by its root key (`a` of `a.b.0`) exactly, else the first
    /// pattern that matches it anywhere.
    pub fn for_key(&self, key: &str) -> Option<&Data> {
        let root = root_key(key);
        if let Some((_, v)) = self.exact.iter().find(|(k, _)| k == root) {
            return Some(v);
        }
        self.patterns
            .iter()
            .find(|(re, _)| re.is_match(root).unwrap_or(false))
            .map(|(_, v)| v)
    }

    /// The merge strategy the options for `key` ask for, if any.
    pub fn merge_for(&self, key: &str) -> Result<Option<MergeStrategy>, LookupError> {
        match self.for_key(key).and_then(|o| get(o, "merge")) {
            None | Some(Data::Undef) => Ok(None),
            Some(m) => MergeStrategy::from_data(m).map(Some),
        }
    }

    /// The `convert_to` option for `key` (a type name, or `[type, args...]`), if any.
    /// Applying it (`new(T, value, args...)`) is the evaluator's job.
    pub fn convert_to_for(&self, key: &str) -> Option<&Data> {
        self.for_key(key)
            .and_then(|o| get(o, "convert_to"))
            .filter(|d| **d != Data::Undef)
    }
}

pub(crate) fn get<'a>(options: &'a Data, name: &str) -> Option<&'a Data> {
    match options {
        Data::Hash(entries) => entries
            .iter()
            .find(|(k, _)| matches!(k, Data::String(s) if s == name))
            .map(|(_, v)| v),
        _ => None,
    }
}

/// The part of a dotted key before the first segment separator, quotes removed
/// (`"a.b".c` → `a.b`).
pub fn root_key(key: &str) -> &str {
    match crate::interpolate::split_key(key) {
        Some(_) if key.starts_with(['"', '\'']) => {
            let q = &key[..1];
            key[1..]
                .split_once(q)
                .map(|(inner, _)| inner)
                .unwrap_or(key)
        }
        Some(_) => key.split('.').next().unwrap_or(key).trim(),
        None => key,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn y(text: &str) -> Data {
        crate::parse_yaml(text, "t.yaml").unwrap()
    }

    const OPTIONS: &str = "\
ntp::servers:
  merge: unique
'^profile::.*::users$':
  merge: {strategy: deep, knockout_prefix: '--'}
'^profile::':
  merge: hash
secret::password:
  convert_to: Sensitive
";

    #[test]
    fn exact_keys_before_patterns_in_order() {
        let o = LookupOptions::compile(&y(OPTIONS)).unwrap();
        assert_eq!(o.merge_for("ntp::servers"), Ok(Some(MergeStrategy::Unique)));
        assert_eq!(
            o.merge_for("ntp::servers.0"),
            Ok(Some(MergeStrategy::Unique))
        );
        let deep = o.merge_for("profile::base::users").unwrap();
        assert!(
            matches!(deep, Some(MergeStrategy::Deep(ref d)) if d.knockout_prefix.as_deref() == Some("--"))
        );
        assert_eq!(
            o.merge_for("profile::base::groups"),
            Ok(Some(MergeStrategy::Hash))
        );
        assert_eq!(o.merge_for("other"), Ok(None));
        assert_eq!(
            o.convert_to_for("secret::password"),
            Some(&Data::String("Sensitive".into()))
        );
        assert_eq!(o.convert_to_for("ntp::servers"), None);
    }

    #[test]
    fn module_options_stay_in_the_module() {
        assert_eq!(
            LookupOptions::validate_for_module(&y("{ntp::a: {}, '^ntp::b': {}}"), "ntp"),
            Ok(())
        );
        assert_eq!(
            LookupOptions::validate_for_module(&y("{other::a: {}}"), "ntp")
                .unwrap_err()
                .message,
            "all lookup_options keys must start with module name 'ntp'"
        );
        assert_eq!(
            LookupOptions::validate_for_module(&y("{'^.*': {}}"), "ntp")
                .unwrap_err()
                .message,
            "all lookup_options patterns must match a key starting with module name 'ntp'"
        );
        assert_eq!(
            LookupOptions::compile(&y("[1]")).unwrap_err().message,
            "value of lookup_options must be a hash"
        );
    }

    #[test]
    fn root_keys() {
        assert_eq!(root_key("a::b.c.0"), "a::b");
        assert_eq!(root_key("\"a.b\".c"), "a.b");
        assert_eq!(root_key("plain"), "plain");
    }
}
