//! `puppet catalog compile`, as tools that drive Puppet call it.
//!
//! octocatalog-diff (and scripts written for Puppet) run `PUPPET --version`, then
//! `PUPPET catalog compile NODE --environmentpath=... --environment=... --vardir=...
//! --facts_terminus=yaml [--node_terminus=exec --external_nodes=SCRIPT]
//! [--hiera_config=FILE] ...` and read the catalog JSON from stdout. This module reads
//! those command lines: `marionette catalog compile NODE ...`, or `marionette` run under
//! the name `puppet` (a symbolic link), which also answers `--version` with the Puppet
//! version whose catalogs it produces.
//!
//! Settings are Puppet's: `--name=value`, `--name value`, `--name` (true) and
//! `--no-name` (false). The ones that decide the catalog are read; the others
//! (`--confdir`, `--logdir`, `--ssldir`, `--factpath`, `--color`, `--no-daemonize`, ...)
//! are accepted and have no effect, since nothing is written or served.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The Puppet version whose catalogs Marionette produces (what `puppet --version`
/// prints; octocatalog-diff picks its command line by it).
pub const PUPPET_VERSION: &str = "7.23.0";

const USAGE: &str = "\
usage: puppet catalog compile NODE [--environmentpath=DIRS] [--environment=NAME]
         [--vardir=DIR] [--facts_terminus=yaml] [--node_terminus=exec
         --external_nodes=SCRIPT] [--hiera_config=FILE] [--strict=error]
         [--strict_variables] [other Puppet settings, accepted and ignored]
       puppet --version";

/// Runs `marionette` as `puppet` (invoked through a link named `puppet`).
pub fn puppet_main(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("--version" | "-V") => {
            println!("{PUPPET_VERSION}");
            ExitCode::SUCCESS
        }
        Some("catalog") => catalog_command(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!(
                "Error: marionette only stands in for `puppet catalog compile` and `puppet --version`\n{USAGE}"
            );
            ExitCode::FAILURE
        }
    }
}

