//! Inventories and what they answer, written as the ENC output that means the same
//! (read by `parse_enc_output`), and the errors of bad inventories.

use super::*;
use marionette_nodes::parse_enc_output;

const INVENTORY: &str = r#"
groups:
  - name: base
    classes: [ntp, ssh]
    parameters: {datacenter: ams1, tier: none}
  - name: web
    parent: base
    classes:
      nginx: {port: 80, user: www}
    parameters: {role: web}
    groups:
      - name: web_canary
        classes:
          nginx: {port: 8080}
        environment: canary
  - name: db
    classes: {postgresql: ~, ntp: {servers: [db-ntp]}}
    parameters: {role: db}
    environment: production
nodes:
  - name: '*'
    groups: [base]
  - name: 'web*.example.com'
    groups: [web]
    parameters: {tier: front}
  - name: WEB01.example.com
    groups: [web_canary]
    parameters: {rack: r12, tier: canary}
  - name: ['/^db\d+\./', db-old.example.com]
    groups: [db]
    classes: [backup]
"#;

fn classify(node: &str) -> Option<Classification> {
    Inventory::parse(INVENTORY, "inventory.yaml")
        .unwrap()
        .classify(node)
}

#[test]
fn layered_classifications() {
    for (node, enc) in [
        (
            "other.example.com",
            "classes: [ntp, ssh]\nparameters: {datacenter: ams1, tier: none}",
        ),
        (
            "web02.example.com",
            "classes: {ntp: ~, ssh: ~, nginx: {port: 80, user: www}}
             parameters: {datacenter: ams1, tier: front, role: web}",
        ),
        // Three entries match; web_canary comes after its parent web, and the node
        // entries after all groups, in file order.
        (
            "web01.example.com",
            "classes: {ntp: ~, ssh: ~, nginx: {port: 8080, user: www}}
             parameters: {datacenter: ams1, tier: canary, role: web, rack: r12}
             environment: canary",
        ),
        // The db group names ntp with parameters: the merged class has them.
        (
            "db3.example.com",
            "classes: {ntp: {servers: [db-ntp]}, ssh: ~, postgresql: ~, backup: ~}
             parameters: {datacenter: ams1, tier: none, role: db}
             environment: production",
        ),
        (
            "DB-OLD.example.com",
            "classes: {ntp: {servers: [db-ntp]}, ssh: ~, postgresql: ~, backup: ~}
             parameters: {datacenter: ams1, tier: none, role: db}
             environment: production",
        ),
    ] {
        let enc: Vec<&str> = enc.lines().map(str::trim).collect();
        let expected = parse_enc_output(node, &enc.join("\n")).unwrap();
        assert_eq!(classify(node), Some(expected), "{node}");
    }
}

#[test]
fn unknown_nodes() {
    let inventory = Inventory::parse("nodes:\n  - name: a\n", "inv.yaml").unwrap();
    assert_eq!(inventory.classify("b"), None);
    assert_eq!(inventory.classify("A"), Some(Classification::default()));
    // An empty file knows no node.
    assert_eq!(
        Inventory::parse("", "inv.yaml").unwrap().classify("a"),
        None
    );
}

#[test]
fn the_classifier_names_its_file() {
    let dir = std::env::temp_dir().join(format!("marionette-inventory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("inventory.yaml");
    std::fs::write(&path, "nodes:\n  - name: known\n    classes: [a]\n").unwrap();
    let c = InventoryClassifier::load(&path).unwrap();
    assert_eq!(c.describe(), format!("the inventory {}", path.display()));
    assert_eq!(
        c.classify("known", &Data::Hash(Vec::new()))
            .unwrap()
            .classes,
        vec![("a".to_string(), None)]
    );
    assert_eq!(
        c.classify("x", &Data::Hash(Vec::new()))
            .unwrap_err()
            .message,
        format!(
            "Could not find node 'x': no entry of the inventory {} matches it",
            path.display()
        )
    );
    let missing = dir.join("missing.yaml");
    assert!(InventoryClassifier::load(&missing)
        .unwrap_err()
        .message
        .starts_with(&format!(
            "cannot read the inventory {}: ",
            missing.display()
        )));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn errors_name_the_file_and_the_problem() {
    for (text, message) in [
        ("groups: [", "cannot read the inventory: (inv.yaml): did not find expected node content while parsing a flow node at line 2 column 1"),
        ("- a", "inventory inv.yaml: the document must be a hash, not Array"),
        ("hosts: []", "inventory inv.yaml: the document: unknown key 'hosts' (known: groups, nodes)"),
        ("groups: {a: 1}", "inventory inv.yaml: groups must be a list, not Hash"),
        ("groups: [{classes: [a]}]", "inventory inv.yaml: group #1 has no name"),
        ("groups: [{name: a, clases: [x]}]", "inventory inv.yaml: group 'a': unknown key 'clases' (known: name, parent, groups, classes, parameters, environment)"),
        ("groups: [{name: a}, {name: a}]", "inventory inv.yaml: group 'a' is defined twice"),
        ("groups: [{name: a, parent: b}]", "inventory inv.yaml: group 'a': unknown parent 'b'"),
        ("groups: [{name: a, parent: c}, {name: b, parent: a}, {name: c, parent: b}]", "inventory inv.yaml: groups 'a' -> 'c' -> 'b' -> 'a' form a cycle of parents"),
        ("groups: [{name: a, parent: a}]", "inventory inv.yaml: groups 'a' -> 'a' form a cycle of parents"),
        ("groups: [{name: a, groups: [{name: b, parent: c}]}, {name: c}]", "inventory inv.yaml: group 'b' is nested in 'a' but names another parent, 'c'"),
        ("groups: [{name: a, classes: x}]", "inventory inv.yaml: group 'a': classes must be a list or a hash, not String"),
        ("groups: [{name: a, classes: {x: 1}}]", "inventory inv.yaml: group 'a': the parameters of class 'x' must be a hash, not Integer"),
        ("groups: [{name: a, classes: [[x]]}]", "inventory inv.yaml: group 'a': a class name must be a non-empty string, not Array"),
        ("groups: [{name: a, parameters: [x]}]", "inventory inv.yaml: group 'a': parameters must be a hash, not Array"),
        ("groups: [{name: a, environment: 5}]", "inventory inv.yaml: group 'a': environment must be a non-empty string, not Integer"),
        ("nodes: [{groups: [a]}]", "inventory inv.yaml: node entry #1 has no name"),
        ("nodes: [{name: []}]", "inventory inv.yaml: node entry #1 has no name"),
        ("nodes: [{name: x, groups: [a]}]", "inventory inv.yaml: node entry 'x': unknown group 'a'"),
        ("nodes: [{name: '/(/'}]", "inventory inv.yaml: node entry '/(/': bad regular expression /(/: "),
        ("nodes: [{name: 'web[1'}]", "inventory inv.yaml: node entry 'web[1': bad glob 'web[1': a '[' without its ']'"),
        ("nodes: [{name: x, role: web}]", "inventory inv.yaml: node entry 'x': unknown key 'role' (known: name, groups, classes, parameters, environment)"),
    ] {
        let e = Inventory::parse(text, "inv.yaml").unwrap_err().message;
        assert!(e.starts_with(message), "{text}:\n  {e}\n  {message}");
    }
}
