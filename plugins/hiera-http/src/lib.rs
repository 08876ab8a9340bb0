//! Hiera data over HTTP, like the `hiera_http` function of the hiera-http gem (3.x):
//! a `lookup_key` backend that asks a web service for each key, and a `data_hash`
//! backend that reads a whole hash from a URL.
//!
//! # Functions
//!
//! * `hiera_http` and `http_lookup_key` ([`HttpLookupKey`], `lookup_key`): for each key,
//!   `GET` every URI of the level (`uri` or `uris`, after `%{...}` interpolation), with
//!   the tags below replaced by parts of the key. A hash answer is dug into with the
//!   key (`dig`, `dig_key`); any other answer is the value. The value found is then
//!   interpolated, as the gem does.
//! * `http_data_hash` ([`HttpDataHash`], `data_hash`): `GET` every URI of the level
//!   once per compile; the answer (or the part `dig_key` names) is the level's hash.
//!
//! ```yaml
//! # hiera.yaml
//! version: 5
//! hierarchy:
//!   - name: "Per-key service"
//!     lookup_key: hiera_http
//!     uris:
//!       - "http://cmdb.example.com:5984/host/%{trusted.certname}"
//!       - "http://cmdb.example.com:5984/key/__KEY__"
//!     options:
//!       output: json
//!       ignore_404: true
//!   - name: "Role data"
//!     data_hash: http_data_hash
//!     uri: "http://cmdb.example.com/roles/%{facts.role}.yaml"
//!     options:
//!       output: yaml
//!       dig_key: data
//!       failure: graceful
//! ```
//!
//! Tags in `lookup_key` URIs and `dig_key`, as the gem replaces them (for
//! `apache::vhost::port`): `__KEY__` the key, `__MODULE__` its first segment
//! (`apache`), `__CLASS__` all but the last (`apache::vhost`), `__PARAMETER__` the last
//! (`port`). `__MODULE__` and `__CLASS__` are empty for a key without `::`, and so is
//! any other `__WORD__` (the gem's behaviour, lower-case tags included).
//!
//! # Options
//!
//! | option | meaning | default |
//! |---|---|---|
//! | `output` | how the answer is read: `json`, `yaml` or `plain` (the body is the value, a string) | `plain`; `json` for `http_data_hash` |
//! | `dig` | `lookup_key`: look the key up in a hash answer (`false`: the whole answer is the value) | `true` |
//! | `dig_key` | the path into the answer, dot-separated (`document.data.__KEY__`) | the key; `http_data_hash`: the whole answer |
//! | `failure` | `graceful`: a connection error, timeout or non-2xx status is "not found" (an empty hash for `http_data_hash`) instead of an error | errors |
//! | `ignore_404` | a 404 is "not found" even without `failure: graceful` | `false` |
//! | `headers` | a hash of extra request headers | none |
//! | `http_connect_timeout` | seconds to connect (a number) | 10 |
//! | `http_read_timeout` | seconds for the whole answer to arrive | 10 |
//! | `use_auth`, `auth_user`, `auth_pass` | HTTP basic authentication (sent when `use_auth` is true; `user:pass@` in the URI works too) | off |
//! | `confine_to_keys` | `lookup_key`: an array of regular expressions; other keys are not looked up here | all keys |
//!
//! Hiera asks every level for the key `lookup_options` too: a per-key service should
//! answer 404 for keys it does not know (with `ignore_404: true`), or the level should
//! be confined to its keys with `confine_to_keys`, or a `plain` answer for
//! `lookup_options` (a string) fails the lookup, as it does with the gem.
//!
//! Answers are cached per compile: each URL is fetched at most once by a compile (as
//! the gem caches by path), a failure that `failure`/`ignore_404` made "not found"
//! included. A `json` or `yaml` answer that does not parse is always an error. A JSON
//! `null` (or empty YAML) answer is "not found".
//!
//! # Differences from the gem
//!
//! * Only `http://`: no TLS stack is linked (`use_ssl` and `ssl_*` options are not
//!   supported; an `https://` URI is an error that says so). Put a TLS-terminating
//!   proxy on localhost in front of an HTTPS service.
//! * `http_read_timeout` bounds the whole answer, not each read; name resolution is
//!   not bounded by the timeouts (the system resolver decides).
//! * An unknown `output` is an error (the gem reads it as `plain`); `eyaml: true` is an
//!   error (decrypting is not supported here).
//! * Redirects are not followed (neither does the gem): a 3xx is a failure.
//! * `%XX` escapes already in a URI are kept (Ruby's `URI.escape` would escape the
//!   `%` again).

