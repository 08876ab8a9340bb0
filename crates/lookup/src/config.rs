//! `hiera.yaml`: the configuration model and Puppet's validation of it
//! (`Puppet::Pops::Lookup::HieraConfig`, versions 5 and 3).
//!
//! Parsing is pure: the caller reads the file and says which layer it belongs to. Paths are
//! kept as written (uninterpolated, relative to the file's directory and `datadir`);
//! interpolating and resolving them is the lookup's job, per node.

use marionette_catalog::Data;

use crate::error::{ErrorKind, LookupError};
use crate::yaml::parse_yaml;
use crate::Layer;

/// A parsed `hiera.yaml`.
#[derive(Debug, Clone, PartialEq)]
pub enum HieraConfig {
    V5(ConfigV5),
    /// Only in the global layer.
    V3(ConfigV3),
}

/// What a version 5 file says, with Puppet's defaults filled in
/// (`defaults` → `datadir: data`, `data_hash: yaml_data` when absent; `hierarchy` →
/// one `Common` level with `path: common.yaml` when absent).
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigV5 {
    pub defaults: Defaults,
    pub hierarchy: Vec<Level>,
    /// Module layer only: used when no other layer found the key.
    pub default_hierarchy: Option<Vec<Level>>,
    /// Used by Bolt plans only; kept so the file round-trips its meaning.
    pub plan_hierarchy: Option<Vec<Level>>,
}

/// The `defaults` section.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Defaults {
    pub datadir: Option<String>,
    pub function: Option<Function>,
    pub options: Option<Vec<(String, Data)>>,
}

/// A backend function as a hierarchy level or `defaults` names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Function {
    DataHash(String),
    LookupKey(String),
    DataDig(String),
    /// `hiera3_backend: NAME` (global layer only).
    Hiera3Backend(String),
}

impl Function {
    /// The Hiera 5 backend kind; `None` for a Hiera 3 backend.
    pub fn kind(&self) -> Option<crate::BackendKind> {
        match self {
            Function::DataHash(_) => Some(crate::BackendKind::DataHash),
            Function::LookupKey(_) => Some(crate::BackendKind::LookupKey),
            Function::DataDig(_) => Some(crate::BackendKind::DataDig),
            Function::Hiera3Backend(_) => None,
        }
    }

    pub fn name(&self) -> &str {
        match self {
            Function::DataHash(n)
            | Function::LookupKey(n)
            | Function::DataDig(n)
            | Function::Hiera3Backend(n) => n,
        }
    }
}

/// Where a level's data is, as written (not yet interpolated).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Locations {
    /// `path` (one) or `paths`, relative to `datadir`.
    Paths(Vec<String>),
    /// `glob` (one) or `globs`, relative to `datadir`.
    Globs(Vec<String>),
    /// `uri` (one) or `uris`, passed to the backend as they are.
    Uris(Vec<String>),
    /// `mapped_paths: [VARIABLE, KEY, TEMPLATE]`.
    MappedPaths {
        variable: String,
        key: String,
        template: String,
    },
}

/// One hierarchy level.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    pub name: String,
    /// This level's own function; when `None`, the one in `defaults`.
    pub function: Option<Function>,
    /// `None` when the level names no location: a `data_hash` level then reads
    /// nothing, a `lookup_key`/`data_dig` level is called without a path.
    pub locations: Option<Locations>,
    pub datadir: Option<String>,
    pub options: Option<Vec<(String, Data)>>,
}

impl ConfigV5 {
    /// The function a level uses: its own, else the one in `defaults`.
    pub fn function_of<'a>(&'a self, level: &'a Level) -> Option<&'a Function> {
        level.function.as_ref().or(self.defaults.function.as_ref())
    }

    /// The directory a level's paths are relative to (relative to the config's directory).
    pub fn datadir_of<'a>(&'a self, level: &'a Level) -> &'a str {
        level
            .datadir
            .as_deref()
            .or(self.defaults.datadir.as_deref())
            .unwrap_or("data")
    }

