//! External node classifier scripts: Puppet's `exec` node terminus
//! (`node_terminus = exec`, `external_nodes = SCRIPT`).
//!
//! The script is run as `SCRIPT CERTNAME` with Puppet's process set-up: stdin and stderr
//! on `/dev/null`, its own process group, `LANG=C` and `LC_ALL=C` with the other locale
//! variables removed, and no `HOME`, `USER` or `LOGNAME`. What it prints on stdout is
//! read by [`marionette_nodes::parse_enc_output`]. Puppet waits for an ENC forever;
//! [`ExecClassifier`] gives up after a timeout and kills the script's process group.

use marionette_catalog::Data;
use marionette_nodes::{parse_enc_output, Classification, ClassifyError, NodeClassifier};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// An ENC script.
#[derive(Debug, Clone)]
pub struct ExecClassifier {
    /// The script, as an absolute path (Puppet requires one; relative paths given to
    /// [`ExecClassifier::new`] are taken from the current directory).
    pub script: PathBuf,
    /// How long the script may run.
    pub timeout: Duration,
}

impl ExecClassifier {
    /// How long a script may run by default. Puppet has no limit; this one only stops
    /// a hung classifier from hanging the compile, and is far above what working
    /// classifiers take (Foreman's script gives up on its own HTTP request after 10 s).
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

    pub fn new(script: impl AsRef<Path>) -> ExecClassifier {
        let script = script.as_ref();
        ExecClassifier {
            script: std::path::absolute(script).unwrap_or_else(|_| script.to_path_buf()),
            timeout: Self::DEFAULT_TIMEOUT,
        }
    }

    pub fn with_timeout(mut self, timeout: Duration) -> ExecClassifier {
        self.timeout = timeout;
        self
    }

    /// Runs the script for `certname` and returns what it printed.
    fn run(&self, certname: &str) -> Result<String, ClassifyError> {
        let script = self.script.display();
        // The oracle's own checks, which Puppet would report as a bare "returned 1".
        match std::fs::metadata(&self.script) {
            Ok(meta) if meta.is_file() => {
                if !is_executable(&meta) {
                    return Err(ClassifyError::new(format!(
                        "ENC script is not executable: {script} (chmod +x it)"
                    )));
                }
            }
            _ => {
                return Err(ClassifyError::new(format!(
                    "ENC script not found: {script}"
                )))
            }
        }
        let command = format!("{script} {certname}");
        let failed = |detail: String| {
            ClassifyError::new(format!(
                "Failed to find {certname} via exec: Execution of '{command}' {detail}"
            ))
        };
        let mut cmd = Command::new(&self.script);
        cmd.arg(certname)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        crate::commands::puppet_environment(&mut cmd);
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = crate::commands::spawn(&mut cmd)
            .map_err(|e| failed(format!("could not start: {e}")))?;
        // Read stdout on a thread, so that a script printing more than a pipe holds
        // does not block; chunks come through a channel, and `None` at the end.
        let (sender, receiver) = std::sync::mpsc::channel::<Option<Vec<u8>>>();
        if let Some(mut stdout) = child.stdout.take() {
            std::thread::spawn(move || {
                let mut buf = [0u8; 8192];
                loop {
                    match stdout.read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            if sender.send(Some(buf[..n].to_vec())).is_err() {
                                return;
                            }
                        }
                    }
                }
                let _ = sender.send(None);
            });
        }
        let deadline = Instant::now() + self.timeout;
        let timed_out = || {
            failed(format!(
                "did not finish within {} seconds",
                self.timeout.as_secs_f64()
            ))
        };
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                Ok(None) => {
                    kill_group(&mut child);
                    return Err(timed_out());
                }
                Err(e) => {
                    kill_group(&mut child);
                    return Err(failed(format!("could not be waited for: {e}")));
                }
            }
        };
        // Puppet reads what is in the pipe once the script has exited, without
        // waiting for the end of a stdout that a background child may still hold.
        let drained = Instant::now() + Duration::from_millis(200);
        let mut bytes = Vec::new();
        while let Ok(Some(chunk)) =
            receiver.recv_timeout(drained.saturating_duration_since(Instant::now()))
        {
            bytes.extend_from_slice(&chunk);
        }
        let output = String::from_utf8_lossy(&bytes).into_owned();
        match status.code() {
            Some(0) => Ok(output),
            Some(code) => Err(failed(format!("returned {code}: {}", ruby_strip(&output)))),
            None => Err(failed(format!(
                "was killed ({status}): {}",
                ruby_strip(&output)
            ))),
        }
    }
}

