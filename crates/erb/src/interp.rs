//! The tree-walking interpreter: local variables in frames (blocks see their
//! parents'), instance variables from the host, `def` methods, blocks and procs, and
//! Ruby's exceptions as values that `rescue` can catch.

use crate::parser::{Call, Kind, Lambda, Node, Param, Part, Rescue};
use crate::value::{hash_insert, Hash, Value};
use crate::Host;
use foldhash::{HashMap, HashMapExt};
use std::cell::RefCell;
use std::rc::Rc;

/// A Ruby exception: its class, message and the template line it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct RubyError {
    pub class: String,
    pub message: String,
    pub line: u32,
}

/// A block, proc or lambda with the frame it closes over.
#[derive(Debug)]
pub struct Proc {
    pub(crate) lambda: std::sync::Arc<Lambda>,
    pub(crate) frame: Rc<Frame>,
    pub(crate) is_lambda: bool,
    /// `&:name`: calls `name` on its first argument.
    pub(crate) symbol: Option<String>,
}

#[derive(Debug, Default)]
pub(crate) struct Frame {
    vars: RefCell<Vars>,
    parent: Option<Rc<Frame>>,
}

/// A frame's local variables, in a list searched in turn: a block's frame has one to
/// three, and a hash map per block call (with a hashed key per assignment) cost more
/// than the search. A frame with more than [`Vars::INDEXED`] gets an index too.
#[derive(Debug, Default)]
struct Vars {
    list: Vec<(String, Value)>,
    index: HashMap<String, usize>,
}

impl Vars {
    const INDEXED: usize = 8;

    fn position(&self, name: &str) -> Option<usize> {
        if self.list.len() > Self::INDEXED {
            self.index.get(name).copied()
        } else {
            self.list.iter().position(|(n, _)| n == name)
        }
    }

    fn get(&self, name: &str) -> Option<&Value> {
        self.position(name).map(|i| &self.list[i].1)
    }

    fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.position(name).map(|i| &mut self.list[i].1)
    }

    /// Adds a variable this frame does not have.
    fn push(&mut self, name: String, value: Value) {
        if self.list.len() == Self::INDEXED {
            let names = self
                .list
                .iter()
                .enumerate()
                .map(|(i, (n, _))| (n.clone(), i));
            self.index.extend(names);
        }
        if self.list.len() >= Self::INDEXED {
            self.index.insert(name.clone(), self.list.len());
        }
        self.list.push((name, value));
    }

    fn insert(&mut self, name: String, value: Value) {
        match self.get_mut(&name) {
            Some(old) => *old = value,
            None => self.push(name, value),
        }
    }
}

impl Frame {
    fn get(&self, name: &str) -> Option<Value> {
        if let Some(v) = self.vars.borrow().get(name) {
            return Some(v.clone());
        }
        self.parent.as_ref().and_then(|p| p.get(name))
    }

    fn set(&self, name: &str, v: Value) {
        let mut f = self;
        loop {
            if let Some(old) = f.vars.borrow_mut().get_mut(name) {
                *old = v;
                return;
            }
            match &f.parent {
                Some(p) => f = p,
                None => break,
            }
        }
        self.vars.borrow_mut().push(name.to_string(), v);
    }

    fn child(parent: &Rc<Frame>) -> Rc<Frame> {
        Rc::new(Frame {
            vars: RefCell::default(),
            parent: Some(parent.clone()),
        })
    }
}

/// Why evaluation stopped early.
#[derive(Debug)]
pub(crate) enum Flow {
    Error(RubyError),
    Next(Value),
    Break(Value),
    Return(Value),
}

pub(crate) type R = Result<Value, Flow>;

const MAX_DEPTH: u32 = 400;

pub(crate) struct Interp<'h> {
    pub host: &'h mut dyn Host,
    pub texts: &'h [String],
    /// The instance variables read or assigned so far: the scope's variables are
    /// asked of the host when first read (`@x`), not copied in up front.
    pub ivars: HashMap<String, Value>,
    /// Instance variables the host was asked for and does not have.
    absent: foldhash::HashSet<String>,
    /// The frozen Strings, Arrays and Hashes (by address), and the values themselves,
    /// kept so that no address is reused while the template runs.
    frozen: foldhash::HashSet<usize>,
    frozen_values: Vec<Value>,
    pub methods: HashMap<String, std::sync::Arc<Lambda>>,
    /// The entries of `scope.to_hash`, kept until the scope may have changed (a
    /// `scope.setvar`, a function call): templates call it in loops
    /// ([`crate::methods::scope_entries`]).
    pub scope_hash: Option<Value>,
    /// Groups of the last successful match (`$~`, `$1`...), and their names.
    pub last_match: Option<Rc<crate::methods::MatchData>>,
    pub line: u32,
    /// The exception being rescued (`$!`).
    pub rescued: Option<RubyError>,
    depth: u32,
    /// Bounds loops and iterations so that no template runs forever.
    pub steps: u64,
}

