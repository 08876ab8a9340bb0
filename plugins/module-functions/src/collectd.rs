//! puppet-collectd: `collectd_convert_processes` (3.x), the old Array form of the
//! processes plugin's settings as a Hash for `create_resources`.

use crate::NativeFunction;
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "collectd_convert_processes",
    signatures: &["Any args*"],
    imp: |a, _| {
        let a = ruby::args3x(a);
        if a.len() != 1 {
            return Err(format!(
                "collectd_convert_processes(): Wrong number of arguments given ({} for 1)",
                a.len()
            ));
        }
        match &a[0] {
            Data::Hash(_) => Ok(a[0].clone()),
            Data::Array(items) => convert(items).map(Data::Hash),
            _ => Err("convert_process_array(): Needs an array as argument".into()),
        }
    },
}];

/// A String is a process with no settings; a Hash is one whose `name` entry names it.
fn convert(items: &[Data]) -> Result<Vec<(Data, Data)>, String> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Data::String(_) => ruby::put(&mut out, item.clone(), Data::Hash(Vec::new())),
            Data::Hash(entries) => {
                let is_name = |k: &Data| matches!(k, Data::String(n) if n == "name");
                let name = ruby::get(entries, &Data::String("name".into()))
                    .cloned()
                    .unwrap_or(Data::Undef);
                let rest = entries.iter().filter(|(k, _)| !is_name(k)).cloned();
                ruby::put(&mut out, name, Data::Hash(rest.collect()));
            }
            _ => {
                return Err("convert_process_array(): array element must be string or hash".into())
            }
        }
    }
    Ok(out)
}
