//! The tree sink: walks the full token list (trivia included) together with the node
//! records of the grammar and builds the lossless rowan tree.
//!
//! Records are ranges of significant tokens. Sorted by (start, longest first, latest
//! reduced first) they come in pre-order, because LR reductions nest. Trivia before a
//! node's first token goes to the enclosing node; trivia after its last token too.

use crate::kind::SyntaxKind;
use crate::lexer::{HeredocBody, Lexed, Token};
use crate::parser::{FileParse, NodeRecord, StreamParse};
use rowan::GreenNode;

/// Nodes nested deeper than this are flattened into their parent, and the parse
/// reports an error: a deep input must not exhaust the stack of later passes.
pub const MAX_DEPTH: usize = 256;

pub(crate) struct Built {
    pub tree: Tree,
    /// Byte offset of a node record that was too deep, if any.
    pub too_deep_at: Option<usize>,
}

/// A file's syntax tree, flat: its nodes and tokens in arrays, each node's children
/// a run of element ids. Every byte of the text is in exactly one token, as in a
/// rowan tree, which [`Tree::green`] makes from it for the tools that want one
/// (`--dump-tree`, the tree tests). Lowering walks this one: building it costs no
/// allocation per node or token, no hashing, and dropping it three frees (building
/// and dropping the rowan tree had been a quarter of parsing).
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    text: Box<str>,
    nodes: Vec<NodeData>,
    tokens: Vec<TokenData>,
    /// The children of every node, each node's a contiguous run.
    children: Vec<ElementId>,
    root: u32,
}

/// A node: its kind, text range and children (`children[first..end]`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeData {
    pub kind: SyntaxKind,
    pub offset: u32,
    pub len: u32,
    pub first: u32,
    pub end: u32,
}

/// A token: its kind and text range.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TokenData {
    pub kind: SyntaxKind,
    pub offset: u32,
    pub len: u32,
}

/// A child: a token's index, or a node's with [`NODE`] set.
pub(crate) type ElementId = u32;

/// The bit of an [`ElementId`] that makes it a node's.
pub(crate) const NODE: u32 = 1 << 31;

impl Tree {
    /// A tree of one empty `root` node.
    pub(crate) fn empty(root: SyntaxKind) -> Tree {
        Tree {
            text: Box::default(),
            nodes: vec![NodeData {
                kind: root,
                offset: 0,
                len: 0,
                first: 0,
                end: 0,
            }],
            tokens: Vec::new(),
            children: Vec::new(),
            root: 0,
        }
    }

    pub(crate) fn root(&self) -> u32 {
        self.root
    }

    pub(crate) fn node(&self, id: u32) -> &NodeData {
        &self.nodes[id as usize]
    }

    pub(crate) fn token(&self, id: u32) -> &TokenData {
        &self.tokens[id as usize]
    }

    pub(crate) fn children(&self, node: u32) -> &[ElementId] {
        let n = self.node(node);
        &self.children[n.first as usize..n.end as usize]
    }

    /// A token's text.
    pub(crate) fn token_text(&self, id: u32) -> &str {
        let t = self.token(id);
        &self.text[t.offset as usize..(t.offset + t.len) as usize]
    }

    /// A node's text, trivia inside it included.
    pub(crate) fn node_text(&self, id: u32) -> &str {
        let n = self.node(id);
        &self.text[n.offset as usize..(n.offset + n.len) as usize]
    }

    /// Where an element's text starts and ends.
    fn span(&self, id: ElementId) -> (u32, u32) {
        if id & NODE != 0 {
            let n = self.node(id & !NODE);
            (n.offset, n.offset + n.len)
        } else {
            let t = self.token(id);
            (t.offset, t.offset + t.len)
        }
    }

    /// The rowan tree of the same nodes and tokens.
    pub(crate) fn green(&self) -> GreenNode {
        fn add(tree: &Tree, node: u32, builder: &mut rowan::GreenNodeBuilder<'_>) {
            builder.start_node(tree.node(node).kind.into());
            for &id in tree.children(node) {
                if id & NODE != 0 {
                    add(tree, id & !NODE, builder);
                } else {
                    builder.token(tree.token(id).kind.into(), tree.token_text(id));
                }
            }
            builder.finish_node();
        }
        let mut builder = rowan::GreenNodeBuilder::new();
        add(self, self.root, &mut builder);
        builder.finish()
    }
}