/// The address of a String's, Array's or Hash's contents (what Ruby's identity is).
pub(crate) fn container_ptr(v: &Value) -> Option<usize> {
    match v {
        Value::Str(s) => Some(Rc::as_ptr(s) as *const () as usize),
        Value::Array(a) => Some(Rc::as_ptr(a) as *const () as usize),
        Value::Hash(h) => Some(Rc::as_ptr(h) as *const () as usize),
        _ => None,
    }
}

pub(crate) fn err(class: &str, message: impl Into<String>, line: u32) -> Flow {
    Flow::Error(RubyError {
        class: class.to_string(),
        message: message.into(),
        line,
    })
}

const MAX_STEPS: u64 = 50_000_000;

impl<'h> Interp<'h> {
    pub fn new(host: &'h mut dyn Host, texts: &'h [String]) -> Interp<'h> {
        Interp {
            host,
            texts,
            ivars: HashMap::new(),
            absent: Default::default(),
            frozen: Default::default(),
            frozen_values: Vec::new(),
            methods: HashMap::new(),
            scope_hash: None,
            last_match: None,
            line: 1,
            rescued: None,
            depth: 0,
            steps: 0,
        }
    }

    /// The instance variable `name` (with its `@`): assigned by the template, or the
    /// scope's variable of that name, which the host gives once and which is then kept.
    pub fn ivar(&mut self, name: &str) -> Option<Value> {
        if let Some(v) = self.ivars.get(name) {
            return Some(v.clone());
        }
        if self.absent.contains(name) {
            return None;
        }
        let var = name.strip_prefix('@').unwrap_or(name);
        match self.host.variable(var) {
            Some(v) => {
                if self.host.frozen(var) {
                    self.freeze(&v, true);
                }
                self.ivars.insert(name.to_string(), v.clone());
                Some(v)
            }
            None => {
                self.absent.insert(name.to_string());
                None
            }
        }
    }

    /// Freezes a String, Array or Hash (`freeze`), and with `deep` what it holds.
    pub fn freeze(&mut self, v: &Value, deep: bool) {
        let Some(ptr) = container_ptr(v) else {
            return;
        };
        if !self.frozen.insert(ptr) {
            return;
        }
        self.frozen_values.push(v.clone());
        if !deep {
            return;
        }
        match v {
            Value::Array(a) => {
                for item in a.borrow().iter() {
                    self.freeze(item, true);
                }
            }
            Value::Hash(h) => {
                for (k, item) in h.borrow().values() {
                    self.freeze(k, true);
                    self.freeze(item, true);
                }
            }
            _ => {}
        }
    }

    pub fn is_frozen(&self, v: &Value) -> bool {
        container_ptr(v).is_some_and(|p| self.frozen.contains(&p))
    }

    pub fn run(&mut self, program: &Node) -> Result<Value, RubyError> {
        let frame = Rc::new(Frame::default());
        match self.eval(program, &frame) {
            Ok(v) => Ok(v),
            Err(Flow::Error(e)) => Err(e),
            Err(Flow::Return(v)) => Ok(v),
            Err(Flow::Next(_)) | Err(Flow::Break(_)) => Err(RubyError {
                class: "LocalJumpError".into(),
                message: "break from proc-closure".into(),
                line: self.line,
            }),
        }
    }

    pub fn tick(&mut self) -> Result<(), Flow> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(err(
                "RuntimeError",
                "template runs too long (step limit reached)",
                self.line,
            ));
        }
        Ok(())
    }

    pub(crate) fn eval(&mut self, n: &Node, f: &Rc<Frame>) -> R {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return Err(err("SystemStackError", "stack level too deep", n.line));
        }
        let r = self.eval_inner(n, f);
        self.depth -= 1;
        r
    }

    fn eval_inner(&mut self, n: &Node, f: &Rc<Frame>) -> R {
        self.line = n.line;
        Ok(match &n.kind {
            Kind::Nil => Value::Nil,
            Kind::True => Value::Bool(true),
            Kind::False => Value::Bool(false),
            Kind::SelfRef => Value::Template,
            Kind::Int(i) => Value::Int(*i),
            Kind::Float(x) => Value::Float(*x),
            Kind::Str(parts) => Value::str(self.interpolate(parts, f)?),
            Kind::Sym(s) => Value::sym(s),
            Kind::DSym(parts) => Value::sym(&self.interpolate(parts, f)?),
            Kind::Regex(parts, flags) => {
                let src = self.interpolate(parts, f)?;
                crate::methods::make_regexp(&src, flags)
                    .map_err(|m| err("RegexpError", m, n.line))?
            }
            Kind::Array(items) => Value::array(self.eval_args(items, f)?),
            Kind::Hash(pairs) => {
                let mut h = Hash::default();
                for (k, v) in pairs {
                    let k = self.eval(k, f)?;
                    let v = self.eval(v, f)?;
                    hash_insert(&mut h, k, v);
                }
                Value::hash(h)
            }
            Kind::Range(a, b, excl) => {
                let start = match a {
                    Some(a) => self.eval(a, f)?,
                    None => Value::Nil,
                };
                let end = match b {
                    Some(b) => self.eval(b, f)?,
                    None => Value::Nil,
                };
                Value::Range(Rc::new(crate::value::Range {
                    start,
                    end,
                    exclusive: *excl,
                }))
            }
            Kind::Text(i) => Value::str(self.texts.get(*i).cloned().unwrap_or_default()),
            Kind::Ivar(name) => self.ivar(name).unwrap_or(Value::Nil),
            Kind::Gvar(name) => self.gvar(name),
            Kind::NthRef(i) => self
                .last_match
                .as_ref()
                .and_then(|m| m.groups.get(*i).cloned().flatten())
                .map(Value::str)
                .unwrap_or(Value::Nil),
            Kind::Const(scope, name) => self.constant(scope.as_deref(), name, f)?,
            Kind::Lvar(name) => f.get(name).unwrap_or(Value::Nil),
            Kind::Call(c) => return self.call(c, n.line, f),
            Kind::Splat(_) | Kind::BlockPass(_) => {
                return Err(err("SyntaxError", "unexpected splat", n.line))
            }
            Kind::Assign(target, value) => {
                let v = self.eval(value, f)?;
                self.assign(target, v.clone(), f)?;
                v
            }
            Kind::OpAssign(target, op, value) => {
                let current = match &target.kind {
                    Kind::Lvar(name) => f.get(name).unwrap_or(Value::Nil),
                    _ => self.eval(target, f)?,
                };
                let v = match *op {
                    "||" => {
                        if current.truthy() {
                            return Ok(current);
                        }
                        self.eval(value, f)?
                    }
                    "&&" => {
                        if !current.truthy() {
                            return Ok(current);
                        }
                        self.eval(value, f)?
                    }
                    op => {
                        let rhs = self.eval(value, f)?;
                        self.send(current, op, vec![rhs], None, n.line)?
                    }
                };
                self.assign(target, v.clone(), f)?;
                v
            }
            Kind::MultiAssign(targets, value) => {
                let v = self.eval(value, f)?;
                let items = match &v {
                    Value::Array(a) => a.borrow().clone(),
                    other => vec![other.clone()],
                };
                for (i, t) in targets.iter().enumerate() {
                    self.assign(t, items.get(i).cloned().unwrap_or(Value::Nil), f)?;
                }
                v
            }
            Kind::And(a, b) => {
                let l = self.eval(a, f)?;
                if !l.truthy() {
                    return Ok(l);
                }
                self.eval(b, f)?
            }
            Kind::Or(a, b) => {
                let l = self.eval(a, f)?;
                if l.truthy() {
                    return Ok(l);
                }
                self.eval(b, f)?
            }
            Kind::Not(a) => Value::Bool(!self.eval(a, f)?.truthy()),
            Kind::Defined(e) => self.defined(e, f)?,
            Kind::If(c, a, b) => {
                if self.eval(c, f)?.truthy() {
                    self.eval(a, f)?
                } else {
                    self.eval(b, f)?
                }
            }
            Kind::While(c, body, until) => {
                loop {
                    self.tick()?;
                    let cond = self.eval(c, f)?.truthy();
                    if cond == *until {
                        break;
                    }
                    match self.eval(body, f) {
                        Ok(_) | Err(Flow::Next(_)) => {}
                        Err(Flow::Break(v)) => return Ok(v),
                        Err(e) => return Err(e),
                    }
                }
                Value::Nil
            }
            Kind::For(param, iter, body) => {
                let coll = self.eval(iter, f)?;
                let items = crate::methods::to_items(&coll).ok_or_else(|| {
                    err(
                        "NoMethodError",
                        format!(
                            "undefined method `each' for {}",
                            crate::methods::describe(&coll)
                        ),
                        n.line,
                    )
                })?;
                for item in items {
                    self.tick()?;
                    self.bind_param(param, item, f)?;
                    match self.eval(body, f) {
                        Ok(_) | Err(Flow::Next(_)) => {}
                        Err(Flow::Break(v)) => return Ok(v),
                        Err(e) => return Err(e),
                    }
                }
                coll
            }
            Kind::Case(subject, whens, otherwise) => {
                let s = match subject {
                    Some(s) => Some(self.eval(s, f)?),
                    None => None,
                };
                for (values, body) in whens {
                    for v in values {
                        let candidates = match &v.kind {
                            Kind::Splat(inner) => match self.eval(inner, f)? {
                                Value::Array(a) => a.borrow().clone(),
                                other => vec![other],
                            },
                            _ => vec![self.eval(v, f)?],
                        };
                        for c in candidates {
                            let hit = match &s {
                                Some(s) => {
                                    self.send(c, "===", vec![s.clone()], None, v.line)?.truthy()
                                }
                                None => c.truthy(),
                            };
                            if hit {
                                return self.eval(body, f);
                            }
                        }
                    }
                }
                self.eval(otherwise, f)?
            }
            Kind::Begin(r) => return self.begin(r, f),
            Kind::Def(name, lambda) => {
                self.methods.insert(name.clone(), lambda.clone());
                Value::sym(name)
            }
            Kind::Lambda(lambda) => Value::Proc(Rc::new(Proc {
                lambda: lambda.clone(),
                frame: f.clone(),
                is_lambda: true,
                symbol: None,
            })),
            Kind::Return(v) => {
                let v = match v {
                    Some(v) => self.eval(v, f)?,
                    None => Value::Nil,
                };
                return Err(Flow::Return(v));
            }
            Kind::Next(v) => {
                let v = match v {
                    Some(v) => self.eval(v, f)?,
                    None => Value::Nil,
                };
                return Err(Flow::Next(v));
            }
            Kind::Break(v) => {
                let v = match v {
                    Some(v) => self.eval(v, f)?,
                    None => Value::Nil,
                };
                return Err(Flow::Break(v));
            }
            Kind::Seq(items) => {
                let mut last = Value::Nil;
                for i in items {
                    last = self.eval(i, f)?;
                }
                last
            }
        })
    }

    fn interpolate(&mut self, parts: &[Part], f: &Rc<Frame>) -> Result<String, Flow> {
        // The literal text, and room for a short value in each `#{}`.
        let room = parts
            .iter()
            .map(|p| match p {
                Part::Lit(s) => s.len(),
                Part::Code(_) => 16,
            })
            .sum();
        let mut out = String::with_capacity(room);
        for p in parts {
            match p {
                Part::Lit(s) => out.push_str(s),
                Part::Code(n) => match self.eval(n, f)? {
                    // A String is its own `to_s`: copied in, not copied twice.
                    Value::Str(s) => out.push_str(&s.borrow()),
                    v => out.push_str(&self.display(v)?),
                },
            }
        }
        Ok(out)
    }

    /// `to_s` as Ruby calls it for interpolation (a `def to_s` is not consulted).
    pub(crate) fn display(&mut self, v: Value) -> Result<String, Flow> {
        Ok(v.to_s())
    }

    fn gvar(&self, name: &str) -> Value {
        match name {
            "$!" => self
                .rescued
                .as_ref()
                .map(crate::methods::exception_value)
                .unwrap_or(Value::Nil),
            "$~" => self
                .last_match
                .clone()
                .map(Value::Match)
                .unwrap_or(Value::Nil),
            "$0" => Value::str("puppet"),
            "$," | "$/" => {
                if name == "$/" {
                    Value::str("\n")
                } else {
                    Value::Nil
                }
            }
            _ => Value::Nil,
        }
    }

    fn constant(&mut self, scope: Option<&Node>, name: &str, f: &Rc<Frame>) -> R {
        let full = match scope {
            Some(s) => {
                let outer = self.eval(s, f)?;
                format!("{}::{name}", outer.to_s())
            }
            None => name.to_string(),
        };
        const KNOWN: &[&str] = &[
            "String",
            "Array",
            "Hash",
            "Integer",
            "Float",
            "Numeric",
            "Symbol",
            "NilClass",
            "TrueClass",
            "FalseClass",
            "Object",
            "BasicObject",
            "Regexp",
            "Range",
            "Proc",
            "Kernel",
            "Comparable",
            "Enumerable",
            "Exception",
            "StandardError",
            "RuntimeError",
            "ArgumentError",
            "TypeError",
            "NameError",
            "NoMethodError",
            "KeyError",
            "IndexError",
            "ZeroDivisionError",
            "MatchData",
            "Fixnum",
            "Bignum",
            "ERB",
            "ERB::Util",
            "Math",
            "File",
        ];
        if KNOWN.contains(&full.as_str()) {
            return Ok(Value::Class(Rc::from(full.as_str())));
        }
        if let Some(v) = crate::classes::constant(&full) {
            return Ok(v);
        }
        match full.as_str() {
            "Math::PI" => Ok(Value::Float(std::f64::consts::PI)),
            "ENV" => Ok(Value::hash(Hash::default())),
            _ if full.starts_with("Puppet") => Ok(Value::Class(Rc::from(full.as_str()))),
            "YAML" | "Psych" | "Facter" | "Time" | "Date" | "Dir" | "IO" | "URI" | "CGI"
            | "Digest" | "Base64" | "SecureRandom" | "Resolv" | "Etc" | "Process"
            | "ObjectSpace" => Err(err(
                "NotImplementedError",
                format!("unsupported Ruby in a template: the {full} class"),
                self.line,
            )),
            _ => Err(err(
                "NameError",
                format!("uninitialized constant {full}"),
                self.line,
            )),
        }
    }

    fn assign(&mut self, target: &Node, v: Value, f: &Rc<Frame>) -> Result<(), Flow> {
        match &target.kind {
            Kind::Lvar(name) => f.set(name, v),
            Kind::Ivar(name) => {
                self.ivars.insert(name.clone(), v);
            }
            Kind::Gvar(name) => {
                return Err(err(
                    "NotImplementedError",
                    format!("unsupported Ruby in a template: assignment to {name}"),
                    target.line,
                ))
            }
            Kind::Call(c) => {
                let recv = match &c.recv {
                    Some(r) => self.eval(r, f)?,
                    None => Value::Template,
                };
                let mut args = self.eval_args(&c.args, f)?;
                args.push(v);
                let name = if c.name == "[]" {
                    "[]=".to_string()
                } else {
                    format!("{}=", c.name)
                };
                self.send(recv, &name, args, None, target.line)?;
            }
            _ => {
                return Err(err(
                    "SyntaxError",
                    "cannot assign to this expression",
                    target.line,
                ))
            }
        }
        Ok(())
    }

    fn defined(&mut self, e: &Node, f: &Rc<Frame>) -> R {
        let what = match &e.kind {
            Kind::Ivar(name) => self.ivar(name).is_some().then_some("instance-variable"),
            Kind::Lvar(_) => Some("local-variable"),
            Kind::Gvar(_) => Some("global-variable"),
            Kind::Const(..) => self.eval(e, f).is_ok().then_some("constant"),
            Kind::Call(c) if c.recv.is_none() => (self.methods.contains_key(&c.name)
                || crate::methods::self_responds(&c.name))
            .then_some("method"),
            Kind::Call(c) => match &c.recv {
                Some(r) => match self.eval(r, f) {
                    Ok(v) => crate::methods::responds_to(&v, &c.name).then_some("method"),
                    Err(_) => None,
                },
                None => None,
            },
            Kind::Nil => Some("expression"),
            Kind::SelfRef => Some("self"),
            Kind::Assign(..) | Kind::OpAssign(..) => Some("assignment"),
            _ => Some("expression"),
        };
        Ok(what.map(Value::str).unwrap_or(Value::Nil))
    }

    fn begin(&mut self, r: &Rescue, f: &Rc<Frame>) -> R {
        let result = self.eval(&r.body, f);
        let result = match result {
            Err(Flow::Error(e)) if !r.clauses.is_empty() => {
                let mut handled = None;
                'clauses: for (classes, var, body) in &r.clauses {
                    let matches = if classes.is_empty() {
                        crate::methods::is_standard_error(&e.class)
                    } else {
                        let mut m = false;
                        for c in classes {
                            let class = self.eval(c, f)?;
                            let list = match class {
                                Value::Array(a) => a.borrow().clone(),
                                other => vec![other],
                            };
                            for cl in list {
                                if crate::methods::error_is_a(&e.class, &cl.to_s()) {
                                    m = true;
                                }
                            }
                        }
                        m
                    };
                    if matches {
                        self.rescued = Some(e.clone());
                        if let Some(var) = var {
                            f.set(var, crate::methods::exception_value(&e));
                        }
                        handled = Some(self.eval(body, f));
                        break 'clauses;
                    }
                }
                match handled {
                    Some(h) => h,
                    None => Err(Flow::Error(e)),
                }
            }
            Ok(v) => match &r.else_body {
                Some(e) => self.eval(e, f),
                None => Ok(v),
            },
            other => other,
        };
        if let Some(ensure) = &r.ensure {
            self.eval(ensure, f)?;
        }
        result
    }

    /// Evaluates arguments, expanding `*splat`s.
    pub(crate) fn eval_args(&mut self, args: &[Node], f: &Rc<Frame>) -> Result<Vec<Value>, Flow> {
        let mut out = Vec::with_capacity(args.len());
        for a in args {
            match &a.kind {
                Kind::Splat(inner) => match self.eval(inner, f)? {
                    Value::Array(items) => out.extend(items.borrow().iter().cloned()),
                    Value::Nil => {}
                    Value::Hash(h) => out.extend(
                        h.borrow()
                            .values()
                            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()])),
                    ),
                    other => out.push(other),
                },
                Kind::BlockPass(_) => {}
                _ => out.push(self.eval(a, f)?),
            }
        }
        Ok(out)
    }

    fn call(&mut self, c: &Call, line: u32, f: &Rc<Frame>) -> R {
        if let Some(v) = self.read_scope_hash(c, line, f)? {
            return Ok(v);
        }
        let recv = match &c.recv {
            Some(r) => Some(self.eval(r, f)?),
            None => None,
        };
        if c.safe && matches!(recv, Some(Value::Nil)) {
            return Ok(Value::Nil);
        }
        // `hash['key']`, which templates write in loops: the key as written, not a new
        // String (a read keeps nothing of it), and no argument list.
        if let (Some(Value::Hash(h)), "[]", [key], None) =
            (&recv, c.name.as_str(), c.args.as_slice(), &c.block)
        {
            if let Kind::Str(parts) = &key.kind {
                if let [Part::Lit(text)] = parts.as_slice() {
                    self.line = line;
                    self.tick()?;
                    return Ok(crate::methods::hash_get(h, text).unwrap_or(Value::Nil));
                }
            }
        }
        let args = match (&recv, c.name.as_str(), c.args.as_slice(), &c.block) {
            (Some(r @ Value::Str(out)), "<<", [arg], None)
                if !matches!(arg.kind, Kind::Splat(_) | Kind::BlockPass(_))
                    && !self.is_frozen(r) =>
            {
                let out = out.clone();
                match self.append(&out, arg, line, f)? {
                    None => return Ok(Value::Str(out)),
                    Some(arg) => vec![arg],
                }
            }
            _ => self.eval_args(&c.args, f)?,
        };
        let mut block = c.block.as_ref().map(|l| {
            Rc::new(Proc {
                lambda: l.clone(),
                frame: f.clone(),
                is_lambda: false,
                symbol: None,
            })
        });
        if let Some(Node {
            kind: Kind::BlockPass(b),
            ..
        }) = c.args.last()
        {
            match self.eval(b, f)? {
                Value::Sym(s) => {
                    block = Some(Rc::new(Proc {
                        lambda: std::sync::Arc::new(Lambda {
                            params: vec![],
                            body: Node {
                                kind: Kind::Nil,
                                line,
                            },
                            spreads: false,
                        }),
                        frame: f.clone(),
                        is_lambda: false,
                        symbol: Some(s.to_string()),
                    }))
                }
                Value::Proc(p) => block = Some(p),
                Value::Nil => {}
                other => {
                    return Err(err(
                        "TypeError",
                        format!("wrong argument type {} (expected Proc)", other.class_name()),
                        line,
                    ))
                }
            }
        }
        self.line = line;
        let result = match recv {
            Some(r) => self.send(r, &c.name, args, block.as_ref(), line),
            None => self.send_self(
                &c.name,
                args,
                block.as_ref(),
                line,
                c.args.is_empty() && c.block.is_none(),
            ),
        };
        match result {
            // `break` in a block ends the call that took the block.
            Err(Flow::Break(v)) if block.is_some() => Ok(v),
            other => other,
        }
    }

    /// `scope.to_hash[key]`, `scope.to_hash.has_key?(key)` and the like, which
    /// templates write in loops: asked of the entries the interpreter keeps rather
    /// than of a copy made for each call (the answer is the same: a read does not
    /// change the Hash, nor hand it out). `None` for any other call.
    fn read_scope_hash(
        &mut self,
        c: &Call,
        line: u32,
        f: &Rc<Frame>,
    ) -> Result<Option<Value>, Flow> {
        const READS: &[&str] = &[
            "[]", "fetch", "dig", "has_key?", "key?", "include?", "member?",
        ];
        let Some(Node {
            kind: Kind::Call(to_hash),
            ..
        }) = c.recv.as_ref()
        else {
            return Ok(None);
        };
        let bare = |call: &Call, name: &str| {
            call.name == name && call.args.is_empty() && call.block.is_none() && !call.safe
        };
        let scope = match to_hash.recv.as_ref() {
            Some(Node {
                kind: Kind::Call(scope),
                ..
            }) => scope,
            _ => return Ok(None),
        };
        if !(bare(to_hash.as_ref(), "to_hash")
            && bare(scope.as_ref(), "scope")
            && scope.recv.is_none()
            && !self.methods.contains_key("scope")
            && READS.contains(&c.name.as_str())
            && c.block.is_none()
            && !c.safe
            && !c
                .args
                .iter()
                .any(|a| matches!(a.kind, Kind::Splat(_) | Kind::BlockPass(_))))
        {
            return Ok(None);
        }
        // The steps `scope` and `to_hash` would have counted.
        self.tick()?;
        self.tick()?;
        // Before the entries are made (the first read of a render, or the first after
        // the scope changed): one key asked, with an argument that has no side effect
        // (so that it may be evaluated first), is looked up in the scope alone rather
        // than after copying every variable (the facts too) into the Hash.
        if self.scope_hash.is_none()
            && matches!(
                c.name.as_str(),
                "[]" | "has_key?" | "key?" | "include?" | "member?"
            )
            && c.args.len() == 1
            && match &c.args[0].kind {
                Kind::Lvar(_) => true,
                Kind::Str(parts) => parts.iter().all(|p| matches!(p, Part::Lit(_))),
                _ => false,
            }
        {
            let key = self.eval(&c.args[0], f)?;
            self.line = line;
            let entry = match &key {
                Value::Str(name) => {
                    let name = name.borrow().clone();
                    self.host.variable_entry(&name).map(|entry| (name, entry))
                }
                _ => None,
            };
            if let Some((name, entry)) = entry {
                // The step the method call would have counted.
                self.tick()?;
                return Ok(Some(match (c.name.as_str(), entry) {
                    ("[]", Some(v)) => {
                        if self.host.frozen(&name) {
                            self.freeze(&v, true);
                        }
                        v
                    }
                    ("[]", None) => Value::Nil,
                    (_, entry) => Value::Bool(entry.is_some()),
                }));
            }
            let entries = crate::methods::scope_entries(self);
            return self.send(entries, &c.name, vec![key], None, line).map(Some);
        }
        let entries = crate::methods::scope_entries(self);
        let args = self.eval_args(&c.args, f)?;
        self.line = line;
        self.send(entries, &c.name, args, None, line).map(Some)
    }

    /// `string << arg` as `String#<<` does it for a String argument (what every
    /// line of an ERB template does to `_erbout`), without making the argument a value
    /// when it is the template's text. Another argument is handed back, evaluated, for
    /// the method call.
    fn append(
        &mut self,
        out: &Rc<std::cell::RefCell<String>>,
        arg: &Node,
        line: u32,
        f: &Rc<Frame>,
    ) -> Result<Option<Value>, Flow> {
        let texts = self.texts;
        let value = match arg.kind {
            Kind::Text(_) => Value::Nil,
            _ => self.eval(arg, f)?,
        };
        self.line = line;
        match (&arg.kind, &value) {
            (Kind::Text(i), _) => {
                self.tick()?;
                out.borrow_mut()
                    .push_str(texts.get(*i).map_or("", String::as_str));
            }
            (_, Value::Str(add)) => {
                self.tick()?;
                if Rc::ptr_eq(add, out) {
                    let copy = add.borrow().clone();
                    out.borrow_mut().push_str(&copy);
                } else {
                    out.borrow_mut().push_str(&add.borrow());
                }
            }
            _ => return Ok(Some(value)),
        }
        Ok(None)
    }

    /// Calls a method on self: `def`s, the template's and Kernel's.
    pub(crate) fn send_self(
        &mut self,
        name: &str,
        args: Vec<Value>,
        block: Option<&Rc<Proc>>,
        line: u32,
        bare: bool,
    ) -> R {
        if let Some(m) = self.methods.get(name).cloned() {
            return self.invoke_method(name, &m, args, block, line);
        }
        crate::methods::self_method(self, name, args, block, line, bare)
    }

    fn invoke_method(
        &mut self,
        name: &str,
        m: &std::sync::Arc<Lambda>,
        args: Vec<Value>,
        block: Option<&Rc<Proc>>,
        line: u32,
    ) -> R {
        let required = m
            .params
            .iter()
            .filter(|p| matches!(p, Param::Name(_) | Param::Destructure(_)))
            .count();
        let optional = m
            .params
            .iter()
            .filter(|p| matches!(p, Param::Optional(..)))
            .count();
        let rest = m.params.iter().any(|p| matches!(p, Param::Rest(_)));
        if args.len() < required || (!rest && args.len() > required + optional) {
            let expected = if rest {
                format!("{required}+")
            } else if optional > 0 {
                format!("{required}..{}", required + optional)
            } else {
                required.to_string()
            };
            return Err(err(
                "ArgumentError",
                format!(
                    "wrong number of arguments (given {}, expected {expected})",
                    args.len()
                ),
                line,
            ));
        }
        let frame = Rc::new(Frame::default());
        self.bind_params(&m.params, args, block, &frame)?;
        let _ = name;
        match self.eval(&m.body, &frame) {
            Ok(v) | Err(Flow::Return(v)) => Ok(v),
            Err(Flow::Next(v)) => Ok(v),
            Err(e) => Err(e),
        }
    }

    /// Calls a block (or proc) with arguments, as `yield` does: a single array
    /// argument is spread over several parameters.
    pub(crate) fn yield_block(&mut self, p: &Rc<Proc>, mut args: Vec<Value>) -> R {
        self.tick()?;
        if let Some(sym) = &p.symbol {
            if args.is_empty() {
                return Err(err("ArgumentError", "no receiver given", self.line));
            }
            let recv = args.remove(0);
            return self.send(recv, sym, args, None, self.line);
        }
        let frame = Frame::child(&p.frame);
        if !p.is_lambda && p.lambda.spreads && args.len() == 1 {
            if let Value::Array(a) = &args[0] {
                let items = a.borrow().clone();
                args = items;
            }
        }
        self.bind_params(&p.lambda.params, args, None, &frame)?;
        let line = self.line;
        let r = match self.eval(&p.lambda.body, &frame) {
            Ok(v) | Err(Flow::Next(v)) => Ok(v),
            Err(Flow::Return(v)) if p.is_lambda => Ok(v),
            Err(e) => Err(e),
        };
        self.line = line;
        r
    }

    fn bind_params(
        &mut self,
        params: &[Param],
        args: Vec<Value>,
        block: Option<&Rc<Proc>>,
        frame: &Rc<Frame>,
    ) -> Result<(), Flow> {
        let required = params
            .iter()
            .filter(|p| matches!(p, Param::Name(_) | Param::Destructure(_)))
            .count();
        let mut optional_left = args.len().saturating_sub(required);
        let mut it = args.into_iter();
        let total = params.len();
        for (i, p) in params.iter().enumerate() {
            match p {
                Param::Name(n) => {
                    frame
                        .vars
                        .borrow_mut()
                        .insert(n.clone(), it.next().unwrap_or(Value::Nil));
                }
                Param::Destructure(inner) => {
                    let v = it.next().unwrap_or(Value::Nil);
                    let items = match v {
                        Value::Array(a) => a.borrow().clone(),
                        other => vec![other],
                    };
                    self.bind_params(inner, items, None, frame)?;
                }
                Param::Optional(n, default) => {
                    let v = if optional_left > 0 {
                        optional_left -= 1;
                        it.next().unwrap_or(Value::Nil)
                    } else {
                        self.eval(default, frame)?
                    };
                    frame.vars.borrow_mut().insert(n.clone(), v);
                }
                Param::Rest(n) => {
                    let after = params[i + 1..]
                        .iter()
                        .filter(|p| matches!(p, Param::Name(_) | Param::Destructure(_)))
                        .count();
                    let mut mine: Vec<Value> = it.by_ref().collect();
                    let keep = mine.len().saturating_sub(after);
                    let others = mine.split_off(keep);
                    if !n.is_empty() {
                        frame
                            .vars
                            .borrow_mut()
                            .insert(n.clone(), Value::array(mine));
                    }
                    it = others.into_iter();
                    let _ = total;
                }
                Param::Block(n) => {
                    let v = block.map(|b| Value::Proc(b.clone())).unwrap_or(Value::Nil);
                    frame.vars.borrow_mut().insert(n.clone(), v);
                }
            }
        }
        Ok(())
    }

    fn bind_param(&mut self, p: &Param, v: Value, f: &Rc<Frame>) -> Result<(), Flow> {
        match p {
            Param::Name(n) => {
                f.set(n, v);
                Ok(())
            }
            Param::Destructure(inner) => {
                let items = match v {
                    Value::Array(a) => a.borrow().clone(),
                    other => vec![other],
                };
                for (i, p) in inner.iter().enumerate() {
                    self.bind_param(p, items.get(i).cloned().unwrap_or(Value::Nil), f)?;
                }
                Ok(())
            }
            _ => Err(err(
                "NotImplementedError",
                "unsupported Ruby in a template: this for-loop variable",
                self.line,
            )),
        }
    }

    /// Calls a method on a value.
    pub(crate) fn send(
        &mut self,
        recv: Value,
        name: &str,
        args: Vec<Value>,
        block: Option<&Rc<Proc>>,
        line: u32,
    ) -> R {
        self.tick()?;
        if matches!(recv, Value::Template) {
            return self.send_self(name, args, block, line, false);
        }
        crate::methods::dispatch(self, recv, name, args, block, line)
    }
}