impl NodeClassifier for ExecClassifier {
    fn describe(&self) -> String {
        format!("the external node classifier {}", self.script.display())
    }

    fn classify(&self, certname: &str, _facts: &Data) -> Result<Classification, ClassifyError> {
        let output = self.run(certname)?;
        parse_enc_output(certname, &output)
    }
}

#[cfg(unix)]
fn is_executable(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn is_executable(_meta: &std::fs::Metadata) -> bool {
    true
}

/// Stops the script and whatever it started (it leads its own process group).
fn kill_group(child: &mut std::process::Child) {
    #[cfg(unix)]
    {
        // Signalling a group needs kill(2) with a negative pid; std only kills the
        // child itself, so ask kill(1), which every POSIX system has.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", child.id())])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Ruby's `String#strip`: whitespace and NULs off both ends.
fn ruby_strip(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0' || c == '\x0b')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    fn tempdir(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("marionette-enc-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn classify(enc: &ExecClassifier) -> Result<Classification, String> {
        enc.classify("web01.example.com", &Data::Hash(Vec::new()))
            .map_err(|e| e.message)
    }

    #[test]
    fn runs_the_script_with_the_certname_and_puppets_environment() {
        let dir = tempdir("args");
        let enc = ExecClassifier::new(script(
            &dir,
            "enc",
            "echo \"parameters: {node: $1, lang: $LANG, home: '${HOME:-none}'}\"",
        ));
        let c = classify(&enc).unwrap();
        let s = |v: &str| Data::String(v.into());
        assert_eq!(
            c.parameters,
            vec![
                ("node".to_string(), s("web01.example.com")),
                ("lang".to_string(), s("C")),
                ("home".to_string(), s("none")),
            ]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn failures_name_the_script() {
        let dir = tempdir("fail");
        let enc = ExecClassifier::new(script(&dir, "enc", "echo '  oops  '; echo err >&2; exit 3"));
        assert_eq!(
            classify(&enc).unwrap_err(),
            format!(
                "Failed to find web01.example.com via exec: Execution of '{} web01.example.com' returned 3: oops",
                enc.script.display()
            )
        );
        let missing = ExecClassifier::new(dir.join("nope"));
        assert_eq!(
            classify(&missing).unwrap_err(),
            format!("ENC script not found: {}", dir.join("nope").display())
        );
        let plain = dir.join("plain");
        std::fs::write(&plain, "classes: []\n").unwrap();
        assert_eq!(
            classify(&ExecClassifier::new(&plain)).unwrap_err(),
            format!(
                "ENC script is not executable: {} (chmod +x it)",
                plain.display()
            )
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_hung_script_and_its_children_are_stopped() {
        let dir = tempdir("hang");
        let enc = ExecClassifier::new(script(&dir, "enc", "sleep 30 & sleep 30"))
            .with_timeout(Duration::from_millis(300));
        let started = Instant::now();
        let error = classify(&enc).unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(10), "{error}");
        assert!(
            error.ends_with("did not finish within 0.3 seconds"),
            "{error}"
        );
        // A script that exits leaving a child that holds its stdout is done.
        let enc = ExecClassifier::new(script(&dir, "bg", "sleep 3 &\necho 'classes: [a]'"));
        let started = Instant::now();
        assert_eq!(
            classify(&enc).unwrap().classes,
            vec![("a".to_string(), None)]
        );
        assert!(started.elapsed() < Duration::from_secs(2));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
