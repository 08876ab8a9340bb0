//! Puppet 3 behaviours the seed documents describe, available as explicit options
//! (Puppet 7, the default, rejects them: see the `err_legacy_*` conformance cases).
//! Puppet 7 cannot produce these catalogs, so the expectations here are written from
//! the documented Puppet 3 semantics: `import` loads the named manifests; a node that
//! `inherits` another is evaluated after its parent, sees its variables and may
//! override its resources, like a class inheriting a class.

use marionette::eval::{CompileOptions, Legacy};
use std::path::Path;

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[test]
fn import_and_node_inheritance() {
    let dir = std::env::temp_dir().join(format!("marionette-legacy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    write(&dir, "manifests/site.pp", "import 'nodes/*.pp'\n");
    write(
        &dir,
        "manifests/nodes/common.pp",
        "node 'common' {\n  $ntpserver = 'time.example.com'\n  notify { 'ntp': message => $ntpserver }\n}\n",
    );
    write(
        &dir,
        "manifests/nodes/web.pp",
        "node 'web01.example.com' inherits 'common' {\n  notify { \"web ${ntpserver}\": }\n  Notify['ntp'] { message => 'overridden' }\n}\n",
    );
    let options = CompileOptions {
        legacy: Legacy {
            node_inheritance: true,
            import: true,
        },
        ..Default::default()
    };
    let (catalog, _) = marionette::compile_node(
        &dir,
        Some("production"),
        "web01.example.com",
        None,
        None,
        None,
        options,
    )
    .unwrap_or_else(|f| panic!("{}", f.message));
    let titles: Vec<String> = catalog
        .resources
        .iter()
        .map(|r| format!("{}[{}]", r.type_name, r.title))
        .collect();
    let common = titles
        .iter()
        .position(|t| t == "Node[common]")
        .expect("the parent node");
    let web = titles
        .iter()
        .position(|t| t == "Node[web01.example.com]")
        .expect("the node");
    assert!(
        common < web,
        "the parent node is evaluated first: {titles:?}"
    );
    assert!(
        titles.contains(&"Notify[web time.example.com]".to_string()),
        "{titles:?}"
    );
    let ntp = catalog.resources.iter().find(|r| r.title == "ntp").unwrap();
    assert_eq!(
        ntp.parameters,
        vec![(
            "message".into(),
            marionette::catalog::Data::String("overridden".into())
        )]
    );
    assert!(
        catalog.classes.contains(&"common".to_string())
            && catalog.classes.contains(&"web01.example.com".to_string())
    );

    // Without the options, Puppet 7's errors.
    let strict = marionette::compile_node(
        &dir,
        Some("production"),
        "web01.example.com",
        None,
        None,
        None,
        Default::default(),
    );
    let message = match strict {
        Ok(_) => panic!("Puppet 7 rejects node inheritance"),
        Err(failure) => failure.message,
    };
    assert!(
        message.contains("Node inheritance is not supported in Puppet >= 4.0.0"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
