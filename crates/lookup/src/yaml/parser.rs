//! The event parser of libyaml 0.2.5, rewritten over [`Scanner`]: the same states, the
//! same events, and the same errors with the same context marks (where the construct
//! began), which is what Psych prints in its messages.

use super::scanner::{Mark, ScalarStyle, Scanner, SyntaxError, Token, TokenKind};

type Result<T> = std::result::Result<T, SyntaxError>;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Event {
    StreamStart,
    StreamEnd,
    DocumentStart,
    DocumentEnd,
    Alias(String),
    Scalar {
        anchor: Option<String>,
        tag: Option<String>,
        value: String,
        /// libyaml's `plain_implicit`: plain and untagged, or tagged `!`.
        plain_implicit: bool,
        /// libyaml's `quoted_implicit`: untagged and not plain (Psych's `quoted`).
        quoted_implicit: bool,
        style: ScalarStyle,
    },
    SequenceStart {
        anchor: Option<String>,
        tag: Option<String>,
    },
    SequenceEnd,
    MappingStart {
        anchor: Option<String>,
        tag: Option<String>,
    },
    MappingEnd,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    StreamStart,
    ImplicitDocumentStart,
    DocumentStart,
    DocumentContent,
    DocumentEnd,
    BlockNode,
    BlockSequenceFirstEntry,
    BlockSequenceEntry,
    IndentlessSequenceEntry,
    BlockMappingFirstKey,
    BlockMappingKey,
    BlockMappingValue,
    FlowSequenceFirstEntry,
    FlowSequenceEntry,
    FlowSequenceEntryMappingKey,
    FlowSequenceEntryMappingValue,
    FlowSequenceEntryMappingEnd,
    FlowMappingFirstKey,
    FlowMappingKey,
    FlowMappingValue,
    FlowMappingEmptyValue,
    End,
}

pub(crate) struct Parser {
    scanner: Scanner,
    state: State,
    states: Vec<State>,
    marks: Vec<Mark>,
    tag_directives: Vec<(String, String)>,
}

/// A parser error without a context: libyaml leaves the context mark zeroed, so Psych
/// says "at line 1 column 1".
fn plain_error(problem: &'static str, problem_mark: Mark) -> SyntaxError {
    SyntaxError {
        problem,
        context: None,
        context_mark: Mark::default(),
        problem_mark,
    }
}

fn context_error(
    context: &'static str,
    context_mark: Mark,
    problem: &'static str,
    problem_mark: Mark,
) -> SyntaxError {
    SyntaxError {
        problem,
        context: Some(context),
        context_mark,
        problem_mark,
    }
}

impl Parser {
    pub fn new(text: &str) -> Parser {
        Parser {
            scanner: Scanner::new(text),
            state: State::StreamStart,
            states: Vec::new(),
            marks: Vec::new(),
            tag_directives: Vec::new(),
        }
    }

    /// The next event and where it starts; `None` after the stream ended.
    pub fn next_event(&mut self) -> Result<Option<(Event, Mark)>> {
        if self.state == State::End {
            return Ok(None);
        }
        self.state_machine().map(Some)
    }

    fn peek(&mut self) -> Result<&Token> {
        self.scanner.peek()
    }

    fn peek_kind(&mut self) -> Result<(TokenKind, Mark, Mark)> {
        let t = self.scanner.peek()?;
        // Scalar values are taken with `take`; everything else is small.
        let kind = match &t.kind {
            TokenKind::Scalar { style, .. } => TokenKind::Scalar {
                value: String::new(),
                style: *style,
            },
            k => k.clone(),
        };
        Ok((kind, t.start, t.end))
    }

    fn take(&mut self) -> Result<Token> {
        self.scanner.take()
    }

    fn pop_state(&mut self) -> State {
        self.states.pop().unwrap_or(State::End)
    }

    fn pop_mark(&mut self) -> Mark {
        self.marks.pop().unwrap_or_default()
    }