    /// A level's options: its own, else those in `defaults`.
    pub fn options_of<'a>(&'a self, level: &'a Level) -> &'a [(String, Data)] {
        level
            .options
            .as_deref()
            .or(self.defaults.options.as_deref())
            .unwrap_or(&[])
    }

    /// Puppet's configuration when a layer has no `hiera.yaml` (`DEFAULT_CONFIG_HASH`).
    pub fn puppet_default() -> ConfigV5 {
        ConfigV5 {
            defaults: Defaults {
                datadir: Some("data".into()),
                function: Some(Function::DataHash("yaml_data".into())),
                options: None,
            },
            hierarchy: vec![Level {
                name: "Common".into(),
                function: None,
                locations: Some(Locations::Paths(vec!["common.yaml".into()])),
                datadir: None,
                options: None,
            }],
            default_hierarchy: None,
            plan_hierarchy: None,
        }
    }
}

/// A version 3 file (global layer only), with Puppet's defaults filled in
/// (`:backends: [yaml]`, `:hierarchy: [nodes/%{::trusted.certname}, common]`,
/// `:merge_behavior: native`).
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigV3 {
    pub backends: Vec<String>,
    pub hierarchy: Vec<String>,
    /// `native`, `deep` or `deeper`.
    pub merge_behavior: String,
    pub deep_merge_options: Vec<(String, Data)>,
    /// Per-backend settings (`:yaml:`, `:json:`, ...), keys without their colon.
    pub backend_options: Vec<(String, Vec<(String, Data)>)>,
}

impl ConfigV3 {
    /// The `:datadir:` of a backend, if its section sets one.
    pub fn datadir(&self, backend: &str) -> Option<&str> {
        let (_, opts) = self.backend_options.iter().find(|(b, _)| b == backend)?;
        match opts.iter().find(|(k, _)| k == "datadir") {
            Some((_, Data::String(s))) => Some(s),
            _ => None,
        }
    }

    fn puppet_default() -> ConfigV3 {
        ConfigV3 {
            backends: vec!["yaml".into()],
            hierarchy: vec!["nodes/%{::trusted.certname}".into(), "common".into()],
            merge_behavior: "native".into(),
            deep_merge_options: Vec::new(),
            backend_options: Vec::new(),
        }
    }
}

/// The result of [`parse_hiera_config`]: the configuration and any warnings Puppet logs.
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedConfig {
    pub config: HieraConfig,
    pub warnings: Vec<ConfigWarning>,
}

/// A warning about a `hiera.yaml`, logged by the first lookup that reads its layer, in
/// Puppet's words and with its place (`\n   (file: <path>)`) where Puppet gives one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigWarning {
    /// Version 3 or 4 is deprecated: Puppet gives one such warning per compile
    /// (`warn_once` keyed by `hiera.yaml`), the first file's.
    Deprecation(String),
    Plain(String),
}

impl ConfigWarning {
    pub fn text(&self) -> &str {
        match self {
            ConfigWarning::Deprecation(text) | ConfigWarning::Plain(text) => text,
        }
    }
}

