//! Qualified names (`a::b::c`) taken apart as `str::split("::")`, `rsplit_once("::")`,
//! `contains("::")` and `trim_start_matches("::")` do, without the substring searcher those set up for a two-byte
//! pattern: names are split for every word the lexer and validator see and every
//! variable the evaluator looks up, and the searcher's setup costs more than the scan.

/// The segments of `name`, as `name.split("::")` gives them.
pub fn segments(name: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(name);
    std::iter::from_fn(move || {
        let r = rest?;
        match first_separator(r) {
            Some(i) => {
                rest = Some(&r[i + 2..]);
                Some(&r[..i])
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// `name` split at its last `::`, as `name.rsplit_once("::")`.
pub fn rsplit(name: &str) -> Option<(&str, &str)> {
    // The last `:`, then its neighbour. Names are short: a plain loop over the bytes
    // costs a fraction of `memrchr`'s setup.
    let bytes = name.as_bytes();
    let mut end = name.len();
    loop {
        let i = bytes[..end].iter().rposition(|&b| b == b':')?;
        if i > 0 && bytes[i - 1] == b':' {
            return Some((&name[..i - 1], &name[i + 1..]));
        }
        end = i;
    }
}

/// `name` split at its first `::`, as `name.split_once("::")`.
pub fn split(name: &str) -> Option<(&str, &str)> {
    let i = first_separator(name)?;
    Some((&name[..i], &name[i + 2..]))
}

/// Whether `name` has a `::`, as `name.contains("::")`.
pub fn is_qualified(name: &str) -> bool {
    first_separator(name).is_some()
}

/// `name` without its leading `::`s, as `name.trim_start_matches("::")`.
pub fn trim_root(name: &str) -> &str {
    let mut rest = name;
    while let Some(r) = rest.strip_prefix("::") {
        rest = r;
    }
    rest
}

/// `name` in lower case, borrowed when it is already (most names are): the key
/// Puppet's case-insensitive names are looked up by.
pub fn lowercase(name: &str) -> std::borrow::Cow<'_, str> {
    if name
        .bytes()
        .any(|b| b.is_ascii_uppercase() || !b.is_ascii())
    {
        std::borrow::Cow::Owned(name.to_lowercase())
    } else {
        std::borrow::Cow::Borrowed(name)
    }
}

fn first_separator(name: &str) -> Option<usize> {
    // The first `:`, then its neighbour (a plain loop, as in `rsplit`).
    let bytes = name.as_bytes();
    let mut from = 0;
    loop {
        let i = from + bytes[from..].iter().position(|&b| b == b':')?;
        if bytes.get(i + 1) == Some(&b':') {
            return Some(i);
        }
        from = i + 1;
    }
}

#[cfg(test)]
mod tests {
    const NAMES: &[&str] = &[
        "", "a", "a::b", "::a::b", "a::", ":::", "::::", "a:b", "a::::b", "x::y::z", ":", "a:b::c",
        "a::b:c", ":a", "a:", "é::ü", "a:::b", "a:b:c",
    ];

    #[test]
    fn same_as_std() {
        for &name in NAMES {
            let ours: Vec<&str> = super::segments(name).collect();
            let std: Vec<&str> = name.split("::").collect();
            assert_eq!(ours, std, "segments {name:?}");
            assert_eq!(
                super::rsplit(name),
                name.rsplit_once("::"),
                "rsplit {name:?}"
            );
            assert_eq!(super::split(name), name.split_once("::"), "split {name:?}");
            assert_eq!(super::is_qualified(name), name.contains("::"), "{name:?}");
            assert_eq!(
                super::trim_root(name),
                name.trim_start_matches("::"),
                "{name:?}"
            );
        }
    }
}
