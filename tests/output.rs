//! `--output` writes catalogs atomically (a temporary file, then a rename), except to a
//! device or a pipe, which must stay what it is: `--output /dev/null` once replaced the
//! machine's /dev/null with a regular file.

use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::Command;

/// The example's web01 compiled with `--output output`.
fn compile_web01(output: &str) -> Command {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_marionette"));
    command
        .args(["compile", "--stable-ids", "--node", "web01.example.com"])
        .arg("--env")
        .arg(root.join("examples/env"))
        .arg("--facts")
        .arg(root.join("examples/facts/web01.example.com.yaml"))
        .args(["--output", output]);
    command
}

#[test]
fn output_to_a_device_writes_to_it_and_leaves_it_a_device() {
    let before = std::fs::metadata("/dev/null").unwrap().file_type();
    assert!(
        before.is_char_device(),
        "/dev/null is not a device before the test"
    );
    let out = compile_web01("/dev/null").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    let after = std::fs::metadata("/dev/null").unwrap().file_type();
    assert!(
        after.is_char_device(),
        "--output /dev/null replaced the device"
    );
}

/// Standard output redirected to a regular file, named as `/dev/fd/1` (a link into
/// `/proc`, as `/dev/stdout` is): the catalog goes there. A rename would have put a
/// regular file in the system's place; `--output /dev/stdout` once replaced the
/// machine's /dev/stdout link that way.
#[test]
fn output_to_own_standard_output_file_writes_through_it() {
    let dir = std::env::temp_dir().join(format!("marionette-stdout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let captured = dir.join("stdout.json");
    let out = compile_web01("/dev/fd/1")
        .stdout(std::fs::File::create(&captured).unwrap())
        .output()
        .unwrap();
    let written = std::fs::read_to_string(&captured).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(written.starts_with('{'), "{written:?}");
    assert!(std::fs::symlink_metadata("/dev/fd")
        .unwrap()
        .file_type()
        .is_symlink());
}