    fn state_machine(&mut self) -> Result<(Event, Mark)> {
        match self.state {
            State::StreamStart => self.parse_stream_start(),
            State::ImplicitDocumentStart => self.parse_document_start(true),
            State::DocumentStart => self.parse_document_start(false),
            State::DocumentContent => self.parse_document_content(),
            State::DocumentEnd => self.parse_document_end(),
            State::BlockNode => self.parse_node(true, false),
            State::BlockSequenceFirstEntry => self.parse_block_sequence_entry(true),
            State::BlockSequenceEntry => self.parse_block_sequence_entry(false),
            State::IndentlessSequenceEntry => self.parse_indentless_sequence_entry(),
            State::BlockMappingFirstKey => self.parse_block_mapping_key(true),
            State::BlockMappingKey => self.parse_block_mapping_key(false),
            State::BlockMappingValue => self.parse_block_mapping_value(),
            State::FlowSequenceFirstEntry => self.parse_flow_sequence_entry(true),
            State::FlowSequenceEntry => self.parse_flow_sequence_entry(false),
            State::FlowSequenceEntryMappingKey => self.parse_flow_sequence_entry_mapping_key(),
            State::FlowSequenceEntryMappingValue => self.parse_flow_sequence_entry_mapping_value(),
            State::FlowSequenceEntryMappingEnd => self.parse_flow_sequence_entry_mapping_end(),
            State::FlowMappingFirstKey => self.parse_flow_mapping_key(true),
            State::FlowMappingKey => self.parse_flow_mapping_key(false),
            State::FlowMappingValue => self.parse_flow_mapping_value(false),
            State::FlowMappingEmptyValue => self.parse_flow_mapping_value(true),
            State::End => unreachable!("no events after the stream end"),
        }
    }

    fn parse_stream_start(&mut self) -> Result<(Event, Mark)> {
        let (kind, start, _) = self.peek_kind()?;
        if kind != TokenKind::StreamStart {
            return Err(plain_error("did not find expected <stream-start>", start));
        }
        self.state = State::ImplicitDocumentStart;
        self.scanner.skip();
        Ok((Event::StreamStart, start))
    }

    fn parse_document_start(&mut self, implicit: bool) -> Result<(Event, Mark)> {
        let (mut kind, mut start, _) = self.peek_kind()?;
        if !implicit {
            while kind == TokenKind::DocumentEnd {
                self.scanner.skip();
                (kind, start, _) = self.peek_kind()?;
            }
        }
        let is_directive = matches!(
            kind,
            TokenKind::VersionDirective(..) | TokenKind::TagDirective { .. }
        );
        if implicit
            && !is_directive
            && kind != TokenKind::DocumentStart
            && kind != TokenKind::StreamEnd
        {
            self.process_directives()?;
            self.states.push(State::DocumentEnd);
            self.state = State::BlockNode;
            return Ok((Event::DocumentStart, start));
        }
        if kind != TokenKind::StreamEnd {
            self.process_directives()?;
            let (kind, mark, _) = self.peek_kind()?;
            if kind != TokenKind::DocumentStart {
                return Err(plain_error("did not find expected <document start>", mark));
            }
            self.states.push(State::DocumentEnd);
            self.state = State::DocumentContent;
            self.scanner.skip();
            return Ok((Event::DocumentStart, start));
        }
        self.state = State::End;
        self.scanner.skip();
        Ok((Event::StreamEnd, start))
    }

    fn parse_document_content(&mut self) -> Result<(Event, Mark)> {
        let (kind, start, _) = self.peek_kind()?;
        match kind {
            TokenKind::VersionDirective(..)
            | TokenKind::TagDirective { .. }
            | TokenKind::DocumentStart
            | TokenKind::DocumentEnd
            | TokenKind::StreamEnd => {
                self.state = self.pop_state();
                Ok(empty_scalar(start))
            }
            _ => self.parse_node(true, false),
        }
    }

    fn parse_document_end(&mut self) -> Result<(Event, Mark)> {
        let (kind, start, _) = self.peek_kind()?;
        if kind == TokenKind::DocumentEnd {
            self.scanner.skip();
        }
        self.tag_directives.clear();
        self.state = State::DocumentStart;
        Ok((Event::DocumentEnd, start))
    }

    fn process_directives(&mut self) -> Result<()> {
        let mut version_seen = false;
        loop {
            let (kind, mark, _) = self.peek_kind()?;
            match kind {
                TokenKind::VersionDirective(major, minor) => {
                    if version_seen {
                        return Err(plain_error("found duplicate %YAML directive", mark));
                    }
                    if major != 1 || (minor != 1 && minor != 2) {
                        return Err(plain_error("found incompatible YAML document", mark));
                    }
                    version_seen = true;
                }
                TokenKind::TagDirective { handle, prefix } => {
                    if self.tag_directives.iter().any(|(h, _)| *h == handle) {
                        return Err(plain_error("found duplicate %TAG directive", mark));
                    }
                    self.tag_directives.push((handle, prefix));
                }
                _ => break,
            }
            self.scanner.skip();
        }
        for (handle, prefix) in [("!", "!"), ("!!", "tag:yaml.org,2002:")] {
            if !self.tag_directives.iter().any(|(h, _)| h == handle) {
                self.tag_directives.push((handle.into(), prefix.into()));
            }
        }
        Ok(())
    }