/// `catalog compile NODE [settings]` (the arguments after `catalog`).
pub fn catalog_command(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("compile") => {}
        Some(other) => {
            eprintln!("Error: 'catalog {other}' is not supported; only 'catalog compile'\n{USAGE}");
            return ExitCode::FAILURE;
        }
        None => {
            eprintln!("{USAGE}");
            return ExitCode::FAILURE;
        }
    }
    let request = match Request::parse(&args[1..]) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("Error: Could not parse application options: {e}");
            return ExitCode::FAILURE;
        }
    };
    match request.compile() {
        Ok(json) => {
            print!("{json}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("Error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What a `catalog compile` command line asks for.
#[derive(Debug, Default)]
struct Request {
    node: String,
    settings: Vec<(String, String)>,
}

impl Request {
    fn parse(args: &[String]) -> Result<Request, String> {
        let mut request = Request::default();
        let mut it = args.iter().peekable();
        while let Some(arg) = it.next() {
            let Some(setting) = arg.strip_prefix("--") else {
                if !request.node.is_empty() {
                    return Err(format!("only one node can be compiled, got '{arg}' too"));
                }
                request.node = arg.clone();
                continue;
            };
            let (name, value) = match setting.split_once('=') {
                Some((n, v)) => (n.to_string(), v.to_string()),
                None => match setting.strip_prefix("no-") {
                    Some(n) => (n.to_string(), "false".to_string()),
                    // `--name value`, when the next word is not a setting or the node.
                    None if takes_value(setting) => match it.next_if(|a| !a.starts_with("--")) {
                        Some(v) => (setting.to_string(), v.clone()),
                        None => return Err(format!("--{setting} needs a value")),
                    },
                    None => (setting.to_string(), "true".to_string()),
                },
            };
            request.settings.push((name.replace('-', "_"), value));
        }
        if request.node.is_empty() {
            return Err("a node name is required".into());
        }
        Ok(request)
    }

    /// The last value given for a setting.
    fn setting(&self, name: &str) -> Option<&str> {
        self.settings
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn flag(&self, name: &str) -> bool {
        self.setting(name).is_some_and(|v| v == "true")
    }

    /// Compiles the node and returns the catalog JSON, or Puppet's error line.
    fn compile(&self) -> Result<String, String> {
        let node = self.node.as_str();
        let environment = self.setting("environment").unwrap_or("production");
        let env_dir = self.environment_dir(environment)?;
        let mut options = marionette::eval::CompileOptions {
            strict_variables: self.flag("strict_variables"),
            strict_error: self.setting("strict") == Some("error"),
            commands: Some(std::sync::Arc::new(marionette::SystemCommands)),
            ..Default::default()
        };
        options.hiera_config = match self.setting("hiera_config") {
            Some(file) => Some(PathBuf::from(file)),
            // Puppet's default, `$confdir/hiera.yaml`, when it exists.
            None => self
                .setting("confdir")
                .map(|d| Path::new(d).join("hiera.yaml"))
                .filter(|f| f.is_file()),
        };
        match self.setting("node_terminus").unwrap_or("plain") {
            "plain" => {}
            "exec" => {
                let script = self
                    .setting("external_nodes")
                    .filter(|s| !s.is_empty() && *s != "none")
                    .ok_or("node_terminus=exec needs --external_nodes=SCRIPT")?;
                options.classifier = Some(std::sync::Arc::new(
                    marionette::enc::ExecClassifier::new(PathBuf::from(script)),
                ));
            }
            other => {
                return Err(format!(
                    "node_terminus={other} is not supported (use plain or exec)"
                ))
            }
        }
        // Plugins come from MARIONETTE_PLUGIN_PATH (Puppet's command line has no option).
        for warning in marionette::plugins::load_and_install(&[], &mut options)? {
            eprintln!("Warning: {warning}");
        }
        if self.flag("storeconfigs") {
            eprintln!(
                "Warning: storeconfigs: there is no PuppetDB here; exported resources of other nodes are not collected"
            );
        }
        let facts = match self.setting("facts_terminus").unwrap_or("yaml") {
            "yaml" => {
                let vardir = self
                    .setting("vardir")
                    .ok_or("facts_terminus=yaml needs --vardir (facts are read from $vardir/yaml/facts/NODE.yaml)")?;
                let file = Path::new(vardir).join("yaml/facts").join(format!("{node}.yaml"));
                if !file.is_file() {
                    return Err(format!(
                        "Could not find facts for {node} (no file {})",
                        file.display()
                    ));
                }
                file
            }
            other => {
                return Err(format!(
                    "facts_terminus={other} is not supported: Marionette does not run Facter; use facts_terminus=yaml with $vardir/yaml/facts/{node}.yaml"
                ))
            }
        };
        let mut input =
            marionette::node_input(node, Some(&facts), None, None).map_err(|f| f.message)?;
        input.trusted = Some(marionette::local_trusted(&input.facts));
        input.server_facts = Some(server_facts());
        let (catalog, log) =
            marionette::compile_input(&env_dir, Some(environment), input, options, false).map_err(
                |f| {
                    marionette::print_log(&f.log);
                    f.message
                },
            )?;
        marionette::print_log(&log);
        let mut catalog = catalog;
        marionette::stamp_catalog(&mut catalog, false);
        Ok(marionette::catalog::wire::to_json_parallel(&catalog))
    }

    /// The first directory of the environmentpath that holds the environment.
    fn environment_dir(&self, name: &str) -> Result<PathBuf, String> {
        let path = self
            .setting("environmentpath")
            .unwrap_or("/etc/puppetlabs/code/environments");
        std::env::split_paths(path)
            .map(|dir| dir.join(name))
            .find(|dir| dir.is_dir())
            .ok_or_else(|| {
                format!(
                    "Could not find a directory environment named '{name}' anywhere in the path: {path}. Does the directory exist?"
                )
            })
    }
}

/// Settings given as `--name value` (two words) by people typing Puppet command lines.
fn takes_value(name: &str) -> bool {
    matches!(
        name,
        "environment"
            | "environmentpath"
            | "vardir"
            | "confdir"
            | "codedir"
            | "logdir"
            | "ssldir"
            | "factpath"
            | "facts_terminus"
            | "node_terminus"
            | "external_nodes"
            | "hiera_config"
            | "strict"
            | "render_as"
    )
}

/// `$server_facts` of a compile on this machine, as Puppet sets them: its version, the
/// machine's name and addresses (the compile adds the environment). Puppet asks Facter
/// for the addresses; here they are those of the default routes.
fn server_facts() -> marionette::eval::ValueMap {
    use marionette::eval::Value;
    let mut facts = marionette::eval::ValueMap::default();
    facts.insert(Value::str("serverversion"), Value::str(PUPPET_VERSION));
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_default();
    if !host.is_empty() {
        facts.insert(Value::str("servername"), Value::str(host.as_str()));
    }
    // Connecting a UDP socket sends nothing; it only picks the route's source address.
    let source_address = |bind: &str, peer: &str| {
        let socket = std::net::UdpSocket::bind(bind).ok()?;
        socket.connect(peer).ok()?;
        Some(socket.local_addr().ok()?.ip().to_string())
    };
    for (name, bind, peer) in [
        ("serverip", "0.0.0.0:0", "192.0.2.1:9"),
        ("serverip6", "[::]:0", "[2001:db8::1]:9"),
    ] {
        if let Some(ip) = source_address(bind, peer) {
            facts.insert(Value::str(name), Value::str(ip.as_str()));
        }
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Request {
        Request::parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn reads_octocatalog_diff_command_lines() {
        let r = parse(&[
            "web01",
            "--no-storeconfigs",
            "--facts_terminus=yaml",
            "--color=false",
            "--environment=production",
            "--hiera_config=/x/hiera.yaml",
            "--environmentpath",
            "/x/environments",
        ]);
        assert_eq!(r.node, "web01");
        assert!(!r.flag("storeconfigs"));
        assert_eq!(r.setting("hiera_config"), Some("/x/hiera.yaml"));
        assert_eq!(r.setting("environmentpath"), Some("/x/environments"));
        assert_eq!(r.setting("color"), Some("false"));
    }

    #[test]
    fn refuses_two_nodes_and_no_node() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(Request::parse(&args(&["a", "b"])).is_err());
        assert!(Request::parse(&args(&["--environment=x"])).is_err());
        assert!(Request::parse(&args(&["a", "--vardir"])).is_err());
    }
}
