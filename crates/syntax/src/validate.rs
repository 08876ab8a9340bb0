//! The checks Puppet 7 makes after parsing (`Puppet::Pops::Validation::Checker4_0`),
//! on the lowered model: what makes `puppet parser validate` (and `puppet epp
//! validate`) reject a file that parsed. Messages are Puppet's, without its
//! `(file: ..., line: ..., column: ...)` suffix; each error starts where Puppet
//! locates the element it reports (for a binary expression that is its operator, for
//! a parameter its `$name`, for a type alias its name), so line and column agree with
//! Puppet's.
//!
//! Puppet walks its model top-down and checks every element against its container;
//! this walks the model the same way, keeping the containers that matter in
//! `Checker::path`. Where Puppet's model has a `BlockExpression` and ours a plain
//! statement list (Puppet makes one only of two or more statements after `if`,
//! `else`, at top level or in `<%= { } %>`, but always one of the bodies of
//! definitions, lambdas and case options) the walk pushes `Ctx::Block` exactly where
//! Puppet's model has one, because "may only appear at toplevel" depends on it.
//!
//! # Errors (all of Puppet's default errors that can arise from a single file)
//!
//! - assignment: `Illegal attempt to assign to 'a Literal Integer'. Not an assignable
//!   reference`, `... to the numeric match result variable '$1'. ...`, `... to 'a::b'.
//!   Cannot assign to variables in other namespaces`, `Illegal attempt to assign via
//!   [index/key]. ...`, `The operator '+=' is no longer supported. See
//!   http://links.puppet.com/remove-plus-equals`, `Assignment not allowed here` (in a
//!   parameter's default value);
//! - idem: `This ... has no effect. A value was produced and then forgotten (one or
//!   more preceding expressions may have the wrong form)` (first such non-last
//!   statement of a block), `This ... has no effect. A Host Class Definition can not
//!   end with a value-producing expression without other effect` (last statement of a
//!   class, define or node), `This expression is invalid. Did you try declaring a
//!   'file' resource without a title?`;
//! - values: `Invalid use of expression. A Host Class Definition does not produce a
//!   value` (definitions, nodes and collectors where a value is needed);
//! - definitions: `Classes, definitions, and nodes may only appear at toplevel or
//!   inside other classes`, `A Function Definition may only appear at toplevel`,
//!   `Unacceptable name. The name 'Foo' is unacceptable as the name of a Host Class
//!   Definition`, `The name: 'integer' is already defined by Puppet and can not be used
//!   as the name of ...`, `Expressions of type a Type Definition are not supported in
//!   this version of Puppet`, `Illegal expression. An Array Expression is unacceptable
//!   as a type reference in a Type Alias`;
//! - parameters: `The parameter 'x' is declared more than once in the parameter list`,
//!   `The parameter $name redefines a built in parameter in the Host Class
//!   Definition`, `Parameter $x has 'captures rest' - not supported in a 'define'
//!   expression`, `Parameter $x is not last, and has 'captures rest'`, `The numeric
//!   parameter name '$0' cannot be used (clashes with numeric match result
//!   variables)`, `Illegal parameter name. The given name 'Foo' does not conform to the
//!   naming rule /^[a-z_]\w*$/`;
//! - variables: `Illegal variable name, The given name 'Foo' does not conform to the
//!   naming rule /^((::)?[a-z]\w*)*((::)?[a-z_]\w*)$/`, `Illegal numeric variable
//!   name, The given name '01' must be a decimal value if it starts with a digit 0-9`;
//! - nodes: `Node inheritance is not supported in Puppet >= 4.0.0. See
//!   http://links.puppet.com/puppet-node-inheritance-deprecation`, `The hostname 'a b'
//!   contains illegal characters (only letters, digits, '_', '-', and '.' are
//!   allowed)`;
//! - resources: `Illegal +> operation on attribute mode. This operator can not be used
//!   in a Resource Instance Definition`, `Unfolding of attributes from Hash can only be
//!   used once per resource body`, `Classes are not virtualizable`;
//! - collectors: `Illegal expression. A Name is unacceptable as type name in a Virtual
//!   Query`, `Illegal query expression. A '<' expression cannot be used in a query`;
//! - calls: `Illegal expression. A Variable is unacceptable as function name in a
//!   Function Call`, `Ambiguous EPP parameter expression. Probably missing '<%-' before
//!   parameters to remove leading whitespace`;
//! - `case` / selectors: `This 'case' statement already has a 'default' entry - this
//!   is a duplicate`, `This Selector Expression already has ...`;
//! - `Use of reserved word: attr, must be quoted if intended to be a String value`;
//! - `Illegal type reference. The given name 'x' does not conform to the naming rule`
//!   (cannot come from the parser; kept for models built otherwise);
//! - heredocs with a syntax Puppet checks (`json`, `base64`, `pp`, `epp`, or
//!   `x+json` and the like): `Invalid produced text having syntax: 'json'. JSON syntax
//!   checker: Cannot parse invalid JSON string. "..."`. As in Puppet, such an error
//!   stops validation: it is then the only validation error.
//!
//! When a manifest (not a template) has none of these, the problems
//! `puppet parser validate` finds while loading its definitions into an environment,
//! in the words Puppet uses for source without a file name (see `instantiate`): the
//! first of `require is a metaparameter; please choose another parameter name in the a
//! definition`, `Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/a'.
//! Originally set at string:?line=1&pos=1.` (a define, function or type alias defined
//! twice, a type alias named like a built-in type), `Class 'a' is already defined
//! (line: 1); cannot redefine` and the other clashes between classes, defines and
//! nodes.
//!
//! # Not reported here
//!
//! Warnings, which [`validate_with`] returns for the compiler to log:
//! - `The key 'a' is declared more than once` (`DUPLICATE_KEY`, a warning under
//!   Puppet's default `strict = warning`; an error, reported, under `strict = error`
//!   ([`ValidateOptions::strict_error`]));
//! - `Use of future reserved word: 'plan'` (`FUTURE_RESERVED_WORD`: a class, define or
//!   function named `plan`, a return type `Plan`).
//!
//! `X is a metaparam; this value will inherit to all contained resources in the Y
//! definition` (a class or define parameter named after a metaparameter, with a
//! default) is the evaluator's, given when the definition is loaded.
//!
//! Reported only with the file's place in a module path ([`ModuleFile`], given to
//! [`validate_in_file`]): `Unacceptable location. The name 'x' is unacceptable in file
//! '...'` and `This Function Call is unacceptable as a top level construct in this
//! location`.
//!
//! Errors that need more than the file's text:
//! - definitions clashing with those of other files (the environment's loader).
//!
//! Reported by the lowering instead (the model cannot represent them): interpolation
//! in a node name, integer literals out of range, type mappings
//! (`type Runtime[...] = ...`). `@File { }` (virtual resource defaults, Puppet's
//! `Resource Defaults are not virtualizable`) is a syntax error in our parser.
//! `import`, `break`/`next`/`return` outside their places, duplicate attributes and
//! titles, and `Resource[...]` arity are run-time errors in Puppet, not validation.

use crate::model::*;
use crate::{LineIndex, SyntaxError, TextRange, TextSize};

/// What Puppet 7 rejects that an explicit option lets through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ValidateOptions {
    /// Puppet 3's `node 'a' inherits 'b'` (Puppet 7 rejects it).
    pub legacy_node_inheritance: bool,
    /// Leave out the problems found while loading the definitions (a name defined
    /// twice, a metaparameter as a parameter): a compiler that knows the file's path
    /// reports them itself, in Puppet's words for a file ([`definition_error`]).
    pub skip_definition_checks: bool,
    /// Puppet's `strict = error`: a duplicate key in a hash literal is an error, not
    /// a warning.
    pub strict_error: bool,
}

/// A problem [`definition_error`] finds while loading a file's definitions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionError {
    pub message: String,
    /// The definition (or parameter) at fault.
    pub range: TextRange,
    /// Whether Puppet gives the error a location: a clash between classes, defines
    /// and nodes has one; a metaparameter as a parameter and an entity redefined in
    /// the loaders have none.
    pub located: bool,
}

/// Adds the validation errors of a lowered program. `text` is its source. Returns
/// the validation's warnings (see [`validate_with`]).
pub fn validate(
    program: &Program,
    text: &str,
    errors: &mut Vec<SyntaxError>,
) -> Vec<(String, u32)> {
    validate_with(program, text, ValidateOptions::default(), errors)
}

/// [`validate`] with options. Returns what Puppet's validation warns of (under its
/// default `strict = warning`), each with the offset Puppet reports it at: a hash
/// literal's key given twice, the future reserved word `plan` as a name.
pub fn validate_with(
    program: &Program,
    text: &str,
    options: ValidateOptions,
    errors: &mut Vec<SyntaxError>,
) -> Vec<(String, u32)> {
    validate_in_file(program, text, options, None, errors)
}

/// Where a module file was loaded from, for Puppet's checks of what a file under a
/// module path may hold (the main manifest, and files outside the module path, are
/// not checked): only definitions (classes, defines, functions, type aliases; no
/// nodes) at its top level (`This Function Call is unacceptable as a top level
/// construct in this location`), and classes, defines and functions whose names
/// start with the file's namespace, compared as strings and without case
/// (`app::base` and `app::basement` may be in `app/manifests/base.pp`, `app::other`
/// may not: `Unacceptable location`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModuleFile<'a> {
    /// The file's path, as the message names it.
    pub path: &'a str,
    /// What the definitions' names must start with ([`module_namespace`]); `None` for
    /// a file in no place of a module that Puppet loads from, where no name is right.
    pub namespace: Option<&'a str>,
}

/// The namespace of a module file, from its path relative to the module path
/// directory it is in (`<module>/manifests/a/b.pp`): `<module>::a::b`, or `<module>`
/// for `<module>/manifests/init.pp`, in lower case; `manifests` may be `functions`,
/// `types` or `plans` too. `None` if the file is in none of those directories.
pub fn module_namespace(relative: &str) -> Option<String> {
    let lower = relative.to_lowercase();
    let parts: Vec<&str> = lower.split('/').collect();
    if parts.len() < 3 || !matches!(parts[1], "manifests" | "functions" | "types" | "plans") {
        return None;
    }
    let file = parts[parts.len() - 1];
    let mut names: Vec<&str> = vec![parts[0]];
    names.extend(&parts[2..parts.len() - 1]);
    if !(parts.len() == 3 && file == "init.pp") {
        // Puppet drops the last three characters, whatever they are.
        let mut end = file.len().saturating_sub(3);
        while !file.is_char_boundary(end) {
            end -= 1;
        }
        names.push(&file[..end]);
    }
    Some(names.join("::"))
}

/// [`validate_with`] for a file loaded from a module (`None`: a main manifest or code
/// from elsewhere, which may hold anything).
pub fn validate_in_file(
    program: &Program,
    text: &str,
    options: ValidateOptions,
    file: Option<ModuleFile<'_>>,
    errors: &mut Vec<SyntaxError>,
) -> Vec<(String, u32)> {
    let before = errors.len();
    let warnings = check_program(program, text, options, file, errors);
    if errors.len() == before && !is_epp(program, text) && !options.skip_definition_checks {
        if let Some(e) = definition_error(program, text, None) {
            errors.push(SyntaxError {
                message: e.message,
                range: e.range,
            });
        }
    }
    warnings
}

/// Puppet's validation proper (what its `pp` heredoc checker runs too).
fn check_program(
    program: &Program,
    text: &str,
    options: ValidateOptions,
    file: Option<ModuleFile<'_>>,
    errors: &mut Vec<SyntaxError>,
) -> Vec<(String, u32)> {
    let mut checker = Checker {
        text,
        options,
        file,
        first_error: errors.len(),
        errors,
        warnings: Vec::new(),
        path: Vec::new(),
        aborted: false,
    };
    checker.program(program);
    checker.warnings
}

/// The containers that decide where a definition may appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ctx {
    Program,
    /// A `BlockExpression` in Puppet's model.
    Block,
    Class,
    /// Anything else: defines, nodes, lambdas, a template, expressions...
    Other,
}

/// What a resource attribute operation is in (its label when `+>` is misplaced).
#[derive(Clone, Copy, PartialEq, Eq)]
enum OpsOwner {
    ResourceBody,
    Defaults,
    Override,
    Collect,
}

struct Checker<'a> {
    text: &'a str,
    options: ValidateOptions,
    file: Option<ModuleFile<'a>>,
    errors: &'a mut Vec<SyntaxError>,
    /// Where this validation's errors start in `errors`.
    first_error: usize,
    /// The warnings, with the offsets Puppet reports them at.
    warnings: Vec<(String, u32)>,
    /// The containers of the element being checked, outermost first.
    path: Vec<Ctx>,
    /// A heredoc's text failed its syntax check: Puppet stops validating there.
    aborted: bool,
}

