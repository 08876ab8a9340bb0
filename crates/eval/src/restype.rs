//! Resource types implemented in Ruby, as the compiler sees them: Puppet's own
//! (`builtin.rs`, generated from real Puppet by `crates/eval/gen/builtin_types.rb`)
//! and those modules ship in `lib/puppet/type/` (read statically by `ruby.rs`).
//!
//! At compile time Puppet asks a type for: its attributes (a parameter it lacks is
//! `no parameter named 'x'` when the catalog is finished), its key attributes and title
//! patterns (the title parsed into attributes: the uniqueness key every isomorphic
//! resource is also known by, and what the catalog writes besides the parameters), and
//! whether it is isomorphic (`exec` and `tidy` are not).

mod builtin;
pub mod ruby;

use crate::value::Regex;
use foldhash::HashMap;
use std::sync::{Arc, OnceLock};

pub(crate) use builtin::METAPARAMETERS;

/// One row of the generated table.
pub(crate) struct BuiltinType {
    pub name: &'static str,
    pub parameters: &'static [&'static str],
    pub properties: &'static [&'static str],
    pub key_attributes: &'static [&'static str],
    pub isomorphic: bool,
    pub title_patterns: &'static [TitlePatternSource],
}

/// A title pattern as Ruby writes it.
pub(crate) struct TitlePatternSource {
    pub source: &'static str,
    /// Ruby's regex options, `imx`.
    pub flags: &'static str,
    pub keys: &'static [&'static str],
}

/// A title pattern: a regex whose groups give the values of `keys`.
#[derive(Debug)]
pub struct TitlePattern {
    pub regex: Arc<Regex>,
    pub keys: Vec<String>,
}

/// A Ruby resource type: Puppet's `Puppet::Type` subclass, reduced to what the
/// compiler asks of it.
#[derive(Debug)]
pub struct ResourceType {
    pub name: String,
    /// Parameters and properties; `None` when the type's file could not be read
    /// statically, and any attribute is accepted.
    pub attributes: Option<Vec<String>>,
    /// `key_attributes`: the parameters a resource is identified by.
    pub key_attributes: Vec<String>,
    pub isomorphic: bool,
    /// `None` when the patterns are unknown (computed by code): the title is then not
    /// parsed, and the type's resources are unique by title only.
    pub title_patterns: Option<Vec<TitlePattern>>,
}

/// Compiles a Ruby regex with its options.
fn ruby_regex(source: &str, flags: &str) -> Result<Arc<Regex>, String> {
    let on: String = flags
        .chars()
        .filter(|c| matches!(c, 'i' | 'm' | 'x'))
        .collect();
    if on.is_empty() {
        Regex::shared(source)
    } else {
        Regex::shared(&format!("(?{on}:{source})"))
    }
}

impl ResourceType {
    fn from_builtin(t: &BuiltinType) -> ResourceType {
        let owned = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let mut attributes = owned(t.parameters);
        attributes.extend(owned(t.properties));
        ResourceType {
            name: t.name.to_string(),
            attributes: Some(attributes),
            key_attributes: owned(t.key_attributes),
            isomorphic: t.isomorphic,
            title_patterns: Some(
                t.title_patterns
                    .iter()
                    .filter_map(|p| {
                        Some(TitlePattern {
                            regex: ruby_regex(p.source, p.flags).ok()?,
                            keys: owned(p.keys),
                        })
                    })
                    .collect(),
            ),
        }
    }

    /// The type a module's Ruby file declares (its name is the file's), and what the
    /// scan found; when the file was not understood, any attribute is accepted.
    /// `has_providers`: some module has `lib/puppet/provider/<name>/*.rb`, which gives
    /// the type its `provider` parameter.
    pub fn from_ruby(
        name: &str,
        text: &str,
        has_providers: bool,
    ) -> (ResourceType, ruby::RubyType) {
        Self::from_ruby_with(name, text, has_providers, &|_| None)
    }

