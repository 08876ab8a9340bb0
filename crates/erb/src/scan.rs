//! ERB's compiler, as Ruby 3.1's `erb.rb` (ERB 2.2.3) runs it for Puppet:
//! `ERB.new(source, trim_mode: '-')`, which picks its `ExplicitScanner`. The template
//! becomes a Ruby script with the same line structure as ERB's own (so line numbers
//! and `#` comments inside tags behave as in Ruby); each run of literal text is a
//! placeholder token (`\u{1}N\u{1}`, the N-th text) instead of a dumped string literal.

/// Marks a text placeholder in the generated script.
pub(crate) const TEXT_MARK: char = '\u{1}';

/// A template compiled to a script: the Ruby code and the texts it prints.
#[derive(Debug, Default)]
pub(crate) struct Script {
    pub code: String,
    pub texts: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stag {
    Code,
    Insert,
    Comment,
}

/// ERB's `Compiler::Buffer`: commands of one script line joined by `; `. The
/// commands go straight into the script; `cmds` counts those of the current line.
struct Buffer {
    cmds: usize,
    script: String,
    texts: Vec<String>,
}

impl Buffer {
    /// Starts a command of the current line (the `; ` before all but the first).
    fn start(&mut self) {
        if self.cmds > 0 {
            self.script.push_str("; ");
        }
        self.cmds += 1;
    }

    fn push(&mut self, cmd: &str) {
        self.start();
        self.script.push_str(cmd);
    }

    fn cr(&mut self) {
        self.cmds = 0;
        self.script.push('\n');
    }