thread_local! {
    /// A thread keeps the builder's stacks from file to file (empty, with their
    /// capacity).
    static STACKS: std::cell::RefCell<Stacks> = std::cell::RefCell::default();
}

pub(crate) fn build(text: &str, lexed: &Lexed, parse: &FileParse, root: SyntaxKind) -> Built {
    STACKS.with_borrow_mut(|stacks| {
        let nodes = parse.main.nodes.len()
            + parse.heredocs.iter().map(|h| h.nodes.len()).sum::<usize>()
            + 1;
        let tokens = lexed.tokens.len()
            + lexed
                .heredoc_bodies
                .iter()
                .map(|b| b.tokens.len())
                .sum::<usize>();
        let sink = TreeSink {
            offset: 0,
            builder: Builder {
                tree: Tree {
                    text: text.into(),
                    nodes: Vec::with_capacity(nodes),
                    tokens: Vec::with_capacity(tokens),
                    children: Vec::with_capacity(nodes + tokens),
                    root: 0,
                },
                parents: std::mem::take(&mut stacks.parents),
                children: std::mem::take(&mut stacks.children),
            },
            too_deep_at: None,
            depth: 0,
        };
        sink.build(lexed, parse, root, stacks)
    })
}

impl TreeSink {
    fn build(
        mut self,
        lexed: &Lexed,
        parse: &FileParse,
        root: SyntaxKind,
        stacks: &mut Stacks,
    ) -> Built {
        self.builder.start_node(root);
        let mut bottom_up = std::mem::take(&mut stacks.bottom_up);
        let bodies = (&lexed.heredoc_bodies[..], &parse.heredocs[..]);
        let built = self.bottom_up(&lexed.tokens, &parse.main, Some(bodies), &mut bottom_up);
        bottom_up.sig_at.clear();
        bottom_up.nodes.clear();
        stacks.bottom_up = bottom_up;
        if built.is_some() {
            return Built {
                too_deep_at: None,
                tree: self.builder.finish_root(stacks),
            };
        }
        // Too deep (or records that do not nest): built again top-down, which
        // flattens the nodes nested too deep. What was built is dropped.
        self.builder.restart();
        self.offset = 0;
        self.stream(&lexed.tokens, &parse.main, &mut |sink, raw_index| {
            let body = lexed
                .heredoc_bodies
                .iter()
                .position(|b| b.raw_token == raw_index)?;
            let sub = &parse.heredocs[body];
            sink.builder.start_node(SyntaxKind::HEREDOC_BODY);
            sink.stream(&lexed.heredoc_bodies[body].tokens, sub, &mut |_, _| None);
            sink.builder.finish_node();
            Some(())
        });
        Built {
            too_deep_at: self.too_deep_at,
            tree: self.builder.finish_root(stacks),
        }
    }
}

struct TreeSink {
    offset: usize,
    builder: Builder,
    too_deep_at: Option<usize>,
    depth: usize,
}

/// The stacks a thread builds its trees with.
#[derive(Default)]
struct Stacks {
    /// Open nodes: kind and index of their first child in `children`.
    parents: Vec<(SyntaxKind, usize)>,
    /// The elements not yet taken by a parent, in text order.
    children: Vec<ElementId>,
    /// The stacks of [`TreeSink::bottom_up`].
    bottom_up: BottomUp,
}

/// Builds a [`Tree`] from start/finish and token events (as rowan's `GreenNodeBuilder`
/// builds a green tree), or bottom-up: [`Builder::node_of`] makes a node of the last
/// elements.
struct Builder {
    tree: Tree,
    parents: Vec<(SyntaxKind, usize)>,
    children: Vec<ElementId>,
}

impl Builder {
    fn start_node(&mut self, kind: SyntaxKind) {
        self.parents.push((kind, self.children.len()));
    }

    /// A token of `kind`: the text `at`.
    #[inline(always)]
    fn token(&mut self, kind: SyntaxKind, at: std::ops::Range<usize>) {
        let id = self.tree.tokens.len() as u32;
        self.tree.tokens.push(TokenData {
            kind,
            offset: at.start as u32,
            len: (at.end - at.start) as u32,
        });
        self.children.push(id);
    }