    /// [`ResourceType::from_ruby`], with the files the type `require`s (`require`
    /// gives the text of `puppet_x/a/b` from the modules' `lib` directories), whose
    /// helpers may build the title patterns.
    pub fn from_ruby_with(
        name: &str,
        text: &str,
        has_providers: bool,
        require: &dyn Fn(&str) -> Option<String>,
    ) -> (ResourceType, ruby::RubyType) {
        let mut read = ruby::read_ruby_type_with(text, require);
        if has_providers && !read.parameters.iter().any(|p| p == "provider") {
            read.parameters.push("provider".to_string());
        }
        // Puppet's `key_attribute_parameters`: namevars and `name`, in definition order.
        let key_attributes: Vec<String> = read
            .parameters
            .iter()
            .filter(|p| *p == "name" || read.namevars.contains(p))
            .cloned()
            .collect();
        let understood = read.problems.is_empty();
        let title_patterns = match (&read.title_patterns, key_attributes.len()) {
            _ if read.title_patterns_computed => None,
            (Some(p), _) => p
                .iter()
                .map(|(source, flags, keys)| {
                    Some(TitlePattern {
                        regex: ruby_regex(source, flags).ok()?,
                        keys: keys.clone(),
                    })
                })
                .collect::<Option<Vec<_>>>(),
            (None, 1) => Some(vec![TitlePattern {
                regex: ruby_regex("(.*)", "m").expect("a valid regex"),
                keys: key_attributes.clone(),
            }]),
            // None: Puppet itself fails on the type without them.
            (None, _) => None,
        };
        let mut attributes = read.parameters.clone();
        attributes.extend(read.properties.iter().cloned());
        let ty = ResourceType {
            name: name.to_string(),
            attributes: understood.then_some(attributes),
            key_attributes: if understood || !key_attributes.is_empty() {
                key_attributes
            } else {
                vec!["name".to_string()]
            },
            isomorphic: read.isomorphic,
            title_patterns: if understood { title_patterns } else { None },
        };
        (ty, read)
    }

    /// Puppet's `validattr?`: `name`, the type's own attributes and metaparameters.
    pub fn valid_attribute(&self, name: &str) -> bool {
        name == "name"
            || METAPARAMETERS.contains(&name)
            || self
                .attributes
                .as_ref()
                .is_none_or(|a| a.iter().any(|x| x == name))
    }

    /// `Puppet::Resource#namevar`: the single key attribute, else `name`.
    pub fn namevar(&self) -> &str {
        match self.key_attributes.as_slice() {
            [one] => one,
            _ => "name",
        }
    }

    /// Puppet's `Resource#parse_title`: the attributes the first matching title pattern
    /// gives (`None` when the patterns are unknown; `Err` when none matches).
    pub fn parse_title(&self, title: &str) -> Option<Result<Vec<(String, String)>, String>> {
        let patterns = self.title_patterns.as_ref()?;
        for p in patterns {
            // Puppet's default, `/(.*)/m`: the whole title is the namevar.
            if p.regex.source == WHOLE_TITLE {
                return Some(Ok(p
                    .keys
                    .first()
                    .map(|k| (k.clone(), title.to_string()))
                    .into_iter()
                    .collect()));
            }
            if p.regex.source == FILE_TITLE {
                if let Some(found) = file_title(title) {
                    return Some(match found {
                        Some(path) => Ok(p
                            .keys
                            .first()
                            .map(|k| (k.clone(), path.to_string()))
                            .into_iter()
                            .collect()),
                        None => Err(format!(
                            "No set of title patterns matched the title \"{title}\"."
                        )),
                    });
                }
            }
            if let Some(caps) = p.regex.captures(title) {
                return Some(Ok(p
                    .keys
                    .iter()
                    .enumerate()
                    .filter_map(|(i, k)| Some((k.clone(), caps.get(i + 1)?.clone()?)))
                    .collect()));
            }
        }
        Some(Err(format!(
            "No set of title patterns matched the title \"{title}\"."
        )))
    }
}

