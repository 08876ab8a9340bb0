//! `--output` writes catalogs atomically (a temporary file, then a rename), except to a
//! device or a pipe, which must stay what it is: `--output /dev/null` once replaced the
//! machine's /dev/null with a regular file.

use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::Command;

#[test]
fn output_to_a_device_writes_to_it_and_leaves_it_a_device() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let before = std::fs::metadata("/dev/null").unwrap().file_type();
    assert!(
        before.is_char_device(),
        "/dev/null is not a device before the test"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_marionette"))
        .args([
            "compile",
            "--stable-ids",
            "--node",
            "web01.example.com",
            "--env",
        ])
        .arg(root.join("examples/env"))
        .arg("--facts")
        .arg(root.join("examples/facts/web01.example.com.yaml"))
        .args(["--output", "/dev/null"])
        .output()
        .unwrap();
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
