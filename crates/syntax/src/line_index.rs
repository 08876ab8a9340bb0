//! Byte offsets to 1-based line and column numbers (columns count characters, as
//! Puppet's do).

use rowan::TextSize;

/// A line and a column, both starting at 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

/// The start offset of every line of a text.
#[derive(Clone, Debug)]
pub struct LineIndex {
    line_starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        // About one line in 32 bytes: one allocation for most files.
        let mut line_starts = Vec::with_capacity(bytes.len() / 32 + 1);
        line_starts.push(0);
        // Sixteen bytes at a time, as two words.
        let mut chunks = bytes.chunks_exact(16);
        let mut at = 0u32;
        for chunk in &mut chunks {
            let (Some(low), Some(high)) = (chunk.first_chunk(), chunk.last_chunk()) else {
                unreachable!("chunks of sixteen bytes")
            };
            let (low, high) = (line_feeds(*low), line_feeds(*high));
            if low | high != 0 {
                for (mut found, base) in [(low, at + 1), (high, at + 9)] {
                    while found != 0 {
                        line_starts.push(base + found.trailing_zeros() / 8);
                        found &= found - 1;
                    }
                }
            }
            at += 16;
        }
        for &b in chunks.remainder() {
            at += 1;
            if b == b'\n' {
                line_starts.push(at);
            }
        }
        LineIndex { line_starts }
    }

    /// The line and column of `offset` in `text` (the text this index was built from).
    /// The 1-based line of `offset` (what [`LineIndex::line_col`] gives, without
    /// counting the column's characters).
    pub fn line(&self, text: &str, offset: TextSize) -> u32 {
        let offset = u32::from(offset).min(text.len() as u32);
        self.line_starts.partition_point(|&s| s <= offset) as u32
    }

    pub fn line_col(&self, text: &str, offset: TextSize) -> LineCol {
        let line = self.line(text, offset);
        let offset = u32::from(offset).min(text.len() as u32);
        let start = self.line_starts[line as usize - 1] as usize;
        let mut end = offset as usize;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let col = text[start..end].chars().count() as u32 + 1;
        LineCol { line, col }
    }
}

/// The line feeds among eight bytes: the result has the high bit of byte `i` set when
/// `word[i]` is `\n`, and no other bit. They are the bytes of `word ^ LF` that are zero,
/// found without carries from one byte to the next.
#[inline]
pub(crate) fn line_feeds(word: [u8; 8]) -> u64 {
    const LF: u64 = u64::from_ne_bytes([b'\n'; 8]);
    const LOW7: u64 = u64::from_ne_bytes([0x7f; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let x = u64::from_le_bytes(word) ^ LF;
    !(((x & LOW7) + LOW7) | x) & HIGH
}

/// The offset of the first `\n` in `bytes`, a word at a time: for the short texts
/// of a line (a comment), without `memchr`'s setup.
pub(crate) fn first_line_feed(bytes: &[u8]) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let Some(word) = chunk.first_chunk() else {
            unreachable!("chunks of eight bytes")
        };
        let found = line_feeds(*word);
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    let rest = chunks.remainder();
    rest.iter().position(|&b| b == b'\n').map(|i| at + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let text = "ab\ncé\nx";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 0.into()), LineCol { line: 1, col: 1 });
        assert_eq!(index.line_col(text, 3.into()), LineCol { line: 2, col: 1 });
        assert_eq!(index.line_col(text, 6.into()), LineCol { line: 2, col: 3 });
        assert_eq!(index.line_col(text, 7.into()), LineCol { line: 3, col: 1 });
        for offset in 0..=text.len() as u32 {
            let line = index.line_col(text, offset.into()).line;
            assert_eq!(index.line(text, offset.into()), line, "{offset}");
        }
    }

    #[test]
    fn line_starts_as_a_char_search_finds_them() {
        let texts = [
            "",
            "\n",
            "abc",
            "\n\x0b\n\n\x0b\x0b\n",
            "a\nb\r\nc\n\ndé\u{2028}\n€\n\n\n\n\n\n\n\n\n",
            "class x {\n  file { '/tmp/\u{1F600}': }\n}\n\x0b\u{8a}",
        ];
        for text in texts {
            for cut in 0..text.len() {
                if !text.is_char_boundary(cut) {
                    continue;
                }
                let text = &text[cut..];
                let mut expected = vec![0];
                expected.extend(text.match_indices('\n').map(|(i, _)| i as u32 + 1));
                assert_eq!(LineIndex::new(text).line_starts, expected, "{text:?}");
                assert_eq!(
                    first_line_feed(text.as_bytes()),
                    text.find('\n'),
                    "{text:?}"
                );
            }
        }
    }
}