impl Checker<'_> {
    fn error(&mut self, span: Span, message: impl Into<String>) {
        if self.aborted {
            return;
        }
        let end = span.end.max(span.start);
        self.errors.push(SyntaxError {
            message: message.into(),
            range: TextRange::new(TextSize::from(span.start), TextSize::from(end)),
        });
    }

    // --------------------------------------------------------------- walking

    fn program(&mut self, program: &Program) {
        self.path.push(Ctx::Program);
        if is_epp(program, self.text) {
            // Puppet's EPP program is a lambda (the parameters) around an
            // `EppExpression` whose body is always a block.
            let params = program.epp_params.as_deref().unwrap_or(&[]);
            self.capture_last(params);
            self.within(Ctx::Other, |c| {
                c.params(params);
                c.no_capture(params, "an Epp Template");
                c.unique_params(params);
                c.within(Ctx::Other, |c| c.body(&program.body));
            });
        } else {
            if self.file.is_some() {
                self.top_constructs(&program.body);
            }
            self.statements(&program.body);
        }
        self.path.pop();
    }

    /// A module file's top level holds definitions only (not nodes); a file of
    /// comments is not checked.
    fn top_constructs(&mut self, statements: &[Expr]) {
        for s in statements {
            let definition = matches!(
                s.kind,
                ExprKind::Nop
                    | ExprKind::Class(_)
                    | ExprKind::Define(_)
                    | ExprKind::Function(_)
                    | ExprKind::TypeAlias(_)
                    | ExprKind::TypeDefinition { .. }
            );
            if !definition {
                self.error(
                    self.loc(s),
                    format!(
                        "This {} is unacceptable as a top level construct in this location",
                        label(s)
                    ),
                );
            }
        }
    }

    /// Puppet's `block_or_expression`: statements of an `if`, `else`, `unless`, the
    /// top level or `<%= { } %>`; a block only if there are two or more.
    fn statements(&mut self, statements: &[Expr]) {
        if statements.len() > 1 {
            self.check_block(statements);
            self.path.push(Ctx::Block);
            for s in statements {
                self.expr(s);
            }
            self.path.pop();
        } else {
            for s in statements {
                self.expr(s);
            }
        }
    }

    /// The body of a definition, lambda, case option or template: always a block
    /// when not empty.
    fn body(&mut self, statements: &[Expr]) {
        if statements.is_empty() {
            return;
        }
        self.check_block(statements);
        self.path.push(Ctx::Block);
        for s in statements {
            self.expr(s);
        }
        self.path.pop();
    }

    /// Visits an element's children with the element as their container.
    fn within(&mut self, ctx: Ctx, f: impl FnOnce(&mut Self)) {
        self.path.push(ctx);
        f(self);
        self.path.pop();
    }

    fn expr(&mut self, e: &Expr) {
        if self.aborted {
            return;
        }
        match &e.kind {
            ExprKind::Literal(_)
            | ExprKind::QualifiedName(_)
            | ExprKind::RenderString(_)
            | ExprKind::Nop => {}
            ExprKind::TypeRef(name) => {
                if !is_classref_ext(name) {
                    self.error(
                        e.span,
                        format!("Illegal type reference. The given name '{name}' does not conform to the naming rule"),
                    );
                }
            }
            ExprKind::Variable(name) => self.check_variable(e, name),
            ExprKind::Reserved(word) => self.error(
                e.span,
                format!(
                    "Use of reserved word: {word}, must be quoted if intended to be a String value"
                ),
            ),
            ExprKind::Concat(parts) => self.within(Ctx::Other, |c| {
                for part in parts {
                    if let StrPart::Expr(x) = part {
                        // Puppet's `TextExpression` around the interpolated expression.
                        c.rvalue(x);
                        c.within(Ctx::Other, |c| c.expr(x));
                    }
                }
            }),
            ExprKind::Heredoc { syntax, text } => {
                if let (Some(syntax), ExprKind::Literal(Literal::String(value))) =
                    (syntax, &text.kind)
                {
                    self.check_external_syntax(syntax, value, text);
                }
                self.within(Ctx::Other, |c| c.expr(text));
            }
            ExprKind::Array(items) => {
                for item in items {
                    self.rvalue(item);
                }
                self.within(Ctx::Other, |c| {
                    for item in items {
                        c.expr(item);
                    }
                });
            }
            ExprKind::Hash(entries) | ExprKind::UnfoldedHash(entries) => {
                self.duplicate_keys(entries);
                self.within(Ctx::Other, |c| {
                    for entry in entries {
                        c.rvalue(&entry.key);
                        c.rvalue(&entry.value);
                        c.within(Ctx::Other, |c| {
                            c.expr(&entry.key);
                            c.expr(&entry.value);
                        });
                    }
                })
            }
            ExprKind::Unary { expr, .. } | ExprKind::Paren(expr) | ExprKind::RenderExpr(expr) => {
                self.rvalue(expr);
                self.within(Ctx::Other, |c| c.expr(expr));
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                self.rvalue(lhs);
                self.rvalue(rhs);
                self.within(Ctx::Other, |c| {
                    c.expr(lhs);
                    c.expr(rhs);
                });
            }
            ExprKind::Assign { op, target, value } => {
                match op {
                    AssignOp::Assign => {
                        self.assign(target);
                        self.rvalue(value);
                    }
                    AssignOp::Append | AssignOp::Delete => {
                        let op = if *op == AssignOp::Append { "+=" } else { "-=" };
                        self.error(
                            self.loc(e),
                            format!("The operator '{op}' is no longer supported. See http://links.puppet.com/remove-plus-equals"),
                        );
                    }
                }
                self.within(Ctx::Other, |c| {
                    c.expr(target);
                    c.expr(value);
                });
            }
            ExprKind::Relationship { lhs, rhs, .. } => {
                self.relation(lhs);
                self.relation(rhs);
                self.within(Ctx::Other, |c| {
                    c.expr(lhs);
                    c.expr(rhs);
                });
            }
            ExprKind::Selector { subject, entries } => {
                self.rvalue(subject);
                let defaults: Vec<&SelectorEntry> =
                    entries.iter().filter(|s| is_default(&s.matcher)).collect();
                if let Some(second) = defaults.get(1) {
                    self.error(
                        self.loc(&second.matcher),
                        "This Selector Expression already has a 'default' entry - this is a duplicate",
                    );
                }
                self.within(Ctx::Other, |c| {
                    c.expr(subject);
                    for entry in entries {
                        c.rvalue(&entry.matcher);
                        c.within(Ctx::Other, |c| {
                            c.expr(&entry.matcher);
                            c.expr(&entry.value);
                        });
                    }
                });
            }
            ExprKind::Access { target, keys } => self.within(Ctx::Other, |c| {
                c.expr(target);
                for key in keys {
                    c.expr(key);
                }
            }),
            ExprKind::Call(call) => {
                self.check_call(e, call);
                self.within(Ctx::Other, |c| {
                    c.expr(&call.callee);
                    for arg in &call.args {
                        c.expr(arg);
                    }
                    if let Some(lambda) = &call.lambda {
                        c.lambda(lambda);
                    }
                });
            }
            ExprKind::MethodCall(call) => self.within(Ctx::Other, |c| {
                c.expr(&call.receiver);
                for arg in &call.args {
                    c.expr(arg);
                }
                if let Some(lambda) = &call.lambda {
                    c.lambda(lambda);
                }
            }),
            ExprKind::If {
                cond,
                then,
                otherwise,
            }
            | ExprKind::Unless {
                cond,
                then,
                otherwise,
            } => {
                self.rvalue(cond);
                self.within(Ctx::Other, |c| {
                    c.expr(cond);
                    c.statements(&then.statements);
                    if let Some(otherwise) = otherwise {
                        c.expr(otherwise);
                    }
                });
            }
            ExprKind::Case { subject, options } => {
                self.rvalue(subject);
                let mut found_default = false;
                for value in options.iter().flat_map(|o| &o.values) {
                    if is_default(value) {
                        if found_default {
                            self.error(
                                self.loc(value),
                                "This 'case' statement already has a 'default' entry - this is a duplicate",
                            );
                        }
                        found_default = true;
                    }
                }
                self.within(Ctx::Other, |c| {
                    c.expr(subject);
                    for option in options {
                        for value in &option.values {
                            c.rvalue(value);
                        }
                        c.within(Ctx::Other, |c| {
                            for value in &option.values {
                                c.expr(value);
                            }
                            c.body(&option.body.statements);
                        });
                    }
                });
            }
            // A block standing as an expression: Puppet's untitled resource
            // (`file { ensure => present }`: a name and a hash), or what
            // `block_or_expression` made of an `else` or `<%= { } %>` body.
            ExprKind::Block(block) => self.statements(&block.statements),
            ExprKind::Resource(resource) => {
                if resource.form != ResourceForm::Regular
                    && matches!(&resource.type_name.kind, ExprKind::QualifiedName(n) if n == "class")
                {
                    self.error(resource.span, "Classes are not virtualizable");
                }
                self.within(Ctx::Other, |c| {
                    c.expr(&resource.type_name);
                    for body in &resource.bodies {
                        c.resource_body(body);
                    }
                });
            }
            ExprKind::ResourceDefaults { type_ref, ops } => self.within(Ctx::Other, |c| {
                c.expr(type_ref);
                c.attribute_ops(ops, OpsOwner::Defaults);
            }),
            ExprKind::ResourceOverride { resources, ops } => self.within(Ctx::Other, |c| {
                c.expr(resources);
                c.attribute_ops(ops, OpsOwner::Override);
            }),
            ExprKind::Collect(collect) => {
                if !matches!(collect.type_ref.kind, ExprKind::TypeRef(_)) {
                    let message = format!(
                        "Illegal expression. {} is unacceptable as type name in {}",
                        a_an_uc(&label(&collect.type_ref)),
                        a_an(&label(e))
                    );
                    self.error(self.loc(&collect.type_ref), message);
                }
                if let Some(query) = &collect.query {
                    self.query(query);
                }
                self.within(Ctx::Other, |c| {
                    c.expr(&collect.type_ref);
                    if let Some(query) = &collect.query {
                        c.within(Ctx::Other, |c| c.expr(query));
                    }
                    c.attribute_ops(&collect.ops, OpsOwner::Collect);
                });
            }
            ExprKind::Class(class) => {
                self.named_definition(e, &class.name);
                self.no_capture(&class.params, "a Host Class Definition");
                self.unique_params(&class.params);
                self.reserved_params(&class.params, "the Host Class Definition");
                self.no_idem_last(&class.body, "A Host Class Definition");
                self.within(Ctx::Class, |c| {
                    c.params(&class.params);
                    c.body(&class.body.statements);
                });
            }
            ExprKind::Define(define) => {
                self.named_definition(e, &define.name);
                self.no_capture(&define.params, "a 'define' expression");
                self.unique_params(&define.params);
                self.reserved_params(&define.params, "the 'define' expression");
                self.no_idem_last(&define.body, "A 'define' expression");
                self.within(Ctx::Other, |c| {
                    c.params(&define.params);
                    c.body(&define.body.statements);
                });
            }
            ExprKind::Function(function) => {
                self.named_definition(e, &function.name);
                if let Some(r) = &function.return_type {
                    self.type_ref(r, "a Function Definition");
                }
                self.unique_params(&function.params);
                self.within(Ctx::Other, |c| {
                    c.params(&function.params);
                    if let Some(r) = &function.return_type {
                        c.expr(r);
                    }
                    c.body(&function.body.statements);
                });
            }
            ExprKind::Node(node) => {
                self.check_node(e, node);
                self.within(Ctx::Other, |c| c.body(&node.body.statements));
            }
            ExprKind::TypeAlias(alias) => {
                self.top(e);
                if !is_classref_ext_decl(&alias.name) {
                    self.error(
                        self.loc(e),
                        format!("Unacceptable name. The name '{}' is unacceptable as the name of a Type Alias", alias.name),
                    );
                }
                self.reserved_type_name(e, &alias.name);
                // Puppet makes `Object[...]` of a hash here.
                if !matches!(
                    alias.type_expr.kind,
                    ExprKind::Hash(_) | ExprKind::UnfoldedHash(_)
                ) {
                    self.type_ref(&alias.type_expr, "a Type Alias");
                }
                self.within(Ctx::Other, |c| c.expr(&alias.type_expr));
            }
            ExprKind::TypeDefinition { name, body, .. } => {
                self.top(e);
                self.reserved_type_name(e, name);
                self.error(
                    self.loc(e),
                    "Expressions of type a Type Definition are not supported in this version of Puppet",
                );
                self.within(Ctx::Other, |c| c.body(&body.statements));
            }
        }
    }

    fn lambda(&mut self, lambda: &Lambda) {
        self.capture_last(&lambda.params);
        if let Some(r) = &lambda.return_type {
            self.type_ref(r, "a Lambda");
        }
        self.within(Ctx::Other, |c| {
            c.params(&lambda.params);
            if let Some(r) = &lambda.return_type {
                c.expr(r);
            }
            c.body(&lambda.body.statements);
        });
    }

    fn resource_body(&mut self, body: &ResourceBody) {
        let mut seen_unfold = false;
        for op in &body.ops {
            if let AttributeOp::Splat { span, .. } = op {
                if seen_unfold {
                    self.error(
                        *span,
                        "Unfolding of attributes from Hash can only be used once per resource body",
                    );
                }
                seen_unfold = true;
            }
        }
        self.within(Ctx::Other, |c| {
            c.expr(&body.title);
            c.attribute_ops(&body.ops, OpsOwner::ResourceBody);
        });
    }

    fn attribute_ops(&mut self, ops: &[AttributeOp], owner: OpsOwner) {
        for op in ops {
            match op {
                AttributeOp::Set {
                    name,
                    append,
                    value,
                    span,
                } => {
                    if *append && !matches!(owner, OpsOwner::Collect | OpsOwner::Override) {
                        let parent = match owner {
                            OpsOwner::Defaults => "a Resource Defaults Expression",
                            _ => "a Resource Instance Definition",
                        };
                        self.error(
                            *span,
                            format!("Illegal +> operation on attribute {name}. This operator can not be used in {parent}"),
                        );
                    }
                    self.rvalue(value);
                    self.within(Ctx::Other, |c| c.expr(value));
                }
                AttributeOp::Splat { value, .. } => {
                    self.rvalue(value);
                    self.within(Ctx::Other, |c| c.expr(value));
                }
            }
        }
    }

    /// Each parameter's own checks, then its type and default value.
    fn params(&mut self, params: &[Param]) {
        for p in params {
            // Where the error goes is only looked for when there is one.
            if is_numeric_param_name(&p.name) {
                self.error(
                    param_loc(p, self.text),
                    format!(
                        "The numeric parameter name '${}' cannot be used (clashes with numeric match result variables)",
                        p.name
                    ),
                );
            }
            if !is_param_name(&p.name) {
                self.error(
                    param_loc(p, self.text),
                    format!(
                        "Illegal parameter name. The given name '{}' does not conform to the naming rule /^[a-z_]\\w*$/",
                        p.name
                    ),
                );
            }
            if let Some(default) = &p.default {
                self.no_assignment(default);
            }
            self.within(Ctx::Other, |c| {
                if let Some(t) = &p.type_expr {
                    c.expr(t);
                }
                if let Some(d) = &p.default {
                    c.expr(d);
                }
            });
        }
    }

    // ---------------------------------------------------------------- checks

    /// A block of statements: an untitled resource, or a value that is produced and
    /// forgotten (only the first is reported).
    fn check_block(&mut self, statements: &[Expr]) {
        if let Some(name) = resource_without_title(statements) {
            let at = statements[0].span.cover(statements[1].span);
            self.error(
                at,
                format!("This expression is invalid. Did you try declaring a '{name}' resource without a title?"),
            );
            return;
        }
        let init = statements.split_last().map_or(&[][..], |(_, init)| init);
        if let Some(s) = init.iter().find(|s| idem(s)) {
            self.error(
                self.loc(s),
                format!(
                    "This {} has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)",
                    label(s)
                ),
            );
        }
    }

    /// The last statement of a class, define or node must have an effect.
    fn no_idem_last(&mut self, body: &Block, container: &str) {
        if resource_without_title(&body.statements).is_some() {
            return;
        }
        let Some(last) = body.statements.last() else {
            return;
        };
        if idem(last) && !is_untitled_resource(last) {
            self.error(
                self.loc(last),
                format!(
                    "This {} has no effect. {container} can not end with a value-producing expression without other effect",
                    label(last)
                ),
            );
        }
    }

    /// Classes, defines and functions: place, name, and names Puppet reserves.
    fn named_definition(&mut self, e: &Expr, name: &str) {
        self.top(e);
        if !is_classref_decl(name) {
            self.error(
                self.loc(e),
                format!(
                    "Unacceptable name. The name '{name}' is unacceptable as the name of {}",
                    a_an(&label(e))
                ),
            );
        }
        if let Some(file) = self.file {
            if !file
                .namespace
                .is_some_and(|namespace| name.to_lowercase().starts_with(namespace))
            {
                self.error(
                    self.loc(e),
                    format!(
                        "Unacceptable location. The name '{name}' is unacceptable in file '{}'",
                        file.path
                    ),
                );
            }
        }
        self.reserved_type_name(e, name);
        self.future_reserved_word(self.loc(e).start, name);
    }

    /// Puppet's `FUTURE_RESERVED_WORD` (a warning): `plan` as the name of a class,
    /// define or function, or `Plan` as a return type.
    fn future_reserved_word(&mut self, at: u32, name: &str) {
        if name.eq_ignore_ascii_case("plan") {
            self.warnings
                .push(("Use of future reserved word: 'plan'".to_string(), at));
        }
    }

    /// Puppet's `DUPLICATE_KEY` (a warning, an error under `strict = error`): a hash
    /// literal whose literal keys are equal, at the `=>` of the later entry.
    fn duplicate_keys(&mut self, entries: &[HashEntry]) {
        let mut seen: Vec<LiteralKey> = Vec::new();
        for entry in entries {
            let Some(key) = LiteralKey::of(&entry.key) else {
                continue;
            };
            if seen.contains(&key) {
                let at = token_after(self.text, entry.key.span.end, "=>")
                    .map_or(entry.key.span.start, |s| s.start);
                let message = format!("The key '{}' is declared more than once", key.to_ruby_s());
                if self.options.strict_error {
                    self.error(Span { start: at, end: at }, message);
                } else {
                    self.warnings.push((message, at));
                }
            } else {
                seen.push(key);
            }
        }
    }

    fn reserved_type_name(&mut self, e: &Expr, name: &str) {
        if RESERVED_TYPE_NAMES.contains(&name) {
            self.error(
                self.loc(e),
                format!(
                    "The name: '{name}' is already defined by Puppet and can not be used as the name of {}.",
                    a_an(&label(e))
                ),
            );
        }
    }

    /// Puppet's `top`: definitions appear at top level or in classes (nodes, classes
    /// and defines), or only at top level (functions, type aliases, type definitions).
    fn top(&mut self, e: &Expr) {
        let absolute = matches!(
            e.kind,
            ExprKind::Function(_) | ExprKind::TypeAlias(_) | ExprKind::TypeDefinition { .. }
        );
        let mut i = self.path.len();
        while i > 0 {
            i -= 1;
            match self.path[i] {
                Ctx::Program | Ctx::Class => return,
                Ctx::Block => {
                    let parent = i.checked_sub(1).map(|p| self.path[p]);
                    if absolute && parent != Some(Ctx::Program) {
                        self.error(
                            self.loc(e),
                            format!("{} may only appear at toplevel", a_an_uc(&label(e))),
                        );
                        return;
                    }
                }
                _ => {
                    self.error(
                        self.loc(e),
                        "Classes, definitions, and nodes may only appear at toplevel or inside other classes",
                    );
                    return;
                }
            }
        }
    }

    fn check_node(&mut self, e: &Expr, node: &NodeDef) {
        let header = NodeHeader::scan(self.text, node);
        for (i, matcher) in node.matchers.iter().enumerate() {
            if let NodeMatcher::Name(name) = matcher {
                if name
                    .chars()
                    .any(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.'))
                {
                    let at = header.as_ref().map_or(node.span, |h| h.matchers[i]);
                    self.error(
                        at,
                        format!(
                            "The hostname '{name}' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)"
                        ),
                    );
                }
            }
        }
        self.top(e);
        self.no_idem_last(&node.body, "A Node Definition");
        if node.parent.is_some() && !self.options.legacy_node_inheritance {
            let at = header.and_then(|h| h.parent).unwrap_or(node.span);
            self.error(
                at,
                "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation",
            );
        }
    }

    fn check_variable(&mut self, e: &Expr, name: &str) {
        if name.starts_with(|c: char| c.is_ascii_digit()) {
            if !is_numeric_var_name(name) {
                self.error(
                    e.span,
                    format!(
                        "Illegal numeric variable name, The given name '{name}' must be a decimal value if it starts with a digit 0-9"
                    ),
                );
            }
        } else if !is_var_name(name) {
            self.error(
                e.span,
                format!(
                    "Illegal variable name, The given name '{name}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"
                ),
            );
        }
    }

    fn check_call(&mut self, e: &Expr, call: &Call) {
        match &call.callee.kind {
            ExprKind::QualifiedName(_) | ExprKind::TypeRef(_) => {}
            ExprKind::Access { target, .. } if matches!(target.kind, ExprKind::TypeRef(_)) => {}
            ExprKind::RenderString(_) => self.error(
                self.loc(e),
                "Ambiguous EPP parameter expression. Probably missing '<%-' before parameters to remove leading whitespace",
            ),
            _ => {
                let message = format!(
                    "Illegal expression. {} is unacceptable as function name in a Function Call",
                    a_an_uc(&label(&call.callee))
                );
                self.error(self.loc(&call.callee), message);
            }
        }
    }

    /// The left side of `=`.
    fn assign(&mut self, target: &Expr) {
        match &target.kind {
            ExprKind::Variable(name) => {
                if is_numeric_var_name(name) {
                    self.error(
                        self.loc(target),
                        format!(
                            "Illegal attempt to assign to the numeric match result variable '${name}'. Numeric variables are not assignable"
                        ),
                    );
                }
                if name.contains("::") {
                    self.error(
                        self.loc(target),
                        format!("Illegal attempt to assign to '{name}'. Cannot assign to variables in other namespaces"),
                    );
                }
            }
            ExprKind::Access { .. } => self.error(
                self.loc(target),
                "Illegal attempt to assign via [index/key]. Not an assignable reference",
            ),
            ExprKind::Array(items) => {
                for item in items {
                    self.assign(item);
                }
            }
            _ => self.error(
                self.loc(target),
                format!(
                    "Illegal attempt to assign to '{}'. Not an assignable reference",
                    a_an(&label(target))
                ),
            ),
        }
    }

    /// Where a value is needed: definitions and collectors produce none.
    fn rvalue(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Collect(_)
            | ExprKind::Class(_)
            | ExprKind::Define(_)
            | ExprKind::Function(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::TypeDefinition { .. }
            | ExprKind::Node(_) => self.error(
                self.loc(e),
                format!(
                    "Invalid use of expression. {} does not produce a value",
                    a_an_uc(&label(e))
                ),
            ),
            ExprKind::Unary { expr, .. } | ExprKind::Paren(expr) | ExprKind::RenderExpr(expr) => {
                self.rvalue(expr)
            }
            _ => {}
        }
    }

    /// An operand of `->`, `~>`, `<-`, `<~`.
    fn relation(&mut self, e: &Expr) {
        if !matches!(e.kind, ExprKind::Collect(_) | ExprKind::Relationship { .. }) {
            self.rvalue(e);
        }
    }

    /// A collector's query: `==`, `!=`, `and`, `or`, parentheses, and simple operands.
    fn query(&mut self, e: &Expr) {
        let ok = match &e.kind {
            ExprKind::Binary {
                op: BinaryOp::Eq | BinaryOp::Ne,
                ..
            } => true,
            ExprKind::Binary {
                op: BinaryOp::And | BinaryOp::Or,
                lhs,
                rhs,
            } => {
                self.query(lhs);
                self.query(rhs);
                true
            }
            ExprKind::Paren(inner) => {
                self.query(inner);
                true
            }
            ExprKind::Variable(_) | ExprKind::QualifiedName(_) => true,
            ExprKind::Literal(l) => matches!(
                l,
                Literal::Integer(_) | Literal::Float(_) | Literal::String(_) | Literal::Boolean(_)
            ),
            _ => false,
        };
        if !ok {
            self.error(
                self.loc(e),
                format!(
                    "Illegal query expression. {} cannot be used in a query",
                    a_an_uc(&label(e))
                ),
            );
        }
    }

    /// No assignment in a parameter's default value (outside lambdas).
    fn no_assignment(&mut self, e: &Expr) {
        if let ExprKind::Assign { .. } = e.kind {
            self.error(self.loc(e), "Assignment not allowed here");
            return;
        }
        for_each_child(e, &mut |child| self.no_assignment(child));
    }

    /// A return type or an aliased type must be a type (`Name` or `Name[...]`).
    fn type_ref(&mut self, r: &Expr, container: &str) {
        let n = match &r.kind {
            ExprKind::Access { target, .. } => target,
            _ => r,
        };
        if let ExprKind::TypeRef(name) = &n.kind {
            self.future_reserved_word(self.loc(r).start, name);
        }
        if !matches!(n.kind, ExprKind::TypeRef(_)) {
            let message = format!(
                "Illegal expression. {} is unacceptable as a type reference in {container}",
                a_an_uc(&label(r))
            );
            self.error(self.loc(r), message);
        }
    }

    fn capture_last(&mut self, params: &[Param]) {
        let last = params.len().saturating_sub(1);
        for (i, p) in params.iter().enumerate() {
            if p.captures_rest && i != last {
                self.error(
                    param_loc(p, self.text),
                    format!("Parameter ${} is not last, and has 'captures rest'", p.name),
                );
            }
        }
    }

    fn no_capture(&mut self, params: &[Param], container: &str) {
        for p in params {
            if p.captures_rest {
                self.error(
                    param_loc(p, self.text),
                    captures_rest_not_supported(p, container),
                );
            }
        }
    }

    fn unique_params(&mut self, params: &[Param]) {
        for (i, p) in params.iter().enumerate() {
            if params[..i].iter().any(|q| q.name == p.name) {
                self.error(
                    param_loc(p, self.text),
                    format!(
                        "The parameter '{}' is declared more than once in the parameter list",
                        p.name
                    ),
                );
            }
        }
    }

    fn reserved_params(&mut self, params: &[Param], container: &str) {
        for p in params {
            if &*p.name == "name" || &*p.name == "title" {
                self.error(
                    param_loc(p, self.text),
                    format!(
                        "The parameter ${} redefines a built in parameter in {container}",
                        p.name
                    ),
                );
            }
        }
    }

    /// A heredoc's static text in a syntax Puppet has a checker for. A failure stops
    /// validation, as Puppet's checker raises.
    fn check_external_syntax(&mut self, syntax: &str, value: &str, text_expr: &Expr) {
        let Some(checker) = syntax_checker(syntax) else {
            return;
        };
        let problem = match checker {
            "json" => json_error(value).map(|m| {
                format!(
                    "JSON syntax checker: Cannot parse invalid JSON string. \"{}\"",
                    escape_newlines(&truncate(&m, 100))
                )
            }),
            "base64" => base64_error(value).map(str::to_string),
            // Puppet's pp and epp checkers only take their own name (an internal
            // error, reported as is).
            _ if syntax != checker => Some(format!(
                "{} syntax checker: the syntax identifier must be a String, e.g. pp",
                checker.to_uppercase()
            )),
            _ => puppet_error(value, checker == "epp").map(|m| {
                format!(
                    "{} syntax checker: \"{}\"",
                    checker.to_uppercase(),
                    escape_newlines(&truncate(&m, 500))
                )
            }),
        };
        let Some(problem) = problem else {
            return;
        };
        let message = if matches!(checker, "pp" | "epp") && syntax != checker {
            problem
        } else {
            format!("Invalid produced text having syntax: '{syntax}'. {problem}")
        };
        let at = self.loc(text_expr);
        self.errors.truncate(self.first_error);
        self.error(at, message);
        self.aborted = true;
    }

    // -------------------------------------------------------------- locations

    fn loc(&self, e: &Expr) -> Span {
        loc(self.text, e)
    }
}

