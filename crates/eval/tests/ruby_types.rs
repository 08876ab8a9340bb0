//! The static reader of Ruby resource types against real Puppet: for every type of
//! Debian's module corpus, `test_data/corpus_types.json` holds what Puppet 7.23 loads
//! (`gen/corpus_types.rb`). A type the reader understands must have exactly Puppet's
//! attributes, key attributes and isomorphism; one it does not understand falls back
//! to accepting any attribute, and there must be few of those. Title patterns the
//! reader knows (literal or computed by the Ruby it evaluates) must be Puppet's.

use marionette_eval::restype::ResourceType;
use serde_json::Value as Json;
use std::collections::BTreeSet;
use std::path::Path;

const CORPUS: &str = "/usr/share/puppet/modules";

fn names(v: &Json) -> BTreeSet<String> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s.as_str().map(String::from))
        .collect()
}

fn has_providers(name: &str) -> bool {
    std::fs::read_dir(CORPUS)
        .into_iter()
        .flatten()
        .flatten()
        .any(|m| {
            std::fs::read_dir(m.path().join("lib/puppet/provider").join(name))
                .into_iter()
                .flatten()
                .flatten()
                .any(|p| p.path().extension().is_some_and(|e| e == "rb"))
        })
}

#[test]
fn corpus_types_read_as_puppet_loads_them() {
    if !Path::new(CORPUS).is_dir() {
        eprintln!("skipped: no module corpus at {CORPUS}");
        return;
    }
    let expected: serde_json::Map<String, Json> =
        serde_json::from_str(include_str!("../test_data/corpus_types.json")).expect("valid JSON");
    let (mut exact, mut fallback, mut missing) = (0, Vec::new(), 0);
    let mut wrong = Vec::new();
    let (mut patterns_known, mut patterns_unknown) = (0, Vec::new());
    for (file, want) in &expected {
        let Ok(text) = std::fs::read_to_string(Path::new(CORPUS).join(file)) else {
            missing += 1;
            continue;
        };
        let name = file
            .rsplit('/')
            .next()
            .unwrap_or("")
            .trim_end_matches(".rb");
        let module_lib = Path::new(CORPUS)
            .join(file.split('/').next().unwrap_or(""))
            .join("lib");
        let (ty, read) =
            ResourceType::from_ruby_with(name, &text, has_providers(name), &|required| {
                corpus_require(&module_lib, required)
            });
        let Some(attributes) = &ty.attributes else {
            fallback.push(format!("{file}: {}", read.problems.join("; ")));
            continue;
        };
        let mut want_attributes = names(&want["parameters"]);
        want_attributes.extend(names(&want["properties"]));
        let got_attributes: BTreeSet<String> = attributes.iter().cloned().collect();
        let got_keys: BTreeSet<String> = ty.key_attributes.iter().cloned().collect();
        let mut diffs = Vec::new();
        if got_attributes != want_attributes {
            diffs.push(format!(
                "attributes: missing {:?}, extra {:?}",
                want_attributes
                    .difference(&got_attributes)
                    .collect::<Vec<_>>(),
                got_attributes
                    .difference(&want_attributes)
                    .collect::<Vec<_>>()
            ));
        }
        if got_keys != names(&want["key_attributes"]) {
            diffs.push(format!(
                "key attributes {got_keys:?}, Puppet {}",
                want["key_attributes"]
            ));
        }
        if Some(ty.isomorphic) != want["isomorphic"].as_bool() {
            diffs.push(format!("isomorphic {}", ty.isomorphic));
        }
        match title_patterns(&read, &ty) {
            Some(got) if got != want["title_patterns"] => diffs.push(format!(
                "title patterns {got}, Puppet {}",
                want["title_patterns"]
            )),
            Some(_) => patterns_known += 1,
            None => patterns_unknown.push(format!(
                "{file}: {}",
                read.title_patterns_unknown.as_deref().unwrap_or("-")
            )),
        }
        if diffs.is_empty() {
            exact += 1;
        } else {
            wrong.push(format!("{file}: {}", diffs.join("; ")));
        }
    }
    eprintln!(
        "{} types: {exact} read exactly, {} fall back to any attribute, {missing} not installed",
        expected.len(),
        fallback.len()
    );
    for f in &fallback {
        eprintln!("  fallback: {f}");
    }
    eprintln!(
        "title patterns: {patterns_known} as Puppet's, {} unknown",
        patterns_unknown.len()
    );
    for f in &patterns_unknown {
        eprintln!("  unknown title patterns: {f}");
    }
    assert!(wrong.is_empty(), "read wrongly:\n{}", wrong.join("\n"));
    assert!(
        fallback.len() <= 10,
        "too many fallbacks: {}",
        fallback.len()
    );
    assert!(
        patterns_unknown.len() <= 10,
        "too many unknown title patterns: {}",
        patterns_unknown.len()
    );
}

