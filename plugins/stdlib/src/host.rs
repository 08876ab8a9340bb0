//! The functions that run things on the compiling machine, as Puppet does on the
//! server: `validate_cmd` (a command over a temporary file holding the content),
//! `validate_augeas` (an Augeas lens over such a file, through `augtool`) and `pry`
//! (a debugger Marionette does not have).

use crate::ruby::{args3x, inspect, to_s};
use crate::{err, native, NativeFunction, ANY};
use marionette_catalog::Data;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

type R = Result<Data, String>;

pub const FUNCTIONS: &[NativeFunction] = &[
    native!("validate_cmd", ANY, |a, _| validate_cmd(&args3x(a))),
    native!("validate_augeas", ANY, |a, _| validate_augeas(&args3x(a))),
    // Puppet without the pry gem (Debian's puppet does not depend on it).
    native!("pry", ANY, |_, _| err(
        "pry(): Requires the 'pry' rubygem to use, but it was not found"
    )),
];

/// A file like Ruby's `Tempfile.new(prefix)` (`/tmp/validate_cmd20240101-123-1x2y3z`),
/// created for the owner only, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(prefix: &str, content: &str) -> Result<TempFile, String> {
        use std::os::unix::fs::OpenOptionsExt;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0);
        let date: String = marionette_eval::value::Timestamp {
            seconds: now,
            nanos: 0,
        }
        .format()
        .chars()
        .take(10)
        .filter(|c| c.is_ascii_digit())
        .collect();
        let mut last = String::new();
        for _ in 0..10 {
            let name = format!(
                "{prefix}{date}-{}-{}",
                std::process::id(),
                base36(crate::random_u64() % (1 << 32))
            );
            let path = std::env::temp_dir().join(name);
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&path)
            {
                Ok(mut f) => {
                    f.write_all(content.as_bytes())
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    return Ok(TempFile(path));
                }
                Err(e) => last = format!("{}: {e}", path.display()),
            }
        }
        Err(last)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn base36(mut n: u64) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(b"0123456789abcdefghijklmnopqrstuvwxyz"[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}

/// Ruby's `TypeError` when a value is used where a String is needed.
fn no_conversion(d: &Data) -> String {
    let what = match d {
        Data::Bool(true) => "true",
        Data::Bool(false) => "false",
        other => crate::ruby::class(other),
    };
    format!("no implicit conversion of {what} into String")
}

fn validate_cmd(args: &[Data]) -> R {
    if !(2..=3).contains(&args.len()) {
        return err(format!(
            "validate_cmd(): wrong number of arguments ({}; must be 2 or 3)",
            args.len()
        ));
    }
    let failed = |detail: String| -> R {
        match args.get(2) {
            None => err(format!(
                "validate_cmd(): failed to validate content with command {}\n{detail}",
                inspect(&args[1])
            )),
            Some(Data::String(m)) => err(format!("{m}\n{detail}")),
            Some(Data::Integer(_)) => err("String can't be coerced into Integer"),
            Some(Data::Float(_)) => err("String can't be coerced into Float"),
            Some(other) => err(format!("{}\n{detail}", to_s(other))),
        }
    };
    let file = TempFile::new("validate_cmd", &to_s(&args[0])).map_err(|e| {
        format!("validate_cmd(): could not write the content to a temporary file: {e}")
    })?;
    let Data::String(script) = &args[1] else {
        return failed(format!("TypeError {}", no_conversion(&args[1])));
    };
    let path = file.path().display().to_string();
    let command = if placeholder(script) {
        script.replace('%', &path)
    } else {
        format!("{script} {path}")
    };
    match execute(&command) {
        Ok(()) => Ok(Data::Undef),
        Err(detail) => failed(detail),
    }
}

/// Whether a command has a `%` standing alone (`\s%(\s|$)`), to be replaced by the
/// file's path; otherwise the path is appended.
fn placeholder(script: &str) -> bool {
    let chars: Vec<char> = script.chars().collect();
    chars.windows(2).enumerate().any(|(i, w)| {
        w[0].is_whitespace()
            && w[1] == '%'
            && chars
                .get(i + 2)
                .is_none_or(|c| *c == '\n' || c.is_whitespace())
    })
}

/// Puppet's `Puppet::Util::Execution.execute(command)`: the C locale, no input,
/// output and errors together; Ruby's `exec` runs a string through `/bin/sh` only if
/// it needs a shell. A failure reads `Execution of 'command' returned 1: output`.
fn execute(command: &str) -> Result<(), String> {
    let mut cmd = if needs_shell(command) {
        let mut c = Command::new("/bin/sh");
        c.arg("-c").arg(command);
        c
    } else {
        let mut words = command.split_ascii_whitespace();
        let mut c = Command::new(words.next().unwrap_or(""));
        c.args(words);
        c
    };
    for var in [
        "LANG",
        "LC_CTYPE",
        "LC_COLLATE",
        "LC_TIME",
        "LC_NUMERIC",
        "LC_MONETARY",
        "LC_MESSAGES",
        "LC_ALL",
    ] {
        cmd.env(var, "C");
    }
    let (status, output) = match combined_output(&mut cmd) {
        Ok(r) => r,
        Err(e) => {
            let reason = match e.kind() {
                std::io::ErrorKind::NotFound => "No such file or directory".to_string(),
                std::io::ErrorKind::PermissionDenied => "Permission denied".to_string(),
                _ => e.to_string(),
            };
            let program = command.split_ascii_whitespace().next().unwrap_or("");
            (
                1,
                format!("Error: Could not execute posix command: {reason} - {program}"),
            )
        }
    };
    if status == 0 {
        return Ok(());
    }
    Err(format!(
        "Execution of '{command}' returned {status}: {}",
        output.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0')
    ))
}

/// Runs a command with stdout and stderr into one pipe, in the order written.
fn combined_output(cmd: &mut Command) -> std::io::Result<(i32, String)> {
    use std::io::Read;
    let (mut reader, writer) = std::io::pipe()?;
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(writer.try_clone()?)
        .stderr(writer)
        .spawn()?;
    // The command's copies of the pipe's write end are its own now.
    cmd.stdout(Stdio::null()).stderr(Stdio::null());
    let mut out = Vec::new();
    reader.read_to_end(&mut out)?;
    let status = child.wait()?;
    let code = status.code().unwrap_or_else(|| {
        use std::os::unix::process::ExitStatusExt;
        status.signal().map_or(1, |s| 128 + s)
    });
    Ok((code, String::from_utf8_lossy(&out).into_owned()))
}

/// Ruby's rule for `exec(string)`: a shell when the string has a shell metacharacter,
/// or starts with a reserved word, a special built-in or a variable assignment.
fn needs_shell(command: &str) -> bool {
    if command.contains(|c| "*?{}[]<>()~&|\\$;'`\"\n#".contains(c)) {
        return true;
    }
    let first = command.split_ascii_whitespace().next().unwrap_or("");
    first.contains('=')
        || [
            "case", "do", "done", "elif", "else", "esac", "fi", "for", "if", "in", "then", "until",
            "while", "!", ".", ":", "break", "continue", "eval", "exec", "exit", "export",
            "readonly", "return", "set", "shift", "times", "trap", "unset",
        ]
        .contains(&first)
}

fn validate_augeas(args: &[Data]) -> R {
    let Some(augtool) = find_augtool() else {
        return err("validate_augeas(): this function requires the augeas feature. See http://docs.puppetlabs.com/guides/augeas.html#pre-requisites for how to activate it.");
    };
    if !(2..=4).contains(&args.len()) {
        return err(format!(
            "validate_augeas(): wrong number of arguments ({}; must be 2, 3, or 4)",
            args.len()
        ));
    }
    let mut msg = match args.get(3) {
        Some(m) => to_s(m),
        None => format!(
            "validate_augeas(): Failed to validate content against {}",
            inspect(&args[1])
        ),
    };
    let tests = match args.get(2) {
        None => Vec::new(),
        Some(Data::Array(tests)) => tests.iter().map(to_s).collect(),
        Some(other) => {
            return err(format!(
                "undefined method `each' for {}:{}",
                inspect(other),
                crate::ruby::class(other)
            ))
        }
    };
    let file = TempFile::new("validate_augeas", &to_s(&args[0])).map_err(|e| {
        format!("validate_augeas(): could not write the content to a temporary file: {e}")
    })?;
    let path = file.path().display().to_string();
    // One augtool session; `get /augeas/root` separates the answers.
    const MARK: &str = "get /augeas/root";
    let mut script = format!(
        "set /augeas/load/Validate_augeas/lens {}\nset /augeas/load/Validate_augeas/incl {}\nload\nget /augeas/files{path}//error/message\n{MARK}\ndefvar file /files{path}\n",
        quote(&to_s(&args[1])),
        quote(&path)
    );
    for t in &tests {
        script.push_str(&format!("match {}\n{MARK}\n", quote(t)));
    }
    let output = augtool_run(&augtool, &script)?;
    let mut answers: Vec<Vec<&str>> = vec![Vec::new()];
    for line in output.lines() {
        if line.starts_with("/augeas/root = ") {
            answers.push(Vec::new());
        } else if !line.trim().is_empty() && line.trim() != "(no matches)" {
            if let Some(answer) = answers.last_mut() {
                answer.push(line);
            }
        }
    }
    let mut answers = answers.into_iter();
    let error = answers.next().unwrap_or_default();
    if let Some(line) = error.first() {
        if let Some((_, message)) = line.split_once(" = ") {
            return err(format!("{msg} with error: {message}"));
        }
        if !line.ends_with(" (o)") {
            return err(format!("{msg} with error: "));
        }
    }
    for (t, found) in tests.iter().zip(answers) {
        msg.push_str(&format!(" testing path {t}"));
        if !found.is_empty() {
            return err(msg);
        }
    }
    Ok(Data::Undef)
}

/// augtool on the PATH: Puppet's `augeas` feature is ruby-augeas, over the same
/// library.
fn find_augtool() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("augtool"))
        .find(|p| p.is_file())
}

