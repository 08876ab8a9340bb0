//! Lossless parsing of the Puppet 7 language (manifests and EPP templates).
//!
//! ```
//! let parse = marionette_syntax::parse("file { '/tmp/x': ensure => file }\n");
//! assert!(parse.errors().is_empty());
//! assert_eq!(parse.syntax_node().text().to_string(), "file { '/tmp/x': ensure => file }\n");
//! ```
//!
//! The pipeline: [`lexer`] (modal, keeps every byte) → the lalrpop grammar over the
//! significant tokens, whose actions record nodes → the tree sink (`tree`), which puts
//! trivia back and builds a flat tree (rowan's is made from it when asked for) →
//! [`ast`], typed views of that tree → [`lower`] → [`validate`], the checks Puppet makes
//! after parsing. Parsing never fails: it returns the tree and the errors.

pub mod ast;
pub mod kind;
pub mod lexer;
mod line_index;
pub mod lower;
pub mod model;
pub mod names;
mod parser;
mod tree;
pub mod validate;

lalrpop_util::lalrpop_mod!(
    #[allow(
        clippy::all,
        clippy::pedantic,
        unused_parens,
        dead_code,
        unused_imports
    )]
    grammar
);

pub use kind::{PuppetLanguage, SyntaxKind};
pub use line_index::{LineCol, LineIndex};
pub use rowan::{TextRange, TextSize};

pub type SyntaxNode = rowan::SyntaxNode<PuppetLanguage>;
pub type SyntaxToken = rowan::SyntaxToken<PuppetLanguage>;
pub type SyntaxElement = rowan::SyntaxElement<PuppetLanguage>;

use parser::Entry;

/// A problem found while lexing, parsing or validating, at a range of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub message: String,
    pub range: TextRange,
}

/// The result of parsing: a lossless tree and the errors found.
#[derive(Clone, Debug)]
pub struct Parse {
    tree: tree::Tree,
    /// The rowan tree, made from `tree` when asked for.
    green: std::sync::OnceLock<rowan::GreenNode>,
    errors: Vec<SyntaxError>,
    /// Whether the tree has heredoc bodies (most files have none, and lowering pairs
    /// bodies with their headers only when there are).
    heredocs: bool,
}

impl Parse {
    /// The root: `SOURCE_FILE` for manifests, `EPP_FILE` for templates.
    pub fn syntax_node(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green().clone())
    }

    /// The rowan green tree (made on the first call: lowering walks [`Parse::root`]).
    pub fn green(&self) -> &rowan::GreenNode {
        self.green.get_or_init(|| self.tree.green())
    }

    /// The root, as a typed-view [`ast::Node`].
    pub fn root(&self) -> ast::Node<'_> {
        ast::Node::root(&self.tree)
    }

    /// Errors in source order.
    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    /// The tree as indented text, one node or token per line (used by the tests).
    pub fn debug_tree(&self) -> String {
        let mut out = String::new();
        debug_tree(&mut out, &self.syntax_node());
        out
    }
}

fn debug_tree(out: &mut String, root: &SyntaxNode) {
    use std::fmt::Write;
    let mut depth = 0usize;
    for event in root.preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(element) => {
                let _ = write!(out, "{:indent$}", "", indent = depth * 2);
                match element {
                    rowan::NodeOrToken::Node(node) => {
                        let _ = writeln!(out, "{:?}@{:?}", node.kind(), node.text_range());
                    }
                    rowan::NodeOrToken::Token(token) => {
                        let _ = writeln!(
                            out,
                            "{:?}@{:?} {:?}",
                            token.kind(),
                            token.text_range(),
                            token.text()
                        );
                    }
                }
                depth += 1;
            }
            rowan::WalkEvent::Leave(_) => depth -= 1,
        }
    }
}

/// A parsed, lowered and validated file: everything a compiler needs from one source.
#[derive(Clone, Debug)]
pub struct Checked {
    pub parse: Parse,
    pub program: std::sync::Arc<model::Program>,
    /// Lexical, syntax, lowering and validation errors, in source order. The program
    /// is only meaningful when this is empty.
    pub errors: Vec<SyntaxError>,
}

/// Parses, lowers and validates a manifest (`epp == false`) or an EPP template: what
/// `puppet parser validate` checks.
pub fn check(text: &str, epp: bool) -> Checked {
    check_with(text, epp, validate::ValidateOptions::default())
}

