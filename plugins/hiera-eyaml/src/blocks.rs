//! The `ENC[...]` blocks of a value, found as hiera-eyaml 3.3's Hiera parser finds them,
//! and Ruby's lenient `Base64.decode64` of their text.
//!
//! A block is `ENC[` then, optionally, a scheme (word characters and a comma), then
//! base64 text that may be broken by spaces and newlines (YAML block scalars), then
//! `]`. Text around and between blocks is kept as it is.

/// A piece of a value: text, or an encrypted block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Piece<'a> {
    Text(&'a str),
    Block {
        /// The scheme before the comma (`PKCS7`); `None` for the default scheme.
        scheme: Option<&'a str>,
        /// The base64 text with its spaces and newlines removed; empty when there
        /// were only spaces (which hiera-eyaml fails on).
        cipher: String,
    },
}

/// Whether hiera-eyaml decrypts a value at all: a line of it holds `ENC[` and, after
/// it, a `]` (`/.*ENC\[.*?\]/`, where `.` is no newline). A value that is not
/// "encrypted" is only interpolated, whatever blocks it holds across lines.
pub(crate) fn encrypted(value: &str) -> bool {
    value.split('\n').any(|line| {
        line.find("ENC[")
            .is_some_and(|start| line[start + 4..].contains(']'))
    })
}

/// The text and blocks of a value, leftmost block first.
pub(crate) fn pieces(value: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut text_start = 0;
    let mut from = 0;
    while let Some(found) = value[from..].find("ENC[") {
        let start = from + found;
        match block_at(&value[start + 4..]) {
            Some((scheme, body, len)) => {
                if text_start < start {
                    out.push(Piece::Text(&value[text_start..start]));
                }
                let cipher = body.chars().filter(|c| !c.is_whitespace()).collect();
                out.push(Piece::Block { scheme, cipher });
                from = start + 4 + len;
                text_start = from;
            }
            None => from = start + 1,
        }
    }
    if text_start < value.len() {
        out.push(Piece::Text(&value[text_start..]));
    }
    out
}

/// A block's scheme, body and length after `ENC[` (the `]` included), if `rest` holds
/// one: `(\w+,)?([a-zA-Z0-9+/ =\n]+?)\]`.
fn block_at(rest: &str) -> Option<(Option<&str>, &str, usize)> {
    let bytes = rest.as_bytes();
    let body_at = |from: usize| -> Option<usize> {
        let len = bytes[from..].iter().take_while(|&&b| in_body(b)).count();
        (len > 0 && bytes.get(from + len) == Some(&b']')).then_some(len)
    };
    let word = bytes.iter().take_while(|&&b| is_word(b)).count();
    if word > 0 && bytes.get(word) == Some(&b',') {
        if let Some(len) = body_at(word + 1) {
            let body = &rest[word + 1..word + 1 + len];
            return Some((Some(&rest[..word]), body, word + 1 + len + 1));
        }
    }
    body_at(0).map(|len| (None, &rest[..len], len + 1))
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn in_body(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b' ' | b'=' | b'\n')
}

const NOT_BASE64: u8 = 0xff;

/// The value of each base64 character, [`NOT_BASE64`] for the others.
const SEXTETS: [u8; 256] = {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut table = [NOT_BASE64; 256];
    let mut i = 0;
    while i < alphabet.len() {
        table[alphabet[i] as usize] = i as u8;
        i += 1;
    }
    table
};

/// Ruby's `Base64.decode64` (`unpack1("m")`): characters outside the alphabet are
/// skipped, decoding stops at a `=` in the third or fourth place of a group, and a
/// trailing partial group gives the bytes it has.
pub(crate) fn decode64(text: &str) -> Vec<u8> {
    let value = |b: u8| Some(SEXTETS[b as usize]).filter(|&v| v != NOT_BASE64);
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    let mut i = 0;
    // The next sextet from `i`; `stop_at_pad`: a `=` ends the input.
    let next = |i: &mut usize, stop_at_pad: bool| -> Option<u8> {
        while *i < bytes.len() {
            let b = bytes[*i];
            if let Some(v) = value(b) {
                *i += 1;
                return Some(v);
            }
            if stop_at_pad && b == b'=' {
                return None;
            }
            *i += 1;
        }
        None
    };
    while let Some(a) = next(&mut i, false) {
        let Some(b) = next(&mut i, false) else { break };
        let Some(c) = next(&mut i, true) else {
            out.push(a << 2 | b >> 4);
            break;
        };
        let Some(d) = next(&mut i, true) else {
            out.push(a << 2 | b >> 4);
            out.push(b << 4 | c >> 2);
            break;
        };
        out.push(a << 2 | b >> 4);
        out.push(b << 4 | c >> 2);
        out.push(c << 6 | d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(scheme: Option<&'static str>, cipher: &str) -> Piece<'static> {
        Piece::Block {
            scheme,
            cipher: cipher.into(),
        }
    }

    #[test]
    fn what_counts_as_encrypted() {
        let cases = [
            ("ENC[PKCS7,abc]", true),
            ("x ENC[abc] y", true),
            ("ENC[ and ] on one line", true),
            ("ENC[PKCS7,ab\ncd]", false),
            ("ENC[PKCS7,ab\ncd] ENC[x]", true),
            ("no block", false),
            ("ENC[", false),
            ("] ENC[", false),
        ];
        for (value, expected) in cases {
            assert_eq!(encrypted(value), expected, "{value:?}");
        }
    }

    #[test]
    fn pieces_of_values() {
        use Piece::Text;
        let cases: Vec<(&str, Vec<Piece<'_>>)> = vec![
            ("ENC[PKCS7,YWJj]", vec![block(Some("PKCS7"), "YWJj")]),
            ("ENC[YWJj]", vec![block(None, "YWJj")]),
            (
                "a ENC[PKCS7,YW\n  Jj] b ENC[x,eHl6] c",
                vec![
                    Text("a "),
                    block(Some("PKCS7"), "YWJj"),
                    Text(" b "),
                    block(Some("x"), "eHl6"),
                    Text(" c"),
                ],
            ),
            // Not blocks: an underscore, a tab, an empty body, no closing bracket.
            ("ENC[PKCS7,abc_def]", vec![Text("ENC[PKCS7,abc_def]")]),
            ("ENC[PKCS7,ab\tc]", vec![Text("ENC[PKCS7,ab\tc]")]),
            ("ENC[PKCS7,]", vec![Text("ENC[PKCS7,]")]),
            ("ENC[PKCS7,abc", vec![Text("ENC[PKCS7,abc")]),
            // Only spaces: a block with an empty cipher.
            ("ENC[PKCS7, ]", vec![block(Some("PKCS7"), "")]),
            // A failed start does not hide a later block.
            ("ENC[ENC[YQ==]", vec![Text("ENC["), block(None, "YQ==")]),
        ];
        for (value, expected) in cases {
            assert_eq!(pieces(value), expected, "{value:?}");
        }
    }

    #[test]
    fn base64_as_ruby_decodes_it() {
        let cases: [(&str, &[u8]); 8] = [
            ("aGVsbG8=", b"hello"),
            ("aGVsbG8", b"hello"),
            ("aGVs\nbG8=", b"hello"),
            ("aGVsbA==", b"hell"),
            ("aGVsbA==aGVs", b"hell"),
            ("a", b""),
            ("", b""),
            ("=aGVs", b"hel"),
        ];
        for (text, expected) in cases {
            assert_eq!(decode64(text), expected, "{text:?}");
        }
    }
}
