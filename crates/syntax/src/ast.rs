//! Typed views over the syntax tree.
//!
//! The views walk the parse's flat tree (`tree::Tree`), not rowan's red `SyntaxNode`s:
//! [`Node`] and [`Token`] are an index into it, borrowed from the
//! [`Parse`](crate::Parse), so walking allocates nothing (a red node is allocated for
//! every node visited, and lowering visits every node several times).
//!
//! Each node kind gets a wrapper (`IfExpr(Node)`) made by [`ast_nodes!`], with
//! `Option`-returning accessors: a tree with syntax errors simply has missing parts.
//! Accessors look at direct children only. [`Expr`] covers every expression node kind,
//! [`Stmt`] what may stand in a statement list, [`Argument`] what may stand in an
//! argument, access-key or array-entry list (an expression or a bare `k => v` pair).
//! Tokens are plain [`Token`]s (`name_token`, `op_token`, ...).

use crate::kind::SyntaxKind::{self, *};
use crate::tree::{Tree, NODE};
use crate::{TextRange, TextSize};
use rowan::NodeOrToken;
use std::marker::PhantomData;

/// A node of a file's tree.
#[derive(Clone, Copy)]
pub struct Node<'a> {
    tree: &'a Tree,
    id: u32,
}

/// A token of a file's tree.
#[derive(Clone, Copy)]
pub struct Token<'a> {
    tree: &'a Tree,
    id: u32,
}

/// A child of a node: a node or a token.
pub type Element<'a> = NodeOrToken<Node<'a>, Token<'a>>;

impl<'a> Node<'a> {
    /// The root of a tree.
    pub(crate) fn root(tree: &'a Tree) -> Node<'a> {
        Node {
            tree,
            id: tree.root(),
        }
    }

    pub fn kind(self) -> SyntaxKind {
        self.tree.node(self.id).kind
    }

    pub fn text_range(self) -> TextRange {
        let n = self.tree.node(self.id);
        TextRange::at(TextSize::from(n.offset), TextSize::from(n.len))
    }

    /// The text of the node, trivia inside it included.
    pub fn text(self) -> String {
        self.text_str().to_string()
    }

    /// The text of the node, borrowed.
    pub fn text_str(self) -> &'a str {
        self.tree.node_text(self.id)
    }

    /// The direct children, tokens included.
    pub fn children_with_tokens(self) -> Elements<'a> {
        Elements {
            tree: self.tree,
            inner: self.tree.children(self.id).iter(),
        }
    }

    /// The direct child nodes.
    pub fn children(self) -> impl Iterator<Item = Node<'a>> {
        self.children_with_tokens()
            .filter_map(NodeOrToken::into_node)
    }

    /// The direct child tokens.
    pub fn tokens(self) -> impl Iterator<Item = Token<'a>> {
        self.children_with_tokens()
            .filter_map(NodeOrToken::into_token)
    }

    /// Every token under the node, in order.
    pub fn descendant_tokens(self) -> impl Iterator<Item = Token<'a>> {
        let mut stack = vec![self.children_with_tokens()];
        std::iter::from_fn(move || loop {
            match stack.last_mut()?.next() {
                Some(NodeOrToken::Token(token)) => return Some(token),
                Some(NodeOrToken::Node(node)) => stack.push(node.children_with_tokens()),
                None => {
                    stack.pop();
                }
            }
        })
    }
}

impl std::fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}@{:?}", self.kind(), self.text_range())
    }
}

/// The same node of the same tree.
impl PartialEq for Node<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.tree, other.tree) && self.id == other.id
    }
}

impl Eq for Node<'_> {}

impl<'a> Token<'a> {
    pub fn kind(self) -> SyntaxKind {
        self.tree.token(self.id).kind
    }

    pub fn text(self) -> &'a str {
        self.tree.token_text(self.id)
    }

    pub fn text_range(self) -> TextRange {
        let t = self.tree.token(self.id);
        TextRange::at(TextSize::from(t.offset), TextSize::from(t.len))
    }
}