/// [`check`], with Puppet 3 behaviours let through where `options` asks for them.
pub fn check_with(text: &str, epp: bool, options: validate::ValidateOptions) -> Checked {
    check_file(text, epp, options, None)
}

/// [`check_with`] for a file loaded from a module: what Puppet checks only there
/// ([`validate::ModuleFile`]).
pub fn check_file(
    text: &str,
    epp: bool,
    options: validate::ValidateOptions,
    file: Option<validate::ModuleFile<'_>>,
) -> Checked {
    let parse = if epp { parse_epp(text) } else { parse(text) };
    let mut errors = parse.errors().to_vec();
    let (mut program, lower_errors) = lower::lower(&parse, text);
    errors.extend(lower_errors);
    if errors.is_empty() {
        let warnings = validate::validate_in_file(&program, text, options, file, &mut errors);
        program.warnings.extend(warnings);
    }
    errors.sort_by_key(|e| (e.range.start(), e.range.end()));
    errors.dedup();
    Checked {
        parse,
        program: std::sync::Arc::new(program),
        errors,
    }
}

/// Parses a manifest (`.pp`).
pub fn parse(text: &str) -> Parse {
    parse_with(text, Entry::File)
}

/// Parses an EPP template (`.epp`).
pub fn parse_epp(text: &str) -> Parse {
    parse_with(text, Entry::Epp)
}

fn parse_with(text: &str, entry: Entry) -> Parse {
    // Text positions are u32 in rowan.
    if text.len() > u32::MAX as usize / 2 {
        let error = SyntaxError {
            message: "file too large to parse".into(),
            range: TextRange::default(),
        };
        return Parse {
            tree: tree::Tree::empty(SyntaxKind::SOURCE_FILE),
            green: std::sync::OnceLock::new(),
            errors: vec![error],
            heredocs: false,
        };
    }
    let lexed = if entry == Entry::Epp {
        lexer::lex_epp(text)
    } else {
        lexer::lex(text)
    };
    let file = parser::parse_lexed(&lexed, entry);
    let root = if entry == Entry::Epp {
        SyntaxKind::EPP_FILE
    } else {
        SyntaxKind::SOURCE_FILE
    };
    let built = tree::build(text, &lexed, &file, root);

    let mut errors: Vec<SyntaxError> = lexed
        .errors
        .iter()
        .map(|e| SyntaxError {
            message: e.message.clone(),
            range: range(e.range.start, e.range.end),
        })
        .collect();
    // A lexical error already explains the syntax errors it causes inside its range,
    // and one that reaches the end of the input (an unclosed tag) the syntax error
    // at the end.
    let lex_ranges: Vec<std::ops::Range<usize>> =
        lexed.errors.iter().map(|e| e.range.clone()).collect();
    let lexed_to_end = lex_ranges.iter().any(|l| l.end == text.len());
    let starts = || token_starts(&lexed.tokens);
    let mut push_syntax =
        |stream: &parser::StreamParse, tokens: &[lexer::Token], starts: &[usize]| {
            for e in &stream.errors {
                let (message, r) =
                    syntax_error_message(text, tokens, starts, &stream.significant, &e.tokens);
                let explained = lex_ranges
                    .iter()
                    .any(|l| l.start <= r.start && r.start <= l.end.max(l.start + 1))
                    || (lexed_to_end && message == SYNTAX_ERROR_AT_END);
                if !explained {
                    let message = if e.message.is_empty() {
                        message
                    } else {
                        e.message.clone()
                    };
                    errors.push(SyntaxError {
                        message,
                        range: range(r.start, r.end),
                    });
                }
            }
        };
    // Token positions are only needed to report syntax errors.
    if !file.main.errors.is_empty() {
        push_syntax(&file.main, &lexed.tokens, &starts());
    }
    for (body, sub) in lexed.heredoc_bodies.iter().zip(&file.heredocs) {
        if sub.errors.is_empty() {
            continue;
        }
        let base = starts()[body.raw_token];
        let sub_starts: Vec<usize> = token_starts(&body.tokens)
            .into_iter()
            .map(|s| s + base)
            .collect();
        push_syntax(sub, &body.tokens, &sub_starts);
    }
    if let Some(at) = built.too_deep_at {
        errors.push(SyntaxError {
            message: format!(
                "Expressions are nested more than {} levels deep",
                tree::MAX_DEPTH
            ),
            range: range(at, at),
        });
    }
    errors.sort_by_key(|e| (e.range.start(), e.range.end()));
    errors.dedup();
    Parse {
        tree: built.tree,
        green: std::sync::OnceLock::new(),
        errors,
        heredocs: !lexed.heredoc_bodies.is_empty(),
    }
}

