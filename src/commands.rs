//! `generate()`'s commands run with `std::process`, as Puppet's
//! `Puppet::Util::Execution.execute` runs them on a server.

use crate::eval::{CommandOutput, CommandRunner};
use std::io::ErrorKind;
use std::process::{Command, Stdio};

/// Runs commands on this machine: in the given directory, with `LANG` and `LC_ALL`
/// set to `C` (the other locale variables and `HOME`, `USER`, `LOGNAME` removed),
/// standard output and error read together, no standard input.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemCommands;

const LOCALE_VARS: &[&str] = &[
    "LANG",
    "LC_ALL",
    "LC_MESSAGES",
    "LANGUAGE",
    "LC_COLLATE",
    "LC_CTYPE",
    "LC_MONETARY",
    "LC_NUMERIC",
    "LC_TIME",
];
const USER_VARS: &[&str] = &["HOME", "USER", "LOGNAME"];

impl CommandRunner for SystemCommands {
    fn run(&self, argv: &[String], cwd: &str) -> Result<CommandOutput, String> {
        let Some((program, args)) = argv.split_first() else {
            return Err("no command given".into());
        };
        if let Err(e) = std::fs::read_dir(cwd) {
            return Err(format!("{} @ dir_chdir - {cwd}", ruby_errno(&e)));
        }
        match run(program, args, cwd) {
            Ok(out) => Ok(out),
            // Ruby's `exec` runs a file that is not a program with /bin/sh.
            Err(e) if e.raw_os_error() == Some(8) => {
                let mut sh_args = vec![program.clone()];
                sh_args.extend_from_slice(args);
                run("/bin/sh", &sh_args, cwd).map_err(|e| e.to_string())
            }
            // Puppet's child logs why it could not run the command, and exits 1.
            Err(e) => Ok(CommandOutput {
                status: 1,
                output: format!(
                    "Error: Could not execute posix command: {} - {program}\n",
                    ruby_errno(&e)
                ),
            }),
        }
    }
}

/// The environment Puppet's `execute` gives a command: the locale variables removed
/// but `LANG` and `LC_ALL`, which are `C`, and no `HOME`, `USER`, `LOGNAME`.
pub(crate) fn puppet_environment(cmd: &mut Command) {
    for v in LOCALE_VARS.iter().chain(USER_VARS) {
        cmd.env_remove(v);
    }
    cmd.env("LANG", "C").env("LC_ALL", "C");
}

/// Starts `cmd`, again after a moment while the program is busy (`ETXTBSY`): a file
/// written just before, while another thread forked, stays open for writing in that
/// fork until it execs, and executing the file fails meanwhile. (Seen in the tests,
/// which write scripts and run them on several threads; a deployment that writes its
/// ENC script as a compile starts would meet it too.)
pub(crate) fn spawn(cmd: &mut Command) -> std::io::Result<std::process::Child> {
    const TRIES: u32 = 20;
    let mut tried = 1;
    loop {
        match cmd.spawn() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && tried < TRIES => {
                tried += 1;
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            started => return started,
        }
    }
}

fn run(program: &str, args: &[String], cwd: &str) -> std::io::Result<CommandOutput> {
    let (reader, writer) = std::io::pipe()?;
    let mut cmd = Command::new(program);
    cmd.args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(writer.try_clone()?)
        .stderr(writer);
    puppet_environment(&mut cmd);
    let mut child = spawn(&mut cmd)?;
    // The command's ends of the pipe are closed with `cmd`.
    drop(cmd);
    let mut output = Vec::new();
    std::io::Read::read_to_end(&mut { reader }, &mut output)?;
    let status = child.wait()?;
    Ok(CommandOutput {
        // A command killed by a signal has no exit code; Ruby reports it as nil.
        status: status.code().unwrap_or(-1),
        output: String::from_utf8_lossy(&output).into_owned(),
    })
}

/// Ruby's `Errno` message for an I/O error.
fn ruby_errno(e: &std::io::Error) -> &'static str {
    match e.kind() {
        ErrorKind::NotFound => "No such file or directory",
        ErrorKind::PermissionDenied => "Permission denied",
        ErrorKind::NotADirectory => "Not a directory",
        _ => "Input/output error",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_sh(script: &str) -> Result<CommandOutput, String> {
        let argv = ["/bin/sh", "-c", script].map(String::from);
        SystemCommands.run(&argv, "/")
    }

    #[test]
    fn output_is_stdout_and_stderr_together() {
        let out = run_sh("echo out; echo err >&2; exit 3").unwrap();
        assert_eq!(out.status, 3);
        assert_eq!(out.output, "out\nerr\n");
    }

    #[test]
    fn environment_is_puppets() {
        let out = run_sh("echo \"$LANG $LC_ALL [$HOME] [$LC_CTYPE]\"; pwd").unwrap();
        assert_eq!(out.output, "C C [] []\n/\n");
    }

    #[test]
    fn missing_program_and_directory() {
        let argv = ["/nonexistent-dir/x".to_string()];
        assert_eq!(
            SystemCommands.run(&argv, "/nonexistent-dir"),
            Err("No such file or directory @ dir_chdir - /nonexistent-dir".to_string())
        );
        let argv = ["/bin/nonexistent-program".to_string()];
        let out = SystemCommands.run(&argv, "/bin").unwrap();
        assert_eq!(out.status, 1);
        assert!(out
            .output
            .contains("No such file or directory - /bin/nonexistent-program"));
    }
}
