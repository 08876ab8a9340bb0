//! Function signatures ("dispatches") and Puppet's wording when a call matches none:
//! "'join' parameter 'arg' expects an Array value, got String", "'f' expects 2
//! arguments, got 1", "'each' block expects between 1 and 2 arguments, got 3".
//!
//! A signature is declared as text close to Puppet's own `dispatch` blocks:
//! `"Array arg, String delimiter?"`, `"Iterable enumerable, &[2,2] block"`. A suffix `?`
//! marks an optional parameter, `*` a repeated one, `+` a required repeated one; `&[m,n]`
//! is a block taking `m` to `n` parameters (`&[]` any), `&...?` an optional block.

use crate::describe::{describe, merge_descriptions, Mismatch, PathElem, SizeKind};
use crate::types::{PType, Size};
use crate::value::Value;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Required,
    Optional,
    Repeated,
    RequiredRepeated,
}

#[derive(Clone, Debug)]
pub(crate) struct Param {
    pub name: String,
    pub ty: PType,
    pub kind: Kind,
}

/// The parameter count a block (lambda) must accept.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BlockSpec {
    pub min: usize,
    pub max: Option<usize>,
    pub optional: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct Sig {
    pub params: Vec<Param>,
    pub block: Option<BlockSpec>,
}

/// How many arguments a lambda takes: required ones, and all (`None` with `*$rest`).
pub(crate) type LambdaArity = (usize, Option<usize>);

fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match c {
            '[' | '{' | '(' => depth += 1,
            ']' | '}' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !s[start..].trim().is_empty() {
        out.push(s[start..].trim());
    }
    out
}

