//! richardc-datacat: `template_body` (3.x), the text of templates (`module/file`,
//! in the module's `templates/`, or an absolute path), joined.

use crate::{FunctionContext, NativeFunction};
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "template_body",
    signatures: &["Any args*"],
    imp: |a, cx| {
        let mut out = String::new();
        for file in ruby::args3x(a).iter() {
            let file = ruby::to_s(file);
            let path = find_template(&file, cx)
                .ok_or_else(|| format!("Could not find template '{file}'"))?;
            let text = std::fs::read(&path).map_err(|e| format!("{e} @ rb_sysopen - {path}"))?;
            out.push_str(&String::from_utf8_lossy(&text));
        }
        Ok(Data::String(out))
    },
}];

/// Puppet's `Puppet::Parser::Files.find_template`: an absolute path as it is; else the
/// first segment names a module and the rest a file of its `templates/` that exists.
fn find_template(file: &str, cx: &mut dyn FunctionContext) -> Option<String> {
    if file.starts_with('/') {
        return Some(file.to_string());
    }
    let (module, rest) = file.split_once('/')?;
    let path = format!("{}/templates/{rest}", cx.module_path(module)?);
    std::path::Path::new(&path).exists().then_some(path)
}