mod client;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use marionette_catalog::ruby::scalar_to_s;
use marionette_catalog::Data;
use marionette_lookup::{
    Backend, BackendCall, BackendContext, BackendKind, Backends, ErrorKind, LookupError,
};

pub use client::{parse_response, Response, Url};

/// The `lookup_key` function (`hiera_http`, `http_lookup_key`).
#[derive(Debug, Default)]
pub struct HttpLookupKey {
    /// `confine_to_keys` compiled, by its patterns: a level's options come with every
    /// key looked up, and compiling the regex each time would cost more than the rest.
    confinements: Mutex<HashMap<Vec<String>, Arc<fancy_regex::Regex>>>,
}

impl HttpLookupKey {
    /// The union of `patterns` (Ruby's `Regexp.union`), compiled once.
    fn confinement(
        &self,
        patterns: &[String],
        function: &str,
    ) -> Result<Arc<fancy_regex::Regex>, LookupError> {
        let mut cache = self.confinements.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(re) = cache.get(patterns) {
            return Ok(re.clone());
        }
        let union: Vec<String> = patterns.iter().map(|p| format!("(?:{p})")).collect();
        let re = fancy_regex::Regex::new(&union.join("|")).map_err(|e| {
            // Name the pattern at fault.
            let culprit = patterns.iter().find_map(|p| {
                fancy_regex::Regex::new(p)
                    .err()
                    .map(|e| format!("bad regular expression /{p}/: {e}"))
            });
            config_error(format!(
                "'{function}' option 'confine_to_keys': {}",
                culprit.unwrap_or_else(|| e.to_string())
            ))
        })?;
        let re = Arc::new(re);
        cache.insert(patterns.to_vec(), re.clone());
        Ok(re)
    }
}

/// The `data_hash` function (`http_data_hash`).
#[derive(Debug, Clone, Copy, Default)]
pub struct HttpDataHash;

/// Registers the functions under their names: `hiera_http` (the gem's) and
/// `http_lookup_key` for [`HttpLookupKey`], `http_data_hash` for [`HttpDataHash`].
pub fn register(backends: &mut Backends) {
    for (name, backend) in plugin().backends {
        backends.register(name, backend);
    }
}

/// The plugin: `hiera_http` and `http_lookup_key` (one backend under two names, so they
/// share the per-run cache), and `http_data_hash`. Loaded with `--plugin` (the
/// `cdylib`), or linked statically with `marionette::Compiler::builder().plugin(plugin())`.
pub fn plugin() -> marionette_plugin_api::Plugin {
    let lookup_key: Arc<dyn Backend> = Arc::new(HttpLookupKey::default());
    let mut plugin =
        marionette_plugin_api::Plugin::new("hiera-http").backend("http_data_hash", HttpDataHash);
    plugin
        .backends
        .push(("hiera_http".into(), lookup_key.clone()));
    plugin.backends.push(("http_lookup_key".into(), lookup_key));
    plugin
}

marionette_plugin_api::export_plugin!(plugin);

impl Backend for HttpLookupKey {
    fn kind(&self) -> BackendKind {
        BackendKind::LookupKey
    }

    fn lookup_key(
        &self,
        key: &str,
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Option<Data>, LookupError> {
        let options = Options::read(call, BackendKind::LookupKey)?;
        if let Some(patterns) = &options.confine_to_keys {
            let confine = self.confinement(patterns, call.function)?;
            // Ruby's `key[Regexp.union(...)] == key`: the first match is the whole key.
            let whole = matches!(confine.find(key), Ok(Some(m)) if m.as_str() == key);
            if !whole {
                cx.explain(&format!(
                    "Skipping {} because key does not match confine_to_keys",
                    call.function
                ));
                return Ok(None);
            }
        }
        let uri = location(call)?;
        let answer = fetch(&tags(key, uri), &options, call.function, cx)?;
        let found = match &*answer {
            Data::Undef => None,
            Data::Hash(_) if options.dig => {
                let dig_key = options.dig_key.as_deref().unwrap_or(key);
                let path: Vec<String> = dig_key.split('.').map(|p| tags(key, p)).collect();
                dig(&answer, &path).cloned()
            }
            other => Some(other.clone()),
        };
        found.map(|v| cx.interpolate(&v)).transpose()
    }
}

impl Backend for HttpDataHash {
    fn kind(&self) -> BackendKind {
        BackendKind::DataHash
    }

