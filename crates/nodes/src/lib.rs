//! Node classification: which node definition applies to a node, and what an external
//! node classifier (ENC) adds to it.
//!
//! **Status: skeleton.** [`NameMatching`] is real; matching and the classifier trait are
//! planned, not implemented.
//!
//! # Role
//!
//! Before evaluation, the compile needs to know, for one certname and its facts:
//!
//! * which `node` definition of the environment's manifests applies (or none, when the
//!   manifests have no node definitions at all);
//! * which classes (with parameters), top-scope parameters and environment an ENC assigns.
//!
//! This crate answers both without doing I/O. Running an ENC script is I/O, so the exec
//! terminus lives in the binary (or a plugin) behind the planned `NodeClassifier` trait; this crate
//! parses and validates what the ENC printed.
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
//! # Planned API
//!
//! ```text
//! pub enum NodePattern { Name(String), Regex(Regex), Default }
//! pub fn match_node<'a>(patterns: impl IntoIterator<Item = (usize, &'a NodePattern)>,
//!                       certname: &str, facts: &Facts, mode: NameMatching)
//!     -> Result<Option<NodeMatch>, NodesError>;   // index of the definition + captures
//!
//! /// An ENC, or any other source of classification (plugins adapt to this trait).
//! pub trait NodeClassifier: Send + Sync {
//!     fn classify(&self, certname: &str, facts: &Facts)
//!         -> Result<Classification, NodesError>;
//! }
//! pub struct Classification {
//!     pub classes: Vec<(String, Option<Vec<(String, Data)>>)>, // list or hash form
//!     pub parameters: Vec<(String, Data)>,     // top-scope variables, win over facts
//!     pub environment: Option<String>,
//! }
//! pub fn parse_enc_output(yaml: &str) -> Result<Classification, NodesError>;
//! ```
//!
//! ENC classes are evaluated after the node body, in the node's scope; classes with
//! parameters before those without, whatever the ENC's order. Parameter values are planned
//! as `marionette_catalog::Data`.

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
