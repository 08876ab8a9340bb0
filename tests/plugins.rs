//! Plugins loaded by the `marionette` binary, as data: each `tests/plugins/<case>/` has
//!
//! * `args`: the command line after `marionette`, one argument per line, where
//!   `{lib:NAME}` is the path of the plugin library `libNAME.so` built with the tests,
//!   `{case}` the case's directory and `{tmp}` a fresh temporary directory;
//! * `plugin-path` (optional): library names copied into a temporary directory that
//!   `MARIONETTE_PLUGIN_PATH` names;
//! * `vars` (optional): `NAME=VALUE` lines, environment variables of the command
//!   (`{case}` as in `args`);
//! * `expected.out`: stdout, exactly (empty when nothing is printed), the case's
//!   directory written `{case}` and the repository's `{root}`;
//! * `expected.err`: lines stderr must contain, in order (a panicking plugin's panic
//!   message and backtrace come around them), `{case}` as in `args`;
//! * `expected.exit`: the exit status.
//!
//! Real Puppet has no such plugins: the expected output is written by hand, small and
//! obviously right (`UPDATE_EXPECT=1` rewrites `expected.out` and `expected.exit`).
//!
//! The plugin libraries are dev-dependencies of this package, so cargo builds their
//! cdylibs (into `target/<profile>/deps`) before the tests run.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The directory holding the plugin libraries built for this test binary.
fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    exe.parent().expect("the deps directory").to_path_buf()
}

fn library(name: &str) -> PathBuf {
    let file = format!(
        "{}{name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    let path = library_dir().join(&file);
    assert!(
        path.is_file(),
        "{} was not built (is its crate a dev-dependency?)",
        path.display()
    );
    path
}

fn tempdir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("marionette-plugins-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn expand(arg: &str, case: &Path, tmp: &Path) -> String {
    let mut out = arg
        .replace("{case}", &case.display().to_string())
        .replace("{tmp}", &tmp.display().to_string());
    while let Some(start) = out.find("{lib:") {
        let end = start + out[start..].find('}').expect("a closing brace");
        let name = out[start + 5..end].to_string();
        out.replace_range(start..=end, &library(&name).display().to_string());
    }
    out
}

fn run_case(case: &Path) -> Result<(), String> {
    let name = case.file_name().unwrap().to_string_lossy().into_owned();
    let tmp = tempdir(&name);
    let read = |f: &str| std::fs::read_to_string(case.join(f)).ok();
    let args: Vec<String> = read("args")
        .ok_or("no args file")?
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| expand(l, case, &tmp))
        .collect();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_marionette"));
    cmd.args(&args).env_remove("MARIONETTE_PLUGIN_PATH");
    if let Some(libs) = read("plugin-path") {
        let dir = tmp.join("plugin-path");
        std::fs::create_dir_all(&dir).unwrap();
        for lib in libs.lines().filter(|l| !l.is_empty()) {
            let from = library(lib);
            std::fs::copy(&from, dir.join(from.file_name().unwrap())).unwrap();
        }
        cmd.env("MARIONETTE_PLUGIN_PATH", &dir);
    }
    for line in read("vars").unwrap_or_default().lines() {
        if let Some((name, value)) = line.split_once('=') {
            cmd.env(name, expand(value, case, &tmp));
        }
    }
    let out = cmd.output().map_err(|e| e.to_string())?;
    // Catalogs name files by their real paths.
    let real = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    for (dir, name) in [(case, "{case}"), (root, "{root}")] {
        for dir in [real(dir), dir.to_path_buf()] {
            stdout = stdout.replace(&dir.display().to_string(), name);
        }
    }
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let exit = out.status.code().map_or("signal".into(), |c| c.to_string());
    let _ = std::fs::remove_dir_all(&tmp);
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(case.join("expected.out"), &stdout).unwrap();
        std::fs::write(case.join("expected.exit"), format!("{exit}\n")).unwrap();
    }
    let mut problems = Vec::new();
    let expected_exit = read("expected.exit").unwrap_or_default();
    if expected_exit.trim() != exit {
        problems.push(format!(
            "exit status {exit}, expected {}",
            expected_exit.trim()
        ));
    }
    if read("expected.out").unwrap_or_default() != stdout {
        problems.push(format!("stdout differs:\n{stdout}"));
    }
    let mut rest = stderr.as_str();
    let case_dir = case.display().to_string();
    for line in read("expected.err").unwrap_or_default().lines() {
        let line = &line.replace("{case}", &case_dir);
        match rest.find(line) {
            Some(i) => rest = &rest[i + line.len()..],
            None => problems.push(format!("stderr lacks (in order) {line:?}")),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\nstderr:\n{stderr}", problems.join("\n")))
    }
}

