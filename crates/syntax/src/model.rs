//! The owned, immutable program model the evaluator runs: what `lower` makes of a
//! syntax tree. It holds no rowan nodes, is `Send + Sync`, and is shared (behind `Arc`)
//! by every node compile of an environment.
//!
//! It follows Puppet's own model (`Puppet::Pops::Model`) where that matters to
//! evaluation: calls without parentheses are already calls, `${x}` is already the
//! variable `$x`, strings are unescaped, heredoc margins removed, numbers parsed, and
//! definitions carry their fully qualified names.

use std::sync::Arc;

/// A byte range in the source file the node came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

impl From<rowan::TextRange> for Span {
    fn from(range: rowan::TextRange) -> Span {
        Span {
            start: range.start().into(),
            end: range.end().into(),
        }
    }
}

/// A whole file: its statements (definitions included, in place) and, for EPP, the
/// template's parameters (`None` when the template has no parameter tag).
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub body: Vec<Expr>,
    pub epp_params: Option<Vec<Param>>,
    /// What Puppet's lexer warns of while it reads the file (an unrecognized escape in
    /// a double-quoted string), each with the offset Puppet reports it at.
    pub warnings: Vec<(String, u32)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// `undef`, `default`, booleans, numbers, strings without interpolation, regexes.
    Literal(Literal),
    /// A string with interpolation: the parts are concatenated (each `Expr` part is
    /// converted to a string as Puppet's interpolation does).
    Concat(Vec<StrPart>),
    /// `@(TAG:syntax)`: the text (a `Literal::String` or a `Concat`) and the syntax.
    Heredoc {
        syntax: Option<String>,
        text: Box<Expr>,
    },
    /// `$name` (without the `$`; `::x` keeps its leading `::`; `$0`, `$1` are "0", "1").
    Variable(Arc<str>),
    /// A bare name: `foo`, `foo::bar` (a function name, a class name, a string...).
    QualifiedName(String),
    /// A capitalised name: `File`, `Foo::Bar` (a type or resource type reference).
    TypeRef(String),
    /// `attr`, `private`: reserved words (the validator rejects them).
    Reserved(String),
    Array(Vec<Expr>),
    Hash(Vec<HashEntry>),
    /// `a => b` standing alone as an argument or access key (`Struct[a => Integer]`):
    /// Puppet makes a hash of adjacent such pairs.
    UnfoldedHash(Vec<HashEntry>),
    Unary {
        op: UnaryOp,
        expr: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Assign {
        op: AssignOp,
        target: Box<Expr>,
        value: Box<Expr>,
    },
    Relationship {
        op: EdgeOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `( expr )`
    Paren(Box<Expr>),
    Selector {
        subject: Box<Expr>,
        entries: Vec<SelectorEntry>,
    },
    Access {
        target: Box<Expr>,
        keys: Vec<Expr>,
    },
    /// `name(args)`, `name args` (statement calls), `$x(args)` (callee any expression).
    Call(Box<Call>),
    /// `$x.name(args) |..| {..}`
    MethodCall(Box<MethodCall>),
    If {
        cond: Box<Expr>,
        then: Block,
        otherwise: Option<Box<Expr>>,
    },
    Unless {
        cond: Box<Expr>,
        then: Block,
        otherwise: Option<Box<Expr>>,
    },
    Case {
        subject: Box<Expr>,
        options: Vec<CaseOption>,
    },
    Block(Block),
    Resource(Box<Resource>),
    /// `File { mode => '0644' }`, `Resource[file] { ... }`
    ResourceDefaults {
        type_ref: Box<Expr>,
        ops: Vec<AttributeOp>,
    },
    /// `File['/x'] { mode => ... }`
    ResourceOverride {
        resources: Box<Expr>,
        ops: Vec<AttributeOp>,
    },
    Collect(Box<Collect>),
    Class(Arc<ClassDef>),
    Define(Arc<DefineDef>),
    Node(Arc<NodeDef>),
    Function(Arc<FunctionDef>),
    TypeAlias(Arc<TypeAlias>),
    /// `type X inherits Y { ... }` (Puppet's type definitions; not evaluated in catalogs).
    TypeDefinition {
        name: String,
        parent: Option<String>,
        body: Block,
    },
    /// EPP text rendered as is.
    RenderString(String),
    /// EPP `<%= expr %>`.
    RenderExpr(Box<Expr>),
    /// Nothing (an empty program).
    Nop,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    Undef,
    Default,
    Boolean(bool),
    Integer(i64),
    Float(f64),
    String(String),
    /// The regex source between the slashes, with `\/` turned into `/`.
    Regex(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum StrPart {
    Text(String),
    Expr(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct HashEntry {
    pub key: Expr,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    Not,
    Neg,
    /// `*expr`
    Splat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Or,
    And,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    Shl,
    Shr,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Match,
    NotMatch,
    In,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssignOp {
    /// `=`
    Assign,
    /// `+=` (rejected by the validator in Puppet 7)
    Append,
    /// `-=` (rejected by the validator in Puppet 7)
    Delete,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeOp {
    /// `->`
    Before,
    /// `~>`
    Notify,
    /// `<-`
    Require,
    /// `<~`
    Subscribe,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SelectorEntry {
    pub matcher: Expr,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub callee: Expr,
    pub args: Vec<Expr>,
    pub lambda: Option<Lambda>,
    /// False for statement calls without parentheses (`include x`), whose value is
    /// not used.
    pub rval_required: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MethodCall {
    pub receiver: Expr,
    pub name: String,
    pub args: Vec<Expr>,
    pub lambda: Option<Lambda>,
    /// Whether the call had parentheses.
    pub parens: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Lambda {
    pub params: Vec<Param>,
    pub return_type: Option<Expr>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Block {
    pub statements: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CaseOption {
    pub values: Vec<Expr>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceForm {
    Regular,
    /// `@type { ... }`
    Virtual,
    /// `@@type { ... }`
    Exported,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Resource {
    pub form: ResourceForm,
    /// The type: usually `QualifiedName` (`file`, `foo::bar`), `class` for
    /// `class { 'x': }`, or an expression such as `Resource[file]`.
    pub type_name: Expr,
    pub bodies: Vec<ResourceBody>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ResourceBody {
    pub title: Expr,
    pub ops: Vec<AttributeOp>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum AttributeOp {
    /// `name => value` or `name +> value`
    Set {
        name: Arc<str>,
        append: bool,
        value: Expr,
        span: Span,
    },
    /// `* => hash`
    Splat { value: Expr, span: Span },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Collect {
    pub type_ref: Expr,
    /// `<<| |>>`
    pub exported: bool,
    pub query: Option<Expr>,
    pub ops: Vec<AttributeOp>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Without the `$`.
    pub name: Arc<str>,
    pub type_expr: Option<Expr>,
    pub default: Option<Expr>,
    /// `*$rest`
    pub captures_rest: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ClassDef {
    /// Fully qualified, lower case as written (`a::b` for `class b` inside `class a`).
    pub name: String,
    pub params: Vec<Param>,
    pub parent: Option<String>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DefineDef {
    pub name: String,
    pub params: Vec<Param>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum NodeMatcher {
    Name(String),
    Regex(String),
    Default,
}

#[derive(Clone, Debug, PartialEq)]
pub struct NodeDef {
    pub matchers: Vec<NodeMatcher>,
    /// `inherits` (rejected by the validator in Puppet 7).
    pub parent: Option<NodeMatcher>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDef {
    pub name: String,
    pub params: Vec<Param>,
    pub return_type: Option<Expr>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeAlias {
    pub name: String,
    /// The aliased type expression.
    pub type_expr: Expr,
    pub span: Span,
}

// The model is shared between threads compiling different nodes.
const _: () = {
    const fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Program>();
};
