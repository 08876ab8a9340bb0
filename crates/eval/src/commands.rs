//! Commands run on the compiling machine (`generate()`). The core runs no process:
//! whoever compiles supplies a [`CommandRunner`] in [`crate::CompileOptions`] (the
//! `marionette` binary supplies `marionette::SystemCommands`); without one,
//! `generate()` fails.

/// What a command printed (standard output and error together, as Puppet's
/// `Puppet::Util::Execution.execute` combines them) and its exit status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandOutput {
    pub status: i32,
    pub output: String,
}

/// Runs a command as Puppet's `Puppet::Util::Execution.execute` does on a server.
pub trait CommandRunner: Send + Sync + std::fmt::Debug {
    /// Runs `argv` (the program's absolute path first) in the directory `cwd`. An
    /// `Err` is a failure before the command runs (the directory cannot be entered),
    /// worded as Ruby words it.
    fn run(&self, argv: &[String], cwd: &str) -> Result<CommandOutput, String>;
}
