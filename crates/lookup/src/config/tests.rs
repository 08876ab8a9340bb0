//! Error texts are what Puppet 7.23 `puppet lookup --explain` printed for the same files.

use super::*;

const FILE: &str = "/env/hiera.yaml";

fn parse(text: &str, layer: Layer) -> Result<ParsedConfig, LookupError> {
    parse_hiera_config(text, FILE, &layer)
}

fn v5(text: &str) -> ConfigV5 {
    match parse(text, Layer::Environment).unwrap().config {
        HieraConfig::V5(c) => c,
        other => panic!("{other:?}"),
    }
}

/// The full message as Puppet prints it (message plus location suffix).
fn error(text: &str, layer: Layer) -> String {
    parse(text, layer).unwrap_err().to_string()
}

fn env_error(text: &str) -> String {
    error(text, Layer::Environment)
}

#[test]
fn full_v5_file() {
    let c = v5("\
version: 5
defaults:
  datadir: hieradata
  data_hash: yaml_data
  options: {a-b: 1}
hierarchy:
  - name: Per node
    path: nodes/%{trusted.certname}.yaml
  - name: Common
    paths: ['os/%{facts.os.family}.yaml', common.yaml]
  - name: Globs
    glob: 'dir/*.yaml'
    datadir: other
  - name: Mapped
    mapped_paths: [services, service, 'svc/%{service}.yaml']
  - name: Secrets
    lookup_key: eyaml_lookup_key
    uris: ['a://b']
    options:
      pkcs7_private_key: /k.pem
");
    assert_eq!(c.defaults.datadir.as_deref(), Some("hieradata"));
    assert_eq!(
        c.defaults.function,
        Some(Function::DataHash("yaml_data".into()))
    );
    assert_eq!(c.hierarchy.len(), 5);
    let l = &c.hierarchy[0];
    assert_eq!(l.name, "Per node");
    assert_eq!(
        l.locations,
        Some(Locations::Paths(vec![
            "nodes/%{trusted.certname}.yaml".into()
        ]))
    );
    assert_eq!(
        c.function_of(l),
        Some(&Function::DataHash("yaml_data".into()))
    );
    assert_eq!(c.datadir_of(l), "hieradata");
    assert_eq!(c.options_of(l), &[("a-b".to_string(), Data::Integer(1))]);
    assert_eq!(c.datadir_of(&c.hierarchy[2]), "other");
    assert_eq!(
        c.hierarchy[2].locations,
        Some(Locations::Globs(vec!["dir/*.yaml".into()]))
    );
    assert_eq!(
        c.hierarchy[3].locations,
        Some(Locations::MappedPaths {
            variable: "services".into(),
            key: "service".into(),
            template: "svc/%{service}.yaml".into()
        })
    );
    let secrets = &c.hierarchy[4];
    assert_eq!(
        c.function_of(secrets).and_then(Function::kind),
        Some(crate::BackendKind::LookupKey)
    );
    assert_eq!(
        c.options_of(secrets),
        &[(
            "pkcs7_private_key".to_string(),
            Data::String("/k.pem".into())
        )]
    );
}

#[test]
fn puppet_defaults_fill_in() {
    let c = v5("version: 5\n");
    assert_eq!(c, ConfigV5::puppet_default());
    // `defaults` given without a function: levels must name one.
    let c = v5("version: 5\nhierarchy:\n  - name: a\n    data_hash: json_data\n");
    assert_eq!(c.datadir_of(&c.hierarchy[0]), "data");
    assert_eq!(c.hierarchy[0].locations, None);
}

#[test]
fn validation_errors_read_like_puppet() {
    assert_eq!(
        env_error("version: 5\ndefaults: {datadir: data}\nhierarchy:\n  - name: x\n    path: common.yaml\n"),
        "One of data_hash, lookup_key, data_dig, or hiera3_backend must be defined in hierarchy 'x' (file: /env/hiera.yaml)"
    );
    assert_eq!(
        env_error("version: 5\nhierarchy:\n  - name: x\n    data_hash: yaml_data\n    lookup_key: foo\n"),
        "Only one of data_hash, lookup_key, data_dig, or hiera3_backend can be defined in hierarchy 'x' (file: /env/hiera.yaml)"
    );
    assert_eq!(
        env_error("version: 5\nhierarchy:\n  - name: x\n    data_hash: yaml_data\n    path: common.yaml\n    paths: [a.yaml]\n"),
        "Only one of path, paths, glob, globs, uri, uris, or mapped_paths can be defined in hierarchy 'x' (file: /env/hiera.yaml)"
    );
    assert_eq!(
        env_error("version: 5\nhierarchy:\n  - name: x\n    data_hash: yaml_data\n    options: {path: a}\n"),
        "Option key 'path' used in hierarchy 'x' is reserved by Puppet (file: /env/hiera.yaml)"
    );
    assert_eq!(
        env_error("version: 5\ndefaults:\n  data_hash: yaml_data\n  options: {uri: a}\n"),
        "Option key 'uri' used in defaults is reserved by Puppet (file: /env/hiera.yaml)"
    );
    assert_eq!(
        env_error("version: 5\ndefaults:\n  data_hash: yaml_data\n  data_dig: foo\n"),
        "Only one of data_hash, lookup_key, data_dig, or hiera3_backend can be defined in defaults (file: /env/hiera.yaml)"
    );
    assert_eq!(
        env_error("version: 5\ndefault_hierarchy:\n  - name: x\n    data_hash: yaml_data\n"),
        "'default_hierarchy' is only allowed in the module layer (file: /env/hiera.yaml, line: 2)"
    );
    assert_eq!(
        env_error("version: 5\nhierarchy:\n  - name: x\n    data_hash: yaml_data\n    path: common.yaml\n  - name: x\n    data_hash: yaml_data\n"),
        "Hierarchy name 'x' defined more than once. First defined at (line: 3) (file: /env/hiera.yaml, line: 6)"
    );
    assert_eq!(
        env_error("version: 6\n"),
        "This runtime does not support hiera.yaml version 6 (file: /env/hiera.yaml)"
    );
}

#[test]
fn type_errors_read_like_puppet() {
    let prefix = "The Lookup Configuration at '/env/hiera.yaml' has wrong type, ";
    let cases = [
        ("version: 5\nhierarchy:\n  - name: x\n    data_hash: yaml_data\n    pth: c.yaml\n", "entry 'hierarchy' index 0 unrecognized key 'pth'"),
        ("version: 5\nhierarchy:\n  - name: x\n    data_hash: yaml_data\n    paths: []\n", "entry 'hierarchy' index 0 entry 'paths' expects size to be at least 1, got 0"),
        ("version: 5\nhierarchy:\n  - name: x\n    data_hash: yaml_data\n    mapped_paths: [a, b]\n", "entry 'hierarchy' index 0 entry 'mapped_paths' expects size to be 3, got 2"),
        ("version: 5\nhierarchy:\n  - data_hash: yaml_data\n    path: common.yaml\n", "entry 'hierarchy' index 0 expects a value for key 'name'"),
        ("version: 5\nhierachy: []\n", "unrecognized key 'hierachy'"),
    ];
    for (text, what) in cases {
        let e = parse(text, Layer::Environment).unwrap_err();
        assert_eq!(e.message, format!("{prefix}{what}"), "{text}");
    }
}

#[test]
fn module_layer_allows_default_hierarchy() {
    let text = "version: 5\ndefault_hierarchy:\n  - name: d\n    data_hash: yaml_data\n    path: defaults.yaml\n";
    let HieraConfig::V5(c) = parse(text, Layer::Module("m".into())).unwrap().config else {
        panic!()
    };
    assert_eq!(c.default_hierarchy.map(|h| h.len()), Some(1));
}

#[test]
fn hiera3_backend_only_global_and_not_yaml() {
    let text =
        "version: 5\nhierarchy:\n  - name: x\n    hiera3_backend: yaml\n    path: common.yaml\n";
    assert_eq!(
        env_error(text),
        "'hiera3_backend' is only allowed in the global layer (file: /env/hiera.yaml, line: 4)"
    );
    assert_eq!(
        error(text, Layer::Global),
        "Use \"data_hash: yaml_data\" instead of \"hiera3_backend: yaml\" (file: /env/hiera.yaml, line: 4)"
    );
    let text = "version: 5\nhierarchy:\n  - name: x\n    hiera3_backend: mongo\n";
    assert!(parse(text, Layer::Global).is_ok());
}

#[test]
fn version_3_in_the_global_layer() {
    let text = "\
---
:backends:
  - yaml
  - json
:hierarchy:
  - \"nodes/%{::trusted.certname}\"
  - common
:yaml:
  :datadir: /etc/puppet/hieradata
:merge_behavior: deeper
";
    let parsed = parse(text, Layer::Global).unwrap();
    let HieraConfig::V3(c) = parsed.config else {
        panic!()
    };
    assert_eq!(c.backends, ["yaml", "json"]);
    assert_eq!(c.hierarchy, ["nodes/%{::trusted.certname}", "common"]);
    assert_eq!(c.datadir("yaml"), Some("/etc/puppet/hieradata"));
    assert_eq!(c.datadir("json"), None);
    assert_eq!(c.merge_behavior, "deeper");
    assert_eq!(
        parsed.warnings,
        [ConfigWarning::Deprecation("/env/hiera.yaml: Use of 'hiera.yaml' version 3 is deprecated. It should be converted to version 5\n   (file: /env/hiera.yaml)".into())]
    );
    let ignored = parse(text, Layer::Environment).unwrap();
    assert!(matches!(ignored.config, HieraConfig::V3(_)));
    assert_eq!(
        ignored.warnings.last().map(ConfigWarning::text),
        Some("hiera.yaml version 3 found at the environment root was ignored\n   (file: /env/hiera.yaml)")
    );
}

#[test]
fn not_a_hash_falls_back_to_version_3_defaults() {
    let parsed = parse("", Layer::Global).unwrap();
    let HieraConfig::V3(c) = parsed.config else {
        panic!()
    };
    assert_eq!(c.hierarchy, ["nodes/%{::trusted.certname}", "common"]);
    assert_eq!(parsed.warnings.len(), 2);
    assert!(matches!(parsed.warnings[1], ConfigWarning::Deprecation(_)));
}