fn range(start: usize, end: usize) -> TextRange {
    TextRange::new(
        TextSize::from(start as u32),
        TextSize::from(end.max(start) as u32),
    )
}

fn token_starts(tokens: &[lexer::Token]) -> Vec<usize> {
    let mut starts = Vec::with_capacity(tokens.len() + 1);
    let mut at = 0usize;
    for t in tokens {
        starts.push(at);
        at += t.len as usize;
    }
    starts.push(at);
    starts
}

/// The error for a manifest that starts with a UTF-8 byte order mark, about the whole
/// input: Puppet names neither the file nor a position.
pub const BYTE_ORDER_MARK: &str = "Illegal UTF-8 Byte Order mark at beginning of input: \
     [EF BB BF] - remove these from the puppet source";

/// The start of the error for a number literal Ruby cannot read (`1e400`), which
/// Puppet's lexer reports without the file or a position.
pub const INVALID_NUMBER: &str = "Internal Error, NUMBER token does not contain a valid number";

/// Whether Puppet reports a syntax error with this message without naming the file
/// or a position: the errors about the whole input or a literal's value.
pub fn is_positionless(message: &str) -> bool {
    message == BYTE_ORDER_MARK || message.starts_with(INVALID_NUMBER)
}

/// The syntax error at the end of the input, which Puppet reports without a line.
pub const SYNTAX_ERROR_AT_END: &str = "Syntax error at end of input";

/// Puppet's wording: "Syntax error at 'x'" or "Syntax error at end of input".
fn syntax_error_message(
    text: &str,
    tokens: &[lexer::Token],
    starts: &[usize],
    significant: &[u32],
    sig_range: &std::ops::Range<usize>,
) -> (String, std::ops::Range<usize>) {
    match significant.get(sig_range.start) {
        Some(&raw) => {
            let raw = raw as usize;
            let start = starts[raw];
            let end = start + tokens[raw].len as usize;
            let token_text = &text[start..end];
            let shown: String = token_text.chars().take(40).collect();
            let message = match tokens[raw].kind {
                SyntaxKind::EPP_TEXT => "Syntax error at template text".to_string(),
                // A string is shown by its value: a single-quoted one unescaped, a
                // double-quoted one by its first text (before any interpolation).
                SyntaxKind::STRING => {
                    let inner = token_text
                        .strip_prefix('\'')
                        .map(|t| t.strip_suffix('\'').unwrap_or(t))
                        .unwrap_or(token_text);
                    let mut value = String::with_capacity(inner.len());
                    let mut chars = inner.chars();
                    while let Some(c) = chars.next() {
                        match (c, chars.clone().next()) {
                            ('\\', Some(n @ ('\\' | '\''))) => {
                                value.push(n);
                                chars.next();
                            }
                            _ => value.push(c),
                        }
                    }
                    format!("Syntax error at '{value}'")
                }
                // A variable is shown by its name.
                SyntaxKind::VARIABLE => format!(
                    "Syntax error at '{}'",
                    shown.strip_prefix('$').unwrap_or(&shown)
                ),
                SyntaxKind::DQ_OPEN => {
                    let next = tokens
                        .get(raw + 1)
                        .filter(|t| t.kind == SyntaxKind::STR_TEXT);
                    let value = next.map_or_else(String::new, |t| {
                        let from = end;
                        lower::dq_text_value(&text[from..from + t.len as usize])
                    });
                    format!("Syntax error at '{value}'")
                }
                _ => format!("Syntax error at '{shown}'"),
            };
            (message, start..end)
        }
        None => {
            let end = significant.last().map_or(0, |&raw| {
                starts[raw as usize] + tokens[raw as usize].len as usize
            });
            (SYNTAX_ERROR_AT_END.to_string(), end..end)
        }
    }
}