/// Parses and validates the text of a `hiera.yaml` found at `file` in `layer`.
///
/// Errors carry Puppet's wording; type errors read
/// `The Lookup Configuration at '<file>' has wrong type, <what>`.
pub fn parse_hiera_config(
    text: &str,
    file: &str,
    layer: &Layer,
) -> Result<ParsedConfig, LookupError> {
    let data = parse_yaml(text, file)?;
    let mut warnings = Vec::new();
    let Data::Hash(entries) = data else {
        warnings.push(ConfigWarning::Plain(format!(
            "{file}: File exists but does not contain a valid YAML hash. Falling back to Hiera version 3 default config"
        )));
        warnings.push(v3_deprecation(file));
        return v3_in(layer, file, ConfigV3::puppet_default(), warnings);
    };
    let cx = Cx { file, text };
    let version = match get(&entries, "version") {
        None | Some(Data::Undef) => 3,
        Some(Data::Integer(i)) => *i,
        Some(Data::Float(f)) => *f as i64,
        // Ruby `to_i`: leading digits, else 0.
        Some(Data::String(s)) => {
            let digits: String = s
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            digits.parse().unwrap_or(0)
        }
        Some(_) => 0,
    };
    match version {
        5 => Ok(ParsedConfig {
            config: HieraConfig::V5(cx.v5(&entries, layer)?),
            warnings,
        }),
        3 => {
            warnings.push(v3_deprecation(file));
            let config = cx.v3(&entries)?;
            v3_in(layer, file, config, warnings)
        }
        4 if *layer == Layer::Global => Err(cx.err(
            "hiera.yaml version 4 cannot be used in the global layer",
            None,
        )),
        4 => {
            warnings.push(ConfigWarning::Deprecation(format!(
                "{file}: Use of 'hiera.yaml' version 4 is deprecated. It should be converted to version 5\n   (file: {file})"
            )));
            Ok(ParsedConfig {
                config: HieraConfig::V5(cx.v4(&entries)?),
                warnings,
            })
        }
        v => Err(cx.err(
            format!("This runtime does not support hiera.yaml version {v}"),
            None,
        )),
    }
}

fn v3_deprecation(file: &str) -> ConfigWarning {
    ConfigWarning::Deprecation(format!(
        "{file}: Use of 'hiera.yaml' version 3 is deprecated. It should be converted to version 5\n   (file: {file})"
    ))
}

fn v3_in(
    layer: &Layer,
    file: &str,
    config: ConfigV3,
    mut warnings: Vec<ConfigWarning>,
) -> Result<ParsedConfig, LookupError> {
    // Outside the global layer Puppet ignores a version 3 file (with `strict=error` it
    // would fail); the lookup skips such a layer.
    match layer {
        Layer::Global => {}
        Layer::Environment => warnings.push(ConfigWarning::Plain(format!(
            "hiera.yaml version 3 found at the environment root was ignored\n   (file: {file})"
        ))),
        Layer::Module(_) => warnings.push(ConfigWarning::Plain(format!(
            "hiera.yaml version 3 found at module root was ignored\n   (file: {file})"
        ))),
    }
    Ok(ParsedConfig {
        config: HieraConfig::V3(config),
        warnings,
    })
}

fn get<'a>(entries: &'a [(Data, Data)], key: &str) -> Option<&'a Data> {
    entries
        .iter()
        .find(|(k, _)| matches!(k, Data::String(s) if s == key))
        .map(|(_, v)| v)
}

const FUNCTION_KEYS: &str = "data_hash, lookup_key, data_dig, or hiera3_backend";
const LOCATION_KEYS: &str = "path, paths, glob, globs, uri, uris, or mapped_paths";

struct Cx<'a> {
    file: &'a str,
    text: &'a str,
}