impl std::fmt::Debug for Token<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?}@{:?} {:?}",
            self.kind(),
            self.text_range(),
            self.text()
        )
    }
}

/// The children of a node.
#[derive(Clone)]
pub struct Elements<'a> {
    tree: &'a Tree,
    inner: std::slice::Iter<'a, u32>,
}

impl<'a> Iterator for Elements<'a> {
    type Item = Element<'a>;
    #[inline]
    fn next(&mut self) -> Option<Element<'a>> {
        let &id = self.inner.next()?;
        let tree = self.tree;
        Some(if id & NODE != 0 {
            NodeOrToken::Node(Node {
                tree,
                id: id & !NODE,
            })
        } else {
            NodeOrToken::Token(Token { tree, id })
        })
    }
}

/// A typed view of a syntax node.
pub trait AstNode<'a>: Sized {
    fn can_cast(kind: SyntaxKind) -> bool;
    fn cast(node: Node<'a>) -> Option<Self>;
    fn syntax(&self) -> Node<'a>;
}

/// The children of a node that cast to `N`, in order.
#[derive(Clone)]
pub struct AstChildren<'a, N> {
    inner: Elements<'a>,
    _ty: PhantomData<N>,
}

impl<'a, N: AstNode<'a>> Iterator for AstChildren<'a, N> {
    type Item = N;
    fn next(&mut self) -> Option<N> {
        self.inner.find_map(|e| e.into_node().and_then(N::cast))
    }
}

mod support {
    use super::*;

    pub(super) fn child<'a, N: AstNode<'a>>(parent: Node<'a>) -> Option<N> {
        children(parent).next()
    }

    pub(super) fn nth_child<'a, N: AstNode<'a>>(parent: Node<'a>, n: usize) -> Option<N> {
        children(parent).nth(n)
    }

    pub(super) fn children<'a, N: AstNode<'a>>(parent: Node<'a>) -> AstChildren<'a, N> {
        AstChildren {
            inner: parent.children_with_tokens(),
            _ty: PhantomData,
        }
    }

    /// The first direct child token of one of `kinds`.
    pub(super) fn token<'a>(parent: Node<'a>, kinds: &[SyntaxKind]) -> Option<Token<'a>> {
        parent.tokens().find(|t| kinds.contains(&t.kind()))
    }
}

/// One accessor. `[T]`: all children of type T; `(T, n)`: the n-th child of type T;
/// `{A | B}`: the first direct token of kind A or B; `T`: the first child of type T.
macro_rules! accessor {
    ($field:ident: [$ty:ident]) => {
        pub fn $field(&self) -> AstChildren<'a, $ty<'a>> {
            support::children(self.0)
        }
    };
    ($field:ident: ($ty:ident, $n:literal)) => {
        pub fn $field(&self) -> Option<$ty<'a>> {
            support::nth_child(self.0, $n)
        }
    };
    ($field:ident: {$($kind:ident)|+}) => {
        pub fn $field(&self) -> Option<Token<'a>> {
            support::token(self.0, &[$($kind),+])
        }
    };
    ($field:ident: $ty:ident) => {
        pub fn $field(&self) -> Option<$ty<'a>> {
            support::child(self.0)
        }
    };
}

/// Declares node wrappers: `Name = KIND { accessor: spec, ... }` (see [`accessor!`]).
macro_rules! ast_nodes {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident = $kind:ident { $($field:ident: $spec:tt),* $(,)? }
    )*) => {$(
        $(#[doc = $doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name<'a>(Node<'a>);

        impl<'a> AstNode<'a> for $name<'a> {
            fn can_cast(kind: SyntaxKind) -> bool {
                kind == $kind
            }
            fn cast(node: Node<'a>) -> Option<Self> {
                Self::can_cast(node.kind()).then_some($name(node))
            }
            fn syntax(&self) -> Node<'a> {
                self.0
            }
        }

        impl<'a> $name<'a> {
            $(accessor!($field: $spec);)*
        }
    )*};
}