#[test]
fn plugin_cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/plugins");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("args").is_file())
        .collect();
    cases.sort();
    assert!(!cases.is_empty());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| {
            run_case(c)
                .err()
                .map(|e| format!("--- {}: {e}", c.file_name().unwrap().to_string_lossy()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A plugin used in-process, through its binary interface without a library: what the
/// custom-binary path and the bench rely on.
#[test]
fn the_boundary_in_process_gives_the_same_answers() {
    use marionette::plugin_api::{Data, ExternalFunction, FunctionContext};
    struct NoBlock;
    impl FunctionContext for NoBlock {
        fn signature(&self) -> usize {
            0
        }
        fn has_block(&self) -> bool {
            false
        }
        fn call_block(&mut self, _: Vec<Data>) -> Result<Data, String> {
            Err("no block".into())
        }
        fn warning(&mut self, _: String) {}
    }
    let direct = marionette_functions_example::plugin();
    let through = marionette_functions_example::plugin().through_ffi();
    let call = |f: &dyn ExternalFunction| {
        f.call(&[Data::String("x".into()), Data::Integer(3)], &mut NoBlock)
    };
    assert_eq!(call(&*direct.functions[0]), call(&*through.functions[0]));
    assert_eq!(
        call(&*through.functions[0]),
        Ok(Data::String("Hello, x! Hello, x! Hello, x!".into()))
    );
}

/// `Compiler::builder()` with a plugin linked statically compiles the bundled example
/// as `compile_node` does, and the plugin's functions are callable.
#[test]
fn builder_with_a_static_plugin() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let compiler = marionette::Compiler::builder()
        .environment(root.join("examples/env"))
        .facts_dir(root.join("examples/facts"))
        .plugin(marionette_functions_example::plugin())
        .build()
        .unwrap_or_else(|e| panic!("{}", e.message));
    assert_eq!(compiler.nodes(), ["db01.example.com", "web01.example.com"]);
    for node in compiler.nodes() {
        let (built, _) = compiler.compile(&node).unwrap();
        let facts = root.join(format!("examples/facts/{node}.yaml"));
        let (direct, _) = marionette::compile_node(
            &root.join("examples/env"),
            None,
            &node,
            Some(&facts),
            None,
            None,
            Default::default(),
        )
        .unwrap();
        assert_eq!(built, direct, "{node}");
    }
    let functions = marionette::Compiler::builder()
        .environment(root.join("tests/plugins/functions_example/env"))
        .plugin(marionette_functions_example::plugin())
        .build()
        .unwrap();
    let (catalog, _) = functions.compile("web01.example.com").unwrap();
    assert!(catalog
        .resources
        .iter()
        .any(|r| r.title == "Hello, web01! Hello, web01!"));
    let twice = marionette::Compiler::builder()
        .environment(root.join("examples/env"))
        .plugin(marionette_functions_example::plugin())
        .plugin(marionette_functions_example::plugin())
        .build()
        .err()
        .map(|e| e.message);
    assert_eq!(
        twice.as_deref(),
        Some("cannot register function 'example::greet': a function of that name is already registered")
    );
}