impl Cx<'_> {
    fn err(&self, message: impl Into<String>, line: Option<usize>) -> LookupError {
        LookupError::new(ErrorKind::Config, message).in_file(self.file, line, None)
    }

    fn type_err(&self, what: String) -> LookupError {
        self.err(
            format!(
                "The Lookup Configuration at '{}' has wrong type, {what}",
                self.file
            ),
            None,
        )
        .as_runtime()
    }

    /// Puppet's `find_line_matching`: the first line (1-based, from `start`) that matches.
    fn find_line(&self, start: usize, pred: impl Fn(&str) -> bool) -> Option<usize> {
        self.text
            .lines()
            .enumerate()
            .skip(start - 1)
            .find(|(_, l)| pred(l))
            .map(|(i, _)| i + 1)
    }

    fn v5(&self, entries: &[(Data, Data)], layer: &Layer) -> Result<ConfigV5, LookupError> {
        for (k, _) in entries {
            let known = matches!(k, Data::String(s) if matches!(s.as_str(),
                "version" | "defaults" | "hierarchy" | "plan_hierarchy" | "default_hierarchy"));
            if !known {
                return Err(self.type_err(format!("unrecognized key {}", key_text(k))));
            }
        }
        let defaults = match get(entries, "defaults") {
            None => ConfigV5::puppet_default().defaults,
            Some(d) => self.defaults(d)?,
        };
        let hierarchy = match get(entries, "hierarchy") {
            None => ConfigV5::puppet_default().hierarchy,
            Some(h) => self.hierarchy(h, "hierarchy", &defaults, layer)?,
        };
        let plan_hierarchy = get(entries, "plan_hierarchy")
            .map(|h| self.hierarchy(h, "plan_hierarchy", &defaults, layer))
            .transpose()?;
        let default_hierarchy = match get(entries, "default_hierarchy") {
            None => None,
            Some(h) => {
                if !matches!(layer, Layer::Module(_)) {
                    let line = self.find_line(1, |l| {
                        l.trim_start().starts_with("default_hierarchy:")
                            && (l.starts_with("default_hierarchy:")
                                || l.starts_with(char::is_whitespace))
                    });
                    return Err(self.err(
                        "'default_hierarchy' is only allowed in the module layer",
                        line,
                    ));
                }
                Some(self.hierarchy(h, "default_hierarchy", &defaults, layer)?)
            }
        };
        Ok(ConfigV5 {
            defaults,
            hierarchy,
            default_hierarchy,
            plan_hierarchy,
        })
    }

    /// A version 4 file (deprecated; environment and module layers), as the version 5
    /// configuration it means: each level names a `yaml` or `json` backend and its
    /// paths (default: its name) get the backend's extension.
    fn v4(&self, entries: &[(Data, Data)]) -> Result<ConfigV5, LookupError> {
        for (k, _) in entries {
            if !matches!(k, Data::String(s) if matches!(s.as_str(), "version" | "datadir" | "hierarchy"))
            {
                return Err(self.type_err(format!("unrecognized key {}", key_text(k))));
            }
        }
        let datadir = match get(entries, "datadir") {
            None => "data".to_string(),
            Some(d) => self.non_empty(d, || "entry 'datadir'".to_string())?,
        };
        let mut hierarchy = Vec::new();
        if let Some(h) = get(entries, "hierarchy") {
            let Data::Array(items) = h else {
                return Err(self.type_err(format!(
                    "entry 'hierarchy' expects an Array value, got {}",
                    type_name(h)
                )));
            };
            for (i, item) in items.iter().enumerate() {
                let Data::Hash(fields) = item else {
                    return Err(self.type_err(format!(
                        "entry 'hierarchy' index {i} expects a Struct value, got {}",
                        type_name(item)
                    )));
                };
                let text = |key: &str| -> Result<Option<String>, LookupError> {
                    get(fields, key)
                        .map(|v| {
                            self.non_empty(v, || {
                                format!("entry 'hierarchy' index {i} entry '{key}'")
                            })
                        })
                        .transpose()
                };
                let name = text("name")?.ok_or_else(|| {
                    self.type_err(format!(
                        "entry 'hierarchy' index {i} expects a value for key 'name'"
                    ))
                })?;
                let backend = text("backend")?.ok_or_else(|| {
                    self.type_err(format!(
                        "entry 'hierarchy' index {i} expects a value for key 'backend'"
                    ))
                })?;
                let function = match backend.as_str() {
                    "yaml" | "json" => Function::DataHash(format!("{backend}_data")),
                    other => Function::DataHash(other.to_string()),
                };
                let ext = format!(".{backend}");
                let paths: Vec<String> = match (get(fields, "paths"), text("path")?) {
                    (Some(Data::Array(ps)), _) => ps
                        .iter()
                        .filter_map(|p| match p {
                            Data::String(s) => Some(s.clone()),
                            _ => None,
                        })
                        .collect(),
                    (_, Some(p)) => vec![p],
                    _ => vec![name.clone()],
                };
                let paths = paths
                    .into_iter()
                    .map(|p| if p.ends_with(&ext) { p } else { p + &ext })
                    .collect();
                hierarchy.push(Level {
                    name,
                    function: Some(function),
                    locations: Some(Locations::Paths(paths)),
                    datadir: text("datadir")?,
                    options: None,
                });
            }
        }
        Ok(ConfigV5 {
            defaults: Defaults {
                datadir: Some(datadir),
                function: None,
                options: None,
            },
            hierarchy,
            default_hierarchy: None,
            plan_hierarchy: None,
        })
    }

    fn defaults(&self, d: &Data) -> Result<Defaults, LookupError> {
        let Data::Hash(entries) = d else {
            return Err(self.type_err(format!(
                "entry 'defaults' expects a Struct value, got {}",
                type_name(d)
            )));
        };
        let mut out = Defaults::default();
        let mut functions = 0;
        for (k, v) in entries {
            let where_ = || format!("entry 'defaults' entry {}", key_text(k));
            let key = match k {
                Data::String(s) => s.as_str(),
                _ => {
                    return Err(
                        self.type_err(format!("entry 'defaults' unrecognized key {}", key_text(k)))
                    )
                }
            };
            match key {
                "datadir" => out.datadir = Some(self.non_empty(v, where_)?),
                "data_hash" | "lookup_key" | "data_dig" => {
                    functions += 1;
                    let name = self.non_empty(v, where_)?;
                    out.function = Some(match key {
                        "data_hash" => Function::DataHash(name),
                        "lookup_key" => Function::LookupKey(name),
                        _ => Function::DataDig(name),
                    });
                }
                "options" => out.options = Some(self.options(v, where_)?),
                _ => {
                    return Err(
                        self.type_err(format!("entry 'defaults' unrecognized key {}", key_text(k)))
                    )
                }
            }
        }
        if functions > 1 {
            return Err(self.err(
                format!("Only one of {FUNCTION_KEYS} can be defined in defaults"),
                None,
            ));
        }
        if let Some(opts) = &out.options {
            for reserved in ["path", "uri"] {
                if opts.iter().any(|(k, _)| k == reserved) {
                    return Err(self.err(
                        format!("Option key '{reserved}' used in defaults is reserved by Puppet"),
                        None,
                    ));
                }
            }
        }
        Ok(out)
    }

    fn hierarchy(
        &self,
        h: &Data,
        entry: &str,
        defaults: &Defaults,
        layer: &Layer,
    ) -> Result<Vec<Level>, LookupError> {
        let Data::Array(items) = h else {
            return Err(self.type_err(format!(
                "entry '{entry}' expects an Array value, got {}",
                type_name(h)
            )));
        };
        let mut levels: Vec<Level> = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let level = self.level(item, &format!("entry '{entry}' index {i}"), defaults, layer)?;
            levels.push(level);
        }
        // Duplicate names are found when the providers are created, after validation.
        for (i, level) in levels.iter().enumerate() {
            if levels[..i].iter().any(|l| l.name == level.name) {
                let matches = |l: &str| name_line_matches(l, &level.name);
                let first = self.find_line(1, matches);
                let second = first.and_then(|f| self.find_line(f + 1, matches));
                let (first, line) = match second {
                    Some(s) => (first, Some(s)),
                    None => (None, first),
                };
                let mut msg = format!("Hierarchy name '{}' defined more than once.", level.name);
                if let Some(f) = first {
                    msg.push_str(&format!(" First defined at (line: {f})"));
                }
                return Err(self.err(msg, line));
            }
        }
        Ok(levels)
    }

    fn level(
        &self,
        item: &Data,
        at: &str,
        defaults: &Defaults,
        layer: &Layer,
    ) -> Result<Level, LookupError> {
        let Data::Hash(entries) = item else {
            return Err(self.type_err(format!(
                "{at} expects a Struct value, got {}",
                type_name(item)
            )));
        };
        let mut name = None;
        let mut functions = Vec::new();
        let mut locations = Vec::new();
        let mut datadir = None;
        let mut options = None;
        for (k, v) in entries {
            let key = match k {
                Data::String(s) => s.as_str(),
                _ => return Err(self.type_err(format!("{at} unrecognized key {}", key_text(k)))),
            };
            let where_ = || format!("{at} entry '{key}'");
            match key {
                "name" => name = Some(self.non_empty(v, where_)?),
                "datadir" => datadir = Some(self.non_empty(v, where_)?),
                "options" => options = Some(self.options(v, where_)?),
                "data_hash" => functions.push(Function::DataHash(self.non_empty(v, where_)?)),
                "lookup_key" => functions.push(Function::LookupKey(self.non_empty(v, where_)?)),
                "data_dig" => functions.push(Function::DataDig(self.non_empty(v, where_)?)),
                "hiera3_backend" => {
                    functions.push(Function::Hiera3Backend(self.non_empty(v, where_)?))
                }
                // FIXME: `v4_data_hash` (legacy Puppet 4 function providers) is accepted by
                // Puppet; it has no equivalent here yet.
                "v4_data_hash" => functions.push(Function::DataHash(self.non_empty(v, where_)?)),
                "path" => locations.push(Locations::Paths(vec![self.non_empty(v, where_)?])),
                "glob" => locations.push(Locations::Globs(vec![self.non_empty(v, where_)?])),
                "uri" => locations.push(Locations::Uris(vec![self.non_empty(v, where_)?])),
                "paths" => locations.push(Locations::Paths(self.string_array(v, where_, 1, None)?)),
                "globs" => locations.push(Locations::Globs(self.string_array(v, where_, 1, None)?)),
                "uris" => locations.push(Locations::Uris(self.string_array(v, where_, 1, None)?)),
                "mapped_paths" => {
                    let mut a = self.string_array(v, where_, 3, Some(3))?.into_iter();
                    let (variable, key, template) = (a.next(), a.next(), a.next());
                    locations.push(Locations::MappedPaths {
                        variable: variable.unwrap_or_default(),
                        key: key.unwrap_or_default(),
                        template: template.unwrap_or_default(),
                    });
                }
                _ => return Err(self.type_err(format!("{at} unrecognized key '{key}'"))),
            }
        }
        let Some(name) = name else {
            return Err(self.type_err(format!("{at} expects a value for key 'name'")));
        };
        match functions.len() {
            0 if defaults.function.is_none() => {
                return Err(self.err(
                    format!("One of {FUNCTION_KEYS} must be defined in hierarchy '{name}'"),
                    None,
                ));
            }
            0 | 1 => {}
            _ => {
                return Err(self.err(
                    format!("Only one of {FUNCTION_KEYS} can be defined in hierarchy '{name}'"),
                    None,
                ))
            }
        }
        if let Some(Function::Hiera3Backend(backend)) = functions.first() {
            if *layer != Layer::Global {
                let line = self.find_line(1, |l| {
                    l.trim_start().starts_with("hiera3_backend:")
                        && l.starts_with(char::is_whitespace)
                });
                return Err(self.err("'hiera3_backend' is only allowed in the global layer", line));
            }
            if backend == "json" || backend == "yaml" {
                let line = self.find_line(1, |l| {
                    let t = l.trim_start();
                    l.starts_with(char::is_whitespace)
                        && t.strip_prefix("hiera3_backend:").is_some_and(|r| {
                            let r = r.trim_start().trim_start_matches(['\'', '"']);
                            r.strip_prefix(backend.as_str()).is_some_and(|rest| {
                                !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_')
                            })
                        })
                });
                return Err(self.err(
                    format!("Use \"data_hash: {backend}_data\" instead of \"hiera3_backend: {backend}\""),
                    line,
                ));
            }
        }
        if locations.len() > 1 {
            return Err(self.err(
                format!("Only one of {LOCATION_KEYS} can be defined in hierarchy '{name}'"),
                None,
            ));
        }
        if let Some(opts) = &options {
            for reserved in ["path", "uri"] {
                if opts.iter().any(|(k, _)| k == reserved) {
                    return Err(self.err(
                        format!("Option key '{reserved}' used in hierarchy '{name}' is reserved by Puppet"),
                        None,
                    ));
                }
            }
        }
        Ok(Level {
            name,
            function: functions.pop(),
            locations: locations.pop(),
            datadir,
            options,
        })
    }

    fn non_empty(&self, v: &Data, at: impl Fn() -> String) -> Result<String, LookupError> {
        match v {
            Data::String(s) if !s.is_empty() => Ok(s.clone()),
            Data::String(_) => {
                Err(self.type_err(format!("{} expects a String[1] value, got String", at())))
            }
            other => Err(self.type_err(format!(
                "{} expects a String value, got {}",
                at(),
                type_name(other)
            ))),
        }
    }

    fn string_array(
        &self,
        v: &Data,
        at: impl Fn() -> String,
        min: usize,
        max: Option<usize>,
    ) -> Result<Vec<String>, LookupError> {
        let Data::Array(items) = v else {
            return Err(self.type_err(format!(
                "{} expects an Array value, got {}",
                at(),
                type_name(v)
            )));
        };
        let n = items.len();
        if n < min || max.is_some_and(|m| n > m) {
            let expected = match max {
                Some(m) if m == min => format!("to be {m}"),
                _ => format!("to be at least {min}"),
            };
            return Err(self.type_err(format!("{} expects size {expected}, got {n}", at())));
        }
        items
            .iter()
            .enumerate()
            .map(|(i, item)| self.non_empty(item, || format!("{} index {i}", at())))
            .collect()
    }

    fn options(
        &self,
        v: &Data,
        at: impl Fn() -> String,
    ) -> Result<Vec<(String, Data)>, LookupError> {
        let Data::Hash(entries) = v else {
            return Err(self.type_err(format!(
                "{} expects a Hash value, got {}",
                at(),
                type_name(v)
            )));
        };
        let mut out = Vec::new();
        for (k, v) in entries {
            match k {
                Data::String(s) if is_option_name(s) => out.push((s.clone(), v.clone())),
                _ => {
                    return Err(self.type_err(format!(
                        "{} key of entry {} expects a match for Pattern[/\\A[A-Za-z](:?[0-9A-Za-z_-]*[0-9A-Za-z])?\\z/], got {}",
                        at(),
                        key_text(k),
                        value_text(k)
                    )));
                }
            }
        }
        Ok(out)
    }

    fn v3(&self, entries: &[(Data, Data)]) -> Result<ConfigV3, LookupError> {
        let mut config = ConfigV3::puppet_default();
        let strings = |v: &Data, key: &str| -> Result<Vec<String>, LookupError> {
            let one = |d: &Data| match d {
                Data::String(s) if !s.is_empty() => Ok(s.clone()),
                other => Err(self.type_err(format!(
                    "entry '{key}' expects a value of type String or Array, got {}",
                    type_name(other)
                ))),
            };
            match v {
                Data::Array(items) => {
                    // `Variant[String[1], Array[String[1]]]`: Puppet describes the
                    // mismatch of each variant, one per line.
                    if let Some((i, bad)) = items
                        .iter()
                        .enumerate()
                        .find(|(_, d)| !matches!(d, Data::String(s) if !s.is_empty()))
                    {
                        let subject = format!(
                            "The Lookup Configuration at '{}' has wrong type,",
                            self.file
                        );
                        let got = match bad {
                            Data::Hash(_) => "Struct".to_string(),
                            Data::String(_) => "String".to_string(),
                            other => type_name(other).to_string(),
                        };
                        let expects = if matches!(bad, Data::String(_)) {
                            "a String[1] value"
                        } else {
                            "a String value"
                        };
                        return Err(LookupError::new(
                            ErrorKind::Config,
                            format!(
                                " {subject} entry '{key}' variant 0 expects a String value, got Tuple\n {subject} entry '{key}' variant 1 index {i} expects {expects}, got {got}"
                            ),
                        )
                        .as_runtime());
                    }
                    items.iter().map(one).collect()
                }
                other => Ok(vec![one(other)?]),
            }
        };
        for (k, v) in entries {
            let Data::String(key) = k else { continue };
            match key.as_str() {
                "version" | "logger" => {}
                "backends" => config.backends = strings(v, "backends")?,
                "hierarchy" => config.hierarchy = strings(v, "hierarchy")?,
                "merge_behavior" => match v {
                    Data::String(s) if matches!(s.as_str(), "deep" | "deeper" | "native") => {
                        config.merge_behavior = s.clone()
                    }
                    other => {
                        return Err(self.type_err(format!(
                            "entry 'merge_behavior' expects a match for Enum['deep', 'deeper', 'native'], got {}",
                            value_text(other)
                        )));
                    }
                },
                "deep_merge_options" => {
                    if let Data::Hash(h) = v {
                        config.deep_merge_options = h
                            .iter()
                            .filter_map(|(k, v)| Some((string_key(k)?, v.clone())))
                            .collect();
                    }
                }
                other => {
                    // Backend sections (`:yaml:`); Puppet accepts any other key.
                    if let Data::Hash(h) = v {
                        let opts = h
                            .iter()
                            .filter_map(|(k, v)| Some((string_key(k)?, v.clone())))
                            .collect();
                        config.backend_options.push((other.to_owned(), opts));
                    }
                }
            }
        }
        Ok(config)
    }
}

