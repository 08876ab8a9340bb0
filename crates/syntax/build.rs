use std::path::PathBuf;

fn main() {
    lalrpop::Configuration::new()
        .use_cargo_dir_conventions()
        .emit_rerun_directives(true)
        .process()
        .expect("the lalrpop grammar must build");
    box_error_recovery();
}

/// lalrpop keeps the parser's stack entries in one enum of every symbol type. All are
/// small and `Copy` but the `ErrorRecovery` of the `!` rule (64 bytes, with vectors to
/// drop), which made every entry 80 bytes, moved at every shift and reduction, with
/// drop glue called for each one popped. Boxed (it exists only after a syntax error,
/// and `Recover = !` takes it at once) it leaves entries of 24 bytes.
///
/// The generated file is rewritten in place; lalrpop keeps it while the grammar is
/// unchanged (it compares the hash in its first lines), so a file already rewritten
/// is left as it is.
fn box_error_recovery() {
    const RECOVERY: &str = "__lalrpop_util::ErrorRecovery<u32, SyntaxKind, ()>";
    let rewrites = [
        (
            format!("Variant1({RECOVERY}),"),
            format!("Variant1(alloc::boxed::Box<{RECOVERY}>),"),
        ),
        (
            "__Symbol::Variant1(recovery)".to_string(),
            "__Symbol::Variant1(alloc::boxed::Box::new(recovery))".to_string(),
        ),
        (
            "Some((__l, __Symbol::Variant1(__v), __r)) => (__l, __v, __r),".to_string(),
            "Some((__l, __Symbol::Variant1(__v), __r)) => (__l, *__v, __r),".to_string(),
        ),
    ];
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let path = PathBuf::from(out_dir).join("grammar.rs");
    let mut text = std::fs::read_to_string(&path).expect("lalrpop wrote grammar.rs");
    if text.contains(&rewrites[0].1) {
        return;
    }
    // One parser per entry point (File, Epp, HeredocText), each with one of each.
    for (from, to) in &rewrites {
        assert_eq!(
            text.matches(from.as_str()).count(),
            3,
            "the generated parser no longer has `{from}` once per entry point"
        );
        text = text.replace(from.as_str(), to);
    }
    std::fs::write(&path, text).expect("grammar.rs can be rewritten");
}