/// The source [`ruby_regex`] gives Puppet's default title pattern, `/(.*)/m`.
const WHOLE_TITLE: &str = "(?m:(.*))";

/// The source [`ruby_regex`] gives `File`'s title pattern, `/^(\/|.+:\/|.*[^\/])\/*\Z/m`
/// (the path without its trailing slashes, but `/` and `c:/` whole).
const FILE_TITLE: &str = "(?m:^(/|.+:/|.*[^/])/*\\Z)";

/// What [`FILE_TITLE`] captures of a title without a newline (where `^` is only at the
/// start), found without the regex (every `File` of a catalog is parsed): `Some(None)`
/// when it does not match; `None` for a title with a newline (the regex decides).
fn file_title(title: &str) -> Option<Option<&str>> {
    if title.contains('\n') {
        return None;
    }
    let trimmed = title.trim_end_matches('/');
    Some(if trimmed.is_empty() {
        // `/`: the title is slashes only (an empty one has nothing to match).
        (!title.is_empty()).then_some("/")
    } else if trimmed.len() > 1 && trimmed.ends_with(':') && trimmed.len() < title.len() {
        // `.+:/`: something, a colon, then only slashes.
        Some(&title[..trimmed.len() + 1])
    } else {
        // `.*[^/]`: up to the last character that is not a slash.
        Some(trimmed)
    })
}

/// Puppet's own resource type of this (lower-case) name.
pub(crate) fn builtin(name: &str) -> Option<Arc<ResourceType>> {
    static TABLE: OnceLock<HashMap<&'static str, Arc<ResourceType>>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            builtin::BUILTIN_TYPES
                .iter()
                .map(|t| (t.name, Arc::new(ResourceType::from_builtin(t))))
                .collect()
        })
        .get(name)
        .cloned()
}

/// Whether Puppet itself has a resource type of this (lower-case) name.
pub(crate) fn is_builtin(name: &str) -> bool {
    builtin::BUILTIN_TYPES.iter().any(|t| t.name == name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_title_pattern_takes_the_whole_title() {
        let re = super::ruby_regex("(.*)", "m").unwrap();
        assert_eq!(re.source, super::WHOLE_TITLE);
        let notify = super::builtin("notify").unwrap();
        for title in ["a", "", "two\nlines", "a:b::c"] {
            let parsed = notify.parse_title(title).unwrap().unwrap();
            assert_eq!(parsed, vec![("name".to_string(), title.to_string())]);
            // What the regex itself gives.
            let caps = re.captures(title).unwrap();
            assert_eq!(caps[1].as_deref(), Some(title));
        }
    }

    #[test]
    fn file_titles_are_parsed_as_the_regex_parses_them() {
        let file = super::builtin("file").unwrap();
        let re = &file.title_patterns.as_ref().unwrap()[0].regex;
        assert_eq!(re.source, super::FILE_TITLE);
        let titles = [
            "/",
            "//",
            "///",
            "/tmp/x",
            "/tmp/x/",
            "/tmp/x//",
            "c:/",
            "c://",
            "C:/foo/",
            "a:/b:/",
            "a:/b:/c",
            ":/",
            "://",
            ":",
            "x",
            "x/",
            "",
            "a:",
            "a:b/",
            "é/ü/",
            "/a:/",
            "/a://",
            "::/",
            "a/:/",
            "€:/",
            "a b/ ",
            "two\nlines/",
        ];
        for title in titles {
            let by_regex = re.captures(title).map(|caps| caps[1].clone());
            let by_hand = super::file_title(title);
            if let Some(found) = by_hand {
                assert_eq!(found.map(str::to_string), by_regex.flatten(), "{title:?}");
            }
        }
    }
}