    fn data_hash(
        &self,
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Arc<Data>, LookupError> {
        let options = Options::read(call, BackendKind::DataHash)?;
        let answer = fetch(location(call)?, &options, call.function, cx)?;
        let empty = || Arc::new(Data::Hash(Vec::new()));
        Ok(match (&*answer, &options.dig_key) {
            (Data::Undef, _) => empty(),
            (_, None) => answer,
            (_, Some(path)) => {
                let path: Vec<String> = path.split('.').map(str::to_string).collect();
                dig(&answer, &path).map_or_else(empty, |v| Arc::new(v.clone()))
            }
        })
    }
}

/// The level's URI; the functions need one.
fn location<'a>(call: &BackendCall<'a>) -> Result<&'a str, LookupError> {
    call.uri.ok_or_else(|| {
        config_error(format!(
            "'{}' needs 'uri' or 'uris' in its hierarchy level of hiera.yaml",
            call.function
        ))
    })
}

fn config_error(message: String) -> LookupError {
    LookupError::new(ErrorKind::Config, message)
}

/// How answers are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Output {
    Plain,
    Json,
    Yaml,
}

/// A level's options, checked.
#[derive(Debug)]
struct Options {
    output: Output,
    graceful: bool,
    ignore_404: bool,
    headers: Vec<(String, String)>,
    connect_timeout: Duration,
    read_timeout: Duration,
    auth: Option<(String, String)>,
    dig: bool,
    dig_key: Option<String>,
    /// The patterns, compiled by [`HttpLookupKey::confinement`].
    confine_to_keys: Option<Vec<String>>,
}

/// The gem's default for both timeouts, in seconds.
const DEFAULT_TIMEOUT: f64 = 10.0;