/// Where Puppet locates an element: most start where their text starts, but
/// operators locate binary expressions, a selector is located at its subject, an
/// access or call where its left side is, a method call at its `(` (or `.`).
fn loc(text: &str, e: &Expr) -> Span {
    match &e.kind {
        ExprKind::Binary { op, lhs, .. } => {
            token_after(text, lhs.span.end, binary_op(*op)).unwrap_or(e.span)
        }
        ExprKind::Assign { op, target, .. } => {
            let op = match op {
                AssignOp::Assign => "=",
                AssignOp::Append => "+=",
                AssignOp::Delete => "-=",
            };
            token_after(text, target.span.end, op).unwrap_or(e.span)
        }
        ExprKind::Relationship { op, lhs, .. } => {
            let op = match op {
                EdgeOp::Before => "->",
                EdgeOp::Notify => "~>",
                EdgeOp::Require => "<-",
                EdgeOp::Subscribe => "<~",
            };
            token_after(text, lhs.span.end, op).unwrap_or(e.span)
        }
        ExprKind::Selector { subject, .. } => loc(text, subject),
        ExprKind::Access { target, .. } => Span::new(loc(text, target).start, e.span.end),
        ExprKind::Call(call) => Span::new(loc(text, &call.callee).start, e.span.end),
        ExprKind::MethodCall(call) => {
            let start = token_after(text, call.receiver.span.end, ".")
                .and_then(|dot| {
                    if !call.parens {
                        return Some(dot.start);
                    }
                    let name = token_after(text, dot.end, &call.name)?;
                    Some(token_after(text, name.end, "(")?.start)
                })
                .unwrap_or(e.span.start);
            Span::new(start, e.span.end)
        }
        ExprKind::TypeAlias(alias) => {
            let name = text
                .get(e.span.start as usize..)
                .and_then(|t| t.strip_prefix("type"))
                .and_then(|_| token_after(text, e.span.start + 4, &alias.name));
            name.unwrap_or(e.span)
        }
        _ => e.span,
    }
}