/// A required file of the corpus, as Ruby's load path finds it: the type's own
/// module's `lib` first, then every module's.
fn corpus_require(module_lib: &Path, required: &str) -> Option<String> {
    let file = format!("{required}.rb");
    let mut libs = vec![module_lib.to_path_buf()];
    let mut modules: Vec<_> = std::fs::read_dir(CORPUS)
        .into_iter()
        .flatten()
        .flatten()
        .map(|m| m.path().join("lib"))
        .collect();
    modules.sort();
    libs.extend(modules);
    libs.iter()
        .find_map(|lib| std::fs::read_to_string(lib.join(&file)).ok())
}

/// The title patterns read, as `corpus_types.json` writes them (`[source, options,
/// keys]`); `None` when they are unknown.
fn title_patterns(
    read: &marionette_eval::restype::ruby::RubyType,
    ty: &ResourceType,
) -> Option<Json> {
    ty.title_patterns.as_ref()?;
    let patterns = match &read.title_patterns {
        Some(p) => p.clone(),
        // The default: the single key attribute is the whole title.
        None => vec![(
            "(.*)".to_string(),
            "m".to_string(),
            ty.key_attributes.clone(),
        )],
    };
    Some(Json::Array(
        patterns
            .into_iter()
            .map(|(source, flags, keys)| {
                let options: String = "mix".chars().filter(|c| flags.contains(*c)).collect();
                serde_json::json!([source, options, keys])
            })
            .collect(),
    ))
}

/// One small type file and what must be read from it.
struct Case {
    ruby: &'static str,
    /// Sorted attribute names (when understood).
    attributes: &'static str,
    key_attributes: &'static str,
    isomorphic: bool,
    /// `source/flags => keys`, comma-separated.
    title_patterns: &'static str,
    understood: bool,
}