impl Sig {
    /// Parses a signature declaration (see the module docs). Panics on a malformed
    /// declaration: built-ins' declarations are static text in this crate.
    pub(crate) fn parse(decl: &str) -> Sig {
        Sig::try_parse(decl).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Parses a signature declaration that comes from outside the crate (an external
    /// function's): a malformed one is an error saying what is wrong.
    pub(crate) fn try_parse(decl: &str) -> Result<Sig, String> {
        let mut params = Vec::new();
        let mut block = None;
        for item in split_top(decl) {
            if let Some(b) = item.strip_prefix('&') {
                if block.is_some() {
                    return Err(format!("'{item}': a signature has at most one block"));
                }
                let optional = b.ends_with('?');
                let b = b.trim_end_matches('?');
                // `&[m, n] name`, `&[m,n]`, `&[]` or a bare `&name` (any count).
                let range = match (b.strip_prefix('['), b.find(']')) {
                    (Some(_), Some(end)) => &b[1..end],
                    (Some(_), None) => {
                        return Err(format!("'{item}': a block takes &[min, max] parameters"))
                    }
                    (None, _) => "",
                };
                let nums = range
                    .split(',')
                    .filter(|s| !s.trim().is_empty())
                    .map(|s| s.trim().parse::<usize>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|_| format!("'{item}': a block takes &[min, max] parameters"))?;
                let (min, max) = match nums.as_slice() {
                    [] => (0, None),
                    [a] => (*a, Some(*a)),
                    [a, b] if a <= b => (*a, Some(*b)),
                    _ => return Err(format!("'{item}': a block takes &[min, max] parameters")),
                };
                block = Some(BlockSpec { min, max, optional });
                continue;
            }
            if block.is_some() {
                return Err(format!("'{item}': the block comes last"));
            }
            let (ty, name) = item
                .rsplit_once(' ')
                .ok_or_else(|| format!("'{item}': a parameter is `Type name`"))?;
            let (name, kind) = match name.chars().last() {
                Some('?') => (&name[..name.len() - 1], Kind::Optional),
                Some('*') => (&name[..name.len() - 1], Kind::Repeated),
                Some('+') => (&name[..name.len() - 1], Kind::RequiredRepeated),
                _ => (name, Kind::Required),
            };
            let ty = crate::types::parse(ty.trim())
                .map_err(|e| format!("'{item}': bad type '{}': {e}", ty.trim()))?;
            params.push(Param {
                name: name.to_string(),
                ty,
                kind,
            });
        }
        Ok(Sig { params, block })
    }

    /// The number of arguments accepted.
    pub(crate) fn count_range(&self) -> Size {
        let min = self
            .params
            .iter()
            .filter(|p| matches!(p.kind, Kind::Required | Kind::RequiredRepeated))
            .count() as i64;
        let repeated = self
            .params
            .iter()
            .any(|p| matches!(p.kind, Kind::Repeated | Kind::RequiredRepeated));
        Size {
            min,
            max: (!repeated).then_some(self.params.len() as i64),
        }
    }

    fn param_for(&self, index: usize) -> Option<&Param> {
        self.params.get(index).or_else(|| {
            self.params
                .last()
                .filter(|p| matches!(p.kind, Kind::Repeated | Kind::RequiredRepeated))
        })
    }

    fn accepts_args(&self, args: &[Value]) -> bool {
        self.count_range().contains(args.len())
            && args
                .iter()
                .enumerate()
                .all(|(i, a)| self.param_for(i).is_some_and(|p| p.ty.is_instance(a)))
    }

    fn accepts_block(&self, lambda: Option<LambdaArity>) -> bool {
        match (&self.block, lambda) {
            (None, None) => true,
            (None, Some(_)) => false,
            (Some(b), None) => b.optional,
            (Some(b), Some((lmin, lmax))) => {
                // `&[]` takes any block; otherwise the lambda must accept every count
                // the block may be called with.
                let any = b.min == 0 && b.max.is_none();
                any || (lmin <= b.min
                    && match (lmax, b.max) {
                        (None, _) => true,
                        (Some(_), None) => false,
                        (Some(l), Some(m)) => l >= m,
                    })
            }
        }
    }

    /// Puppet's signature string: `Array arg, String delimiter?`.
    fn describe(&self) -> String {
        let mut parts: Vec<String> = self
            .params
            .iter()
            .map(|p| {
                let (ty, ind) = match p.kind {
                    Kind::Required => (p.ty.clone(), ""),
                    Kind::Optional => (
                        match &p.ty {
                            PType::Optional(Some(i)) => (**i).clone(),
                            other => other.clone(),
                        },
                        "?",
                    ),
                    Kind::Repeated => (p.ty.clone(), "*"),
                    Kind::RequiredRepeated => (p.ty.clone(), "+"),
                };
                format!("{ty} {}{ind}", p.name)
            })
            .collect();
        if let Some(b) = &self.block {
            let callable = match (b.min, b.max) {
                (0, None) => "Callable".to_string(),
                (a, Some(m)) => format!("Callable[{a}, {m}]"),
                (a, None) => format!("Callable[{a}]"),
            };
            parts.push(if b.optional {
                format!("{callable} block?")
            } else {
                format!("{callable} block")
            });
        }
        parts.join(", ")
    }
}

/// Picks the first signature the call matches, or explains in Puppet's words why none
/// does. `name` is the function's name.
pub(crate) fn dispatch(
    name: &str,
    sigs: &[Sig],
    args: &[Value],
    lambda: Option<LambdaArity>,
) -> Result<usize, String> {
    if let Some(i) = sigs
        .iter()
        .position(|s| s.accepts_args(args) && s.accepts_block(lambda))
    {
        return Ok(i);
    }
    Err(describe_signatures(
        &format!("'{name}'"),
        sigs,
        args,
        lambda,
    ))
}

fn describe_signatures(
    label: &str,
    sigs: &[Sig],
    args: &[Value],
    lambda: Option<LambdaArity>,
) -> String {
    let mut error_arrays: Vec<Vec<Mismatch>> = sigs
        .iter()
        .enumerate()
        .map(|(i, s)| describe_arguments(s, args, &[PathElem::Signature(i)]))
        .collect();
    if !error_arrays.iter().all(|a| !a.is_empty()) {
        let block_arrays: Vec<Vec<Mismatch>> = sigs
            .iter()
            .enumerate()
            .map(|(i, s)| describe_block(s, lambda, &[PathElem::Signature(i)]))
            .collect();
        let bc = block_arrays.iter().filter(|a| !a.is_empty()).count();
        if bc == block_arrays.len() {
            error_arrays = block_arrays;
        } else if bc > 0 {
            for (i, a) in block_arrays.into_iter().enumerate() {
                if error_arrays[i].is_empty() {
                    error_arrays[i] = a;
                }
            }
        }
    }
    let per_sig = error_arrays.clone();
    let errors = merge_descriptions(0, SizeKind::Count, error_arrays);
    if errors.len() == 1 {
        return format!("{label}{}", errors[0].format());
    }
    if sigs.len() == 1 {
        let mut lines = vec![format!("{label} expects ({})", sigs[0].describe())];
        for e in &per_sig[0] {
            lines.push(format!("  rejected:{}", e.format_without_signature()));
        }
        lines.join("\n")
    } else {
        let mut lines = vec![format!(
            "The function {label} was called with arguments it does not accept. It expects one of:"
        )];
        for (i, s) in sigs.iter().enumerate() {
            lines.push(format!("  ({})", s.describe()));
            for e in &per_sig[i] {
                lines.push(format!("    rejected:{}", e.format_without_signature()));
            }
        }
        lines.join("\n")
    }
}

fn describe_arguments(sig: &Sig, args: &[Value], path: &[PathElem]) -> Vec<Mismatch> {
    let expected = sig.count_range();
    if !expected.contains(args.len()) {
        return vec![Mismatch::count_at(path, expected, Size::exact(args.len()))];
    }
    for (i, a) in args.iter().enumerate() {
        let Some(p) = sig.param_for(i) else { continue };
        let actual = PType::infer_set(a);
        if !p.ty.is_instance(a) {
            let mut path = path.to_vec();
            path.push(PathElem::Parameter(p.name.clone()));
            let d = describe(&p.ty, &actual, &path);
            if !d.is_empty() {
                return d;
            }
        }
    }
    Vec::new()
}

fn describe_block(sig: &Sig, lambda: Option<LambdaArity>, path: &[PathElem]) -> Vec<Mismatch> {
    match (&sig.block, lambda) {
        (None, Some(_)) => vec![Mismatch::unexpected_block(path)],
        (Some(b), None) if !b.optional => vec![Mismatch::missing_block(path)],
        (Some(b), Some((lmin, lmax))) if !sig.accepts_block(lambda) => {
            let mut p = path.to_vec();
            p.push(PathElem::Block);
            vec![Mismatch::count_at(
                &p,
                Size {
                    min: b.min as i64,
                    max: b.max.map(|m| m as i64),
                },
                Size {
                    min: lmin as i64,
                    max: lmax.map(|m| m as i64),
                },
            )]
        }
        _ => Vec::new(),
    }
}
