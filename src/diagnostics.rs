//! Rendering errors for people: `file:line:col: error: message`, optionally followed by
//! the source line and a marker (codespan-reporting).

use crate::ParsedFile;
use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::WriteColor};
use marionette_syntax::{LineIndex, SyntaxError};

/// One line per error: `file:line:col: error: message`.
pub fn short(file: &ParsedFile, error: &SyntaxError) -> String {
    let index = LineIndex::new(&file.text);
    let at = index.line_col(&file.text, error.range.start());
    format!(
        "{}:{}:{}: error: {}",
        file.path.display(),
        at.line,
        at.col,
        error.message
    )
}

/// The error with the source line it points at.
pub fn rich(
    file: &ParsedFile,
    error: &SyntaxError,
    out: &mut dyn WriteColor,
) -> std::io::Result<()> {
    let source = SimpleFile::new(file.path.display().to_string(), file.text.as_str());
    let range: std::ops::Range<usize> = error.range.into();
    let diagnostic = Diagnostic::error()
        .with_message(&error.message)
        .with_labels(vec![Label::primary((), range)]);
    term::emit_to_write_style(out, &term::Config::default(), &source, &diagnostic)
        .map_err(|e| std::io::Error::other(e.to_string()))
}