/// The span of `token` if it is the first thing after `at` but whitespace and
/// comments.
fn token_after(text: &str, at: u32, token: &str) -> Option<Span> {
    let start = skip_trivia(text, at as usize);
    let rest = text.get(start..)?;
    rest.starts_with(token)
        .then(|| Span::new(start as u32, (start + token.len()) as u32))
}

fn captures_rest_not_supported(p: &Param, container: &str) -> String {
    format!(
        "Parameter ${} has 'captures rest' - not supported in {container}",
        p.name
    )
}

/// Whether a lowered program is a template: the model does not say, but templates
/// have parameters or text, or start with a tag (which no manifest can).
fn is_epp(program: &Program, text: &str) -> bool {
    program.epp_params.is_some()
        || program
            .body
            .iter()
            .any(|s| matches!(s.kind, ExprKind::RenderString(_) | ExprKind::RenderExpr(_)))
        || text.starts_with("<%")
}

/// A parameter is located at its `$name`.
fn param_loc(p: &Param, text: &str) -> Span {
    let from = p
        .type_expr
        .as_ref()
        .map_or(p.span.start, |t| t.span.end.max(p.span.start));
    let found = text
        .get(from as usize..p.span.end as usize)
        .and_then(|t| t.find('$'))
        .map(|i| from + i as u32);
    match found {
        Some(start) => Span::new(
            start,
            (start + 1 + p.name.len() as u32).min(p.span.end.max(start + 1)),
        ),
        None => p.span,
    }
}

fn binary_op(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Or => "or",
        BinaryOp::And => "and",
        BinaryOp::Lt => "<",
        BinaryOp::Gt => ">",
        BinaryOp::Le => "<=",
        BinaryOp::Ge => ">=",
        BinaryOp::Eq => "==",
        BinaryOp::Ne => "!=",
        BinaryOp::Shl => "<<",
        BinaryOp::Shr => ">>",
        BinaryOp::Add => "+",
        BinaryOp::Sub => "-",
        BinaryOp::Mul => "*",
        BinaryOp::Div => "/",
        BinaryOp::Rem => "%",
        BinaryOp::Match => "=~",
        BinaryOp::NotMatch => "!~",
        BinaryOp::In => "in",
    }
}

/// Skips whitespace and comments (`# ...`, `/* ... */`).
fn skip_trivia(text: &str, mut at: usize) -> usize {
    let bytes = text.as_bytes();
    while at < bytes.len() {
        match bytes[at] {
            b' ' | b'\t' | b'\r' | b'\n' => at += 1,
            b'#' => {
                at = text[at..].find('\n').map_or(bytes.len(), |i| at + i);
            }
            b'/' if bytes.get(at + 1) == Some(&b'*') => {
                at = text[at + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |i| at + 2 + i + 2);
            }
            _ => break,
        }
    }
    at
}

// ------------------------------------------------------------------ the model

fn is_default(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Literal(Literal::Default))
}

/// Puppet's `resource_without_title?`: a block of a name and a hash is what
/// `file { ensure => present }` becomes. Returns the name.
fn resource_without_title(statements: &[Expr]) -> Option<&str> {
    match statements {
        [Expr {
            kind: ExprKind::QualifiedName(name),
            ..
        }, Expr {
            kind: ExprKind::Hash(_),
            ..
        }] => Some(name),
        _ => None,
    }
}

fn is_untitled_resource(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Block(b) if resource_without_title(&b.statements).is_some())
}

/// Puppet's `idem`: whether an expression is known to have no effect.
fn idem(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Literal(_)
        | ExprKind::Concat(_)
        | ExprKind::Heredoc { .. }
        | ExprKind::Variable(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::TypeRef(_)
        | ExprKind::Reserved(_)
        | ExprKind::Array(_)
        | ExprKind::Hash(_)
        | ExprKind::UnfoldedHash(_)
        | ExprKind::Unary { .. }
        | ExprKind::Access { .. }
        | ExprKind::Selector { .. }
        | ExprKind::Nop => true,
        // A match sets `$0`, `$1`...
        ExprKind::Binary { op, .. } => !matches!(op, BinaryOp::Match | BinaryOp::NotMatch),
        ExprKind::Paren(inner) => idem(inner),
        ExprKind::Block(block) => block.statements.iter().all(idem),
        ExprKind::If {
            cond,
            then,
            otherwise,
        }
        | ExprKind::Unless {
            cond,
            then,
            otherwise,
        } => {
            idem(cond) && then.statements.iter().all(idem) && otherwise.as_deref().is_none_or(idem)
        }
        ExprKind::Case { subject, options } => {
            idem(subject)
                && options
                    .iter()
                    .all(|o| o.values.iter().all(idem) && o.body.statements.iter().all(idem))
        }
        _ => false,
    }
}

/// Puppet's name for an element in messages (`ModelLabelProvider`).
fn label(e: &Expr) -> String {
    let s = match &e.kind {
        ExprKind::Literal(l) => match l {
            Literal::Undef => "'undef' expression",
            Literal::Default => "'default' expression",
            Literal::Boolean(_) => "Boolean",
            Literal::Integer(_) => "Literal Integer",
            Literal::Float(_) => "Literal Float",
            Literal::String(_) => "String",
            Literal::Regex(_) => "Regular Expression",
        },
        ExprKind::Concat(_) => "Double Quoted String",
        ExprKind::Heredoc { syntax, .. } => {
            return format!("'@({})' expression", syntax.as_deref().unwrap_or(""));
        }
        ExprKind::Variable(_) => "Variable",
        ExprKind::QualifiedName(_) => "Name",
        ExprKind::TypeRef(_) => "Type-Name",
        ExprKind::Reserved(word) => return format!("Reserved Word '{word}'"),
        ExprKind::Array(_) => "Array Expression",
        ExprKind::Hash(_) | ExprKind::UnfoldedHash(_) => "Hash Expression",
        ExprKind::Unary { op, .. } => match op {
            UnaryOp::Not => "'not' expression",
            UnaryOp::Neg => "Unary Minus",
            UnaryOp::Splat => "Unfold",
        },
        ExprKind::Binary { op, .. } => return format!("'{}' expression", binary_op(*op)),
        ExprKind::Assign { op, .. } => match op {
            AssignOp::Assign => "'=' expression",
            AssignOp::Append => "'+=' expression",
            AssignOp::Delete => "'-=' expression",
        },
        ExprKind::Relationship { op, .. } => match op {
            EdgeOp::Before => "'->' expression",
            EdgeOp::Notify => "'~>' expression",
            EdgeOp::Require => "'<-' expression",
            EdgeOp::Subscribe => "'<~' expression",
        },
        ExprKind::Paren(_) => "Parenthesized Expression",
        ExprKind::Selector { .. } => "Selector Expression",
        ExprKind::Access { .. } => "'[]' expression",
        ExprKind::Call(_) => "Function Call",
        ExprKind::MethodCall(_) => "Method call",
        ExprKind::If { .. } => "'if' statement",
        ExprKind::Unless { .. } => "'unless' Statement",
        ExprKind::Case { .. } => "'case' statement",
        ExprKind::Block(b) => match b.statements.as_slice() {
            [] => "Nop Expression",
            [only] => return label(only),
            _ => "Block Expression",
        },
        ExprKind::Resource(_) => "Resource Statement",
        ExprKind::ResourceDefaults { .. } => "Resource Defaults Expression",
        ExprKind::ResourceOverride { .. } => "Resource Override",
        ExprKind::Collect(c) => {
            if c.exported {
                "Exported Query"
            } else {
                "Virtual Query"
            }
        }
        ExprKind::Class(_) => "Host Class Definition",
        ExprKind::Define(_) => "'define' expression",
        ExprKind::Node(_) => "Node Definition",
        ExprKind::Function(_) => "Function Definition",
        ExprKind::TypeAlias(_) => "Type Alias",
        ExprKind::TypeDefinition { .. } => "Type Definition",
        ExprKind::RenderString(_) => "Epp Text",
        ExprKind::RenderExpr(_) => "Epp Interpolated Expression",
        ExprKind::Nop => "Nop Expression",
    };
    s.to_string()
}

/// "a" or "an" before a label: by its first letter, after a leading quote.
fn article(label: &str) -> &'static str {
    let mut chars = label.chars();
    let mut first = chars.next();
    if matches!(first, Some('"' | '\'')) {
        first = chars.next();
    }
    match first.map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'y') => "an",
        _ => "a",
    }
}

fn a_an(label: &str) -> String {
    format!("{} {label}", article(label))
}

fn a_an_uc(label: &str) -> String {
    let article = if article(label) == "an" { "An" } else { "A" };
    format!("{article} {label}")
}

/// The direct child expressions of `e`, and the bodies of its lambdas apart (an
/// assignment in a lambda is allowed in a default value).
/// Calls `f` on each child expression of `e`, in order, without collecting them.
pub fn for_each_child<'e>(e: &'e Expr, f: &mut dyn FnMut(&'e Expr)) {
    struct Out<'f, 'e>(&'f mut dyn FnMut(&'e Expr));
    impl<'e> Out<'_, 'e> {
        fn push(&mut self, e: &'e Expr) {
            (self.0)(e)
        }
        fn extend(&mut self, es: impl IntoIterator<Item = &'e Expr>) {
            es.into_iter().for_each(&mut *self.0)
        }
    }
    let mut out = Out(f);
    match &e.kind {
        ExprKind::Literal(_)
        | ExprKind::Variable(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::TypeRef(_)
        | ExprKind::Reserved(_)
        | ExprKind::RenderString(_)
        | ExprKind::Nop => {}
        ExprKind::Concat(parts) => out.extend(parts.iter().filter_map(|p| match p {
            StrPart::Expr(x) => Some(x),
            StrPart::Text(_) => None,
        })),
        ExprKind::Heredoc { text, .. } => out.push(text),
        ExprKind::Array(items) => out.extend(items),
        ExprKind::Hash(entries) | ExprKind::UnfoldedHash(entries) => {
            out.extend(entries.iter().flat_map(|e| [&e.key, &e.value]))
        }
        ExprKind::Unary { expr, .. } | ExprKind::Paren(expr) | ExprKind::RenderExpr(expr) => {
            out.push(expr)
        }
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Relationship { lhs, rhs, .. } => {
            out.extend([&**lhs, &**rhs])
        }
        ExprKind::Assign { target, value, .. } => out.extend([&**target, &**value]),
        ExprKind::Selector { subject, entries } => {
            out.push(subject);
            out.extend(entries.iter().flat_map(|e| [&e.matcher, &e.value]));
        }
        ExprKind::Access { target, keys } => {
            out.push(target);
            out.extend(keys);
        }
        // Lambdas are left out.
        ExprKind::Call(call) => {
            out.push(&call.callee);
            out.extend(&call.args);
        }
        ExprKind::MethodCall(call) => {
            out.push(&call.receiver);
            out.extend(&call.args);
        }
        ExprKind::If {
            cond,
            then,
            otherwise,
        }
        | ExprKind::Unless {
            cond,
            then,
            otherwise,
        } => {
            out.push(cond);
            out.extend(&then.statements);
            out.extend(otherwise.as_deref());
        }
        ExprKind::Case { subject, options } => {
            out.push(subject);
            for option in options {
                out.extend(&option.values);
                out.extend(&option.body.statements);
            }
        }
        ExprKind::Block(block) => out.extend(&block.statements),
        ExprKind::Resource(resource) => {
            out.push(&resource.type_name);
            for body in &resource.bodies {
                out.push(&body.title);
                out.extend(attribute_values(&body.ops));
            }
        }
        ExprKind::ResourceDefaults {
            type_ref: target,
            ops,
        }
        | ExprKind::ResourceOverride {
            resources: target,
            ops,
        } => {
            out.push(target);
            out.extend(attribute_values(ops));
        }
        ExprKind::Collect(collect) => {
            out.push(&collect.type_ref);
            out.extend(collect.query.as_ref());
            out.extend(attribute_values(&collect.ops));
        }
        ExprKind::Class(class) => {
            out.extend(param_exprs(&class.params));
            out.extend(&class.body.statements);
        }
        ExprKind::Define(define) => {
            out.extend(param_exprs(&define.params));
            out.extend(&define.body.statements);
        }
        ExprKind::Function(function) => {
            out.extend(param_exprs(&function.params));
            out.extend(function.return_type.as_ref());
            out.extend(&function.body.statements);
        }
        ExprKind::Node(node) => out.extend(&node.body.statements),
        ExprKind::TypeAlias(alias) => out.push(&alias.type_expr),
        ExprKind::TypeDefinition { body, .. } => out.extend(&body.statements),
    }
}

