//! nanliu-staging: `staging_parse` (3.x), a part of the path of a file or URL, and
//! `scope_defaults` (3.x), whether resource defaults of the calling scope set an
//! attribute.

use crate::{FunctionContext, NativeFunction};
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[
    NativeFunction {
        name: "staging_parse",
        signatures: &["Any args*"],
        imp: |a, _| staging_parse(&ruby::args3x(a)),
    },
    NativeFunction {
        name: "scope_defaults",
        signatures: &["Any args*"],
        imp: scope_defaults,
    },
];

/// The type's name capitalized per segment, as the Ruby does (`exec` is `Exec`).
fn scope_defaults(a: &[Data], cx: &mut dyn FunctionContext) -> Result<Data, String> {
    let a = ruby::args3x(a);
    let [rtype, attribute] = &*a else {
        return Err(format!(
            "scope_defaults(): Wrong number of arguments given ({} for 2)",
            a.len()
        ));
    };
    let Data::String(rtype) = rtype else {
        return Err(crate::no_method("split", rtype));
    };
    let rtype: Vec<String> = rtype
        .split("::")
        .map(|seg| {
            let mut chars = seg.chars();
            match chars.next() {
                Some(first) => first
                    .to_uppercase()
                    .chain(chars.flat_map(char::to_lowercase))
                    .collect(),
                None => String::new(),
            }
        })
        .collect();
    let defaults = cx
        .resource_defaults(&rtype.join("::"))
        .ok_or("scope_defaults(): the resource defaults of the scope are not available")?;
    Ok(Data::Bool(defaults.contains(&ruby::to_s(attribute))))
}

/// The empty Binary, in its rich-data form.
fn binary_empty() -> Data {
    Data::Type {
        ptype: "Binary".into(),
        attributes: vec![("__pvalue".into(), Data::String(String::new()))],
    }
}

fn staging_parse(a: &[Data]) -> Result<Data, String> {
    if a.is_empty() || a.len() > 3 {
        return Err(format!(
            "staging_parse(): Wrong number of arguments given ({} for 1, 2, 3)",
            a.len()
        ));
    }
    let Data::String(source) = &a[0] else {
        return Err(crate::no_method("gsub", &a[0]));
    };
    let path = uri_path(&source.replace('\\', "/"))?.ok_or_else(|| {
        format!(
            "staging_parse(): {} has no URI 'path' component",
            ruby::inspect(&a[0])
        )
    })?;
    let given = |i: usize| a.get(i).filter(|d| ruby::truthy(d)).map(ruby::to_s);
    let info = given(1).unwrap_or_else(|| "filename".into());
    let extension = given(2).unwrap_or_else(|| extname(&path).to_string());
    match info.as_str() {
        "filename" => Ok(Data::String(basename(&path, ""))),
        "basename" => Ok(Data::String(basename(&path, &extension))),
        // An empty extension is a new Ruby string, ASCII-8BIT: Puppet makes it a Binary.
        "extname" if extname(&path).is_empty() => Ok(binary_empty()),
        "extname" => Ok(Data::String(extname(&path).to_string())),
        "parent" => Ok(Data::String(expand_parent(&path))),
        _ => Err(format!("staging_parse(), unknown parse info {info}.")),
    }
}

/// The path of `URI.parse(s)`: after `scheme://authority`, before `?` or `#`; `None`
/// for an opaque URI (`mailto:x`). A character URIs do not allow is Ruby's
/// `InvalidURIError`.
fn uri_path(s: &str) -> Result<Option<String>, String> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c);
    if !s.chars().all(allowed) {
        return Err(format!(
            "bad URI(is not URI?): {}",
            ruby::inspect(&Data::String(s.into()))
        ));
    }
    let scheme_end = s.find(':').filter(|&i| {
        i > 0
            && s.as_bytes()[0].is_ascii_alphabetic()
            && s[..i]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    let mut rest = match scheme_end {
        Some(i) => &s[i + 1..],
        None => s,
    };
    if let Some(after) = rest.strip_prefix("//") {
        rest = &after[after.find(['/', '?', '#']).unwrap_or(after.len())..];
    } else if scheme_end.is_some() && !rest.starts_with('/') {
        return Ok(None);
    }
    let end = rest.find(['?', '#']).unwrap_or(rest.len());
    Ok(Some(rest[..end].to_string()))
}

/// Ruby's `File.basename(path, ext)`: the last component (trailing slashes dropped),
/// without `ext` where it ends with it and is more than it (`.*`: any extension).
fn basename(path: &str, ext: &str) -> String {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "" } else { "/" }.into();
    }
    let base = trimmed.rsplit('/').next().unwrap_or(trimmed);
    let stripped = if ext == ".*" {
        let e = extname(base);
        (!e.is_empty()).then(|| &base[..base.len() - e.len()])
    } else if !ext.is_empty() && base.len() > ext.len() {
        base.strip_suffix(ext)
    } else {
        None
    };
    stripped.unwrap_or(base).to_string()
}

/// Ruby's `File.extname`: from the last dot of the last component, not counting its
/// leading dots (`.bashrc` has none; Ruby 3.1 gives `foo.` the extension `.`).
fn extname(path: &str) -> &str {
    let base = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    let name = base.trim_start_matches('.');
    match name.rfind('.') {
        Some(i) if i > 0 => &name[i..],
        _ => "",
    }
}

/// Ruby's `File.expand_path(File.join(path, '..'))`: relative paths from the
/// current directory, `.` and `..` resolved.
fn expand_parent(path: &str) -> String {
    let mut full = String::new();
    if !path.starts_with('/') {
        let cwd = std::env::current_dir().unwrap_or_default();
        full.push_str(&cwd.to_string_lossy());
        full.push('/');
    }
    full.push_str(path);
    full.push_str("/..");
    let mut parts: Vec<&str> = Vec::new();
    for part in full.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    format!("/{}", parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::staging_parse;
    use crate::testing::s;
    use marionette_catalog::Data;

    #[test]
    fn staging_parse_as_the_ruby_answers() {
        // (arguments, what nanliu-staging's Ruby returned under Puppet 7.23)
        let cases: Vec<(Vec<Data>, &str)> = vec![
            (
                vec![s("http://example.com/files/app-1.0.tar.gz")],
                "app-1.0.tar.gz",
            ),
            (
                vec![s("/opt/app-1.0.tar.gz"), s("basename"), s(".tar.gz")],
                "app-1.0",
            ),
            (vec![s("/opt/app-1.0.tar.gz"), s("basename")], "app-1.0.tar"),
            (vec![s("/opt/app-1.0.tar.gz"), s("extname")], ".gz"),
            (
                vec![s("/opt/staging/app/file.zip"), s("parent")],
                "/opt/staging/app",
            ),
            (vec![s("puppet:///modules/m/a.zip?x=1")], "a.zip"),
            (vec![s("C:\\temp\\a.zip"), s("basename")], "a"),
        ];
        for (args, want) in cases {
            assert_eq!(staging_parse(&args), Ok(s(want)), "{args:?}");
        }
        assert_eq!(
            staging_parse(&[s("/opt/.bashrc"), s("extname")]),
            Ok(super::binary_empty())
        );
        assert_eq!(
            staging_parse(&[s("/a"), s("size")]),
            Err("staging_parse(), unknown parse info size.".into())
        );
    }
}