const CASES: &[Case] = &[
    Case {
        ruby: "Puppet::Type.newtype(:a) do\n  ensurable\n  newparam(:name, :namevar => true)\n  newproperty(:b)\nend\n",
        attributes: "b ensure name",
        key_attributes: "name",
        isomorphic: true,
        title_patterns: "",
        understood: true,
    },
    Case {
        ruby: "Puppet::Type.newtype(:a) do\n  newparam(:path) do\n    desc <<-EOT\n      end do if\n    EOT\n    isnamevar\n  end\n  newproperty(:x, array_matching: :all) { desc 'y' }\n  @isomorphic = false\nend\n",
        attributes: "path x",
        key_attributes: "path",
        isomorphic: false,
        title_patterns: "",
        understood: true,
    },
    Case {
        ruby: "Puppet::Type.newtype(:k) do\n  def self.title_patterns\n    [\n      [%r{^(.*)@(.*)$}, [[:name], [:type]]],\n      [/^([^@]+)$/m, [[:name]]],\n    ]\n  end\n  newparam(:name)\n  newparam(:type) do\n    isnamevar if true\n  end\n  [:c, :d].each do |p|\n    newproperty(p) do\n    end\n  end\nend\n",
        attributes: "c d name type",
        key_attributes: "name type",
        isomorphic: true,
        title_patterns: "^(.*)@(.*)$/ => name type, ^([^@]+)$/m => name",
        understood: true,
    },
    Case {
        ruby: "Puppet::Type.newtype(:w) do\n  def self.newcheck(name, options = {}, &block)\n    newparam(name, options, &block)\n  end\n  newparam(:name) { isnamevar }\n  newcheck(:refreshonly) do\n  end\nend\n",
        attributes: "name refreshonly",
        key_attributes: "name",
        isomorphic: true,
        title_patterns: "",
        understood: true,
    },
    Case {
        ruby: "Puppet::Type.newtype(:e) do\n  extend PuppetX::Helper\n  create_parameters\nend\n",
        attributes: "",
        key_attributes: "name",
        isomorphic: true,
        title_patterns: "",
        understood: false,
    },
    Case {
        ruby: "Puppet::Type.newtype(:t) do\n  newparam(:name) { isnamevar }\n  def self.title_patterns\n    [[/(.*)/, [[:name, lambda { |x| x.downcase }]]]]\n  end\nend\n",
        attributes: "name",
        key_attributes: "name",
        isomorphic: true,
        title_patterns: "",
        understood: true,
    },
    Case {
        ruby: "require 'puppet/resource_api'\nPuppet::ResourceApi.register_type(\n  name: 'ra',\n  attributes: {\n    ensure: { type: 'Enum[present, absent]', default: 'present' },\n    package: { type: 'String', behaviour: :namevar },\n    manager: { type: 'String', behaviour: :namevar },\n    version: { type: 'String' },\n  },\n  title_patterns: [\n    { pattern: %r{^(?<package>.*[^-])-(?<manager>.*)$}, desc: 'both' },\n    { pattern: %r{^(?<package>.*)$}, desc: 'one' },\n  ],\n)\n",
        attributes: "ensure manager package version",
        key_attributes: "manager package",
        isomorphic: true,
        title_patterns: "^(?<package>.*[^-])-(?<manager>.*)$/ => package manager, ^(?<package>.*)$/ => package",
        understood: true,
    },
    Case {
        ruby: "Puppet::Type.newtype(:c) do\n  newparam(:name) { isnamevar }\n  newparam(:host) { isnamevar }\n  def self.host_re\n    Regexp.new(/[^\\/]+/)\n  end\n  def self.title_patterns\n    name = Regexp.new(/[^@]+/)\n    host = host_re\n    [\n      [/^(#{name})@(#{host})$/, [[:name], [:host]]],\n      [/^(#{name})$/i, [[:name]]]\n    ]\n  end\nend\n",
        attributes: "host name",
        key_attributes: "host name",
        isomorphic: true,
        title_patterns: "^((?-mix:[^@]+))@((?-mix:[^\\/]+))$/ => name host, ^((?-mix:[^@]+))$/i => name",
        understood: true,
    },
    Case {
        // A helper from a file that is not there: the patterns are unknown.
        ruby: "require 'puppet_x/missing'\nPuppet::Type.newtype(:u) do\n  newparam(:name) { isnamevar }\n  newparam(:type) { isnamevar }\n  def self.title_patterns\n    PuppetX::Missing.split(:name, :type)\n  end\nend\n",
        attributes: "name type",
        key_attributes: "name type",
        isomorphic: true,
        title_patterns: "",
        understood: true,
    },
    Case {
        // Ruby beyond the evaluated subset: unknown.
        ruby: "Puppet::Type.newtype(:m) do\n  newparam(:name) { isnamevar }\n  newparam(:type) { isnamevar }\n  def self.title_patterns\n    %w[a b].map { |k| [/(.*)/, [[k.to_sym]]] }\n  end\nend\n",
        attributes: "name type",
        key_attributes: "name type",
        isomorphic: true,
        title_patterns: "",
        understood: true,
    },
];

