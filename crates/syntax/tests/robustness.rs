//! Parsing never panics and never loses a byte, whatever the input: every test case,
//! cut at many points and with bytes replaced, still parses into a tree that gives back
//! its input. (The coverage-guided version of this is `fuzz/`.)

use marionette_syntax::{check, parse, parse_epp};
use std::path::Path;

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const PIECES: &[&str] = &[
    "\"", "'", "${", "}", "{", "[", " [", "(", "\n(", ")", "]", "@(END)\n", "\nEND\n", "|", "<%",
    "%>", "-%>", "<%=", "/", "*", "$", "::", "\\", "\n", "#", "/*", "=>", "->", "<|", "|>", "@@",
    "0x", "08", "é", ";",
];

fn mutations(text: &str, rng: &mut Rng) -> Vec<String> {
    let mut out = Vec::new();
    let boundaries: Vec<usize> = (0..=text.len())
        .filter(|&i| text.is_char_boundary(i))
        .collect();
    for _ in 0..12 {
        let cut = boundaries[rng.below(boundaries.len())];
        out.push(text[..cut].to_string());
        let at = boundaries[rng.below(boundaries.len())];
        let piece = PIECES[rng.below(PIECES.len())];
        out.push(format!("{}{}{}", &text[..at], piece, &text[at..]));
        let from = boundaries[rng.below(boundaries.len())];
        let to = boundaries[rng.below(boundaries.len())];
        let (from, to) = (from.min(to), from.max(to));
        out.push(format!("{}{}", &text[..from], &text[to..]));
    }
    out
}

fn sources() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/parser");
    let mut out = vec![
        "class a($x = 1) inherits b { file { \"/t/${x}\": ensure => file } }\n".to_string(),
        "$x = @(\"E\"/L)\n  | a ${b} \\\n  | E\n notice($x)\n".to_string(),
        "<%- |$a = 1| -%>\n<% [1].each |$x| { -%>\n<%= $x %>\n<% } %>".to_string(),
    ];
    for dir in ["ok", "err"] {
        if let Ok(entries) = std::fs::read_dir(root.join(dir)) {
            for entry in entries.flatten() {
                let path = entry.path();
                if matches!(
                    path.extension().and_then(|e| e.to_str()),
                    Some("pp" | "epp")
                ) {
                    out.push(std::fs::read_to_string(path).unwrap());
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn mutated_inputs_parse_losslessly() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut count = 0;
    for source in sources() {
        for input in mutations(&source, &mut rng) {
            for epp in [false, true] {
                let parsed = if epp {
                    parse_epp(&input)
                } else {
                    parse(&input)
                };
                assert_eq!(
                    parsed.syntax_node().text().to_string(),
                    input,
                    "lossless for {input:?}"
                );
                let checked = check(&input, epp);
                assert!(checked
                    .errors
                    .iter()
                    .all(|e| usize::from(e.range.end()) <= input.len()));
                count += 1;
            }
        }
    }
    assert!(count > 100);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    for (open, close) in [
        ("[", "]"),
        ("(", ")"),
        ("{a=>", "}"),
        ("!", ""),
        ("-", ""),
        ("\"${", "}\""),
    ] {
        let depth = 20_000;
        let text = format!("$x = {}1{}\n", open.repeat(depth), close.repeat(depth));
        let parsed = check(&text, false);
        assert_eq!(parsed.parse.syntax_node().text().to_string(), text);
        assert!(
            !parsed.errors.is_empty(),
            "nesting {open} {depth} deep must be reported"
        );
    }
}
