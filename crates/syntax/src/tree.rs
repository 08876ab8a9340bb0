//! The tree sink: walks the full token list (trivia included) together with the node
//! records of the grammar and builds the lossless rowan tree.
//!
//! Records are ranges of significant tokens. Sorted by (start, longest first, latest
//! reduced first) they come in pre-order, because LR reductions nest. Trivia before a
//! node's first token goes to the enclosing node; trivia after its last token too.

use crate::kind::SyntaxKind;
use crate::lexer::{HeredocBody, Lexed, Token};
use crate::parser::{FileParse, NodeRecord, StreamParse};
use rowan::{GreenNode, GreenToken, NodeOrToken};

/// Nodes nested deeper than this are flattened into their parent, and the parse
/// reports an error: a deep input must not exhaust the stack of later passes.
pub const MAX_DEPTH: usize = 256;

pub(crate) struct Built {
    pub green: GreenNode,
    /// Byte offset of a node record that was too deep, if any.
    pub too_deep_at: Option<usize>,
}

thread_local! {
    /// A thread keeps its cache from file to file, so the tokens and leaf nodes
    /// manifests share (`=>`, `ensure`, ` `, `$name`) are mostly built once per thread.
    static CACHE: std::cell::RefCell<GreenCache> = std::cell::RefCell::new(GreenCache::new());
}

pub(crate) fn build(text: &str, lexed: &Lexed, parse: &FileParse, root: SyntaxKind) -> Built {
    CACHE.with_borrow_mut(|cache| {
        // The builder's stacks are the thread's, kept from file to file (empty).
        let parents = std::mem::take(&mut cache.parents);
        let children = std::mem::take(&mut cache.children);
        let sink = TreeSink {
            text,
            offset: 0,
            builder: Builder {
                cache,
                parents,
                children,
            },
            too_deep_at: None,
            depth: 0,
        };
        sink.build(lexed, parse, root)
    })
}

impl TreeSink<'_, '_> {
    fn build(mut self, lexed: &Lexed, parse: &FileParse, root: SyntaxKind) -> Built {
        self.builder.start_node(root);
        let mut stacks = std::mem::take(&mut self.builder.cache.bottom_up);
        let bodies = (&lexed.heredoc_bodies[..], &parse.heredocs[..]);
        let built = self.bottom_up(&lexed.tokens, &parse.main, Some(bodies), &mut stacks);
        stacks.sig_at.clear();
        stacks.nodes.clear();
        self.builder.cache.bottom_up = stacks;
        if built.is_some() {
            return Built {
                too_deep_at: None,
                green: self.builder.finish_root(),
            };
        }
        // Too deep (or records that do not nest): built again top-down, which
        // flattens the nodes nested too deep. What was built is dropped.
        self.builder.children.clear();
        self.builder.parents.truncate(1);
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
            green: self.builder.finish_root(),
        }
    }
}

struct TreeSink<'t, 'c> {
    text: &'t str,
    offset: usize,
    builder: Builder<'c>,
    too_deep_at: Option<usize>,
    depth: usize,
}

type GreenElement = NodeOrToken<GreenNode, GreenToken>;

/// Builds green trees as rowan's `GreenNodeBuilder` does, with a cheaper cache than
/// rowan's `NodeCache`, which hashes every token and small node into a growing table
/// (a third of the tree building time). Here a token is looked up in one slot of a
/// fixed table, chosen by a hash of its kind, length and first and last bytes, and a
/// node of at most [`NODE_CACHE_MAX_CHILDREN`] children by the identity of its
/// children. A miss builds the element and replaces the slot's: the cache is a
/// bounded, lossy memo, and sharing never changes the tree a parse returns.
struct Builder<'c> {
    cache: &'c mut GreenCache,
    /// Open nodes: kind and index of their first child in `children`.
    parents: Vec<(SyntaxKind, usize)>,
    children: Vec<GreenElement>,
}