    fn finish_node(&mut self) {
        let (kind, first) = self.parents.pop().expect("finish_node without start_node");
        self.node_of(kind, first);
    }

    /// A node of `kind` whose children are the elements from `first` on. (The
    /// elements cover the text up to here without a gap, so an empty node starts
    /// where the element before it ends.)
    fn node_of(&mut self, kind: SyntaxKind, first: usize) {
        let tree = &mut self.tree;
        let own = &self.children[first..];
        let start = match (own.first(), first.checked_sub(1)) {
            (Some(&id), _) => tree.span(id).0,
            (None, Some(before)) => tree.span(self.children[before]).1,
            (None, None) => 0,
        };
        let end = own.last().map_or(start, |&id| tree.span(id).1);
        let at = tree.children.len() as u32;
        tree.children.extend_from_slice(own);
        let id = tree.nodes.len() as u32;
        tree.nodes.push(NodeData {
            kind,
            offset: start,
            len: end - start,
            first: at,
            end: tree.children.len() as u32,
        });
        self.children.truncate(first);
        self.children.push(id | NODE);
    }

    /// Drops what was built: the root is open again, with no children.
    fn restart(&mut self) {
        self.children.clear();
        self.parents.truncate(1);
        self.tree.nodes.clear();
        self.tree.tokens.clear();
        self.tree.children.clear();
    }

    /// Finishes the last open node, the root, and returns the tree; the stacks go
    /// back to `stacks`.
    fn finish_root(mut self, stacks: &mut Stacks) -> Tree {
        self.finish_node();
        let root = match self.children.pop() {
            Some(id) if id & NODE != 0 && self.children.is_empty() => id & !NODE,
            _ => unreachable!("the root is the only element left"),
        };
        debug_assert!(self.parents.is_empty());
        self.tree.root = root;
        stacks.parents = self.parents;
        stacks.children = self.children;
        self.tree
    }
}