/// Declares an enum over node wrappers, one variant per wrapper of the same name.
macro_rules! ast_enum {
    ($(#[doc = $doc:literal])* $name:ident { $($variant:ident),* $(,)? }) => {
        $(#[doc = $doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name<'a> {
            $($variant($variant<'a>),)*
        }

        impl<'a> AstNode<'a> for $name<'a> {
            fn can_cast(kind: SyntaxKind) -> bool {
                $($variant::can_cast(kind))||*
            }
            fn cast(node: Node<'a>) -> Option<Self> {
                let kind = node.kind();
                $(if $variant::can_cast(kind) {
                    return Some($name::$variant($variant(node)));
                })*
                None
            }
            fn syntax(&self) -> Node<'a> {
                match self {
                    $($name::$variant(it) => it.syntax(),)*
                }
            }
        }
    };
}

ast_nodes! {
    /// A manifest: its statements.
    SourceFile = SOURCE_FILE { statements: [Stmt] }
    /// An EPP template: its parameter tag and its statements.
    EppFile = EPP_FILE { params: EppParams, statements: [Stmt] }
    /// `|$a, $b|` at the start of a template.
    EppParams = EPP_PARAMS { params: [Param] }
    /// `{ statements }`
    Block = BLOCK { statements: [Stmt] }
    /// `a, b, c` standing as a statement (the arguments of a call without parentheses).
    CommaList = COMMA_LIST { items: [Expr], comma: {COMMA} }

    /// `class name(params) inherits parent { body }`
    ClassDef = CLASS_DEF {
        name_token: {NAME | WORD | CLASSREF},
        param_list: ParamList,
        parent: ClassParent,
        body: Block,
    }
    /// `inherits name` (of a class)
    ClassParent = CLASS_PARENT { name_token: {NAME | WORD | CLASSREF | DEFAULT_KW} }
    /// `define name(params) { body }`
    DefineDef = DEFINE_DEF {
        name_token: {NAME | WORD | CLASSREF},
        param_list: ParamList,
        body: Block,
    }
    /// `node a, 'b', /c/, default inherits d { body }`
    NodeDef = NODE_DEF { matchers: [HostMatch], parent: NodeParent, body: Block }
    /// A dotted host name: `a.b.c`, `web01`.
    Hostname = HOSTNAME {}
    /// `inherits hostname` (of a node)
    NodeParent = NODE_PARENT { matcher: HostMatch }
    /// `function name(params) >> Type { body }`
    FunctionDef = FUNCTION_DEF {
        name_token: {NAME | WORD | CLASSREF},
        param_list: ParamList,
        return_type: ReturnType,
        body: Block,
    }
    /// `type Name = type expression` (`exprs`: the left side, then the right side, which
    /// is two expressions in `type Name = Parent { ... }`).
    TypeAlias = TYPE_ALIAS { exprs: [Expr] }
    /// `type Name inherits Parent { statements }`
    TypeDef = TYPE_DEF { type_refs: [TypeRef], l_brace: {L_BRACE} }
    /// `(params)` of a definition.
    ParamList = PARAM_LIST { params: [Param] }
    /// `Type *$name = default`
    Param = PARAM {
        variable: {VARIABLE},
        star: {STAR},
        eq: {EQ},
    }
    /// `>> Type`
    ReturnType = RETURN_TYPE { type_expr: Expr }

    /// `target = value`, `+=`, `-=`
    AssignmentExpr = ASSIGNMENT_EXPR {
        target: (Expr, 0),
        value: (Expr, 1),
        op_token: {EQ | APPENDS | DELETES},
    }
    /// `a -> b`, `~>`, `<-`, `<~`
    RelationshipExpr = RELATIONSHIP_EXPR {
        lhs: (Expr, 0),
        rhs: (Expr, 1),
        op_token: {IN_EDGE | IN_EDGE_SUB | OUT_EDGE | OUT_EDGE_SUB},
    }
    /// `@@type { title: attrs; ... }`, `class { 'x': }` (which has no type expression).
    ResourceExpr = RESOURCE_EXPR {
        type_expr: Expr,
        bodies: [ResourceBody],
        form_token: {AT | ATAT},
        class_kw: {CLASS_KW},
    }
    /// `title: attrs`
    ResourceBody = RESOURCE_BODY { title: Expr, ops: [AttributeOperation] }
    /// `X { attrs }`: resource defaults, an override, or (Puppet 3 style) a name and a hash.
    AttributeBlockExpr = ATTRIBUTE_BLOCK_EXPR {
        target: Expr,
        ops: [AttributeOperation],
        l_brace: {L_BRACE},
        r_brace: {R_BRACE},
    }
    /// `name => value`, `name +> value`
    AttributeOp = ATTRIBUTE_OP { value: Expr, op_token: {FARROW | PARROW} }
    /// `* => hash`
    AttributeSplat = ATTRIBUTE_SPLAT { value: Expr }
    /// `Type <| query |> { attrs }`, `<<| |>>`
    CollectExpr = COLLECT_EXPR {
        type_expr: Expr,
        query: CollectQuery,
        ops: [AttributeOperation],
    }
    /// `<| expr |>` or `<<| expr |>>`
    CollectQuery = COLLECT_QUERY { expr: Expr, exported: {LLCOLLECT} }

    /// `lhs op rhs` for the operators of expressions.
    BinaryExpr = BINARY_EXPR { lhs: (Expr, 0), rhs: (Expr, 1) }
    /// `!expr`, `-expr`
    UnaryExpr = UNARY_EXPR { expr: Expr, op_token: {BANG | MINUS} }
    /// `*expr`
    SplatExpr = SPLAT_EXPR { expr: Expr }
    /// `(expr)`
    ParenExpr = PAREN_EXPR { expr: Expr }
    /// `subject ? { matcher => value, ... }`
    SelectorExpr = SELECTOR_EXPR { subject: Expr, entries: [SelectorEntry] }
    /// `matcher => value` in a selector
    SelectorEntry = SELECTOR_ENTRY { matcher: (Expr, 0), value: (Expr, 1) }
    /// `target[keys]`
    AccessExpr = ACCESS_EXPR { target: Expr }
    /// `callee(args) |params| { body }`, `type(args)`
    CallExpr = CALL_EXPR {
        callee: Expr,
        type_kw: {TYPE_KW},
        args: ArgList,
        lambda: Lambda,
    }
    /// `receiver.name(args) |params| { body }`
    MethodCallExpr = METHOD_CALL_EXPR {
        receiver: Expr,
        name_token: {NAME | TYPE_KW},
        args: ArgList,
        lambda: Lambda,
    }
    /// `(args)`
    ArgList = ARG_LIST { args: [Argument] }
    /// `|params| >> Type { body }`
    Lambda = LAMBDA { params: [Param], return_type: ReturnType, body: Block }
    /// `if cond { } elsif ... else { }`
    IfExpr = IF_EXPR {
        cond: Expr,
        then_block: Block,
        elsif_clause: ElsifClause,
        else_clause: ElseClause,
    }
    /// `elsif cond { } ...`
    ElsifClause = ELSIF_CLAUSE {
        cond: Expr,
        then_block: Block,
        elsif_clause: ElsifClause,
        else_clause: ElseClause,
    }
    /// `else { }`
    ElseClause = ELSE_CLAUSE { block: Block }
    /// `unless cond { } else { }`
    UnlessExpr = UNLESS_EXPR { cond: Expr, then_block: Block, else_clause: ElseClause }
    /// `case subject { options }`
    CaseExpr = CASE_EXPR { subject: Expr, options: [CaseOption] }
    /// `values: { body }`
    CaseOption = CASE_OPTION { values: [Expr], body: Block }

    /// A literal token: a number, `true`, `false`, `undef`, `default`, a regex, a
    /// single-quoted string, a bare word, or `type` / `function` as a value.
    Literal = LITERAL {}
    /// A bare name (`foo::bar`), or `attr` / `private`.
    NameExpr = NAME_EXPR {}
    /// A capitalised name: `File`, `Foo::Bar`.
    TypeRef = TYPE_REF { token: {CLASSREF} }
    /// `$x` (or, in `${x}`, the name the lexer turned into a variable).
    VariableExpr = VARIABLE_EXPR { token: {VARIABLE} }
    /// `"text $var ${expr}"`
    DqString = DQ_STRING {}
    /// `${ expr }` in a string
    Interpolation = INTERPOLATION { expr: Expr, close: {INTERP_CLOSE} }
    /// `@(TAG:syntax/escapes)`: the header; the text is in a `HeredocBody` elsewhere.
    HeredocExpr = HEREDOC_EXPR { header: {HEREDOC} }
    /// The lines of a heredoc, margin and end line included (as trivia tokens).
    HeredocBody = HEREDOC_BODY {}
    /// `[entries]`
    ArrayExpr = ARRAY_EXPR { entries: [Argument] }
    /// `{ k => v, ... }`
    HashExpr = HASH_EXPR { entries: [HashEntry] }
    /// `k => v`
    HashEntry = HASH_ENTRY { key: (Expr, 0), value: (Expr, 1) }
    /// Template text.
    RenderString = RENDER_STRING { text: {EPP_TEXT} }
    /// `<%= expr %>` or `<%= { statements } %>`
    RenderExpr = RENDER_EXPR { expr: Expr, block: Block }
}

impl<'a> BinaryExpr<'a> {
    /// The operator: the only significant direct token.
    pub fn op_token(&self) -> Option<Token<'a>> {
        first_significant_token(self.0)
    }
}