impl Options {
    fn read(call: &BackendCall<'_>, kind: BackendKind) -> Result<Options, LookupError> {
        let function = call.function;
        let bad = |name: &str, what: &str, value: &Data| {
            config_error(format!(
                "'{function}' option '{name}' must be {what}, not {}",
                marionette_catalog::ruby::class_name(value)
            ))
        };
        // Ruby's truth: all but nil and false.
        let truthy = |name: &str| {
            !matches!(
                call.option(name),
                None | Some(Data::Undef | Data::Bool(false))
            )
        };
        let string = |name: &str| -> Result<Option<String>, LookupError> {
            match call.option(name) {
                None | Some(Data::Undef) => Ok(None),
                Some(Data::String(s)) => Ok(Some(s.clone())),
                Some(other) => Err(bad(name, "a string", other)),
            }
        };
        let seconds = |name: &str| -> Result<Duration, LookupError> {
            let s = match call.option(name) {
                None | Some(Data::Undef) => DEFAULT_TIMEOUT,
                Some(Data::Integer(i)) => *i as f64,
                Some(Data::Float(f)) => *f,
                Some(other) => return Err(bad(name, "a number of seconds", other)),
            };
            Duration::try_from_secs_f64(s)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| {
                    config_error(format!(
                        "'{function}' option '{name}' must be a positive number of seconds, not {s}"
                    ))
                })
        };
        let output = match string("output")?.as_deref() {
            None if kind == BackendKind::DataHash => Output::Json,
            None | Some("plain") => Output::Plain,
            Some("json") => Output::Json,
            Some("yaml") => Output::Yaml,
            Some(other) => {
                return Err(config_error(format!(
                    "'{function}' option 'output' must be json, yaml or plain, not '{other}'"
                )))
            }
        };
        if kind == BackendKind::DataHash && output == Output::Plain {
            return Err(config_error(format!(
                "'{function}' reads a hash: its option 'output' must be json or yaml"
            )));
        }
        if truthy("eyaml") {
            return Err(config_error(format!(
                "'{function}' option 'eyaml' is not supported by Marionette (answers cannot be decrypted)"
            )));
        }
        if truthy("use_ssl") {
            return Err(config_error(format!(
                "'{function}' option 'use_ssl' is not supported by Marionette (no TLS stack; use http://)"
            )));
        }
        let headers = match call.option("headers") {
            None | Some(Data::Undef) => Vec::new(),
            Some(Data::Hash(entries)) => entries
                .iter()
                .map(|(k, v)| match (scalar_to_s(k), scalar_to_s(v)) {
                    (Some(k), Some(v)) => Ok((k, v)),
                    _ => Err(bad(
                        "headers",
                        "a hash of names to strings",
                        &Data::Hash(vec![(k.clone(), v.clone())]),
                    )),
                })
                .collect::<Result<_, _>>()?,
            Some(other) => return Err(bad("headers", "a hash", other)),
        };
        let auth = truthy("use_auth").then(|| -> Result<_, LookupError> {
            Ok((
                string("auth_user")?.unwrap_or_default(),
                string("auth_pass")?.unwrap_or_default(),
            ))
        });
        let confine_to_keys = match call.option("confine_to_keys") {
            None | Some(Data::Undef) => None,
            Some(Data::Array(patterns)) => Some(
                patterns
                    .iter()
                    .map(|p| match p {
                        Data::String(p) => Ok(p.clone()),
                        other => Err(bad(
                            "confine_to_keys",
                            "an array of regular expressions",
                            other,
                        )),
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            Some(other) => return Err(bad("confine_to_keys", "an array", other)),
        };
        Ok(Options {
            output,
            graceful: string("failure")?.as_deref() == Some("graceful"),
            ignore_404: truthy("ignore_404"),
            headers,
            connect_timeout: seconds("http_connect_timeout")?,
            read_timeout: seconds("http_read_timeout")?,
            auth: auth.transpose()?,
            dig: call.option("dig").is_none() || truthy("dig"),
            dig_key: string("dig_key")?,
            confine_to_keys,
        })
    }
}

/// The gem's `parse_tags`: `__KEY__`, `__MODULE__`, `__CLASS__` and `__PARAMETER__`
/// replaced by the key or its parts; any other `__WORD__` by nothing.
fn tags(key: &str, text: &str) -> String {
    let parts: Vec<&str> = key.split("::").collect();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("__") {
        let after = &rest[start + 2..];
        let word_len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        // `__(\w+)__` is greedy: the word ends at the last `__` of the run of word
        // characters, and must not be empty.
        let Some(end) = after[..word_len].rfind("__").filter(|&e| e > 0) else {
            out.push_str(&rest[..start + 2]);
            rest = after;
            continue;
        };
        out.push_str(&rest[..start]);
        let multi = parts.len() > 1;
        match &after[..end] {
            "KEY" => out.push_str(key),
            "MODULE" if multi => out.push_str(parts[0]),
            "CLASS" if multi => out.push_str(&parts[..parts.len() - 1].join("::")),
            "PARAMETER" => out.push_str(parts[parts.len() - 1]),
            _ => {}
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

/// The gem's `hash_dig`: every segment but the last must name a hash.
fn dig<'d>(data: &'d Data, path: &[String]) -> Option<&'d Data> {
    path.iter().try_fold(data, |d, segment| match d {
        Data::Hash(entries) => entries
            .iter()
            .find(|(k, _)| matches!(k, Data::String(k) if k == segment))
            .map(|(_, v)| v),
        _ => None,
    })
}

/// The parsed answer of `uri`, fetched once per compile; `Undef` when there is none
/// (not found, or a failure that the options make "not found").
fn fetch(
    uri: &str,
    options: &Options,
    function: &str,
    cx: &mut dyn BackendContext,
) -> Result<Arc<Data>, LookupError> {
    let failed =
        |message: String| LookupError::new(ErrorKind::Backend, format!("{function}: {message}"));
    let url = Url::parse(uri).map_err(&failed)?;
    let basic_auth = options
        .auth
        .as_ref()
        .map(|(u, p)| (u.as_str(), p.as_str()))
        .or_else(|| {
            url.userinfo
                .as_deref()
                .map(|u| u.split_once(':').unwrap_or((u, "")))
        });
    let cache_key = format!(
        "hiera-http|{:?}|{url}|{:?}|{:?}",
        options.output, basic_auth, options.headers
    );
    if let Some(answer) = cx.cached_value(&cache_key) {
        cx.explain(&format!("Returning cached value for {url}"));
        return Ok(answer);
    }
    cx.explain(&format!("Querying {url}"));
    let response = client::get(&client::Request {
        url: &url,
        headers: &options.headers,
        basic_auth,
        connect_timeout: options.connect_timeout,
        read_timeout: options.read_timeout,
    });
    let answer = match response {
        Ok(r) if r.is_success() => {
            let text = String::from_utf8_lossy(&r.body);
            let shown = url.to_string();
            match options.output {
                Output::Plain => Data::String(text.into_owned()),
                Output::Json => marionette_lookup::parse_json(&text, &shown)?,
                Output::Yaml => marionette_lookup::parse_yaml(&text, &shown)?,
            }
        }
        Ok(r) => {
            let status = format!("GET {url}: HTTP {} {}", r.status, r.reason);
            let not_found = options.graceful || (r.status == 404 && options.ignore_404);
            if !not_found {
                return Err(failed(format!("bad HTTP response: {}", status.trim_end())));
            }
            cx.explain(&format!("{} (not found)", status.trim_end()));
            Data::Undef
        }
        Err(e) => {
            let message = format!("GET {url}: {e}");
            if !options.graceful {
                return Err(failed(message));
            }
            // Said, so that data missing for this reason is not a mystery.
            cx.warning(format!(
                "{function}: {message} (failure: graceful, not found)"
            ));
            Data::Undef
        }
    };
    let answer = Arc::new(answer);
    cx.cache_value(cache_key, answer.clone());
    Ok(answer)
}

#[cfg(test)]
mod tests;
