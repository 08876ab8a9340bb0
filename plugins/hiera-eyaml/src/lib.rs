//! `eyaml_lookup_key`: the hiera-eyaml backend, as Puppet 7.23's function of that name
//! runs hiera-eyaml 3.3 with its PKCS7 encryptor.
//!
//! ```yaml
//! hierarchy:
//!   - name: "Secrets"
//!     lookup_key: eyaml_lookup_key
//!     path: "secrets.eyaml"
//!     options:
//!       pkcs7_private_key: /etc/puppetlabs/puppet/eyaml/private_key.pkcs7.pem
//!       pkcs7_public_key: /etc/puppetlabs/puppet/eyaml/public_key.pkcs7.pem
//! ```
//!
//! The data file is YAML, read as `yaml_data` reads it and parsed once per run. Only
//! the value looked up is decrypted: its strings (in arrays and hashes too) holding
//! `ENC[PKCS7,...]` blocks, each replaced by its plaintext, then the whole string
//! interpolated; hash keys are interpolated. Keys are read when a value is decrypted
//! (a missing key file only fails the lookups that need it), from the paths of the
//! options, relative to the working directory as Ruby reads them, or from the
//! environment variables `pkcs7_private_key_env_var` and `pkcs7_public_key_env_var`
//! name. Failures read as Puppet's: `hiera-eyaml backend error decrypting <value> when
//! looking up <key> in <path>. Error was <OpenSSL's or Ruby's message>`.
//!
//! Register it with [`register`] (or as a plugin, once the plugin ABI exists).

mod blocks;
mod pkcs7;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use marionette_catalog::Data;
use marionette_lookup::{
    Backend, BackendCall, BackendContext, BackendKind, Backends, ErrorKind, LookupError, YamlData,
};

use blocks::Piece;

/// The function name `hiera.yaml` uses.
pub const FUNCTION: &str = "eyaml_lookup_key";

/// Adds `eyaml_lookup_key` to the backends a compile can name.
pub fn register(backends: &mut Backends) {
    backends.register(FUNCTION, Arc::new(EyamlLookupKey::default()));
}

/// The plugin: `eyaml_lookup_key`. Loaded with `--plugin` (the `cdylib`), or linked
/// statically with `marionette::Compiler::builder().plugin(plugin())`.
pub fn plugin() -> marionette_plugin_api::Plugin {
    marionette_plugin_api::Plugin::new("hiera-eyaml").backend(FUNCTION, EyamlLookupKey::default())
}

marionette_plugin_api::export_plugin!(plugin);

/// The `eyaml_lookup_key` backend. One value serves every compile of a run: it keeps
/// the parsed keys and the decrypted blocks.
#[derive(Default)]
pub struct EyamlLookupKey {
    crypto: pkcs7::Cache,
    /// Each data file's keys, by path, with the parsed file they index.
    indexes: Mutex<HashMap<PathBuf, Arc<Index>>>,
}

struct Index {
    data: Arc<Data>,
    keys: HashMap<String, usize>,
}

impl Backend for EyamlLookupKey {
    fn kind(&self) -> BackendKind {
        BackendKind::LookupKey
    }