impl Builder<'_> {
    fn start_node(&mut self, kind: SyntaxKind) {
        self.parents.push((kind, self.children.len()));
    }

    /// A token of `kind`: `src[at]`.
    #[inline(always)]
    fn token(&mut self, kind: SyntaxKind, src: &str, at: std::ops::Range<usize>) {
        let token = self.cache.token(kind, src, at);
        self.children.push(NodeOrToken::Token(token));
    }

    fn finish_node(&mut self) {
        let (kind, first) = self.parents.pop().expect("finish_node without start_node");
        self.node_of(kind, first);
    }

    /// A node of `kind` whose children are the elements from `first` on.
    fn node_of(&mut self, kind: SyntaxKind, first: usize) {
        let node = self.cache.node(kind, &mut self.children, first);
        self.children.push(NodeOrToken::Node(node));
    }

    /// Finishes the last open node, the root, and returns it.
    fn finish_root(mut self) -> GreenNode {
        self.finish_node();
        let root = match self.children.pop() {
            Some(NodeOrToken::Node(node)) if self.children.is_empty() => node,
            _ => unreachable!("the root is the only element left"),
        };
        debug_assert!(self.parents.is_empty());
        self.cache.parents = self.parents;
        self.cache.children = self.children;
        root
    }
}

/// Token slots (a power of two). Whitespace has a few hundred distinct texts in the
/// Debian corpus, names and variables a few thousand per module.
const TOKEN_SLOTS: usize = 1 << 14;
/// One-byte token slots (a power of two): a kind's (ASCII) bytes are next to each
/// other, and kinds 32 apart share slots.
const ONE_BYTE_SLOTS: usize = 1 << 12;
/// Node slots (a power of two).
const NODE_SLOTS: usize = 1 << 13;
/// Nodes with more children than this are not looked up: few are alike.
const NODE_CACHE_MAX_CHILDREN: usize = 3;

struct GreenCache {
    tokens: Vec<Option<GreenToken>>,
    /// Tokens of one byte, by kind and byte.
    one_byte: Vec<Option<GreenToken>>,
    nodes: Vec<Option<GreenNode>>,
    /// The [`Builder`]'s stacks between two files (empty, with their capacity).
    parents: Vec<(SyntaxKind, usize)>,
    children: Vec<GreenElement>,
    /// The stacks of [`TreeSink::bottom_up`].
    bottom_up: BottomUp,
}

impl GreenCache {
    fn new() -> GreenCache {
        GreenCache {
            tokens: vec![None; TOKEN_SLOTS],
            one_byte: vec![None; ONE_BYTE_SLOTS],
            nodes: vec![None; NODE_SLOTS],
            parents: Vec::new(),
            children: Vec::new(),
            bottom_up: BottomUp::default(),
        }
    }

    /// The token of `kind` whose text is `src[at]`. (The text is compared as bytes and
    /// only sliced as a `str`, which checks its ends, to build a token.)
    #[inline(always)]
    fn token(&mut self, kind: SyntaxKind, src: &str, at: std::ops::Range<usize>) -> GreenToken {
        let raw = rowan::SyntaxKind(kind as u16);
        let bytes = &src.as_bytes()[at.clone()];
        let slot = match *bytes {
            // Half the tokens are one byte (a space, a comma, a brace): their slot is
            // chosen by the kind and the byte, without hashing.
            [b] => &mut self.one_byte[one_byte_slot(kind, b)],
            _ => &mut self.tokens[token_slot(kind, bytes)],
        };
        if let Some(token) = slot {
            if token.kind() == raw && same_bytes(token.text().as_bytes(), bytes) {
                return token.clone();
            }
        }
        let token = GreenToken::new(raw, &src[at]);
        *slot = Some(token.clone());
        token
    }

    /// The node of `kind` whose children are `children[first..]` (which it takes).
    fn node(
        &mut self,
        kind: SyntaxKind,
        children: &mut Vec<GreenElement>,
        first: usize,
    ) -> GreenNode {
        let raw = rowan::SyntaxKind(kind as u16);
        let own = &children[first..];
        if own.is_empty() || own.len() > NODE_CACHE_MAX_CHILDREN {
            return GreenNode::new(raw, children.drain(first..));
        }
        let mut hash = kind as u64;
        for child in own {
            hash = (hash.rotate_left(5) ^ owned_id(child)).wrapping_mul(SEED);
        }
        let slot = &mut self.nodes[(hash >> (64 - NODE_SLOTS.trailing_zeros())) as usize];
        if let Some(node) = slot {
            if node.kind() == raw
                && node.children().len() == own.len()
                && node
                    .children()
                    .zip(own)
                    .all(|(a, b)| element_id(a) == owned_id(b))
            {
                let node = node.clone();
                children.truncate(first);
                return node;
            }
        }
        let node = GreenNode::new(raw, children.drain(first..));
        *slot = Some(node.clone());
        node
    }
}

