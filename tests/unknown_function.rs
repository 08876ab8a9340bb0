//! A call of a function Marionette does not have fails as Puppet words an unknown
//! function, and when a module on the modulepath has a Ruby function of that name, a
//! second line says which module and file (Puppet would have run it).

use std::path::Path;

fn compile(manifest: &str) -> String {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ruby_function_env");
    let dir = std::env::temp_dir().join(format!(
        "marionette-unknown-function-{}-{}",
        std::process::id(),
        manifest.len()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("manifests")).unwrap();
    std::fs::write(dir.join("manifests/site.pp"), manifest).unwrap();
    std::fs::write(
        dir.join("environment.conf"),
        format!("modulepath = {}\n", fixture.join("modules").display()),
    )
    .unwrap();
    let result = marionette::compile_node(
        &dir,
        Some("production"),
        "node.example.com",
        None,
        None,
        None,
        Default::default(),
    );
    let _ = std::fs::remove_dir_all(&dir);
    match result {
        Ok(_) => panic!("{manifest}: compiled"),
        Err(e) => e.message.replace(&format!("{}/", dir.display()), ""),
    }
}

#[test]
fn unknown_functions_name_the_ruby_function_a_module_has() {
    let modules =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ruby_function_env/modules");
    let cases = [
        (
            "$a = site::shout('x')\n",
            format!(
                "Evaluation Error: Unknown function: 'site::shout'. (file: manifests/site.pp, line: 1, column: 6) on node node.example.com\n(module site has a Ruby function 'site::shout' at {}/site/lib/puppet/functions/site/shout.rb that Marionette does not implement)",
                modules.display()
            ),
        ),
        (
            "notice(legacy_thing(1))\n",
            format!(
                "Evaluation Error: Unknown function: 'legacy_thing'. (file: manifests/site.pp, line: 1, column: 8) on node node.example.com\n(module site has a Ruby function 'legacy_thing' at {}/site/lib/puppet/parser/functions/legacy_thing.rb that Marionette does not implement)",
                modules.display()
            ),
        ),
        (
            "$a = nowhere::at_all()\n",
            "Evaluation Error: Unknown function: 'nowhere::at_all'. (file: manifests/site.pp, line: 1, column: 6) on node node.example.com".to_string(),
        ),
    ];
    for (manifest, expected) in cases {
        assert_eq!(compile(manifest), expected, "{manifest}");
    }
}