impl<'a> AccessExpr<'a> {
    /// The keys: every argument after the target.
    pub fn keys(&self) -> impl Iterator<Item = Argument<'a>> {
        support::children::<Argument>(self.0).skip(1)
    }
}

impl<'a> TypeDef<'a> {
    /// The statements between the braces, with the tokens between them, as
    /// [`Block::elements`] gives them.
    pub fn body_elements(&self) -> impl Iterator<Item = Element<'a>> {
        let body_start = self.l_brace().map(|t| t.text_range().end());
        self.0.children_with_tokens().filter(move |e| {
            let start = match e {
                NodeOrToken::Node(n) => n.text_range().start(),
                NodeOrToken::Token(t) => t.text_range().start(),
            };
            body_start.is_some_and(|b| start >= b)
        })
    }
}

impl<'a> Block<'a> {
    /// The children, tokens included: the statements and what stands between them.
    pub fn elements(&self) -> Elements<'a> {
        self.0.children_with_tokens()
    }
}

impl<'a> SourceFile<'a> {
    /// The children, tokens included: the statements and what stands between them.
    pub fn elements(&self) -> Elements<'a> {
        self.0.children_with_tokens()
    }
}

impl<'a> EppFile<'a> {
    /// The children, tokens included: the statements and what stands between them.
    pub fn elements(&self) -> Elements<'a> {
        self.0.children_with_tokens()
    }
}

