//! Node classification: which node definition applies to a node, and what an external
//! node classifier (ENC) adds to it.
//!
//! # Role
//!
//! Before evaluation, the compile needs to know, for one certname and its facts:
//!
//! * which `node` definition of the environment's manifests applies (or none, when the
//!   manifests have no node definitions at all): [`node_names`], [`match_node`];
//! * which classes (with parameters), top-scope parameters and environment a classifier
//!   assigns: [`NodeClassifier`], [`Classification`], [`parse_enc_output`].
//!
//! This crate answers both without doing I/O. Running an ENC script is I/O, so Puppet's
//! `exec` node terminus lives at the edge (`marionette::enc::ExecClassifier`, in the
//! facade crate) and plugins adapt to the same trait; this crate reads and checks what
//! an ENC printed. The evaluator applies a classification (see `marionette_eval`).
//!
//! # Node-definition matching
//!
//! Puppet 7 ([`NameMatching::Strict`], the default) tries, in order: the certname itself
//! (case-insensitively) against the names of all node definitions, then every regex node
//! definition in file order, then `default`. There is no dot-chopping:
//! `node 'cache01'` does **not** match `cache01.example.com`. No match and no `default`
//! is the error `Could not find node statement with name 'default' or '<name>'`.
//!
//! [`NameMatching::LegacyChop`] emulates Puppet <= 6 with `strict_hostname_checking=false`:
//! the candidate names are the certname and the `fqdn` fact (or `hostname`.`domain`), each
//! also with trailing dot-separated labels chopped off (`a.b.c`, `a.b`, `a`); each candidate
//! is tried against names and regexes before the next, then `default`.
//!
//! A regex node's captures become `$1`, `$2`... in the node body; its catalog name is
//! `__node_regexp__` plus the regex source stripped of everything but `[-\w:.]`.
//!
//! # ENC answers
//!
//! An ENC prints YAML: `classes` (a list of names, or a hash of name => parameters),
//! `parameters` (top-scope variables) and `environment`. How Puppet merges that with
//! facts and node definitions (ENC parameters win over facts with a warning; ENC classes
//! are declared in the node's scope after the node body, those with parameters first,
//! and evaluated lazily with the defined types) is the evaluator's part.

mod classify;

pub use classify::{parse_enc_output, Classification, ClassifyError, NodeClassifier, Parameters};

/// How a certname is matched against node definitions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum NameMatching {
    /// Puppet 7: the certname, then regex nodes, then `default`.
    #[default]
    Strict,
    /// Puppet <= 6 with `strict_hostname_checking=false`: also the `fqdn` fact, and both
    /// names with trailing labels chopped off.
    LegacyChop,
}

use marionette_syntax::model::NodeMatcher;

/// The node definition a node gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeMatch {
    /// Index of the definition in the list given to [`match_node`].
    pub index: usize,
    /// Its name in the catalog: the matched name, `default`, or for a regex
    /// `__node_regexp__` followed by the lower-cased regex source cleaned of other
    /// characters than `[-\w:.]` and of leading dots.
    pub title: String,
    /// Capture groups of a regex match (`$0`, `$1`, ...), empty otherwise.
    pub captures: Vec<Option<String>>,
}

/// The names a node is known by, in the order they are tried. Puppet 7 has only the
/// certname; the legacy mode adds the certname and the `fqdn` fact (or `hostname` +
/// `domain`) with their trailing labels chopped off, longest first (Puppet 6's
/// `Puppet::Node#names` with `strict_hostname_checking = false`).
pub fn node_names(certname: &str, fqdn: Option<&str>, matching: NameMatching) -> Vec<String> {
    let certname = certname.to_lowercase();
    if matching == NameMatching::Strict {
        return vec![certname];
    }
    fn chopped(name: &str) -> Vec<String> {
        let parts: Vec<&str> = name.split('.').collect();
        (1..=parts.len())
            .rev()
            .map(|n| parts[..n].join("."))
            .collect()
    }
    let mut names = vec![certname.clone()];
    if certname.contains('.') {
        names.extend(chopped(&certname));
    }
    if let Some(fqdn) = fqdn {
        names.extend(chopped(&fqdn.to_lowercase()));
    }
    let mut unique = Vec::new();
    for n in names {
        if !unique.contains(&n) {
            unique.push(n);
        }
    }
    unique
}

/// Picks the node definition for a node: for each of its names in turn, a definition
/// naming it exactly, else the first regex definition matching it; failing all names,
/// `default`. `definitions` are the matchers of each node definition in file order.
/// Errors are invalid regexes.
pub fn match_node(
    names: &[String],
    definitions: &[&[NodeMatcher]],
) -> Result<Option<NodeMatch>, String> {
    for name in names {
        for (index, matchers) in definitions.iter().enumerate() {
            for m in matchers.iter() {
                if let NodeMatcher::Name(n) = m {
                    if n.to_lowercase() == *name {
                        return Ok(Some(NodeMatch {
                            index,
                            title: n.to_lowercase(),
                            captures: Vec::new(),
                        }));
                    }
                }
            }
        }
        for (index, matchers) in definitions.iter().enumerate() {
            for m in matchers.iter() {
                if let NodeMatcher::Regex(source) = m {
                    let re = fancy_regex::Regex::new(source)
                        .map_err(|e| format!("invalid node regex /{source}/: {e}"))?;
                    if let Ok(Some(caps)) = re.captures(name) {
                        let captures = (0..caps.len())
                            .map(|i| caps.get(i).map(|m| m.as_str().to_string()))
                            .collect();
                        let cleaned: String = source
                            .to_lowercase()
                            .chars()
                            .filter(|c| {
                                c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':' | '.')
                            })
                            .collect();
                        let cleaned = cleaned.trim_start_matches('.');
                        return Ok(Some(NodeMatch {
                            index,
                            title: format!("__node_regexp__{cleaned}"),
                            captures,
                        }));
                    }
                }
            }
        }
    }
    for (index, matchers) in definitions.iter().enumerate() {
        if matchers.iter().any(|m| matches!(m, NodeMatcher::Default)) {
            return Ok(Some(NodeMatch {
                index,
                title: "default".into(),
                captures: Vec::new(),
            }));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_names_chop_longest_first() {
        let names = node_names(
            "web01.example.com",
            Some("web01.prod.example.com"),
            NameMatching::LegacyChop,
        );
        assert_eq!(
            names,
            [
                "web01.example.com",
                "web01.example",
                "web01",
                "web01.prod.example.com",
                "web01.prod.example",
                "web01.prod"
            ]
        );
        assert_eq!(node_names("A.b", None, NameMatching::Strict), ["a.b"]);
    }

    #[test]
    fn exact_then_regex_then_default() {
        let defs: Vec<Vec<NodeMatcher>> = vec![
            vec![NodeMatcher::Default],
            vec![NodeMatcher::Regex("^db(\\d+)$".into())],
            vec![
                NodeMatcher::Name("db1".into()),
                NodeMatcher::Name("x".into()),
            ],
        ];
        let refs: Vec<&[NodeMatcher]> = defs.iter().map(Vec::as_slice).collect();
        let m = match_node(&["db1".into()], &refs).unwrap().unwrap();
        assert_eq!((m.index, m.title.as_str()), (2, "db1"));
        let m = match_node(&["db7".into()], &refs).unwrap().unwrap();
        assert_eq!((m.index, m.title.as_str()), (1, "__node_regexp__dbd"));
        assert_eq!(m.captures[1].as_deref(), Some("7"));
        let m = match_node(&["web".into()], &refs).unwrap().unwrap();
        assert_eq!(m.title, "default");
    }
}