fn string_key(k: &Data) -> Option<String> {
    match k {
        Data::String(s) => Some(s.clone()),
        _ => None,
    }
}

/// `hiera_config.rb`'s `/\s+name:\s+['"]?NAME(?:[^\w]|$)/`.
fn name_line_matches(line: &str, name: &str) -> bool {
    let mut rest = line;
    while let Some(i) = rest.find("name:") {
        let before = &rest[..i];
        let after = &rest[i + 5..];
        rest = &rest[i + 5..];
        if !before.ends_with(char::is_whitespace) || !after.starts_with(char::is_whitespace) {
            continue;
        }
        let v = after.trim_start();
        let v = v.strip_prefix(['\'', '"']).unwrap_or(v);
        if let Some(tail) = v.strip_prefix(name) {
            if !tail.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                return true;
            }
        }
    }
    false
}

/// `/\A[A-Za-z](:?[0-9A-Za-z_-]*[0-9A-Za-z])?\z/` (the `:?` is in Puppet's pattern).
fn is_option_name(s: &str) -> bool {
    let b = s.as_bytes();
    let Some((first, rest)) = b.split_first() else {
        return false;
    };
    if !first.is_ascii_alphabetic() {
        return false;
    }
    if rest.is_empty() {
        return true;
    }
    let rest = rest.strip_prefix(b":").unwrap_or(rest);
    match rest.split_last() {
        None => false,
        Some((last, mid)) => {
            last.is_ascii_alphanumeric()
                && mid
                    .iter()
                    .all(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-')
        }
    }
}

fn key_text(k: &Data) -> String {
    match k {
        Data::String(s) => format!("'{s}'"),
        other => value_text(other),
    }
}

fn value_text(v: &Data) -> String {
    match v {
        Data::String(s) => format!("'{s}'"),
        Data::Integer(i) => i.to_string(),
        Data::Float(f) => f.to_string(),
        Data::Bool(b) => b.to_string(),
        Data::Undef => "undef".into(),
        other => type_name(other).into(),
    }
}

/// The name Puppet's type mismatch messages give a value's type (the generalized type).
fn type_name(v: &Data) -> &'static str {
    match v {
        Data::Undef => "Undef",
        Data::Bool(_) => "Boolean",
        Data::Integer(_) => "Integer",
        Data::Float(_) => "Float",
        Data::String(_) => "String",
        Data::Array(_) => "Array",
        Data::Hash(_) => "Hash",
        _ => "Any",
    }
}

#[cfg(test)]
mod tests;