    fn parse_node(&mut self, block: bool, indentless_sequence: bool) -> Result<(Event, Mark)> {
        let (kind, token_start, _) = self.peek_kind()?;
        if let TokenKind::Alias(name) = kind {
            self.state = self.pop_state();
            self.scanner.skip();
            return Ok((Event::Alias(name), token_start));
        }
        let start = token_start;
        let mut anchor = None;
        let mut tag_parts: Option<(String, String)> = None;
        let mut tag_mark = start;
        let mut kind = kind;
        let mut token_start = token_start;
        match kind {
            TokenKind::Anchor(name) => {
                anchor = Some(name);
                self.scanner.skip();
                (kind, token_start, _) = self.peek_kind()?;
                if let TokenKind::Tag { handle, suffix } = kind {
                    tag_parts = Some((handle, suffix));
                    tag_mark = token_start;
                    self.scanner.skip();
                    (kind, token_start, _) = self.peek_kind()?;
                }
            }
            TokenKind::Tag { handle, suffix } => {
                tag_parts = Some((handle, suffix));
                self.scanner.skip();
                (kind, token_start, _) = self.peek_kind()?;
                if let TokenKind::Anchor(name) = kind {
                    anchor = Some(name);
                    self.scanner.skip();
                    (kind, token_start, _) = self.peek_kind()?;
                }
            }
            _ => {}
        }
        let tag = match tag_parts {
            None => None,
            Some((handle, suffix)) if handle.is_empty() => Some(suffix),
            Some((handle, suffix)) => {
                let Some((_, prefix)) = self.tag_directives.iter().find(|(h, _)| *h == handle)
                else {
                    return Err(context_error(
                        "while parsing a node",
                        start,
                        "found undefined tag handle",
                        tag_mark,
                    ));
                };
                Some(format!("{prefix}{suffix}"))
            }
        };
        if indentless_sequence && kind == TokenKind::BlockEntry {
            self.state = State::IndentlessSequenceEntry;
            return Ok((Event::SequenceStart { anchor, tag }, start));
        }
        match kind {
            TokenKind::Scalar { style, .. } => {
                let token = self.take()?;
                let TokenKind::Scalar { value, .. } = token.kind else {
                    unreachable!("peeked a scalar")
                };
                let plain_implicit =
                    (style == ScalarStyle::Plain && tag.is_none()) || tag.as_deref() == Some("!");
                let quoted_implicit = !plain_implicit && tag.is_none();
                self.state = self.pop_state();
                Ok((
                    Event::Scalar {
                        anchor,
                        tag,
                        value,
                        plain_implicit,
                        quoted_implicit,
                        style,
                    },
                    start,
                ))
            }
            TokenKind::FlowSequenceStart => {
                self.state = State::FlowSequenceFirstEntry;
                Ok((Event::SequenceStart { anchor, tag }, start))
            }
            TokenKind::FlowMappingStart => {
                self.state = State::FlowMappingFirstKey;
                Ok((Event::MappingStart { anchor, tag }, start))
            }
            TokenKind::BlockSequenceStart if block => {
                self.state = State::BlockSequenceFirstEntry;
                Ok((Event::SequenceStart { anchor, tag }, start))
            }
            TokenKind::BlockMappingStart if block => {
                self.state = State::BlockMappingFirstKey;
                Ok((Event::MappingStart { anchor, tag }, start))
            }
            _ if anchor.is_some() || tag.is_some() => {
                let plain_implicit = tag.as_deref().is_none_or(str::is_empty);
                self.state = self.pop_state();
                Ok((
                    Event::Scalar {
                        anchor,
                        tag,
                        value: String::new(),
                        plain_implicit,
                        quoted_implicit: false,
                        style: ScalarStyle::Plain,
                    },
                    start,
                ))
            }
            _ => Err(context_error(
                if block {
                    "while parsing a block node"
                } else {
                    "while parsing a flow node"
                },
                start,
                "did not find expected node content",
                token_start,
            )),
        }
    }

