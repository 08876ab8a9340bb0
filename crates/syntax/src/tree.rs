//! The tree sink: walks the full token list (trivia included) together with the node
//! records of the grammar and builds the lossless rowan tree.
//!
//! Records are ranges of significant tokens. Sorted by (start, longest first, latest
//! reduced first) they come in pre-order, because LR reductions nest. Trivia before a
//! node's first token goes to the enclosing node; trivia after its last token too.

use crate::kind::SyntaxKind;
use crate::lexer::{Lexed, Token};
use crate::parser::{FileParse, NodeRecord, StreamParse};
use rowan::{GreenNode, GreenNodeBuilder, NodeCache};

/// Nodes nested deeper than this are flattened into their parent, and the parse
/// reports an error: a deep input must not exhaust the stack of later passes.
pub const MAX_DEPTH: usize = 256;

pub(crate) struct Built {
    pub green: GreenNode,
    /// Byte offset of a node record that was too deep, if any.
    pub too_deep_at: Option<usize>,
}

thread_local! {
    /// Green tokens and small nodes are interned. A thread keeps its cache from file to
    /// file, so the tokens and nodes manifests share (`=>`, `ensure`, ` `) are built
    /// once per thread, not once per file: 8% fewer instructions for parsing the Debian
    /// corpus, for a cache that grows with the distinct texts parsed (about 5 MB there).
    static CACHE: std::cell::RefCell<NodeCache> = std::cell::RefCell::new(NodeCache::default());
}

pub(crate) fn build(text: &str, lexed: &Lexed, parse: &FileParse, root: SyntaxKind) -> Built {
    CACHE.with_borrow_mut(|cache| {
        let sink = TreeSink {
            text,
            offset: 0,
            builder: GreenNodeBuilder::with_cache(cache),
            too_deep_at: None,
            depth: 0,
        };
        sink.build(lexed, parse, root)
    })
}

impl TreeSink<'_, '_> {
    fn build(mut self, lexed: &Lexed, parse: &FileParse, root: SyntaxKind) -> Built {
        self.builder.start_node(root.into());
        self.stream(&lexed.tokens, &parse.main, &mut |sink, raw_index| {
            let body = lexed
                .heredoc_bodies
                .iter()
                .position(|b| b.raw_token == raw_index)?;
            let sub = &parse.heredocs[body];
            sink.builder.start_node(SyntaxKind::HEREDOC_BODY.into());
            sink.stream(&lexed.heredoc_bodies[body].tokens, sub, &mut |_, _| None);
            sink.builder.finish_node();
            Some(())
        });
        self.builder.finish_node();
        Built {
            too_deep_at: self.too_deep_at,
            green: self.builder.finish(),
        }
    }
}

struct TreeSink<'t, 'c> {
    text: &'t str,
    offset: usize,
    builder: GreenNodeBuilder<'c>,
    too_deep_at: Option<usize>,
    depth: usize,
}

/// Puts node records, which LR reductions produce bottom-up (children before their
/// parent, siblings left to right), in pre-order, in linear time: a record adopts the
/// records before it that lie within its range.
fn preorder(nodes: &[NodeRecord]) -> Vec<NodeRecord> {
    const NONE: u32 = u32::MAX;
    let mut first_child = vec![NONE; nodes.len()];
    let mut next_sibling = vec![NONE; nodes.len()];
    let mut stack: Vec<u32> = Vec::new();
    for (i, rec) in nodes.iter().enumerate() {
        let mut first = NONE;
        while let Some(&top) = stack.last() {
            let t = &nodes[top as usize];
            if t.start >= rec.start && t.end <= rec.end {
                stack.pop();
                next_sibling[top as usize] = first;
                first = top;
            } else {
                break;
            }
        }
        first_child[i] = first;
        stack.push(i as u32);
    }
    let mut out = Vec::with_capacity(nodes.len());
    // Depth-first over the roots (left to right) with an explicit stack.
    let mut todo: Vec<u32> = stack.into_iter().rev().collect();
    while let Some(i) = todo.pop() {
        out.push(nodes[i as usize]);
        let mark = todo.len();
        let mut c = first_child[i as usize];
        while c != NONE {
            todo.push(c);
            c = next_sibling[c as usize];
        }
        todo[mark..].reverse();
    }
    out
}

/// Called for every raw token; returns Some if it emitted something in its place.
type Splice<'f, 't, 'c> = dyn FnMut(&mut TreeSink<'t, 'c>, usize) -> Option<()> + 'f;

impl<'t, 'c> TreeSink<'t, 'c> {
    fn stream(&mut self, tokens: &[Token], parse: &StreamParse, splice: &mut Splice<'_, 't, 'c>) {
        let records = preorder(&parse.nodes);

        let sig = &parse.significant;
        // The raw index just past significant token `k - 1`; `0` for k == 0.
        let raw_end_of = |k: u32| {
            if k == 0 {
                0
            } else {
                sig[k as usize - 1] as usize + 1
            }
        };
        let raw_start_of = |k: u32| sig.get(k as usize).map_or(tokens.len(), |&r| r as usize);

        let mut raw = 0usize;
        // Open records: (end, whether a rowan node was started for it).
        let mut open: Vec<(u32, bool)> = Vec::new();
        for rec in records {
            while let Some(&(end, started)) = open.last() {
                if end > rec.start {
                    break;
                }
                raw = self.tokens(tokens, raw, raw_end_of(end), splice);
                if started {
                    self.builder.finish_node();
                    self.depth -= 1;
                }
                open.pop();
            }
            if open.last().is_some_and(|&(end, _)| rec.end > end) {
                continue; // crosses its parent: cannot happen for LR reductions
            }
            raw = self.tokens(tokens, raw, raw_start_of(rec.start), splice);
            let started = self.depth < MAX_DEPTH;
            if started {
                self.builder.start_node(rec.kind.into());
                self.depth += 1;
            } else if self.too_deep_at.is_none() {
                self.too_deep_at = Some(self.offset);
            }
            open.push((rec.end, started));
        }
        while let Some((end, started)) = open.pop() {
            raw = self.tokens(tokens, raw, raw_end_of(end), splice);
            if started {
                self.builder.finish_node();
                self.depth -= 1;
            }
        }
        self.tokens(tokens, raw, tokens.len(), splice);
    }

    /// Emits raw tokens `from..to`, returns `to` (or `from` if `to` is before it).
    fn tokens(
        &mut self,
        tokens: &[Token],
        from: usize,
        to: usize,
        splice: &mut Splice<'_, 't, 'c>,
    ) -> usize {
        for (i, token) in tokens.iter().enumerate().take(to).skip(from) {
            let len = token.len as usize;
            if token.kind == SyntaxKind::HEREDOC_RAW && splice(self, i).is_some() {
                continue; // the spliced tokens advanced `offset`
            }
            let text = &self.text[self.offset..self.offset + len];
            self.builder.token(token.kind.into(), text);
            self.offset += len;
        }
        to.max(from)
    }
}