/// A parameter's parts, as [`Param::parts`] finds them.
#[derive(Default)]
pub struct ParamParts<'a> {
    pub type_expr: Option<Expr<'a>>,
    pub star: Option<Token<'a>>,
    pub variable: Option<Token<'a>>,
    pub default_value: Option<Expr<'a>>,
}

impl<'a> Param<'a> {
    /// The type, the `*`, the variable and the default value in one walk over the
    /// children (each accessor walks them again): what `type_expr`, `star`, `variable`
    /// and `default_value` give.
    pub fn parts(&self) -> ParamParts<'a> {
        let mut parts = ParamParts::default();
        let mut type_expr = None;
        let mut after_eq = false;
        for element in self.0.children_with_tokens() {
            match element {
                NodeOrToken::Token(t) => match t.kind() {
                    STAR if parts.star.is_none() => parts.star = Some(t),
                    VARIABLE if parts.variable.is_none() => parts.variable = Some(t),
                    EQ => after_eq = true,
                    _ => {}
                },
                NodeOrToken::Node(n) => {
                    if parts.variable.is_none() && type_expr.is_none() {
                        type_expr = Expr::cast(n);
                    } else if after_eq && parts.default_value.is_none() {
                        parts.default_value = Expr::cast(n);
                    }
                }
            }
        }
        // A type is one written before a variable.
        parts.type_expr = type_expr.filter(|_| parts.variable.is_some());
        parts
    }

    /// The type, written before the variable.
    pub fn type_expr(&self) -> Option<Expr<'a>> {
        let var = self.variable()?.text_range().start();
        support::children::<Expr>(self.0).find(|e| e.syntax().text_range().end() <= var)
    }
    /// The default value, written after `=`.
    pub fn default_value(&self) -> Option<Expr<'a>> {
        let eq = self.eq()?.text_range().end();
        support::children::<Expr>(self.0).find(|e| e.syntax().text_range().start() >= eq)
    }
}