    /// The first call remembers where the collection started (the context of its errors).
    fn enter_collection(&mut self, first: bool) -> Result<()> {
        if first {
            let mark = self.peek()?.start;
            self.marks.push(mark);
            self.scanner.skip();
        }
        Ok(())
    }

    fn parse_block_sequence_entry(&mut self, first: bool) -> Result<(Event, Mark)> {
        self.enter_collection(first)?;
        let (kind, start, end) = self.peek_kind()?;
        match kind {
            TokenKind::BlockEntry => {
                self.scanner.skip();
                let (kind, _, _) = self.peek_kind()?;
                if kind != TokenKind::BlockEntry && kind != TokenKind::BlockEnd {
                    self.states.push(State::BlockSequenceEntry);
                    self.parse_node(true, false)
                } else {
                    self.state = State::BlockSequenceEntry;
                    Ok(empty_scalar(end))
                }
            }
            TokenKind::BlockEnd => {
                self.state = self.pop_state();
                self.pop_mark();
                self.scanner.skip();
                Ok((Event::SequenceEnd, start))
            }
            _ => {
                let context_mark = self.pop_mark();
                Err(context_error(
                    "while parsing a block collection",
                    context_mark,
                    "did not find expected '-' indicator",
                    start,
                ))
            }
        }
    }

    fn parse_indentless_sequence_entry(&mut self) -> Result<(Event, Mark)> {
        let (kind, start, end) = self.peek_kind()?;
        if kind == TokenKind::BlockEntry {
            self.scanner.skip();
            let (kind, _, _) = self.peek_kind()?;
            if !matches!(
                kind,
                TokenKind::BlockEntry | TokenKind::Key | TokenKind::Value | TokenKind::BlockEnd
            ) {
                self.states.push(State::IndentlessSequenceEntry);
                self.parse_node(true, false)
            } else {
                self.state = State::IndentlessSequenceEntry;
                Ok(empty_scalar(end))
            }
        } else {
            self.state = self.pop_state();
            Ok((Event::SequenceEnd, start))
        }
    }

    fn parse_block_mapping_key(&mut self, first: bool) -> Result<(Event, Mark)> {
        self.enter_collection(first)?;
        let (kind, start, end) = self.peek_kind()?;
        match kind {
            TokenKind::Key => {
                self.scanner.skip();
                let (kind, _, _) = self.peek_kind()?;
                if !matches!(
                    kind,
                    TokenKind::Key | TokenKind::Value | TokenKind::BlockEnd
                ) {
                    self.states.push(State::BlockMappingValue);
                    self.parse_node(true, true)
                } else {
                    self.state = State::BlockMappingValue;
                    Ok(empty_scalar(end))
                }
            }
            TokenKind::BlockEnd => {
                self.state = self.pop_state();
                self.pop_mark();
                self.scanner.skip();
                Ok((Event::MappingEnd, start))
            }
            _ => {
                let context_mark = self.pop_mark();
                Err(context_error(
                    "while parsing a block mapping",
                    context_mark,
                    "did not find expected key",
                    start,
                ))
            }
        }
    }

    fn parse_block_mapping_value(&mut self) -> Result<(Event, Mark)> {
        let (kind, start, end) = self.peek_kind()?;
        if kind == TokenKind::Value {
            self.scanner.skip();
            let (kind, _, _) = self.peek_kind()?;
            if !matches!(
                kind,
                TokenKind::Key | TokenKind::Value | TokenKind::BlockEnd
            ) {
                self.states.push(State::BlockMappingKey);
                self.parse_node(true, true)
            } else {
                self.state = State::BlockMappingKey;
                Ok(empty_scalar(end))
            }
        } else {
            self.state = State::BlockMappingKey;
            Ok(empty_scalar(start))
        }
    }

    fn parse_flow_sequence_entry(&mut self, first: bool) -> Result<(Event, Mark)> {
        self.enter_collection(first)?;
        let (mut kind, mut start, mut end) = self.peek_kind()?;
        if kind != TokenKind::FlowSequenceEnd {
            if !first {
                if kind == TokenKind::FlowEntry {
                    self.scanner.skip();
                    (kind, start, end) = self.peek_kind()?;
                } else {
                    let context_mark = self.pop_mark();
                    return Err(context_error(
                        "while parsing a flow sequence",
                        context_mark,
                        "did not find expected ',' or ']'",
                        start,
                    ));
                }
            }
            if kind == TokenKind::Key {
                self.state = State::FlowSequenceEntryMappingKey;
                self.scanner.skip();
                let _ = end;
                return Ok((
                    Event::MappingStart {
                        anchor: None,
                        tag: None,
                    },
                    start,
                ));
            }
            if kind != TokenKind::FlowSequenceEnd {
                self.states.push(State::FlowSequenceEntry);
                return self.parse_node(false, false);
            }
        }
        self.state = self.pop_state();
        self.pop_mark();
        self.scanner.skip();
        Ok((Event::SequenceEnd, start))
    }

