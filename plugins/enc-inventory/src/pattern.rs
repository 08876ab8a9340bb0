//! Node name patterns: exact names, globs and regular expressions.

/// A compiled node name pattern.
#[derive(Debug)]
pub(crate) enum Pattern {
    /// An exact name, lower-cased.
    Exact(String),
    /// A glob, lower-cased; checked when read.
    Glob(String),
    /// `/regex/`.
    Regex(fancy_regex::Regex),
}

impl Pattern {
    /// Reads a pattern: `/regex/`, a glob (with `*`, `?` or `[`), or an exact name.
    pub(crate) fn new(text: &str) -> Result<Pattern, String> {
        if let Some(body) = text
            .strip_prefix('/')
            .and_then(|t| t.strip_suffix('/'))
            .filter(|_| text.len() >= 2)
        {
            let re = fancy_regex::Regex::new(body)
                .map_err(|e| format!("bad regular expression {text}: {e}"))?;
            return Ok(Pattern::Regex(re));
        }
        let lower = text.to_ascii_lowercase();
        if text.contains(['*', '?', '[']) {
            check_glob(&lower).map_err(|e| format!("bad glob '{text}': {e}"))?;
            return Ok(Pattern::Glob(lower));
        }
        Ok(Pattern::Exact(lower))
    }

    /// Whether the certname (also given lower-cased) matches. A regex that fails to
    /// run (backtracking limit) does not match.
    pub(crate) fn matches(&self, certname: &str, lower: &str) -> bool {
        match self {
            Pattern::Exact(name) => name == lower,
            Pattern::Glob(glob) => glob_matches(glob.as_bytes(), lower.as_bytes()),
            Pattern::Regex(re) => re.is_match(certname).unwrap_or(false),
        }
    }
}

/// Every `[` has its `]` (a `]` first in the class, after an optional `!`, is a
/// member).
fn check_glob(glob: &str) -> Result<(), String> {
    let bytes = glob.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'[' {
            i = class_end(bytes, i + 1).ok_or("a '[' without its ']'")?;
        }
        i += 1;
    }
    Ok(())
}

/// The index of the `]` closing a class whose members start at `start`.
fn class_end(glob: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    if glob.get(i) == Some(&b'!') {
        i += 1;
    }
    if glob.get(i) == Some(&b']') {
        i += 1;
    }
    glob[i.min(glob.len())..]
        .iter()
        .position(|&b| b == b']')
        .map(|p| i + p)
}

/// Whether `class` (the members between `[` and `]`) holds `c`.
fn class_holds(class: &[u8], c: u8) -> bool {
    let (negated, members) = match class.first() {
        Some(b'!') => (true, &class[1..]),
        _ => (false, class),
    };
    let mut found = false;
    let mut i = 0;
    while i < members.len() {
        if i + 2 < members.len() && members[i + 1] == b'-' {
            found |= (members[i]..=members[i + 2]).contains(&c);
            i += 3;
        } else {
            found |= members[i] == c;
            i += 1;
        }
    }
    found != negated
}

/// Glob matching, byte-wise (globs and names are checked and lower-cased before),
/// backtracking only to the last `*`.
fn glob_matches(glob: &[u8], name: &[u8]) -> bool {
    let (mut g, mut n) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        let step = match glob.get(g) {
            Some(b'*') => {
                star = Some((g, n));
                g += 1;
                continue;
            }
            Some(b'?') => Some(g + 1),
            Some(b'[') => {
                let end = class_end(glob, g + 1).unwrap_or(glob.len());
                class_holds(&glob[g + 1..end], name[n]).then_some(end + 1)
            }
            Some(&c) => (c == name[n]).then_some(g + 1),
            None => None,
        };
        match (step, star) {
            (Some(next), _) => {
                g = next;
                n += 1;
            }
            (None, Some((sg, sn))) => {
                // Let the last `*` take one more byte.
                star = Some((sg, sn + 1));
                g = sg + 1;
                n = sn + 1;
            }
            (None, None) => return false,
        }
    }
    glob[g..].iter().all(|&b| b == b'*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns() {
        for (pattern, name, expected) in [
            ("web01.example.com", "WEB01.example.com", true),
            ("web01.example.com", "web01", false),
            ("web*.example.com", "web01.example.com", true),
            ("web*.example.com", "web.example.com", true),
            ("web*.example.com", "web01.example.org", false),
            ("*", "anything", true),
            ("*.example.com", "a.b.example.com", true),
            ("web??", "web01", true),
            ("web??", "web1", false),
            ("db[0-9][!a-z]", "db12", true),
            ("db[0-9][!a-z]", "db1x", false),
            ("[]x]y", "]y", true),
            ("*a*b", "xaxxab", true),
            ("*a*b", "xaxxa", false),
            ("/^db\\d+/", "db12.example.com", true),
            ("/^db\\d+/", "DB12.example.com", false),
            ("/example/", "db12.example.com", true),
            ("/(?i)^DB/", "db1", true),
        ] {
            let p = Pattern::new(pattern).unwrap();
            assert_eq!(
                p.matches(name, &name.to_ascii_lowercase()),
                expected,
                "{pattern} ~ {name}"
            );
        }
        assert!(matches!(Pattern::new("/").unwrap(), Pattern::Exact(_)));
        assert_eq!(
            Pattern::new("web[0-9").unwrap_err(),
            "bad glob 'web[0-9': a '[' without its ']'"
        );
        assert!(Pattern::new("/(/")
            .unwrap_err()
            .starts_with("bad regular expression /(/: "));
    }
}