impl<'a> Hostname<'a> {
    /// The names and numbers of a dotted host name, dots left out.
    pub fn segments(&self) -> impl Iterator<Item = Token<'a>> {
        self.0
            .tokens()
            .filter(|t| matches!(t.kind(), NAME | NUMBER))
    }
}

impl<'a> Literal<'a> {
    pub fn token(&self) -> Option<Token<'a>> {
        first_significant_token(self.0)
    }
}

impl<'a> NameExpr<'a> {
    /// `NAME`, `ATTR_KW` or `PRIVATE_KW`.
    pub fn token(&self) -> Option<Token<'a>> {
        first_significant_token(self.0)
    }
}

impl<'a> AttributeOp<'a> {
    /// The attribute name: a name or a keyword.
    pub fn name_token(&self) -> Option<Token<'a>> {
        first_significant_token(self.0)
    }
}

impl<'a> CommaList<'a> {
    /// Every `,` separating the items.
    pub fn commas(&self) -> impl Iterator<Item = Token<'a>> {
        self.0.tokens().filter(|t| t.kind() == COMMA)
    }
}

fn first_significant_token(node: Node<'_>) -> Option<Token<'_>> {
    node.tokens().find(|t| !t.kind().is_trivia())
}

ast_enum! {
    /// Every expression node kind.
    Expr {
        Literal,
        NameExpr,
        TypeRef,
        VariableExpr,
        DqString,
        HeredocExpr,
        ArrayExpr,
        HashExpr,
        BinaryExpr,
        UnaryExpr,
        SplatExpr,
        ParenExpr,
        SelectorExpr,
        AccessExpr,
        CallExpr,
        MethodCallExpr,
        IfExpr,
        UnlessExpr,
        CaseExpr,
        AssignmentExpr,
        RelationshipExpr,
        ResourceExpr,
        AttributeBlockExpr,
        CollectExpr,
        ClassDef,
        DefineDef,
        NodeDef,
        FunctionDef,
        TypeAlias,
        TypeDef,
        RenderString,
        RenderExpr,
    }
}

ast_enum! {
    /// An attribute operation of a resource body, defaults, override or collector.
    AttributeOperation { AttributeOp, AttributeSplat }
}

ast_enum! {
    /// A node matcher: a dotted name, a string, a heredoc, a regex or `default`.
    HostMatch { Hostname, Literal, DqString, HeredocExpr }
}

ast_enum! {
    /// Parts of a double-quoted string or heredoc text other than the text itself.
    StrNode { VariableExpr, Interpolation }
}

/// What stands in a statement list: an expression, or a comma-separated list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stmt<'a> {
    Expr(Expr<'a>),
    CommaList(CommaList<'a>),
}

/// An entry of an argument list, access keys or an array: an expression, or a bare
/// `k => v` pair (Puppet folds adjacent pairs into one hash).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Argument<'a> {
    Expr(Expr<'a>),
    HashEntry(HashEntry<'a>),
}

impl<'a> AstNode<'a> for Stmt<'a> {
    fn can_cast(kind: SyntaxKind) -> bool {
        Expr::can_cast(kind) || CommaList::can_cast(kind)
    }
    fn cast(node: Node<'a>) -> Option<Self> {
        match CommaList::cast(node) {
            Some(list) => Some(Stmt::CommaList(list)),
            None => Expr::cast(node).map(Stmt::Expr),
        }
    }
    fn syntax(&self) -> Node<'a> {
        match self {
            Stmt::Expr(e) => e.syntax(),
            Stmt::CommaList(l) => l.syntax(),
        }
    }
}

impl<'a> AstNode<'a> for Argument<'a> {
    fn can_cast(kind: SyntaxKind) -> bool {
        Expr::can_cast(kind) || HashEntry::can_cast(kind)
    }
    fn cast(node: Node<'a>) -> Option<Self> {
        match HashEntry::cast(node) {
            Some(entry) => Some(Argument::HashEntry(entry)),
            None => Expr::cast(node).map(Argument::Expr),
        }
    }
    fn syntax(&self) -> Node<'a> {
        match self {
            Argument::Expr(e) => e.syntax(),
            Argument::HashEntry(h) => h.syntax(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(parse: &crate::Parse) -> SourceFile<'_> {
        SourceFile::cast(parse.root()).unwrap()
    }

    #[test]
    fn accessors_follow_the_tree() {
        let parse = crate::parse("if $a { 1 } elsif $b { 2 } else { 3 }\n$x = 1 + 2\n");
        let file = root(&parse);
        let stmts: Vec<Stmt> = file.statements().collect();
        assert_eq!(stmts.len(), 2);
        let Stmt::Expr(Expr::IfExpr(if_expr)) = &stmts[0] else {
            panic!("{stmts:?}")
        };
        assert_eq!(if_expr.cond().unwrap().syntax().text(), "$a");
        let elsif = if_expr.elsif_clause().unwrap();
        assert_eq!(elsif.cond().unwrap().syntax().text(), "$b");
        assert!(elsif.else_clause().is_some());
        assert!(if_expr.else_clause().is_none());
        let Stmt::Expr(Expr::AssignmentExpr(assign)) = &stmts[1] else {
            panic!("{stmts:?}")
        };
        assert_eq!(assign.op_token().unwrap().text(), "=");
        let Some(Expr::BinaryExpr(sum)) = assign.value() else {
            panic!()
        };
        assert_eq!(sum.op_token().unwrap().text(), "+");
        assert_eq!(sum.rhs().unwrap().syntax().text(), "2");
    }

    #[test]
    fn params_split_type_and_default() {
        let parse = crate::parse("class a(Integer[1] *$x = 3, $y) {}\n");
        let file = root(&parse);
        let Some(Stmt::Expr(Expr::ClassDef(class))) = file.statements().next() else {
            panic!()
        };
        assert_eq!(class.name_token().unwrap().text(), "a");
        let params: Vec<Param> = class.param_list().unwrap().params().collect();
        assert_eq!(params[0].type_expr().unwrap().syntax().text(), "Integer[1]");
        assert_eq!(params[0].default_value().unwrap().syntax().text(), "3");
        assert!(params[0].star().is_some());
        assert_eq!(params[1].variable().unwrap().text(), "$y");
        assert!(params[1].type_expr().is_none() && params[1].default_value().is_none());
    }
}
