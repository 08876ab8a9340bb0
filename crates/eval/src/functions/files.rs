//! Templates and files from modules. `module/path` names `path` under the module's
//! `templates/` or `files/` directory; absolute paths are used as they are. Files are
//! read through the environment's source database (no I/O here).

use super::{builtin, Builtin, Call};
use crate::compiler::{Compiler, ScopeId};
use crate::describe::Mismatch;
use crate::env::SourceFile;
use crate::error::EvalError;
use crate::eval::EvalResult;
use crate::value::{Value, ValueMap};
use std::path::PathBuf;
use std::sync::Arc;

pub(super) const FUNCTIONS: &[Builtin] = &[
    // `epp('mod/file.epp', {params})`: renders a module template (in top scope).
    builtin!(
        "epp",
        &["String path, Hash[Pattern[/^\\w+$/], Any] parameters?"],
        epp
    ),
    // `inline_epp('text', {params})`: renders EPP text (in the calling scope).
    builtin!(
        "inline_epp",
        &["String template, Hash[Pattern[/^\\w+$/], Any] parameters?"],
        inline_epp
    ),
    // `file('mod/f', '/abs/f')`: the contents of the first file that exists.
    builtin!("file", &["String paths+"], file),
    // `binary_file('mod/f')`: a module file's (or an absolute path's) bytes, as a Binary.
    builtin!("binary_file", &["String path"], |c, call| {
        let path = call.str_arg(0).to_string();
        c.find_module_file(&path, "files")
            .and_then(|full| c.env.sources.read_bytes(&full).ok())
            .map(|bytes| Value::Binary(Arc::new(bytes)))
            .ok_or_else(|| {
                EvalError::new(format!(
                    "binary_file(): The given file '{path}' does not exist"
                ))
            })
    }),
    // `generate('/path/cmd', args...)`: what a command run on the compiling machine
    // prints (Puppet's 3.x function; needs `CompileOptions::commands`).
    builtin!("generate", &["Any args*"], generate),
    // `find_file('mod/f')`: the full path of the first file that exists, or undef.
    builtin!(
        "find_file",
        &["String paths*", "Array[String] paths_array"],
        |c, call| find_first(c, call, "files")
    ),
    // `find_template('mod/t.epp')`: the full path of the first template that exists.
    builtin!(
        "find_template",
        &["String paths*", "Array[String] paths_array"],
        |c, call| find_first(c, call, "templates")
    ),
    // `module_directory('mod')`: the directory of the first module that exists.
    builtin!(
        "module_directory",
        &["String names*", "Array[String] names"],
        |c, call| {
            for name in names(call) {
                if let Some(dir) = c.env.module_dir(&name) {
                    return Ok(Value::str(dir.display().to_string()));
                }
            }
            Ok(Value::Undef)
        }
    ),
];

fn names(call: &Call<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for a in &call.args {
        match a {
            Value::Array(items) => out.extend(items.iter().map(|v| v.to_string())),
            other => out.push(other.to_string()),
        }
    }
    out
}

impl Compiler<'_> {
    /// The full path of `module/path` under a module's `subdir`, if it exists.
    pub(crate) fn find_module_file(&self, path: &str, subdir: &str) -> Option<PathBuf> {
        if path.starts_with('/') {
            return Some(PathBuf::from(path));
        }
        self.env.module_file(path, subdir)
    }

    /// Renders a template. Declared parameters are checked as Puppet checks a lambda's
    /// ("lambda: parameter 'x' expects ..."); without a parameter tag the given values
    /// become variables.
    pub(crate) fn render_epp(
        &mut self,
        file: &Arc<SourceFile>,
        params: Option<ValueMap>,
        parent: ScopeId,
    ) -> EvalResult {
        let program = file.program.clone();
        // Puppet parses the template at each call, and warns each time.
        self.lexer_warnings(file);
        let local = self.local_scope(parent);
        let given = params.clone().unwrap_or_default();
        if let Some(declared) = &program.epp_params {
            let mut problems: Vec<Mismatch> = given
                .keys()
                .filter(|k| !declared.iter().any(|p| Value::str(&*p.name) == **k))
                .map(|k| Mismatch::invalid_parameter(&k.to_string()))
                .collect();
            let mut values = Vec::new();
            for p in declared {
                let v = match given.get(&Value::str(&*p.name)) {
                    Some(v) => Some(v.clone()),
                    None if p.default.is_some() => None,
                    None => {
                        let optional = match &p.type_expr {
                            Some(t) => self.eval_type(t, local, file)?.is_instance(&Value::Undef),
                            None => false,
                        };
                        if !optional {
                            problems.push(Mismatch::missing_parameter(&p.name));
                            continue;
                        }
                        Some(Value::Undef)
                    }
                };
                if let (Some(v), Some(t)) = (&v, &p.type_expr) {
                    let ty = self.eval_type(t, local, file)?;
                    problems.extend(crate::describe::parameter_mismatches(&p.name, &ty, v));
                }
                values.push((p, v));
            }
            if !problems.is_empty() {
                return Err(EvalError::new(crate::describe::join_mismatches(
                    "lambda", &problems,
                )));
            }
            for (p, v) in values {
                if crate::compiler::is_reserved_variable(&p.name) {
                    return Err(crate::compiler::reserved_variable_error(&p.name));
                }
                let v = match v {
                    Some(v) => v,
                    None => match &p.default {
                        Some(d) => self.eval_expr(d, local, file)?,
                        None => Value::Undef,
                    },
                };
                self.scopes[local].vars.insert(p.name.clone(), v);
            }
        } else {
            for (k, v) in given {
                let name = k.to_name();
                if crate::compiler::is_reserved_variable(&name) {
                    return Err(crate::compiler::reserved_variable_error(&name));
                }
                self.scopes[local].vars.insert(name, v);
            }
        }
        self.render_sink.push(String::new());
        let result = self.eval_block(&program.body, local, file);
        let out = self.render_sink.pop().unwrap_or_default();
        result?;
        if out.contains(super::SENSITIVE_MARK) {
            let clear: String = out
                .chars()
                .filter(|c| *c != super::SENSITIVE_MARK)
                .collect();
            return Ok(Value::Sensitive(Arc::new(Value::str(clear))));
        }
        Ok(Value::str(out))
    }
}

