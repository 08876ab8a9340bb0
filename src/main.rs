//! The `marionette` command.

use marionette::{diagnostics, parse_source, source_files};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: marionette <command> [options]

commands:
  parse [--dump-tree] [--pretty] FILE|DIR...
      Parse and validate Puppet manifests (.pp) and EPP templates (.epp), like
      `puppet parser validate`. Directories are searched for .pp and .epp files.
      Prints `file:line:col: error: message` for every problem (with --pretty, also
      the source line) and exits 1 if any file has errors.
      --dump-tree  print each file's syntax tree
  help
      Show this text.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("parse") => parse_command(&args[1..]),
        Some("help" | "--help" | "-h") => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("marionette: unknown command '{other}'\n\n{USAGE}");
            ExitCode::from(2)
        }
        None => {
            eprint!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn parse_command(args: &[String]) -> ExitCode {
    let mut dump_tree = false;
    let mut pretty = false;
    let mut inputs = Vec::new();
    for arg in args {
        match arg.as_str() {
            "--dump-tree" => dump_tree = true,
            "--pretty" => pretty = true,
            flag if flag.starts_with("--") => {
                eprintln!("marionette parse: unknown option '{flag}'");
                return ExitCode::from(2);
            }
            path => inputs.push(PathBuf::from(path)),
        }
    }
    if inputs.is_empty() {
        eprintln!("marionette parse: no files given\n\n{USAGE}");
        return ExitCode::from(2);
    }
    let mut files = Vec::new();
    for input in inputs {
        if input.is_dir() {
            match source_files(&input) {
                Ok(found) => files.extend(found),
                Err(e) => {
                    eprintln!("{}: error: {e}", input.display());
                    return ExitCode::from(2);
                }
            }
        } else {
            files.push(input);
        }
    }
    let mut failed = false;
    let stderr = codespan_reporting::term::termcolor::StandardStream::stderr(
        codespan_reporting::term::termcolor::ColorChoice::Auto,
    );
    for path in files {
        let text = match std::fs::read(&path) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(_) => {
                    eprintln!("{}:1:1: error: the file is not valid UTF-8", path.display());
                    failed = true;
                    continue;
                }
            },
            Err(e) => {
                eprintln!("{}: error: cannot read: {e}", path.display());
                failed = true;
                continue;
            }
        };
        let file = parse_source(path, text);
        if dump_tree {
            println!("# {}", file.path.display());
            print!("{}", file.parse.debug_tree());
        }
        for error in &file.errors {
            failed = true;
            if pretty {
                let _ = diagnostics::rich(&file, error, &mut stderr.lock());
            } else {
                eprintln!("{}", diagnostics::short(&file, error));
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