    fn lookup_key(
        &self,
        key: &str,
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Option<Data>, LookupError> {
        let Some(path) = call.path else {
            return Err(LookupError::new(
                ErrorKind::Config,
                format!("'{}': one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this lookup_key function", call.function),
            )
            .as_runtime());
        };
        // The file as `yaml_data` reads it (and caches it: both read the same way).
        let file = BackendCall {
            function: call.function,
            options: &[],
            path: Some(path),
            uri: None,
        };
        let data = YamlData.data_hash(&file, cx)?;
        let index = self.index(path, data);
        let Some(&i) = index.keys.get(key) else {
            return Ok(None);
        };
        let Data::Hash(entries) = &*index.data else {
            return Ok(None);
        };
        let mut lookup = Lookup {
            backend: self,
            key,
            call,
            path,
            cx,
        };
        lookup.decrypt_value(&entries[i].1).map(Some)
    }
}

impl EyamlLookupKey {
    /// The index of a data file's keys, built once per parsed file.
    fn index(&self, path: &Path, data: Arc<Data>) -> Arc<Index> {
        let mut indexes = self.indexes.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(hit) = indexes.get(path).filter(|i| Arc::ptr_eq(&i.data, &data)) {
            return hit.clone();
        }
        let mut keys = HashMap::new();
        if let Data::Hash(entries) = &*data {
            for (i, (k, _)) in entries.iter().enumerate() {
                if let Data::String(k) = k {
                    keys.entry(k.clone()).or_insert(i);
                }
            }
        }
        let index = Arc::new(Index { data, keys });
        indexes.insert(path.to_path_buf(), index.clone());
        index
    }
}

/// One key's lookup: what an error message names.
struct Lookup<'a, 'c> {
    backend: &'a EyamlLookupKey,
    key: &'a str,
    call: &'a BackendCall<'a>,
    path: &'a Path,
    cx: &'c mut dyn BackendContext,
}

impl Lookup<'_, '_> {
    /// Strings decrypted and interpolated, in arrays and hash values too; hash keys
    /// interpolated; other values as they are.
    fn decrypt_value(&mut self, value: &Data) -> Result<Data, LookupError> {
        match value {
            Data::String(s) => self.decrypt(s),
            Data::Array(items) => items
                .iter()
                .map(|v| self.decrypt_value(v))
                .collect::<Result<_, _>>()
                .map(Data::Array),
            Data::Hash(entries) => {
                let mut out: Vec<(Data, Data)> = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    let k = self.cx.interpolate(k)?;
                    let v = self.decrypt_value(v)?;
                    // Two keys may interpolate to one: the later value wins, in the
                    // first one's place, as in a Ruby Hash.
                    match out.iter_mut().find(|(existing, _)| *existing == k) {
                        Some(slot) => slot.1 = v,
                        None => out.push((k, v)),
                    }
                }
                Ok(Data::Hash(out))
            }
            other => Ok(other.clone()),
        }
    }

    fn decrypt(&mut self, value: &str) -> Result<Data, LookupError> {
        if !blocks::encrypted(value) {
            return self.cx.interpolate(&Data::String(value.to_string()));
        }
        let mut plain = String::with_capacity(value.len());
        for piece in blocks::pieces(value) {
            match piece {
                Piece::Text(text) => plain.push_str(text),
                Piece::Block { scheme, cipher } => {
                    let bytes = self
                        .decrypt_block(scheme, &cipher)
                        .map_err(|message| self.failure(value, &message))?;
                    plain.push_str(&String::from_utf8_lossy(&bytes));
                }
            }
        }
        // Ruby's `chomp`: one line ending off the end.
        if plain.ends_with("\r\n") {
            plain.truncate(plain.len() - 2);
        } else if plain.ends_with('\n') || plain.ends_with('\r') {
            plain.truncate(plain.len() - 1);
        }
        self.cx.interpolate(&Data::String(plain))
    }

