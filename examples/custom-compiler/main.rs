//! A compiler binary of one's own: Marionette with a site's function and Hiera
//! backend, and the example plugin's functions, linked statically (no plugin library
//! to ship or load).
//!
//! ```sh
//! cargo run --example custom-compiler -- examples/env examples/facts
//! ```
//!
//! Compiles every node that has a facts file and prints each catalog's name and size.

use marionette::catalog::Data;
use marionette::eval::{FunctionContext, NativeFunction};
use marionette::lookup::{Backend, BackendCall, BackendContext, BackendKind, LookupError};
use std::process::ExitCode;
use std::sync::Arc;

/// `site::owner()`: who runs this fleet.
fn owner(_: &[Data], _: &mut dyn FunctionContext) -> Result<Data, String> {
    Ok(Data::String("platform-team".into()))
}

/// A `lookup_key` backend answering from a table in the binary (`lookup_key:
/// site_table` in a `hiera.yaml` level).
struct SiteTable;

impl Backend for SiteTable {
    fn kind(&self) -> BackendKind {
        BackendKind::LookupKey
    }

    fn lookup_key(
        &self,
        key: &str,
        _: &BackendCall<'_>,
        _: &mut dyn BackendContext,
    ) -> Result<Option<Data>, LookupError> {
        Ok(match key {
            "site::datacenter" => Some(Data::String("ams1".into())),
            _ => None,
        })
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [env, facts] = args.as_slice() else {
        eprintln!("usage: custom-compiler ENV_DIR FACTS_DIR");
        return ExitCode::from(2);
    };
    let built = marionette::Compiler::builder()
        .environment(env)
        .facts_dir(facts)
        .plugin(marionette_functions_example::plugin())
        .function(Arc::new(NativeFunction {
            name: "site::owner",
            signatures: &[""],
            imp: owner,
        }))
        .backend("site_table", Arc::new(SiteTable))
        .build();
    let compiler = match built {
        Ok(c) => c,
        Err(e) => {
            eprintln!("Error: {}", e.message);
            return ExitCode::FAILURE;
        }
    };
    let mut failed = false;
    for node in compiler.nodes() {
        match compiler.compile(&node) {
            Ok((catalog, _log)) => println!("{node}: {} resources", catalog.resources.len()),
            Err(e) => {
                eprintln!("Error: {}", e.message);
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
