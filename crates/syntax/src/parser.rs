//! Drives the lalrpop parser over the significant tokens and collects node records.

use crate::kind::SyntaxKind;
use crate::lexer::{Lexed, Token};
use lalrpop_util::{ErrorRecovery, ParseError};
use std::cell::RefCell;
use std::ops::Range;

/// A node the grammar recognised: its kind and its range of significant tokens.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeRecord {
    pub kind: SyntaxKind,
    pub start: u32,
    pub end: u32,
}

/// A syntax error over a range of significant tokens.
#[derive(Clone, Debug)]
pub(crate) struct TokenError {
    pub message: String,
    /// Significant-token range; `start == end` points between tokens (end of input).
    pub tokens: Range<usize>,
}

/// Where grammar actions write. Nothing but records: no tree, no text.
#[derive(Default)]
pub struct Sink {
    nodes: RefCell<Vec<NodeRecord>>,
    errors: RefCell<Vec<TokenError>>,
}

type Recovery = ErrorRecovery<u32, SyntaxKind, ()>;

impl Sink {
    pub(crate) fn node(&self, kind: SyntaxKind, l: u32, r: u32) {
        if l < r {
            self.nodes.borrow_mut().push(NodeRecord {
                kind,
                start: l,
                end: r,
            });
        }
    }

    pub(crate) fn recover(&self, recovery: Recovery, l: u32, r: u32) {
        self.errors.borrow_mut().push(error_of(recovery.error));
        self.node(SyntaxKind::ERROR, l, r);
    }
}

fn error_of(error: ParseError<u32, SyntaxKind, ()>) -> TokenError {
    match error {
        ParseError::UnrecognizedToken {
            token: (l, _, r), ..
        }
        | ParseError::ExtraToken { token: (l, _, r) } => TokenError {
            message: String::new(),
            tokens: l as usize..r as usize,
        },
        ParseError::UnrecognizedEof { location, .. } | ParseError::InvalidToken { location } => {
            TokenError {
                message: String::new(),
                tokens: location as usize..location as usize,
            }
        }
        ParseError::User { .. } => TokenError {
            message: String::new(),
            tokens: 0..0,
        },
    }
}

/// Which grammar entry point to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    File,
    Epp,
    HeredocText,
}

/// The outcome of parsing one token stream.
pub(crate) struct StreamParse {
    /// For each significant token, its index in the raw token list.
    pub significant: Vec<u32>,
    pub nodes: Vec<NodeRecord>,
    pub errors: Vec<TokenError>,
}

pub(crate) fn parse_tokens(tokens: &[Token], entry: Entry) -> StreamParse {
    let mut significant: Vec<u32> = Vec::with_capacity(tokens.len());
    significant.extend(
        tokens
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.kind.is_trivia())
            .map(|(i, _)| i as u32),
    );
    let stream = significant
        .iter()
        .enumerate()
        .map(|(i, &raw)| Ok::<_, ()>((i as u32, tokens[raw as usize].kind, i as u32 + 1)));
    // About two records for three significant tokens in the Debian corpus.
    let sink = Sink {
        nodes: RefCell::new(Vec::with_capacity(significant.len() * 3 / 4 + 4)),
        errors: RefCell::default(),
    };
    let result = match entry {
        Entry::File => crate::grammar::FileParser::new().parse(&sink, stream),
        Entry::Epp => crate::grammar::EppParser::new().parse(&sink, stream),
        Entry::HeredocText => crate::grammar::HeredocTextParser::new().parse(&sink, stream),
    };
    let mut nodes = sink.nodes.into_inner();
    let mut errors = sink.errors.into_inner();
    if let Err(error) = result {
        let error = error_of(error);
        // Everything from the offending token on is unparsed.
        let start = error.tokens.start.min(significant.len());
        if start < significant.len() {
            nodes.push(NodeRecord {
                kind: SyntaxKind::ERROR,
                start: start as u32,
                end: significant.len() as u32,
            });
        }
        errors.push(error);
    }
    StreamParse {
        significant,
        nodes,
        errors,
    }
}

/// Parses the main stream and every heredoc body of a lexed file.
pub(crate) struct FileParse {
    pub main: StreamParse,
    /// One per heredoc body, in the order of `Lexed::heredoc_bodies`.
    pub heredocs: Vec<StreamParse>,
}

pub(crate) fn parse_lexed(lexed: &Lexed, entry: Entry) -> FileParse {
    let main = parse_tokens(&lexed.tokens, entry);
    let heredocs = lexed
        .heredoc_bodies
        .iter()
        .map(|body| parse_tokens(&body.tokens, Entry::HeredocText))
        .collect();
    FileParse { main, heredocs }
}