    /// `_erbout.<< "text".freeze` followed by one newline per newline in the text.
    fn put(&mut self, content: &mut String) {
        use std::fmt::Write;
        if content.is_empty() {
            return;
        }
        let newlines = content.bytes().filter(|&c| c == b'\n').count();
        let idx = self.texts.len();
        self.texts.push(std::mem::take(content));
        self.start();
        let _ = write!(self.script, "_erbout.<< {TEXT_MARK}{idx}{TEXT_MARK}");
        for _ in 0..newlines {
            self.script.push('\n');
        }
    }
}

/// Compiles ERB source into a script.
pub(crate) fn compile(src: &str) -> Script {
    let mut out = Buffer {
        cmds: 0,
        script: String::with_capacity(src.len() / 2 + 64),
        texts: Vec::new(),
    };
    out.push("_erbout = +''");
    let mut content = String::new();
    let mut stag: Option<Stag> = None;
    let bytes = src.as_bytes();
    let mut pos = 0;
    while pos < src.len() {
        match stag {
            None => {
                let (start, elem_len, kind) = find_stag(src, pos);
                content.push_str(&src[pos..start]);
                pos = start + elem_len;
                match kind {
                    None => {}
                    Some(StagKind::Literal) => content.push_str("<%"),
                    Some(StagKind::Open(s)) => {
                        stag = Some(s);
                        out.put(&mut content);
                    }
                }
            }
            Some(s) => {
                let (start, elem_len, kind) = find_etag(src, pos);
                content.push_str(&src[pos..start]);
                pos = start + elem_len;
                match kind {
                    None => {}
                    Some(EtagKind::Literal) => content.push_str("%>"),
                    Some(EtagKind::Close { trim }) => {
                        close_tag(s, &mut content, &mut out);
                        stag = None;
                        if trim {
                            // `-%>` eats the line break after it (or the end of the text).
                            if bytes[pos..].starts_with(b"\r\n") {
                                pos += 2;
                                out.cr();
                            } else if bytes[pos..].starts_with(b"\n") {
                                pos += 1;
                                out.cr();
                            } else if pos == src.len() {
                                out.cr();
                            }
                        }
                    }
                }
            }
        }
    }
    out.put(&mut content);
    out.push("_erbout");
    Script {
        code: out.script,
        texts: out.texts,
    }
}

fn close_tag(stag: Stag, content: &mut String, out: &mut Buffer) {
    match stag {
        Stag::Code => {
            if let Some(chopped) = content.strip_suffix('\n') {
                out.push(chopped);
                out.cr();
            } else {
                out.push(content);
            }
        }
        Stag::Insert => {
            out.start();
            out.script.push_str("_erbout.<<((");
            out.script.push_str(content);
            out.script.push_str(").to_s)");
        }
        Stag::Comment => {}
    }
    content.clear();
}

enum StagKind {
    /// `<%%`: a literal `<%`.
    Literal,
    Open(Stag),
}

/// The next start tag at or after `pos`: (its start, its length, what it is); at the
/// end of the text, (len, 0, None). `^[ \t]*<%-` (the indentation goes with the tag)
/// wins at a line start, as the leftmost match of ERB's regular expression.
fn find_stag(src: &str, pos: usize) -> (usize, usize, Option<StagKind>) {
    let b = src.as_bytes();
    let mut p = pos;
    // Only line starts and `<` can start a tag: skip from one to the next.
    while p < b.len() {
        if p == 0 || b[p - 1] == b'\n' {
            let mut q = p;
            while q < b.len() && (b[q] == b' ' || b[q] == b'\t') {
                q += 1;
            }
            if b[q..].starts_with(b"<%-") {
                return (p, q + 3 - p, Some(StagKind::Open(Stag::Code)));
            }
        }
        let Some(i) = b[p..].iter().position(|&c| c == b'<' || c == b'\n') else {
            break;
        };
        p += i;
        if b[p] == b'<' && b[p..].starts_with(b"<%") {
            let kind = match b.get(p + 2) {
                Some(b'-') => StagKind::Open(Stag::Code),
                Some(b'%') => StagKind::Literal,
                Some(b'=') => StagKind::Open(Stag::Insert),
                Some(b'#') => StagKind::Open(Stag::Comment),
                _ => return (p, 2, Some(StagKind::Open(Stag::Code))),
            };
            return (p, 3, Some(kind));
        }
        p += 1;
    }
    (b.len(), 0, None)
}

enum EtagKind {
    /// `%%>`: a literal `%>`.
    Literal,
    Close {
        trim: bool,
    },
}

fn find_etag(src: &str, pos: usize) -> (usize, usize, Option<EtagKind>) {
    let b = src.as_bytes();
    let mut q = pos;
    // Every end tag has a `%` at its start or next to it: look at each `%` in turn.
    while let Some(i) = src[q..].find('%') {
        q += i;
        let next = b.get(q + 1).copied();
        if q > pos && b[q - 1] == b'-' && next == Some(b'>') {
            return (q - 1, 3, Some(EtagKind::Close { trim: true }));
        }
        if next == Some(b'%') && b.get(q + 2) == Some(&b'>') {
            return (q, 3, Some(EtagKind::Literal));
        }
        if next == Some(b'>') {
            return (q, 2, Some(EtagKind::Close { trim: false }));
        }
        q += 1;
    }
    (b.len(), 0, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The script with each text placeholder written as Ruby's ERB writes it.
    fn ruby_src(src: &str) -> String {
        let s = compile(src);
        let mut out = String::new();
        let mut parts = s.code.split(TEXT_MARK);
        out.push_str(parts.next().unwrap_or_default());
        while let (Some(idx), Some(rest)) = (parts.next(), parts.next()) {
            let text = &s.texts[idx.parse::<usize>().unwrap()];
            out.push_str(&format!("{text:?}.freeze"));
            out.push_str(rest);
        }
        out
    }

    #[test]
    fn scripts_are_laid_out_as_erb_lays_them_out() {
        // Expected scripts are Ruby 3.1's `ERB.new(s, trim_mode: '-').src` without the
        // `#coding` line (texts here need no escapes, so Rust's `{:?}` writes them alike).
        let cases = [
            (
                "a\n  <%- x -%>\nb<% y %>\n<%# c %>\nd<%% e %%>\n<%= z -%>",
                "_erbout = +''; _erbout.<< \"a\\n\".freeze\n;  x \n_erbout.<< \"b\".freeze;  y ; _erbout.<< \"\\n\".freeze\n; _erbout.<< \"\\nd<% e %%>\\n\".freeze\n\n; _erbout.<<(( z ).to_s)\n_erbout",
            ),
            (
                "a <% unterminated",
                "_erbout = +''; _erbout.<< \"a \".freeze; _erbout.<< \" unterminated\".freeze; _erbout",
            ),
            (
                "a <%= x # c %> b\nc",
                "_erbout = +''; _erbout.<< \"a \".freeze; _erbout.<<(( x # c ).to_s); _erbout.<< \" b\\nc\".freeze\n; _erbout",
            ),
            ("<%-= x %>", "_erbout = +''; = x ; _erbout"),
        ];
        for (src, expected) in cases {
            assert_eq!(ruby_src(src), expected, "{src:?}");
        }
    }
}
