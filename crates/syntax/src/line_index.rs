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
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i as u32 + 1));
        LineIndex { line_starts }
    }

    /// The line and column of `offset` in `text` (the text this index was built from).
    pub fn line_col(&self, text: &str, offset: TextSize) -> LineCol {
        let offset = u32::from(offset).min(text.len() as u32);
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line] as usize;
        let mut end = offset as usize;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let col = text[start..end].chars().count() as u32 + 1;
        LineCol {
            line: line as u32 + 1,
            col,
        }
    }
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
    }
}