fn params_of(call: &Call<'_>) -> Option<ValueMap> {
    match call.arg(1) {
        Value::Hash(h) => Some((**h).clone()),
        _ => None,
    }
}

fn epp(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let mut path = call.str_arg(0).to_string();
    let mut found = c.find_module_file(&path, "templates");
    if found.is_none() && !path.ends_with(".epp") {
        path.push_str(".epp");
        found = c.find_module_file(&path, "templates");
    }
    let Some(template) = found else {
        return Err(EvalError::new(format!("Could not find template '{path}'")));
    };
    let file = c
        .env
        .load_template(&template)
        .map_err(|e| EvalError::new(format!("epp(): Invalid EPP: {}", EvalError::from_load(e))))?;
    let top = c.top;
    c.render_epp(&file, params_of(call), top)
}

/// The file name of an inline EPP template's code.
const INLINE_EPP_FILE: &str = "inlined-epp-text";

fn inline_epp(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let text = call.str_arg(0).to_string();
    let checked = c.env.check_template(&text);
    if let Some(e) = checked.errors.first() {
        let lines = marionette_syntax::LineIndex::new(&text);
        let e = crate::env::syntax_error(INLINE_EPP_FILE, &text, &lines, e);
        return Err(EvalError::new(format!(
            "inline_epp(): Invalid EPP: {} {}",
            e.message,
            e.position()
        )));
    }
    let lines = marionette_syntax::LineIndex::new(&text);
    // Puppet gives the template's code its own file name: resources it declares,
    // its warnings and errors are "in" it.
    let file = Arc::new(SourceFile::new(
        INLINE_EPP_FILE.to_string(),
        text,
        lines,
        checked.program,
    ));
    c.render_epp(&file, params_of(call), call.scope)
}

fn file(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    for a in &call.args {
        let path = a.to_string();
        if let Some(full) = c.find_module_file(&path, "files") {
            if let Ok(text) = c.env.sources.read(&full) {
                return Ok(Value::str(text));
            }
        }
    }
    Err(EvalError::new(format!(
        "Could not find any files from {}",
        call.args
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )))
}

fn find_first(c: &mut Compiler<'_>, call: &mut Call<'_>, subdir: &str) -> EvalResult {
    for name in names(call) {
        if let Some(full) = c.find_module_file(&name, subdir) {
            if c.env.sources.is_file(&full) {
                return Ok(Value::str(full.display().to_string()));
            }
        }
    }
    Ok(Value::Undef)
}

/// Puppet's `generate`: the command must be an absolute path of word characters,
/// `/`, `-`, `.` and `+` without `..`; it runs in its own directory and its output
/// (standard error too) is returned as it is.
fn generate(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    // 3.x arguments: undef is '', arrays are flattened.
    let mut argv = Vec::new();
    fn push(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Undef => out.push(String::new()),
            Value::Array(items) => items.iter().for_each(|i| push(i, out)),
            other => out.push(other.to_string()),
        }
    }
    call.args.iter().for_each(|a| push(a, &mut argv));
    let Some(command) = argv.first().cloned() else {
        return Err(EvalError::new(
            "generate(): Wrong number of arguments given (0 for minimum 1)",
        ));
    };
    // Ruby's `^` and `$` match at line ends: one line that fits is enough.
    let any_line = |ok: &dyn Fn(&str) -> bool| command.split('\n').any(ok);
    if !any_line(&|l| l.starts_with('/')) {
        return Err(EvalError::new("Generators must be fully qualified"));
    }
    let allowed = |ch: char| ch.is_ascii_alphanumeric() || "_-/.+".contains(ch);
    if !any_line(&|l| !l.is_empty() && l.chars().all(allowed)) {
        return Err(EvalError::new(
            "Generators can only contain alphanumerics, file separators, and dashes",
        ));
    }
    if command.contains("..") {
        return Err(EvalError::new("Can not use generators with '..' in them."));
    }
    let Some(runner) = c.options.commands.clone() else {
        return Err(EvalError::new(format!(
            "Failed to execute generator {command}: this compile does not run commands"
        )));
    };
    let out = runner
        .run(&argv, &dirname(&command))
        .map_err(EvalError::new)?;
    if out.status != 0 {
        return Err(EvalError::new(format!(
            "Failed to execute generator {command}: Execution of '{}' returned {}: {}",
            argv.join(" "),
            out.status,
            out.output
                .trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0')
        )));
    }
    Ok(Value::str(out.output))
}

/// Ruby's `File.dirname` for an absolute path.
fn dirname(path: &str) -> String {
    let trimmed = path.trim_end_matches('/');
    match trimmed.rfind('/') {
        Some(i) => {
            let dir = trimmed[..i].trim_end_matches('/');
            if dir.is_empty() {
                "/".into()
            } else {
                dir.into()
            }
        }
        None => "/".into(),
    }
}
