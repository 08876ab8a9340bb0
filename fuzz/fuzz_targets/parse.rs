//! Parsing, lowering and validating any input never panics, and the tree always gives
//! back the input. Run: `RUSTC_BOOTSTRAP=1 cargo fuzz run parse` (in `fuzz/`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for epp in [false, true] {
            let checked = marionette_syntax::check(text, epp);
            assert_eq!(checked.parse.syntax_node().text().to_string(), text);
        }
    }
});