/// A green element's identity. A node in the cache holds its children, so no other
/// element can have the same address while the node is there.
fn element_id(element: NodeOrToken<&rowan::GreenNodeData, &rowan::GreenTokenData>) -> u64 {
    match element {
        NodeOrToken::Node(node) => node as *const rowan::GreenNodeData as usize as u64,
        NodeOrToken::Token(token) => token as *const rowan::GreenTokenData as usize as u64,
    }
}

fn owned_id(element: &GreenElement) -> u64 {
    match element {
        NodeOrToken::Node(node) => element_id(NodeOrToken::Node(node)),
        NodeOrToken::Token(token) => element_id(NodeOrToken::Token(token)),
    }
}

/// `a == b`, for the short texts most tokens have without a call to `memcmp`: two
/// overlapping loads compare up to twice their width.
#[inline]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    fn ends<const N: usize>(t: &[u8]) -> ([u8; N], [u8; N]) {
        match (t.first_chunk::<N>(), t.last_chunk::<N>()) {
            (Some(head), Some(tail)) => (*head, *tail),
            _ => unreachable!("the caller checked the length"),
        }
    }
    match a.len() {
        n if n != b.len() => false,
        0 => true,
        1 => a[0] == b[0],
        2..=3 => ends::<2>(a) == ends::<2>(b),
        4..=7 => ends::<4>(a) == ends::<4>(b),
        8..=16 => ends::<8>(a) == ends::<8>(b),
        _ => a == b,
    }
}

/// The multiplier of FxHash.
const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

fn one_byte_slot(kind: SyntaxKind, byte: u8) -> usize {
    ((kind as usize) << 7 | usize::from(byte)) & (ONE_BYTE_SLOTS - 1)
}

/// A token's slot: a hash of its kind, its length and its first and last eight bytes
/// (or four, or two, or the one byte, for shorter texts).
fn token_slot(kind: SyntaxKind, text: &[u8]) -> usize {
    let n = text.len();
    let (head, tail) = if let (Some(head), Some(tail)) = (text.first_chunk(), text.last_chunk()) {
        (u64::from_le_bytes(*head), u64::from_le_bytes(*tail))
    } else if let (Some(head), Some(tail)) = (text.first_chunk(), text.last_chunk()) {
        (
            u64::from(u32::from_le_bytes(*head)),
            u64::from(u32::from_le_bytes(*tail)),
        )
    } else if let (Some(head), Some(tail)) = (text.first_chunk(), text.last_chunk()) {
        (
            u64::from(u16::from_le_bytes(*head)),
            u64::from(u16::from_le_bytes(*tail)),
        )
    } else {
        (text.first().map_or(0, |&b| u64::from(b)), 0)
    };
    let hash = ((kind as u64) << 32 | n as u64)
        .wrapping_mul(SEED)
        .rotate_left(5)
        ^ head;
    let hash = (hash.wrapping_mul(SEED).rotate_left(5) ^ tail).wrapping_mul(SEED);
    (hash >> (64 - TOKEN_SLOTS.trailing_zeros())) as usize
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

impl TreeSink<'_, '_> {
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
            self.builder.token(token.kind, self.text, at);
            self.offset += len;
        }
        Some(())
    }
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
        splice: &mut Splice<'_, 't, 'c>,
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
        splice: &mut Splice<'_, 't, 'c>,
    ) -> usize {
        let run = tokens.get(from..to.min(tokens.len())).unwrap_or_default();
        for (i, token) in (from..).zip(run) {
            let len = token.len as usize;
            if token.kind == SyntaxKind::HEREDOC_RAW && splice(self, i).is_some() {
                continue; // the spliced tokens advanced `offset`
            }
            let at = self.offset..self.offset + len;
            self.builder.token(token.kind, self.text, at);
            self.offset += len;
        }
        to.max(from)
    }
}