#[test]
fn reads_the_type_dsl() {
    for (i, case) in CASES.iter().enumerate() {
        let (ty, read) = ResourceType::from_ruby("t", case.ruby, false);
        assert_eq!(
            read.problems.is_empty(),
            case.understood,
            "case {i}: {:?}",
            read.problems
        );
        if case.understood {
            let mut got = ty.attributes.clone().unwrap_or_default();
            got.sort();
            assert_eq!(got.join(" "), case.attributes, "case {i}: attributes");
        } else {
            assert!(ty.attributes.is_none(), "case {i}: any attribute accepted");
        }
        let mut keys = ty.key_attributes.clone();
        keys.sort();
        assert_eq!(
            keys.join(" "),
            case.key_attributes,
            "case {i}: key attributes"
        );
        assert_eq!(ty.isomorphic, case.isomorphic, "case {i}: isomorphic");
        let patterns = read
            .title_patterns
            .unwrap_or_default()
            .iter()
            .map(|(s, f, k)| format!("{s}/{f} => {}", k.join(" ")))
            .collect::<Vec<_>>()
            .join(", ");
        assert_eq!(patterns, case.title_patterns, "case {i}: title patterns");
    }
}

/// Title patterns from a helper in a required file (module nesting, a guard with a
/// modifier `return`, a default and a rest parameter), as puppet-keystone builds them.
#[test]
fn reads_title_patterns_from_required_helpers() {
    let helper = "\
if Gem::Version.new(Puppet.version) < Gem::Version.new('4.0.0')
  Puppet::Resource.class_eval do
    def uniqueness_key
      return [] unless respond_to?(:to_hash)
      to_hash.values
    end
  end
end

module PuppetX
  module Demo
    class Unset; end
    module Names
      def self.word
        Regexp.new(/\\w+/)
      end

      def self.split(prefix, suffix, separator = '/', *regexps)
        res = regexps
        res = [word, word] if regexps.empty?
        return [[/^(#{res[0]})#{separator}(#{res[-1]})$/, [[prefix], [suffix]]]] unless separator == '::'
        []
      end
    end
  end
end
";
    let ruby = "\
require 'puppet_x/demo/names'
Puppet::Type.newtype(:demo) do
  newparam(:name) { isnamevar }
  newparam(:zone) { isnamevar }
  def self.title_patterns
    PuppetX::Demo::Names.split(:zone, :name) + [[/^(.*)$/, [[:name]]]]
  end
end
";
    let require = |path: &str| (path == "puppet_x/demo/names").then(|| helper.to_string());
    let (ty, read) = ResourceType::from_ruby_with("demo", ruby, false, &require);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    assert_eq!(read.title_patterns_unknown, None);
    assert_eq!(
        read.title_patterns,
        Some(vec![
            (
                "^((?-mix:\\w+))/((?-mix:\\w+))$".to_string(),
                String::new(),
                vec!["zone".to_string(), "name".to_string()]
            ),
            (
                "^(.*)$".to_string(),
                String::new(),
                vec!["name".to_string()]
            ),
        ])
    );
    let parsed = ty.parse_title("eu/web").expect("patterns known");
    assert_eq!(
        parsed,
        Ok(vec![
            ("zone".to_string(), "eu".to_string()),
            ("name".to_string(), "web".to_string())
        ])
    );
    // Without the helper's file, the patterns are unknown and titles are not parsed.
    let (ty, read) = ResourceType::from_ruby("demo", ruby, false);
    assert!(read.title_patterns.is_none());
    assert!(ty.parse_title("eu/web").is_none());
}

/// Deeply nested Ruby in `title_patterns` is an unknown pattern, not a crash.
#[test]
fn deep_title_patterns_are_unknown() {
    let deep = format!(
        "Puppet::Type.newtype(:d) do\n  newparam(:name) {{ isnamevar }}\n  def self.title_patterns\n    {}1{}\n  end\n  def self.other\n    {}x\n  end\nend\n",
        "[".repeat(100_000),
        "]".repeat(100_000),
        "!".repeat(100_000),
    );
    let (ty, read) = ResourceType::from_ruby("d", &deep, false);
    assert!(read.title_patterns.is_none());
    assert!(ty.title_patterns.is_none());
}