    /// One block's plaintext, or the message of what failed.
    fn decrypt_block(&self, scheme: Option<&str>, cipher: &str) -> Result<Arc<[u8]>, Failure> {
        if cipher.is_empty() {
            // hiera-eyaml's second match of the block fails and it calls `[]` on nil.
            // Ruby adds lines to the message (its error_highlight of the gem's source),
            // so Puppet's " on node" comes after more lines: ours say what is wrong.
            return Err(Failure::Eyaml(
                "undefined method `[]' for nil:NilClass\n\n  (the ENC[] block holds no base64 text)"
                    .into(),
            ));
        }
        if let Some(scheme) = scheme.filter(|s| !s.eq_ignore_ascii_case("pkcs7")) {
            // Only the PKCS7 encryptor ships with hiera-eyaml; Ruby fails to load another.
            return Err(Failure::Load(format!(
                "cannot load such file -- hiera/backend/eyaml/encryptors/{}",
                scheme.to_ascii_lowercase()
            )));
        }
        let public = self.option("pkcs7_public_key");
        let public_env = self.option("pkcs7_public_key_env_var");
        if public.is_none() && public_env.is_none() {
            return Err(Failure::Eyaml("pkcs7_public_key is not defined".into()));
        }
        let private = self.option("pkcs7_private_key");
        let private_env = self.option("pkcs7_private_key_env_var");
        if private.is_none() && private_env.is_none() {
            return Err(Failure::Eyaml("pkcs7_private_key is not defined".into()));
        }
        let crypto = &self.backend.crypto;
        let key = crypto.private_key(read_key(private, private_env)?);
        if let Err(e) = &*key {
            return Err(Failure::Eyaml(e.clone()));
        }
        let recipient = crypto.recipient(read_key(public, public_env)?);
        if let Err(e) = &*recipient {
            return Err(Failure::Eyaml(e.clone()));
        }
        let der = blocks::decode64(cipher);
        crypto
            .decrypt(&key, &recipient, &der)
            .map_err(Failure::Eyaml)
    }

    /// An option as Ruby tests it: `nil` and `false` are unset.
    fn option(&self, name: &str) -> Option<&Data> {
        self.call
            .option(name)
            .filter(|v| !matches!(v, Data::Undef | Data::Bool(false)))
    }

    fn failure(&self, value: &str, failure: &Failure) -> LookupError {
        match failure {
            Failure::Eyaml(message) => LookupError::new(
                ErrorKind::Backend,
                format!(
                    "hiera-eyaml backend error decrypting {value} when looking up {} in {}. Error was {message}",
                    self.key,
                    self.path.display()
                ),
            ),
            Failure::Load(message) => LookupError::new(ErrorKind::Backend, message.clone()),
        }
    }
}

/// Why a block was not decrypted.
enum Failure {
    /// What hiera-eyaml's encryptor raised: Puppet reports it with the value and key.
    Eyaml(String),
    /// A Ruby `LoadError`, which Puppet reports as it is.
    Load(String),
}

/// A key file's text: from the environment variable named by `env` when it is set,
/// otherwise read from `path` (`File.read`, with Ruby's messages).
fn read_key(path: Option<&Data>, env: Option<&Data>) -> Result<Vec<u8>, Failure> {
    if let Some(Data::String(var)) = env {
        if let Some(text) = std::env::var_os(var) {
            return Ok(text.into_encoded_bytes());
        }
    }
    let path = match path {
        Some(Data::String(p)) => p,
        other => {
            return Err(Failure::Eyaml(format!(
                "no implicit conversion of {} into String",
                ruby_class(other)
            )))
        }
    };
    let sys = |e: std::io::Error, call: &str| {
        let text = e.to_string();
        let text = match text.find(" (os error") {
            Some(i) => &text[..i],
            None => &text,
        };
        Failure::Eyaml(format!("{text} @ {call} - {path}"))
    };
    use std::io::Read;
    let mut file = std::fs::File::open(path).map_err(|e| sys(e, "rb_sysopen"))?;
    let mut text = Vec::new();
    file.read_to_end(&mut text)
        .map_err(|e| sys(e, "io_fread"))?;
    Ok(text)
}

/// How Ruby names a value's class in a conversion error.
fn ruby_class(value: Option<&Data>) -> &'static str {
    match value {
        None | Some(Data::Undef) => "nil",
        Some(Data::Bool(true)) => "true",
        Some(Data::Bool(false)) => "false",
        Some(Data::Integer(_)) => "Integer",
        Some(Data::Float(_)) => "Float",
        Some(Data::Array(_)) => "Array",
        Some(Data::Hash(_)) => "Hash",
        Some(_) => "Object",
    }
}

#[cfg(test)]
mod tests;