fn attribute_values(ops: &[AttributeOp]) -> impl Iterator<Item = &Expr> {
    ops.iter().map(|op| match op {
        AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => value,
    })
}

fn param_exprs(params: &[Param]) -> impl Iterator<Item = &Expr> {
    params
        .iter()
        .flat_map(|p| p.type_expr.iter().chain(p.default.iter()))
}

// ------------------------------------------------------------------ names

/// Names Puppet's type system owns: no class, define, function or type may take them.
const RESERVED_TYPE_NAMES: &[&str] = &[
    "type",
    "any",
    "unit",
    "scalar",
    "boolean",
    "numeric",
    "integer",
    "float",
    "collection",
    "array",
    "hash",
    "tuple",
    "struct",
    "variant",
    "optional",
    "enum",
    "regexp",
    "pattern",
    "runtime",
    "init",
    "object",
    "sensitive",
    "semver",
    "semverrange",
    "string",
    "timestamp",
    "timespan",
    "typeset",
];

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `[first]\w*` with `first` deciding the first character.
fn is_segment(s: &str, first: impl Fn(u8) -> bool) -> bool {
    s.as_bytes()
        .split_first()
        .is_some_and(|(&f, rest)| first(f) && rest.iter().all(|&b| crate::lexer::is_word_byte(b)))
}

/// `\A(?:0|[1-9][0-9]*)\z`
fn is_numeric_var_name(name: &str) -> bool {
    name == "0"
        || (name.starts_with(|c: char| ('1'..='9').contains(&c))
            && name.chars().all(|c| c.is_ascii_digit()))
}

/// `\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*\z`, in one pass over the bytes (the validator
/// asks it of every variable).
fn is_var_name(name: &str) -> bool {
    let bytes = name.strip_prefix("::").unwrap_or(name).as_bytes();
    let mut i = 0;
    loop {
        let Some(&first) = bytes.get(i) else {
            return false; // an empty segment
        };
        i += 1;
        i += bytes[i..]
            .iter()
            .position(|&b| !crate::lexer::is_word_byte(b))
            .unwrap_or(bytes.len() - i);
        if i == bytes.len() {
            return first.is_ascii_lowercase() || first == b'_';
        }
        if !(first.is_ascii_lowercase() && bytes[i..].starts_with(b"::")) {
            return false;
        }
        i += 2;
    }
}

/// `\A[a-z_]\w*\z`
fn is_param_name(name: &str) -> bool {
    is_segment(name, |b| b.is_ascii_lowercase() || b == b'_')
}

