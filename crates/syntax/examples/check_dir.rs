//! Parses, lowers and validates every `.pp` and `.epp` file under the directories given,
//! on one thread: the parser's share of `marionette parse DIR`, for profiling
//! (`valgrind --tool=callgrind target/release/examples/check_dir DIR`).

fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("pp" | "epp")
        ) {
            out.push(path);
        }
    }
}

fn main() {
    let mut files = Vec::new();
    let (mut dump_tree, mut dump_model) = (false, false);
    for arg in std::env::args().skip(1) {
        if arg == "--dump-tree" {
            dump_tree = true;
        } else if arg == "--dump-model" {
            dump_model = true;
        } else {
            walk(std::path::Path::new(&arg), &mut files);
        }
    }
    let (mut bytes, mut failed) = (0usize, 0usize);
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        bytes += text.len();
        let epp = path.extension().is_some_and(|e| e == "epp");
        let checked = marionette_syntax::check(&text, epp);
        if dump_tree {
            print!("# {}\n{}", path.display(), checked.parse.debug_tree());
        }
        if dump_model {
            println!("# {}\n{:?}", path.display(), checked.program);
        }
        if !checked.errors.is_empty() {
            failed += 1;
        }
    }
    eprintln!("{} files, {bytes} bytes, {failed} with errors", files.len());
}

// The allocator `marionette` uses, so that profiles match.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