    fn parse_flow_sequence_entry_mapping_key(&mut self) -> Result<(Event, Mark)> {
        let (kind, _, end) = self.peek_kind()?;
        if !matches!(
            kind,
            TokenKind::Value | TokenKind::FlowEntry | TokenKind::FlowSequenceEnd
        ) {
            self.states.push(State::FlowSequenceEntryMappingValue);
            self.parse_node(false, false)
        } else {
            // libyaml consumes the token here (whatever it is) and gives an empty key.
            self.scanner.skip();
            self.state = State::FlowSequenceEntryMappingValue;
            Ok(empty_scalar(end))
        }
    }

    fn parse_flow_sequence_entry_mapping_value(&mut self) -> Result<(Event, Mark)> {
        let (mut kind, mut start, _) = self.peek_kind()?;
        if kind == TokenKind::Value {
            self.scanner.skip();
            (kind, start, _) = self.peek_kind()?;
            if kind != TokenKind::FlowEntry && kind != TokenKind::FlowSequenceEnd {
                self.states.push(State::FlowSequenceEntryMappingEnd);
                return self.parse_node(false, false);
            }
        }
        self.state = State::FlowSequenceEntryMappingEnd;
        Ok(empty_scalar(start))
    }

    fn parse_flow_sequence_entry_mapping_end(&mut self) -> Result<(Event, Mark)> {
        let start = self.peek()?.start;
        self.state = State::FlowSequenceEntry;
        Ok((Event::MappingEnd, start))
    }

    fn parse_flow_mapping_key(&mut self, first: bool) -> Result<(Event, Mark)> {
        self.enter_collection(first)?;
        let (mut kind, mut start, _) = self.peek_kind()?;
        if kind != TokenKind::FlowMappingEnd {
            if !first {
                if kind == TokenKind::FlowEntry {
                    self.scanner.skip();
                    (kind, start, _) = self.peek_kind()?;
                } else {
                    let context_mark = self.pop_mark();
                    return Err(context_error(
                        "while parsing a flow mapping",
                        context_mark,
                        "did not find expected ',' or '}'",
                        start,
                    ));
                }
            }
            if kind == TokenKind::Key {
                self.scanner.skip();
                let (kind, start, _) = self.peek_kind()?;
                if !matches!(
                    kind,
                    TokenKind::Value | TokenKind::FlowEntry | TokenKind::FlowMappingEnd
                ) {
                    self.states.push(State::FlowMappingValue);
                    return self.parse_node(false, false);
                }
                self.state = State::FlowMappingValue;
                return Ok(empty_scalar(start));
            }
            if kind != TokenKind::FlowMappingEnd {
                self.states.push(State::FlowMappingEmptyValue);
                return self.parse_node(false, false);
            }
        }
        self.state = self.pop_state();
        self.pop_mark();
        self.scanner.skip();
        Ok((Event::MappingEnd, start))
    }

    fn parse_flow_mapping_value(&mut self, empty: bool) -> Result<(Event, Mark)> {
        let (mut kind, mut start, _) = self.peek_kind()?;
        if empty {
            self.state = State::FlowMappingKey;
            return Ok(empty_scalar(start));
        }
        if kind == TokenKind::Value {
            self.scanner.skip();
            (kind, start, _) = self.peek_kind()?;
            if kind != TokenKind::FlowEntry && kind != TokenKind::FlowMappingEnd {
                self.states.push(State::FlowMappingKey);
                return self.parse_node(false, false);
            }
        }
        self.state = State::FlowMappingKey;
        Ok(empty_scalar(start))
    }
}

fn empty_scalar(mark: Mark) -> (Event, Mark) {
    (
        Event::Scalar {
            anchor: None,
            tag: None,
            value: String::new(),
            plain_implicit: true,
            quoted_implicit: false,
            style: ScalarStyle::Plain,
        },
        mark,
    )
}