/// `^(?:0x)?[0-9]+$`
fn is_numeric_param_name(name: &str) -> bool {
    let digits = name.strip_prefix("0x").unwrap_or(name);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// `\A[a-z]\w*(?:::[a-z]\w*)*\z`: a class, define or function name.
fn is_classref_decl(name: &str) -> bool {
    segments_are(name, |b| b.is_ascii_lowercase())
}

/// `\A[A-Z]\w*(?:::[A-Z]\w*)*\z`: a type alias name.
fn is_classref_ext_decl(name: &str) -> bool {
    segments_are(name, |b| b.is_ascii_uppercase())
}

/// Whether every segment of `name` (as `split("::")` gives them) is `[first]\w*`, with
/// `first` deciding the first byte: one pass over the bytes (the validator asks it of
/// every type reference).
fn segments_are(name: &str, first: impl Fn(u8) -> bool) -> bool {
    let bytes = name.as_bytes();
    let mut i = 0;
    loop {
        match bytes.get(i) {
            Some(&b) if first(b) => i += 1,
            _ => return false, // an empty segment, or a wrong first byte
        }
        while i < bytes.len() && crate::lexer::is_word_byte(bytes[i]) {
            i += 1;
        }
        if i == bytes.len() {
            return true;
        }
        if !bytes[i..].starts_with(b"::") {
            return false;
        }
        i += 2;
    }
}

/// `\A((::){0,1}[A-Z][\w]*)+\z`: a type reference.
fn is_classref_ext(name: &str) -> bool {
    is_classref_ext_decl(name.strip_prefix("::").unwrap_or(name))
}

// ------------------------------------------------------------------ nodes

/// Where the parts of a node's header are: the model keeps node matchers without
/// their positions.
struct NodeHeader {
    matchers: Vec<Span>,
    parent: Option<Span>,
}

impl NodeHeader {
    /// Scans `node m1, m2 [inherits p] {`; `None` if the text does not match the
    /// model.
    fn scan(text: &str, node: &NodeDef) -> Option<NodeHeader> {
        let start = node.span.start as usize;
        if !text.get(start..)?.starts_with("node") {
            return None;
        }
        let mut at = skip_trivia(text, start + 4);
        let mut matchers = Vec::new();
        let mut parent = None;
        loop {
            let end = hostname_end(text, at)?;
            matchers.push(Span::new(at as u32, end as u32));
            at = skip_trivia(text, end);
            if text[at..].starts_with(',') {
                at = skip_trivia(text, at + 1);
            }
            if text[at..].starts_with('{') {
                break;
            }
            if text[at..].starts_with("inherits") && !text[at + 8..].starts_with(is_word_char) {
                at = skip_trivia(text, at + 8);
                let end = hostname_end(text, at)?;
                parent = Some(Span::new(at as u32, end as u32));
                break;
            }
            if matchers.len() > node.matchers.len() {
                return None;
            }
        }
        (matchers.len() == node.matchers.len() && parent.is_some() == node.parent.is_some())
            .then_some(NodeHeader { matchers, parent })
    }
}

/// The end of the hostname starting at `at`: a quoted string, a regex, or a dotted
/// name (or `default`).
fn hostname_end(text: &str, at: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    match *bytes.get(at)? {
        quote @ (b'\'' | b'"' | b'/') => {
            let mut i = at + 1;
            let mut depth = 0usize;
            while i < bytes.len() {
                match bytes[i] {
                    b'\\' => i += 1,
                    b'{' if quote == b'"' && i > 0 && (bytes[i - 1] == b'$' || depth > 0) => {
                        depth += 1
                    }
                    b'}' if depth > 0 => depth -= 1,
                    b if b == quote && depth == 0 => return Some(i + 1),
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            let len = text[at..]
                .find(|c: char| !(is_word_char(c) || c == '.' || c == '-' || c == ':'))
                .unwrap_or(text.len() - at);
            (len > 0).then_some(at + len)
        }
    }
}

// ---------------------------------------------------------- instantiation

/// Puppet's metaparameters: a class or define parameter may only take one of these
/// names if it has a default value.
const METAPARAMETERS: &[&str] = &[
    "noop",
    "schedule",
    "audit",
    "loglevel",
    "alias",
    "tag",
    "require",
    "subscribe",
    "before",
    "notify",
    "stage",
];

/// After validating a manifest, `puppet parser validate` loads its definitions into an
/// environment, as a compile would, and stops at the first problem. These are the
/// problems that depend on the file alone. Messages are those Puppet gives for source
/// text without a file name (`puppet parser validate < file`): with a file, it names
/// the file where these name a line (`(file: /x.pp, line: 1)`, `file:///x.pp?line=1`).
///
/// Puppet takes the definitions in the order its parser finished them (nested ones
/// before those around them). It first makes each one: class and define parameters
/// must not be metaparameters without a default; defines, functions and type aliases
/// are registered with Puppet's loaders, where a name may not be taken twice (and a
/// type alias may not take the name of a built-in type or an earlier define). Then it
/// adds classes, defines and nodes to the environment, where classes, defines and
/// nodes may not share names (but defines may share names with type aliases defined
/// before them).
/// The first problem Puppet finds while loading the definitions of a file that
/// validates, or none. `file` is the file's path when a compiler loads it (Puppet
/// then names the file: `Originally set at file:///...`, `(file: F, line: L)`); without
/// one, the words of `puppet parser validate` (`string:?line=`, `(line: L)`).
pub fn definition_error(
    program: &Program,
    text: &str,
    file: Option<&str>,
) -> Option<DefinitionError> {
    let mut definitions = Vec::new();
    for statement in &program.body {
        collect_placed_definitions(statement, &mut definitions);
    }
    debug_assert!({
        let mut everywhere = Vec::new();
        for statement in &program.body {
            collect_definitions(statement, &mut everywhere);
        }
        everywhere.len() == definitions.len()
            && everywhere
                .iter()
                .zip(&definitions)
                .all(|(a, b)| std::ptr::eq(*a, *b))
    });
    // Lines are only needed for messages: the index is built for the first one.
    let index = std::cell::OnceCell::new();
    let line_col = |e: &Expr| {
        index
            .get_or_init(|| LineIndex::new(text))
            .line_col(text, TextSize::from(loc(text, e).start))
    };
    let origin = |e: &Expr| {
        let at = line_col(e);
        match file {
            Some(path) => format!(
                "Originally set at file://{path}?line={}&pos={}.",
                at.line, at.col
            ),
            None => format!("Originally set at string:?line={}&pos={}.", at.line, at.col),
        }
    };
    let fail = |e: &Expr, message: String, located: bool| {
        let span = loc(text, e);
        Some(DefinitionError {
            message,
            range: TextRange::new(
                TextSize::from(span.start),
                TextSize::from(span.end.max(span.start)),
            ),
            located,
        })
    };
    // Where the first definition is, in a clash.
    let first_at = |l: u32| match file {
        Some(path) => format!("(file: {path}, line: {l})"),
        None => format!("(line: {l})"),
    };

    // Making the definitions.
    let mut defines: Vec<(String, &Expr)> = Vec::new();
    let mut aliases: Vec<(String, &Expr)> = Vec::new();
    let mut functions: Vec<(&str, &Expr)> = Vec::new();
    for &d in &definitions {
        let (name, params) = match &d.kind {
            ExprKind::Class(c) => (&c.name, &c.params[..]),
            ExprKind::Define(c) => (&c.name, &c.params[..]),
            _ => (&String::new(), &[][..]),
        };
        if let Some(p) = params
            .iter()
            .find(|p| p.default.is_none() && METAPARAMETERS.contains(&&*p.name))
        {
            let span = param_loc(p, text);
            return Some(DefinitionError {
                message: format!(
                    "{} is a metaparameter; please choose another parameter name in the {} definition",
                    p.name,
                    name.to_lowercase()
                ),
                range: TextRange::new(TextSize::from(span.start), TextSize::from(span.end)),
                located: false,
            });
        }
        let redefined = |kind: &str, name: &str, origin: String| {
            format!("Attempt to redefine entity 'http://puppet.com/2016.1/runtime/{kind}/{name}'. {origin}")
        };
        match &d.kind {
            ExprKind::Define(c) => {
                let name = c.name.to_lowercase();
                if let Some((_, first)) = defines.iter().find(|(n, _)| *n == name) {
                    return fail(d, redefined("type", &name, origin(first)), false);
                }
                defines.push((name, d));
            }
            ExprKind::Function(f) => {
                if let Some((_, first)) = functions.iter().find(|(n, _)| *n == f.name) {
                    return fail(d, redefined("function", &f.name, origin(first)), false);
                }
                functions.push((&f.name, d));
            }
            ExprKind::TypeAlias(a) => {
                let name = a.name.to_lowercase();
                let earlier = aliases.iter().chain(&defines).find(|(n, _)| *n == name);
                let taken = match earlier {
                    Some((_, first)) => Some(origin(first)),
                    None if BUILTIN_TYPES.contains(&name.as_str()) => {
                        Some("Originally set by Puppet-Type-System/Static-Loader.".to_string())
                    }
                    None if BUILTIN_TYPES_UNLOCATED.contains(&name.as_str()) => {
                        Some("Set at unknown location".to_string())
                    }
                    None => None,
                };
                if let Some(origin) = taken {
                    return fail(d, redefined("type", &name, origin), false);
                }
                aliases.push((name, d));
            }
            _ => {}
        }
    }

    // Adding classes, defines and nodes to the environment.
    let line = |e: &Expr| line_col(e).line;
    let mut classes: Vec<(String, &Expr)> = Vec::new();
    let mut defines: Vec<(String, &Expr)> = Vec::new();
    let mut nodes: Vec<(String, &Expr)> = Vec::new();
    let find = |list: &[(String, &Expr)], name: &str| {
        list.iter()
            .find(|(n, _)| n == name)
            .map(|&(_, first)| line(first))
    };
    for &d in &definitions {
        match &d.kind {
            ExprKind::Class(c) => {
                let name = c.name.to_lowercase();
                let clash = if let Some(l) = find(&classes, &name) {
                    Some(format!(
                        "Class '{name}' is already defined {}; cannot redefine",
                        first_at(l)
                    ))
                } else if let Some(l) = find(&nodes, &name) {
                    Some(format!(
                        "Node '{name}' is already defined {}; cannot be redefined as a class",
                        first_at(l)
                    ))
                } else {
                    find(&defines, &name).map(|l| {
                        format!("Definition '{name}' is already defined {}; cannot be redefined as a class", first_at(l))
                    })
                };
                if let Some(message) = clash {
                    return fail(d, message, true);
                }
                classes.push((name, d));
            }
            ExprKind::Define(c) => {
                let name = c.name.to_lowercase();
                if let Some(l) = find(&classes, &name) {
                    return fail(
                        d,
                        format!("'{name}' is already defined {} as a class; cannot redefine as a definition", first_at(l)),
                        true,
                    );
                }
                defines.push((name, d));
            }
            ExprKind::Node(node) => {
                for matcher in &node.matchers {
                    let name = node_name(matcher);
                    let clash = if let Some(l) = find(&nodes, &name) {
                        Some(format!(
                            "Node '{name}' is already defined {}; cannot redefine",
                            first_at(l)
                        ))
                    } else {
                        find(&classes, &name).map(|l| {
                            format!("Class '{name}' is already defined {}; cannot be redefined as a node", first_at(l))
                        })
                    };
                    if let Some(message) = clash {
                        return fail(d, message, true);
                    }
                    nodes.push((name, d));
                }
            }
            _ => {}
        }
    }
    None
}

/// The value of a hash key as Puppet's literal evaluator sees it (for the check of
/// keys given twice); `None` for a key that is not literal.
#[derive(Clone, Debug, PartialEq)]
enum LiteralKey {
    /// A string or a bare word.
    Str(String),
    Integer(i64),
    /// By its bits: Ruby's `eql?` tells `1.0` from `1` and compares floats exactly.
    Float(u64),
    Boolean(bool),
    Undef,
    Default,
    Regex(String),
    List(Vec<LiteralKey>),
}

impl LiteralKey {
    fn of(e: &Expr) -> Option<LiteralKey> {
        Some(match &e.kind {
            ExprKind::Literal(Literal::String(s)) => LiteralKey::Str(s.clone()),
            ExprKind::Literal(Literal::Integer(i)) => LiteralKey::Integer(*i),
            ExprKind::Literal(Literal::Float(f)) => LiteralKey::Float(f.to_bits()),
            ExprKind::Literal(Literal::Boolean(b)) => LiteralKey::Boolean(*b),
            ExprKind::Literal(Literal::Undef) => LiteralKey::Undef,
            ExprKind::Literal(Literal::Default) => LiteralKey::Default,
            ExprKind::Literal(Literal::Regex(r)) => LiteralKey::Regex(r.clone()),
            ExprKind::QualifiedName(n) => LiteralKey::Str(n.clone()),
            ExprKind::Concat(parts) => match parts.as_slice() {
                [StrPart::Text(t)] => LiteralKey::Str(t.clone()),
                _ => return None,
            },
            // (Puppet warns of neither a type name nor a negative number twice.)
            ExprKind::Array(items) => {
                LiteralKey::List(items.iter().map(LiteralKey::of).collect::<Option<_>>()?)
            }
            _ => return None,
        })
    }

    /// The key as Ruby's `to_s` writes it (in the warning).
    fn to_ruby_s(&self) -> String {
        match self {
            LiteralKey::Str(s) => s.clone(),
            LiteralKey::Undef => String::new(),
            LiteralKey::Default => "default".to_string(),
            LiteralKey::Regex(r) => format!("(?-mix:{r})"),
            other => other.ruby_inspect(),
        }
    }

    /// The key as Ruby's `inspect` writes it (inside an array).
    fn ruby_inspect(&self) -> String {
        match self {
            LiteralKey::Str(s) => format!("{s:?}"),
            LiteralKey::Integer(i) => i.to_string(),
            LiteralKey::Float(f) => {
                let f = f64::from_bits(*f);
                if f.fract() == 0.0 && f.abs() < 1e16 {
                    format!("{f:.1}")
                } else {
                    f.to_string()
                }
            }
            LiteralKey::Boolean(b) => b.to_string(),
            LiteralKey::Undef => "nil".to_string(),
            LiteralKey::Default => ":default".to_string(),
            LiteralKey::Regex(r) => format!("/{r}/"),
            LiteralKey::List(items) => format!(
                "[{}]",
                items
                    .iter()
                    .map(LiteralKey::ruby_inspect)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// The types of Puppet's type system (its static loader), lower case: no type alias
/// may take these names. (Nor `Puppet::Ast`, but Puppet names the Ruby file that
/// defines it, which depends on the installation.)
const BUILTIN_TYPES: &[&str] = &[
    "any",
    "array",
    "binary",
    "boolean",
    "callable",
    "catalogentry",
    "class",
    "collection",
    "default",
    "enum",
    "float",
    "hash",
    "init",
    "integer",
    "iterable",
    "iterator",
    "notundef",
    "numeric",
    "object",
    "optional",
    "pattern",
    "regexp",
    "resource",
    "runtime",
    "scalar",
    "scalardata",
    "semver",
    "semverrange",
    "sensitive",
    "string",
    "struct",
    "timespan",
    "timestamp",
    "tuple",
    "type",
    "typealias",
    "typereference",
    "typeset",
    "undef",
    "uri",
    "variant",
];

/// More types Puppet knows before loading any code (resource types it always has,
/// the aliases it defines, its own object types), which no type alias may be named
/// after either (Puppet does not say where they come from).
const BUILTIN_TYPES_UNLOCATED: &[&str] = &[
    "annotation",
    "component",
    "data",
    "deferred",
    "exec",
    "file",
    "filebucket",
    "group",
    "node",
    "notify",
    "package",
    "pcore",
    "pcore::abstracttimedatatype",
    "pcore::anytype",
    "pcore::arraytype",
    "pcore::binarytype",
    "pcore::booleantype",
    "pcore::callabletype",
    "pcore::catalogentrytype",
    "pcore::classtype",
    "pcore::collectiontype",
    "pcore::defaulttype",
    "pcore::enumtype",
    "pcore::floattype",
    "pcore::hashtype",
    "pcore::inittype",
    "pcore::integertype",
    "pcore::iterabletype",
    "pcore::iteratortype",
    "pcore::membername",
    "pcore::notundeftype",
    "pcore::numerictype",
    "pcore::objecttype",
    "pcore::objecttypeextentype",
    "pcore::optionaltype",
    "pcore::patterntype",
    "pcore::qref",
    "pcore::regexptype",
    "pcore::resourcetype",
    "pcore::runtimetype",
    "pcore::scalardatatype",
    "pcore::scalartype",
    "pcore::semverrangetype",
    "pcore::semvertype",
    "pcore::sensitivetype",
    "pcore::simpletypename",
    "pcore::stringtype",
    "pcore::structelement",
    "pcore::structtype",
    "pcore::timespantype",
    "pcore::timestamptype",
    "pcore::tupletype",
    "pcore::typealiastype",
    "pcore::typename",
    "pcore::typereferencetype",
    "pcore::typesettype",
    "pcore::typetype",
    "pcore::undeftype",
    "pcore::unittype",
    "pcore::uri",
    "pcore::uri_rx",
    "pcore::uritype",
    "pcore::varianttype",
    "puppet::ast::abstractattributeoperation",
    "puppet::ast::abstractresource",
    "puppet::ast::accessexpression",
    "puppet::ast::andexpression",
    "puppet::ast::applyblockexpression",
    "puppet::ast::applyexpression",
    "puppet::ast::arithmeticexpression",
    "puppet::ast::assignmentexpression",
    "puppet::ast::attributeoperation",
    "puppet::ast::attributesoperation",
    "puppet::ast::binaryexpression",
    "puppet::ast::blockexpression",
    "puppet::ast::booleanexpression",
    "puppet::ast::callexpression",
    "puppet::ast::callfunctionexpression",
    "puppet::ast::callmethodexpression",
    "puppet::ast::callnamedfunctionexpression",
    "puppet::ast::caseexpression",
    "puppet::ast::caseoption",
    "puppet::ast::collectexpression",
    "puppet::ast::comparisonexpression",
    "puppet::ast::concatenatedstring",
    "puppet::ast::definition",
    "puppet::ast::eppexpression",
    "puppet::ast::exportedquery",
    "puppet::ast::expression",
    "puppet::ast::functiondefinition",
    "puppet::ast::heredocexpression",
    "puppet::ast::hostclassdefinition",
    "puppet::ast::ifexpression",
    "puppet::ast::inexpression",
    "puppet::ast::keyedentry",
    "puppet::ast::lambdaexpression",
    "puppet::ast::literal",
    "puppet::ast::literalboolean",
    "puppet::ast::literaldefault",
    "puppet::ast::literalfloat",
    "puppet::ast::literalhash",
    "puppet::ast::literalinteger",
    "puppet::ast::literallist",
    "puppet::ast::literalnumber",
    "puppet::ast::literalregularexpression",
    "puppet::ast::literalstring",
    "puppet::ast::literalundef",
    "puppet::ast::literalvalue",
    "puppet::ast::locator",
    "puppet::ast::matchexpression",
    "puppet::ast::namedaccessexpression",
    "puppet::ast::nameddefinition",
    "puppet::ast::nodedefinition",
    "puppet::ast::nop",
    "puppet::ast::notexpression",
    "puppet::ast::orexpression",
    "puppet::ast::parameter",
    "puppet::ast::parenthesizedexpression",
    "puppet::ast::plandefinition",
    "puppet::ast::popsobject",
    "puppet::ast::positioned",
    "puppet::ast::program",
    "puppet::ast::qrefdefinition",
    "puppet::ast::qualifiedname",
    "puppet::ast::qualifiedreference",
    "puppet::ast::queryexpression",
    "puppet::ast::relationshipexpression",
    "puppet::ast::renderexpression",
    "puppet::ast::renderstringexpression",
    "puppet::ast::reservedword",
    "puppet::ast::resourcebody",
    "puppet::ast::resourcedefaultsexpression",
    "puppet::ast::resourceexpression",
    "puppet::ast::resourceoverrideexpression",
    "puppet::ast::resourcetypedefinition",
    "puppet::ast::selectorentry",
    "puppet::ast::selectorexpression",
    "puppet::ast::textexpression",
    "puppet::ast::typealias",
    "puppet::ast::typedefinition",
    "puppet::ast::typemapping",
    "puppet::ast::unaryexpression",
    "puppet::ast::unaryminusexpression",
    "puppet::ast::unfoldexpression",
    "puppet::ast::unlessexpression",
    "puppet::ast::variableexpression",
    "puppet::ast::virtualquery",
    "puppet::lookupcontext",
    "puppet::lookupkey",
    "puppet::lookupvalue",
    "puppet::resource::param",
    "puppet::resource::resourcetype3",
    "resources",
    "richdata",
    "richdatakey",
    "rubymethod",
    "schedule",
    "service",
    "stage",
    "tidy",
    "user",
    "whit",
];

/// The definitions in the order Puppet's parser finishes them: inner ones first.
/// [`collect_definitions`] of a program that passed [`check_program`], where
/// definitions are only where Puppet's `top` allows them: statements of the program,
/// of blocks standing as statements, and of class bodies (recursively). Only those are
/// walked, not every expression: the same definitions in the same order, for a tenth
/// of the work.
fn collect_placed_definitions<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Block(block) => {
            for statement in &block.statements {
                collect_placed_definitions(statement, out);
            }
        }
        ExprKind::Class(class) => {
            for statement in &class.body.statements {
                collect_placed_definitions(statement, out);
            }
            out.push(e);
        }
        ExprKind::Define(_)
        | ExprKind::Node(_)
        | ExprKind::Function(_)
        | ExprKind::TypeAlias(_)
        | ExprKind::TypeDefinition { .. } => out.push(e),
        _ => {}
    }
}

/// Every definition of a program (class, define, node, function, type alias), nested
/// ones included: Puppet's `Program#definitions`.
pub fn definitions(program: &Program) -> Vec<&Expr> {
    let mut out = Vec::new();
    for statement in &program.body {
        collect_definitions(statement, &mut out);
    }
    out
}

fn collect_definitions<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    for_each_child(e, &mut |child| collect_definitions(child, out));
    if matches!(
        e.kind,
        ExprKind::Class(_)
            | ExprKind::Define(_)
            | ExprKind::Node(_)
            | ExprKind::Function(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::TypeDefinition { .. }
    ) {
        out.push(e);
    }
}

/// The name Puppet gives the node a matcher makes.
fn node_name(matcher: &NodeMatcher) -> String {
    match matcher {
        NodeMatcher::Name(name) => name.to_lowercase(),
        NodeMatcher::Default => "default".to_string(),
        NodeMatcher::Regex(source) => {
            let kept: String = source
                .to_lowercase()
                .chars()
                .filter(|&c| is_word_char(c) || matches!(c, '-' | ':' | '.'))
                .collect();
            format!("__node_regexp__{}", kept.trim_start_matches('.'))
        }
    }
}

// -------------------------------------------------------- heredoc syntaxes

/// The syntax checker Puppet uses for a heredoc syntax: the most specific of
/// `a+b+c`, `b+c`, `c` that has one (Ruby's `split` drops trailing empty parts).
fn syntax_checker(syntax: &str) -> Option<&'static str> {
    let mut segments: Vec<&str> = syntax.split('+').collect();
    while segments.last() == Some(&"") {
        segments.pop();
    }
    (0..segments.len()).find_map(|i| match segments[i..].join("+").as_str() {
        "json" => Some("json"),
        "base64" => Some("base64"),
        "pp" => Some("pp"),
        "epp" => Some("epp"),
        _ => None,
    })
}

/// The first `n` characters.
fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// Ruby's `gsub(/\r?\n/, "\\n")`.
fn escape_newlines(s: &str) -> String {
    s.replace("\r\n", "\\n").replace('\n', "\\n")
}

/// Ruby's `Base64.strict_decode64` after removing blanks, line breaks and `?`, with
/// Puppet's guess at what is wrong.
fn base64_error(text: &str) -> Option<&'static str> {
    let cleaned: Vec<u8> = text
        .bytes()
        .filter(|b| !matches!(b, b'\r' | b'?' | b'\n' | b' ' | b'\t'))
        .collect();
    if strict_base64_ok(&cleaned) {
        return None;
    }
    Some(if !(cleaned.len() * 8).is_multiple_of(6) {
        "Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct"
    } else {
        "Base64 syntax checker: Cannot parse invalid Base64 string - contains letters outside strict base 64 range (or whitespace)"
    })
}

fn strict_base64_ok(s: &[u8]) -> bool {
    fn value(b: u8) -> Option<u8> {
        match b {
            b'A'..=b'Z' => Some(b - b'A'),
            b'a'..=b'z' => Some(b - b'a' + 26),
            b'0'..=b'9' => Some(b - b'0' + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    }
    if !s.len().is_multiple_of(4) {
        return false;
    }
    let quads = s.len() / 4;
    for (q, quad) in s.chunks(4).enumerate() {
        let last = q + 1 == quads;
        let pad = quad.iter().rev().take_while(|&&b| b == b'=').count();
        if pad > 2 || (pad > 0 && !last) {
            return false;
        }
        let Some(values) = quad[..4 - pad]
            .iter()
            .map(|&b| value(b))
            .collect::<Option<Vec<u8>>>()
        else {
            return false;
        };
        // The bits the padding drops must be zero.
        match pad {
            1 if values[2] & 0b11 != 0 => return false,
            2 if values[1] & 0b1111 != 0 => return false,
            _ => {}
        }
    }
    true
}

/// What Puppet's `pp` / `epp` syntax checker says of a text: the first syntax error,
/// or the validation error, with its position in the text.
fn puppet_error(text: &str, epp: bool) -> Option<String> {
    let parse = if epp {
        crate::parse_epp(text)
    } else {
        crate::parse(text)
    };
    let mut errors = parse.errors().to_vec();
    let mut validation = false;
    if errors.is_empty() {
        let (program, lower_errors) = crate::lower::lower(&parse, text);
        errors = lower_errors;
        if errors.is_empty() {
            check_program(
                &program,
                text,
                ValidateOptions::default(),
                None,
                &mut errors,
            );
            validation = true;
        }
    }
    errors.sort_by_key(|e| (e.range.start(), e.range.end()));
    errors.dedup();
    let first = errors.first()?;
    if validation && errors.len() > 1 {
        return Some(format!(
            "Language validation logged {} errors. Giving up",
            errors.len()
        ));
    }
    if first.message == "Syntax error at end of input" {
        return Some(first.message.clone());
    }
    let at = LineIndex::new(text).line_col(text, first.range.start());
    Some(format!(
        "{} (line: {}, column: {})",
        first.message, at.line, at.col
    ))
}

/// What Ruby's `JSON.parse` (json 2.6) says of a text that is not JSON, as Puppet
/// passes it on: `"<line in parser.rl>: unexpected token at '<rest of the text>'"`.
fn json_error(text: &str) -> Option<String> {
    let mut p = JsonParser {
        s: text.as_bytes(),
        at: 0,
    };
    let fail = |code: u32, at: usize| {
        Some(format!(
            "{code}: unexpected token at '{}'",
            String::from_utf8_lossy(&text.as_bytes()[at.min(text.len())..])
        ))
    };
    match p.document() {
        Ok(()) => None,
        Err(JsonFail::Raise(code, at)) => fail(code, at),
        Err(JsonFail::Value(at)) => fail(859, at),
    }
}

enum JsonFail {
    /// Ruby raises here (arrays, `NaN`, `Infinity`): the line of its parser and where.
    Raise(u32, usize),
    /// A value does not parse at this offset (the caller reports it).
    Value(usize),
}

struct JsonParser<'s> {
    s: &'s [u8],
    at: usize,
}

impl JsonParser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    /// Whitespace and comments; `Err` with the offset where a comment breaks off.
    fn ignore(&mut self) -> Result<(), usize> {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.at += 1,
                Some(b'/') => match self.s.get(self.at + 1) {
                    Some(b'*') => {
                        let body = &self.s[self.at + 2..];
                        match body.windows(2).position(|w| w == b"*/") {
                            Some(i) => self.at += 2 + i + 2,
                            None => return Err(self.s.len()),
                        }
                    }
                    Some(b'/') => match self.s[self.at..].iter().position(|&b| b == b'\n') {
                        Some(i) => self.at += i + 1,
                        None => return Err(self.s.len()),
                    },
                    Some(_) => return Err(self.at + 1),
                    None => return Err(self.s.len()),
                },
                _ => return Ok(()),
            }
        }
    }

    fn document(&mut self) -> Result<(), JsonFail> {
        self.ignore().map_err(JsonFail::Value)?;
        self.value()?;
        self.ignore().map_err(JsonFail::Value)?;
        if self.at < self.s.len() {
            return Err(JsonFail::Value(self.at));
        }
        Ok(())
    }

    fn value(&mut self) -> Result<(), JsonFail> {
        let start = self.at;
        let rest = &self.s[start..];
        let word = |w: &[u8]| rest.starts_with(w);
        match self.peek() {
            Some(b'"') => self.string().ok_or(JsonFail::Value(start)),
            Some(b'[') => self.array(),
            Some(b'{') => self.object(),
            Some(b'N') if word(b"NaN") => Err(JsonFail::Raise(225, start)),
            Some(b'I') if word(b"Infinity") => Err(JsonFail::Raise(
                232,
                if start == 0 { self.s.len() } else { start - 1 },
            )),
            Some(b'-') if word(b"-Infinity") => Err(JsonFail::Raise(249, start)),
            Some(b'-' | b'0'..=b'9') => self.number().ok_or(JsonFail::Value(start)),
            _ => {
                for w in [&b"null"[..], b"true", b"false"] {
                    if word(w) {
                        self.at += w.len();
                        return Ok(());
                    }
                }
                Err(JsonFail::Value(start))
            }
        }
    }

    fn digits(&self, from: usize) -> usize {
        self.s[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    }

    /// A float, or else an integer (json's two machines).
    fn number(&mut self) -> Option<()> {
        let mut i = self.at + usize::from(self.peek() == Some(b'-'));
        match self.s.get(i) {
            Some(b'0') => i += 1,
            Some(b'1'..=b'9') => i += self.digits(i),
            _ => return None,
        }
        let int_end = i;
        // float: ('.' [0-9]+ ([Ee] [+-]? [0-9]+)? | [Ee] [+-]? [0-9]+) then no [0-9Ee.-]
        let exponent = |j: usize| -> Option<usize> {
            if !matches!(self.s.get(j), Some(b'e' | b'E')) {
                return None;
            }
            let k = j + 1 + usize::from(matches!(self.s.get(j + 1), Some(b'+' | b'-')));
            let n = self.digits(k);
            (n > 0).then_some(k + n)
        };
        let float_end = if self.s.get(i) == Some(&b'.') && self.digits(i + 1) > 0 {
            let j = i + 1 + self.digits(i + 1);
            Some(exponent(j).unwrap_or(j))
        } else {
            exponent(i)
        };
        if let Some(end) = float_end {
            if !matches!(
                self.s.get(end),
                Some(b'0'..=b'9' | b'E' | b'e' | b'.' | b'-')
            ) {
                self.at = end;
                return Some(());
            }
        }
        if self.s.get(int_end).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        self.at = int_end;
        Some(())
    }

    fn string(&mut self) -> Option<()> {
        let mut i = self.at + 1;
        loop {
            match *self.s.get(i)? {
                b'"' => break,
                b'\\' => {
                    if self.s.get(i + 1) == Some(&b'u') {
                        let hex = self.s.get(i + 2..i + 6)?;
                        if !hex.iter().all(u8::is_ascii_hexdigit) {
                            return None;
                        }
                        i += 6;
                    } else {
                        if *self.s.get(i + 1)? < 0x20 {
                            return None;
                        }
                        i += 2;
                    }
                }
                b if b < 0x20 => return None,
                _ => i += 1,
            }
        }
        self.at = i + 1;
        Some(())
    }

    /// Arrays raise where they break.
    fn array(&mut self) -> Result<(), JsonFail> {
        let raise = |at: usize| JsonFail::Raise(451, at);
        self.at += 1;
        self.ignore().map_err(raise)?;
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(());
        }
        loop {
            match self.value() {
                Ok(()) => {}
                Err(JsonFail::Value(at)) => return Err(raise(at)),
                Err(raised) => return Err(raised),
            }
            self.ignore().map_err(raise)?;
            match self.peek() {
                Some(b',') => {
                    self.at += 1;
                    self.ignore().map_err(raise)?;
                }
                Some(b']') => {
                    self.at += 1;
                    return Ok(());
                }
                _ => return Err(raise(self.at)),
            }
        }
    }

    /// Objects fail as a whole, at their `{`.
    fn object(&mut self) -> Result<(), JsonFail> {
        let start = self.at;
        let fail = JsonFail::Value(start);
        self.at += 1;
        self.ignore().map_err(|_| JsonFail::Value(start))?;
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(());
        }
        loop {
            if self.peek() != Some(b'"') || self.string().is_none() {
                return Err(fail);
            }
            self.ignore().map_err(|_| JsonFail::Value(start))?;
            if self.peek() != Some(b':') {
                return Err(fail);
            }
            self.at += 1;
            self.ignore().map_err(|_| JsonFail::Value(start))?;
            match self.value() {
                Ok(()) => {}
                Err(JsonFail::Value(_)) => return Err(fail),
                Err(raised) => return Err(raised),
            }
            self.ignore().map_err(|_| JsonFail::Value(start))?;
            match self.peek() {
                Some(b',') => {
                    self.at += 1;
                    self.ignore().map_err(|_| JsonFail::Value(start))?;
                }
                Some(b'}') => {
                    self.at += 1;
                    return Ok(());
                }
                _ => return Err(fail),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The checks on hand-built models (lowering is tested on its own); each
    //! expectation is what Puppet 7.23 prints for the source in the test, as
    //! `line:column: message`.

    use super::*;
    use std::sync::Arc;

    /// The span of the first `needle` in `src` at or after `from`.
    fn at(src: &str, needle: &str, from: usize) -> Span {
        let start = src[from..]
            .find(needle)
            .unwrap_or_else(|| panic!("{needle:?} not in source"))
            + from;
        Span::new(start as u32, (start + needle.len()) as u32)
    }

    fn x(kind: ExprKind, span: Span) -> Expr {
        Expr::new(kind, span)
    }

    fn int(src: &str, text: &str, from: usize) -> Expr {
        x(
            ExprKind::Literal(Literal::Integer(text.parse().unwrap())),
            at(src, text, from),
        )
    }

    fn var(src: &str, name: &str, from: usize) -> Expr {
        x(
            ExprKind::Variable(name.into()),
            at(src, &format!("${name}"), from),
        )
    }

    /// `name(args)` spanning `text`.
    fn call(src: &str, text: &str, name: &str, args: Vec<Expr>, from: usize) -> Expr {
        let span = at(src, text, from);
        let callee = x(
            ExprKind::QualifiedName(name.to_string()),
            Span::new(span.start, span.start + name.len() as u32),
        );
        x(
            ExprKind::Call(Box::new(Call {
                callee,
                args,
                lambda: None,
                rval_required: false,
                span,
            })),
            span,
        )
    }

    fn param(src: &str, text: &str, name: &str, from: usize) -> Param {
        Param {
            name: name.into(),
            type_expr: None,
            default: None,
            captures_rest: text.starts_with('*'),
            span: at(src, text, from),
        }
    }

    fn block(statements: Vec<Expr>, span: Span) -> Block {
        Block { statements, span }
    }

    fn run(src: &str, program: &Program) -> String {
        let mut errors = Vec::new();
        validate(program, src, &mut errors);
        // As `check` does.
        errors.sort_by_key(|e| (e.range.start(), e.range.end()));
        let index = LineIndex::new(src);
        errors
            .iter()
            .map(|e| {
                let at = index.line_col(src, e.range.start());
                format!("{}:{}: {}\n", at.line, at.col, e.message)
            })
            .collect()
    }

    fn manifest(body: Vec<Expr>) -> Program {
        Program {
            body,
            epp_params: None,
            warnings: Vec::new(),
        }
    }

    #[test]
    fn assignments() {
        let src = "$a::b = 1\n$1 = 2\n3 = 4\n$x += 1\n[$y, 5] = [6, 7]\n";
        let assign = |op, target: Expr, value: Expr| {
            let span = target.span.cover(value.span);
            x(
                ExprKind::Assign {
                    op,
                    target: Box::new(target),
                    value: Box::new(value),
                },
                span,
            )
        };
        let line5 = src.find('[').unwrap();
        let list = x(
            ExprKind::Array(vec![var(src, "y", 0), int(src, "5", line5)]),
            at(src, "[$y, 5]", 0),
        );
        let values = x(
            ExprKind::Array(vec![int(src, "6", line5), int(src, "7", line5)]),
            at(src, "[6, 7]", 0),
        );
        let program = manifest(vec![
            assign(AssignOp::Assign, var(src, "a::b", 0), int(src, "1", 0)),
            assign(AssignOp::Assign, var(src, "1", 0), int(src, "2", 0)),
            assign(AssignOp::Assign, int(src, "3", 0), int(src, "4", 0)),
            assign(AssignOp::Append, var(src, "x", 0), int(src, "1", 23)),
            assign(AssignOp::Assign, list, values),
        ]);
        assert_eq!(
            run(src, &program),
            "1:1: Illegal attempt to assign to 'a::b'. Cannot assign to variables in other namespaces\n\
             2:1: Illegal attempt to assign to the numeric match result variable '$1'. Numeric variables are not assignable\n\
             3:1: Illegal attempt to assign to 'a Literal Integer'. Not an assignable reference\n\
             4:4: The operator '+=' is no longer supported. See http://links.puppet.com/remove-plus-equals\n\
             5:6: Illegal attempt to assign to 'a Literal Integer'. Not an assignable reference\n"
        );
    }

    #[test]
    fn values_produced_and_forgotten() {
        // Only the first one is reported, at the operator of a binary expression.
        let src = "$x + 1\n2\nnotice(3)\n";
        let sum = x(
            ExprKind::Binary {
                op: BinaryOp::Add,
                lhs: Box::new(var(src, "x", 0)),
                rhs: Box::new(int(src, "1", 0)),
            },
            at(src, "$x + 1", 0),
        );
        let notice = call(src, "notice(3)", "notice", vec![int(src, "3", 0)], 0);
        let program = manifest(vec![sum, int(src, "2", 0), notice]);
        assert_eq!(
            run(src, &program),
            "1:4: This '+' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)\n"
        );
        // A match sets $0..$n: it has an effect.
        let src = "$x =~ /a/\nnotice(3)\n";
        let matches = x(
            ExprKind::Binary {
                op: BinaryOp::Match,
                lhs: Box::new(var(src, "x", 0)),
                rhs: Box::new(x(
                    ExprKind::Literal(Literal::Regex("a".into())),
                    at(src, "/a/", 0),
                )),
            },
            at(src, "$x =~ /a/", 0),
        );
        let notice = call(src, "notice(3)", "notice", vec![int(src, "3", 0)], 0);
        assert_eq!(run(src, &manifest(vec![matches, notice])), "");
    }

    #[test]
    fn untitled_resource() {
        // `file { ensure => present }` followed by a statement.
        let src = "file { ensure => present }\nnotice(1)\n";
        let name = x(ExprKind::QualifiedName("file".into()), at(src, "file", 0));
        let entry = HashEntry {
            key: x(
                ExprKind::Literal(Literal::String("ensure".into())),
                at(src, "ensure", 0),
            ),
            value: x(
                ExprKind::QualifiedName("present".into()),
                at(src, "present", 0),
            ),
            span: at(src, "ensure => present", 0),
        };
        let hash = x(
            ExprKind::Hash(vec![entry]),
            at(src, "{ ensure => present }", 0),
        );
        let untitled = x(
            ExprKind::Block(block(
                vec![name, hash],
                at(src, "file { ensure => present }", 0),
            )),
            at(src, "file { ensure => present }", 0),
        );
        let notice = call(src, "notice(1)", "notice", vec![int(src, "1", 10)], 0);
        assert_eq!(
            run(src, &manifest(vec![untitled, notice])),
            "1:1: This Block Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)\n\
             1:1: This expression is invalid. Did you try declaring a 'file' resource without a title?\n"
        );
    }

    fn class(
        src: &str,
        name: &str,
        params: Vec<Param>,
        body: Vec<Expr>,
        text: &str,
        from: usize,
    ) -> Expr {
        let span = at(src, text, from);
        x(
            ExprKind::Class(Arc::new(ClassDef {
                name: name.to_string(),
                params,
                parent: None,
                body: block(body, span),
                span,
            })),
            span,
        )
    }

    #[test]
    fn class_parameters_and_last_value() {
        let src = "class a($name, *$x, $x) { 1 }\n";
        let params = vec![
            param(src, "$name", "name", 0),
            param(src, "*$x", "x", 0),
            param(src, "$x)", "x", 0),
        ];
        let program = manifest(vec![class(
            src,
            "a",
            params,
            vec![int(src, "1", 20)],
            src.trim_end(),
            0,
        )]);
        assert_eq!(
            run(src, &program),
            "1:9: The parameter $name redefines a built in parameter in the Host Class Definition\n\
             1:17: Parameter $x has 'captures rest' - not supported in a Host Class Definition\n\
             1:21: The parameter 'x' is declared more than once in the parameter list\n\
             1:27: This Literal Integer has no effect. A Host Class Definition can not end with a value-producing expression without other effect\n"
        );
    }

    #[test]
    fn where_definitions_may_appear() {
        // A class in a class is fine, a function is not; in an `if`, a class is not.
        let src = "class a { class b {} function c() {} }\nif $x { class d {} }\n";
        let function = x(
            ExprKind::Function(Arc::new(FunctionDef {
                name: "c".into(),
                params: Vec::new(),
                return_type: None,
                body: Block::default(),
                span: at(src, "function c() {}", 0),
            })),
            at(src, "function c() {}", 0),
        );
        let inner = class(src, "a::b", Vec::new(), Vec::new(), "class b {}", 0);
        let outer = class(
            src,
            "a",
            Vec::new(),
            vec![inner, function],
            "class a { class b {} function c() {} }",
            0,
        );
        let line2 = src.find("if").unwrap();
        let if_ = x(
            ExprKind::If {
                cond: Box::new(var(src, "x", line2)),
                then: block(
                    vec![class(src, "d", Vec::new(), Vec::new(), "class d {}", 0)],
                    at(src, "{ class d {} }", 0),
                ),
                otherwise: None,
            },
            at(src, "if $x { class d {} }", 0),
        );
        assert_eq!(
            run(src, &manifest(vec![outer, if_])),
            "1:22: A Function Definition may only appear at toplevel\n\
             2:9: Classes, definitions, and nodes may only appear at toplevel or inside other classes\n"
        );
    }

    #[test]
    fn node_names_and_inheritance() {
        let src = "node 'a b', c.d inherits e {}\n";
        let node = x(
            ExprKind::Node(Arc::new(NodeDef {
                matchers: vec![
                    NodeMatcher::Name("a b".into()),
                    NodeMatcher::Name("c.d".into()),
                ],
                parent: Some(NodeMatcher::Name("e".into())),
                body: Block::default(),
                span: at(src, src.trim_end(), 0),
            })),
            at(src, src.trim_end(), 0),
        );
        assert_eq!(
            run(src, &manifest(vec![node])),
            "1:6: The hostname 'a b' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)\n\
             1:26: Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation\n"
        );
    }

    #[test]
    fn template_parameters() {
        let src = "<%- |*$x, $y, $y| -%>\n";
        let program = Program {
            body: Vec::new(),
            epp_params: Some(vec![
                param(src, "*$x", "x", 0),
                param(src, "$y", "y", 0),
                param(src, "$y|", "y", 0),
            ]),
            warnings: Vec::new(),
        };
        assert_eq!(
            run(src, &program),
            "1:7: Parameter $x is not last, and has 'captures rest'\n\
             1:7: Parameter $x has 'captures rest' - not supported in an Epp Template\n\
             1:15: The parameter 'y' is declared more than once in the parameter list\n"
        );
    }

    #[test]
    fn heredoc_syntax_stops_validation() {
        let src = "$a::b = @(END:json)\n  {\"a\": }\n  | END\n";
        let text = x(
            ExprKind::Literal(Literal::String("{\"a\": }\n".into())),
            at(src, "  {", 0),
        );
        let heredoc = x(
            ExprKind::Heredoc {
                syntax: Some("json".into()),
                text: Box::new(text),
            },
            at(src, "@(END:json)", 0),
        );
        let assign = x(
            ExprKind::Assign {
                op: AssignOp::Assign,
                target: Box::new(var(src, "a::b", 0)),
                value: Box::new(heredoc),
            },
            at(src, "$a::b = @(END:json)", 0),
        );
        assert_eq!(
            run(src, &manifest(vec![assign])),
            "2:1: Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string. \"859: unexpected token at '{\"a\": }\\n'\"\n"
        );
    }

    #[test]
    fn definitions_loaded_into_the_environment() {
        let src = "class a {}\nclass a {}\n";
        let program = manifest(vec![
            class(src, "a", Vec::new(), Vec::new(), "class a {}", 0),
            class(src, "a", Vec::new(), Vec::new(), "class a {}", 5),
        ]);
        assert_eq!(
            run(src, &program),
            "2:1: Class 'a' is already defined (line: 1); cannot redefine\n"
        );
        // Parameters are checked first, in the order the parser finished the definitions.
        let src = "class a {}\nclass a($require) {}\n";
        let program = manifest(vec![
            class(src, "a", Vec::new(), Vec::new(), "class a {}", 0),
            class(
                src,
                "a",
                vec![param(src, "$require", "require", 0)],
                Vec::new(),
                "class a($require) {}",
                0,
            ),
        ]);
        assert_eq!(
            run(src, &program),
            "2:9: require is a metaparameter; please choose another parameter name in the a definition\n"
        );
    }

    fn alias(src: &str, name: &str, text: &str, from: usize) -> Expr {
        let span = at(src, text, from);
        let target = x(
            ExprKind::TypeRef("Integer".into()),
            at(src, "Integer", span.start as usize),
        );
        x(
            ExprKind::TypeAlias(Arc::new(TypeAlias {
                name: name.into(),
                type_expr: target,
                span,
            })),
            span,
        )
    }

    #[test]
    fn names_taken_in_puppets_loaders() {
        let src = "type Binary = Integer\n";
        assert_eq!(
            run(src, &manifest(vec![alias(src, "Binary", src.trim_end(), 0)])),
            "1:6: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/binary'. Originally set by Puppet-Type-System/Static-Loader.\n"
        );
        let src = "type Data = Integer\n";
        assert_eq!(
            run(src, &manifest(vec![alias(src, "Data", src.trim_end(), 0)])),
            "1:6: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/data'. Set at unknown location\n"
        );
        let src = "type A = Integer\n  type A = Integer\n";
        let program = manifest(vec![
            alias(src, "A", "type A = Integer", 0),
            alias(src, "A", "type A = Integer", 5),
        ]);
        assert_eq!(
            run(src, &program),
            "2:8: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/a'. Originally set at string:?line=1&pos=6.\n"
        );
    }

    #[test]
    fn json_like_ruby() {
        // What Ruby's json 2.6 says (checked with Puppet's Ruby).
        let cases = [
            (
                "{\"a\": }\n",
                Some("859: unexpected token at '{\"a\": }\n'"),
            ),
            ("", Some("859: unexpected token at ''")),
            ("[1,]", Some("451: unexpected token at ']'")),
            ("[1 2]", Some("451: unexpected token at '2]'")),
            ("{\"a\":1} x", Some("859: unexpected token at 'x'")),
            ("[01]", Some("451: unexpected token at '01]'")),
            ("[0x1]", Some("451: unexpected token at 'x1]'")),
            ("[1.5.5]", Some("451: unexpected token at '.5.5]'")),
            ("[1E5.]", Some("451: unexpected token at 'E5.]'")),
            ("[{\"a\": }]", Some("451: unexpected token at '{\"a\": }]'")),
            ("{\"a\": [1,]}", Some("451: unexpected token at ']}'")),
            ("[\"a\tb\"]", Some("451: unexpected token at '\"a\tb\"]'")),
            ("[NaN]", Some("225: unexpected token at 'NaN]'")),
            ("[Infinity]", Some("232: unexpected token at '[Infinity]'")),
            ("[-Infinity]", Some("249: unexpected token at '-Infinity]'")),
            ("[1] //x", Some("859: unexpected token at ''")),
            ("[1] /x", Some("859: unexpected token at 'x'")),
            ("1", None),
            ("[1 /* c */, 2] // c\n", None),
            (
                "{\"a\":\"\\x\", \"b\": [1e5, -0.5, null, true, false]}",
                None,
            ),
        ];
        for (text, want) in cases {
            assert_eq!(json_error(text).as_deref(), want, "{text:?}");
        }
    }

    #[test]
    fn base64_like_ruby() {
        assert_eq!(base64_error("YWJj\nZA==\n"), None);
        assert_eq!(base64_error("YWJ?j"), None); // `?` is removed first
        assert_eq!(base64_error("YWI="), None);
        let padding = Some(
            "Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct",
        );
        assert_eq!(base64_error("YW*j"), padding);
        assert_eq!(base64_error("YWJ="), padding); // the dropped bits are not zero
        assert_eq!(
            base64_error("YW*jYW*jYW*j"),
            Some("Base64 syntax checker: Cannot parse invalid Base64 string - contains letters outside strict base 64 range (or whitespace)")
        );
    }

    #[test]
    fn names() {
        assert!(is_var_name("a::b_c") && is_var_name("::_x") && is_var_name("a::_b"));
        assert!(
            !is_var_name("_a::b")
                && !is_var_name("a::B")
                && !is_var_name("Foo")
                && !is_var_name("a::")
        );
        assert!(
            is_numeric_var_name("0") && is_numeric_var_name("10") && !is_numeric_var_name("01")
        );
        assert!(
            is_classref_decl("a::b2") && !is_classref_decl("::a") && !is_classref_decl("foo-bar")
        );
        assert!(is_classref_ext("::Foo::Bar") && !is_classref_ext("Foo::bar"));
        assert!(is_numeric_param_name("0x12") && !is_param_name("0x12") && is_param_name("_x"));
        assert_eq!(
            node_name(&NodeMatcher::Regex("^a\\.b$".into())),
            "__node_regexp__a.b"
        );
        assert_eq!(node_name(&NodeMatcher::Name("X".into())), "x");
        assert_eq!(syntax_checker("x+json"), Some("json"));
        assert_eq!(syntax_checker("json+"), Some("json"));
        assert_eq!(syntax_checker("yaml"), None);
        assert_eq!(a_an("'undef' expression"), "an 'undef' expression");
        assert_eq!(a_an_uc("Unary Minus"), "An Unary Minus");
    }
}