/// Puts node records, which LR reductions produce bottom-up (children before their
/// parent, siblings left to right), in pre-order, in linear time: a record adopts the
/// records before it that lie within its range.
fn preorder(nodes: &[NodeRecord]) -> Vec<NodeRecord> {
    const NONE: u32 = u32::MAX;
    let mut first_child = vec![NONE; nodes.len()];
    let mut next_sibling = vec![NONE; nodes.len()];
    let mut stack: Vec<u32> = Vec::with_capacity(64);
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
    let mut todo: Vec<u32> = Vec::with_capacity(64);
    todo.extend(stack.into_iter().rev());
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

/// A node built bottom-up: where it stands among the builder's children, the end of
/// its range of significant tokens, and the number of node records on the longest path
/// down from it.
#[derive(Clone, Copy)]
struct Built1 {
    at: u32,
    end: u32,
    height: u32,
}

/// The heredoc bodies of the main stream and their parses.
type Bodies<'a> = (&'a [HeredocBody], &'a [StreamParse]);

/// The bottom-up build's stacks (kept from file to file, empty).
#[derive(Default)]
struct BottomUp {
    /// For each significant token of the streams being built, where it went among the
    /// builder's children: a record's children start there.
    sig_at: Vec<u32>,
    /// The nodes built and not yet taken by a parent, in order.
    nodes: Vec<Built1>,
}

impl TreeSink {
    /// Builds the nodes of one stream bottom-up, in the order the grammar reduced them
    /// (children before their parent, siblings left to right): a record takes the
    /// elements pushed since its first significant token, after the tokens up to its
    /// last one are pushed. Trivia before that first token stays with the parent,
    /// trivia after the last one is pushed later: the tree is the one [`Self::stream`]
    /// builds top-down, without putting the records in pre-order first.
    ///
    /// Returns the height of the stream's records, or `None` when a record is nested
    /// more than [`MAX_DEPTH`] deep (the top-down build flattens those) or crosses
    /// another one (which LR reductions cannot do).
    fn bottom_up(
        &mut self,
        tokens: &[Token],
        parse: &StreamParse,
        bodies: Option<Bodies<'_>>,
        stacks: &mut BottomUp,
    ) -> Option<u32> {
        let sig = &parse.significant;
        let base = stacks.sig_at.len();
        let floor = stacks.nodes.len();
        let (mut raw, mut height) = (0usize, 0u32);
        for rec in &parse.nodes {
            let (start, end) = (rec.start, rec.end);
            let to = *sig.get((end as usize).checked_sub(1)?)? as usize + 1;
            if to > raw {
                self.push_tokens(tokens, sig, base, raw..to, bodies, stacks)?;
                raw = to;
            }
            let first = *stacks.sig_at.get(base + start as usize)?;
            let mut below = 0;
            while let Some(node) = stacks.nodes[floor..].last() {
                if node.at < first {
                    if node.end > start {
                        return None;
                    }
                    break;
                }
                if node.end > end {
                    return None;
                }
                below = below.max(node.height);
                stacks.nodes.pop();
            }
            let h = below + 1;
            if h as usize > MAX_DEPTH {
                return None;
            }
            height = height.max(h);
            self.builder.node_of(rec.kind, first as usize);
            stacks.nodes.push(Built1 {
                at: first,
                end,
                height: h,
            });
        }
        self.push_tokens(tokens, sig, base, raw..tokens.len(), bodies, stacks)?;
        stacks.sig_at.truncate(base);
        stacks.nodes.truncate(floor);
        Some(height)
    }

    /// Pushes raw tokens `at` (a heredoc body node in place of its `HEREDOC_RAW`
    /// token), noting where the significant ones went.
    fn push_tokens(
        &mut self,
        tokens: &[Token],
        sig: &[u32],
        base: usize,
        at: std::ops::Range<usize>,
        bodies: Option<Bodies<'_>>,
        stacks: &mut BottomUp,
    ) -> Option<()> {
        let run = tokens.get(at.clone())?;
        for (i, token) in at.zip(run) {
            if token.kind == SyntaxKind::HEREDOC_RAW {
                if let Some((bodies, parses)) = bodies {
                    if let Some(b) = bodies.iter().position(|b| b.raw_token == i) {
                        let body_at = self.builder.children.len() as u32;
                        self.builder.start_node(SyntaxKind::HEREDOC_BODY);
                        let height =
                            self.bottom_up(&bodies[b].tokens, parses.get(b)?, None, stacks)?;
                        self.builder.finish_node();
                        // Trivia of the main stream: it ends before the next
                        // significant token, and no later record crosses it.
                        let next = (stacks.sig_at.len() - base) as u32;
                        stacks.nodes.push(Built1 {
                            at: body_at,
                            end: next,
                            height,
                        });
                        continue;
                    }
                }
            }
            if sig.get(stacks.sig_at.len() - base) == Some(&(i as u32)) {
                stacks.sig_at.push(self.builder.children.len() as u32);
            }
            let len = token.len as usize;
            let at = self.offset..self.offset + len;
            self.builder.token(token.kind, at);
            self.offset += len;
        }
        Some(())
    }
}

/// Called for every raw token; returns Some if it emitted something in its place.
type Splice<'f> = dyn FnMut(&mut TreeSink, usize) -> Option<()> + 'f;

impl TreeSink {
    fn stream(&mut self, tokens: &[Token], parse: &StreamParse, splice: &mut Splice<'_>) {
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
        let mut open: Vec<(u32, bool)> = Vec::with_capacity(64);
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
                self.builder.start_node(rec.kind);
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
    /// Inlined for the empty runs, a quarter of the calls (nodes that start or end
    /// together).
    #[inline(always)]
    fn tokens(
        &mut self,
        tokens: &[Token],
        from: usize,
        to: usize,
        splice: &mut Splice<'_>,
    ) -> usize {
        if to <= from {
            return from;
        }
        self.token_run(tokens, from, to, splice)
    }

    #[inline(never)]
    fn token_run(
        &mut self,
        tokens: &[Token],
        from: usize,
        to: usize,
        splice: &mut Splice<'_>,
    ) -> usize {
        let run = tokens.get(from..to.min(tokens.len())).unwrap_or_default();
        for (i, token) in (from..).zip(run) {
            let len = token.len as usize;
            if token.kind == SyntaxKind::HEREDOC_RAW && splice(self, i).is_some() {
                continue; // the spliced tokens advanced `offset`
            }
            let at = self.offset..self.offset + len;
            self.builder.token(token.kind, at);
            self.offset += len;
        }
        to.max(from)
    }
}