/// Runs an augtool script without autoloading lenses' transforms (Ruby's
/// `Augeas::NO_MODL_AUTOLOAD`); its standard output.
fn augtool_run(augtool: &Path, script: &str) -> Result<String, String> {
    let mut child = Command::new(augtool)
        .arg("--noautoload")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("validate_augeas(): cannot run {}: {e}", augtool.display()))?;
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(script.as_bytes());
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("validate_augeas(): {}: {e}", augtool.display()))?;
    if !out.status.success() {
        return err(format!(
            "validate_augeas(): {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// An augtool argument: quoted, in single quotes unless it has one.
fn quote(s: &str) -> String {
    if s.contains('\'') {
        format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
    } else {
        format!("'{s}'")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What Puppet 7.23 answered (its temporary file's name, random, as `TMP`).
    const FAILURES: &[(&[&str], &str)] = &[
        (
            &["x", "/bin/false"],
            "validate_cmd(): failed to validate content with command \"/bin/false\"\nExecution of '/bin/false TMP' returned 1: ",
        ),
        (
            &["x", "/bin/false", "custom msg"],
            "custom msg\nExecution of '/bin/false TMP' returned 1: ",
        ),
        (
            &["x", "/nonexistent/cmd"],
            "validate_cmd(): failed to validate content with command \"/nonexistent/cmd\"\nExecution of '/nonexistent/cmd TMP' returned 1: Error: Could not execute posix command: No such file or directory - /nonexistent/cmd",
        ),
        (
            &["hello", "grep -q bye % && true"],
            "validate_cmd(): failed to validate content with command \"grep -q bye % && true\"\nExecution of 'grep -q bye TMP && true' returned 1: ",
        ),
        (
            &["hello", "sh -c 'exit 3'"],
            "validate_cmd(): failed to validate content with command \"sh -c 'exit 3'\"\nExecution of 'sh -c 'exit 3' TMP' returned 3: ",
        ),
        (
            &["hello %", "grep -q %%"],
            "validate_cmd(): failed to validate content with command \"grep -q %%\"\nExecution of 'grep -q %% TMP' returned 1: ",
        ),
        (
            &["hello", "sh -c 'echo out; echo err >&2; exit 3'"],
            "validate_cmd(): failed to validate content with command \"sh -c 'echo out; echo err >&2; exit 3'\"\nExecution of 'sh -c 'echo out; echo err >&2; exit 3' TMP' returned 3: out\nerr",
        ),
    ];

    /// The message with the temporary file's path as `TMP`.
    fn normalized(message: &str) -> String {
        let dir = std::env::temp_dir().join("validate_cmd");
        let dir = dir.display().to_string();
        let mut out = String::new();
        let mut rest = message;
        while let Some(at) = rest.find(&dir) {
            out.push_str(&rest[..at]);
            out.push_str("TMP");
            let tail = &rest[at + dir.len()..];
            let end = tail
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .unwrap_or(tail.len());
            rest = &tail[end..];
        }
        out.push_str(rest);
        out
    }

    #[test]
    fn validate_cmd_fails_as_puppet_does() {
        for (args, expected) in FAILURES {
            let args: Vec<Data> = args.iter().map(|a| Data::String(a.to_string())).collect();
            let got = validate_cmd(&args).map_err(|e| normalized(&e));
            assert_eq!(got, Err(expected.to_string()), "validate_cmd {args:?}");
        }
    }

    #[test]
    fn the_temporary_file_is_gone_afterwards() {
        let args = [
            Data::String("content".into()),
            Data::String("sh -c 'echo $0 >&2; exit 1'".into()),
        ];
        let message = validate_cmd(&args).unwrap_err();
        let path = message.rsplit(": ").next().unwrap_or_default();
        assert!(path.contains("validate_cmd"), "{message}");
        assert!(!Path::new(path).exists(), "{path} is still there");
    }

    #[test]
    fn a_percent_sign_stands_for_the_file_only_alone() {
        for (script, expected) in [
            ("visudo -c -f %", true),
            ("haproxy -f % -c", true),
            ("grep %% x", false),
            ("%", false),
            ("printf 50%", false),
        ] {
            assert_eq!(placeholder(script), expected, "{script}");
        }
    }
}
