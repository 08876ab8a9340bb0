//! The backend over `tests/unit/data.eyaml` (encrypted with `eyaml encrypt` for the
//! cases' key pair `tests/cases/keys/`) and a context that reads files from disk and
//! interpolates `%{x}` as `X`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use marionette_catalog::Data;
use marionette_lookup::{Backend, BackendCall, BackendContext, LookupError};

use crate::{EyamlLookupKey, FUNCTION};

struct Cx {
    reads: usize,
}

impl BackendContext for Cx {
    fn cached_file_data(
        &mut self,
        path: &Path,
        parse: &mut dyn FnMut(&str) -> Result<Data, LookupError>,
    ) -> Result<Arc<Data>, LookupError> {
        self.reads += 1;
        let text = std::fs::read_to_string(path).expect("the unit data file");
        parse(&text).map(Arc::new)
    }
    fn interpolate(&mut self, value: &Data) -> Result<Data, LookupError> {
        Ok(match value {
            Data::String(s) => Data::String(s.replace("%{x}", "X")),
            other => other.clone(),
        })
    }
    fn explain(&mut self, _: &str) {}
    fn warning(&mut self, _: String) {}
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

fn data_file() -> PathBuf {
    dir().join("unit/data.eyaml")
}

/// A level's options.
type Options = Vec<(String, Data)>;

/// The options naming a private key and a certificate, by their paths under
/// `tests/cases/`.
fn key_files(private: &str, public: &str) -> Options {
    let path = |file: &str| Data::String(dir().join("cases").join(file).display().to_string());
    vec![
        ("pkcs7_private_key".into(), path(private)),
        ("pkcs7_public_key".into(), path(public)),
    ]
}

/// The options naming a pair made by `eyaml createkeys` in `tests/cases/<pair>`.
fn keys(pair: &str) -> Options {
    key_files(
        &format!("{pair}/private_key.pkcs7.pem"),
        &format!("{pair}/public_key.pkcs7.pem"),
    )
}

/// Looks `key` up with `options`: the value, `None` (not found), or the error's text.
fn lookup_with(
    backend: &EyamlLookupKey,
    key: &str,
    options: &[(String, Data)],
) -> Result<Option<Data>, String> {
    let path = data_file();
    let call = BackendCall {
        function: FUNCTION,
        options,
        path: Some(&path),
        uri: None,
    };
    backend
        .lookup_key(key, &call, &mut Cx { reads: 0 })
        .map_err(|e| e.to_string())
}

fn s(text: &str) -> Data {
    Data::String(text.into())
}

#[test]
fn values_as_hiera_eyaml_decrypts_them() {
    let backend = EyamlLookupKey::default();
    let options = keys("keys");
    let cases: Vec<(&str, Option<Data>)> = vec![
        ("plain", Some(s("text"))),
        ("secret", Some(s("unit secret"))),
        ("newline", Some(s("line"))),
        ("interpolated", Some(s("hi X"))),
        (
            "nested",
            Some(Data::Hash(vec![(
                s("key X"),
                Data::Array(vec![s("in a list"), Data::Integer(3)]),
            )])),
        ),
        ("block", Some(s("folded"))),
        ("undef", Some(Data::Undef)),
        ("missing", None),
    ];
    for (key, expected) in cases {
        assert_eq!(lookup_with(&backend, key, &options), Ok(expected), "{key}");
    }
    // Decrypted blocks are remembered: the same lookup gives the same answer.
    assert_eq!(
        lookup_with(&backend, "secret", &options),
        Ok(Some(s("unit secret")))
    );
}

#[test]
fn failures_in_puppets_words() {
    let file = data_file().display().to_string();
    let cases_dir = dir().join("cases").display().to_string();
    let good = keys("keys");
    let secret = |message: &str| -> String {
        let value = std::fs::read_to_string(data_file())
            .unwrap()
            .lines()
            .find_map(|l| l.strip_prefix("secret: ").map(str::to_string))
            .unwrap();
        format!("hiera-eyaml backend error decrypting {value} when looking up secret in {file}. Error was {message}")
    };
    const PRIVATE: &str = "keys/private_key.pkcs7.pem";
    const PUBLIC: &str = "keys/public_key.pkcs7.pem";
    let missing = format!("{cases_dir}/keys/missing.pem");
    let cases: Vec<(&str, Options, String)> = vec![
        (
            "secret",
            key_files("keys/missing.pem", PUBLIC),
            secret(&format!("No such file or directory @ rb_sysopen - {missing}")),
        ),
        (
            "secret",
            key_files(PRIVATE, "keys/missing.pem"),
            secret(&format!("No such file or directory @ rb_sysopen - {missing}")),
        ),
        (
            "secret",
            key_files("", PUBLIC),
            secret(&format!("Is a directory @ io_fread - {cases_dir}/")),
        ),
        (
            "secret",
            key_files("keys-other/garbage.pem", PUBLIC),
            secret("Neither PUB key nor PRIV key: unsupported"),
        ),
        (
            "secret",
            key_files(PRIVATE, "keys-other/garbage.pem"),
            secret("PEM_read_bio_X509: no start line"),
        ),
        (
            "secret",
            key_files("keys-other/private_key.pkcs7.pem", PUBLIC),
            secret("private key does not match certificate"),
        ),
        ("secret", keys("keys-other"), secret("bad decrypt")),
        // A PKCS#8 key with its certificate (`openssl req`, serial 2): no recipient.
        (
            "secret",
            key_files(
                "keys-other/serial2_private_key.pem",
                "keys-other/serial2_public_key.pem",
            ),
            secret("decrypt error"),
        ),
        (
            "secret",
            good[..1].to_vec(),
            secret("pkcs7_public_key is not defined"),
        ),
        (
            "secret",
            good[1..].to_vec(),
            secret("pkcs7_private_key is not defined"),
        ),
        (
            "broken",
            good.clone(),
            format!("hiera-eyaml backend error decrypting a ENC[PKCS7,bm90IGEgcGtjczc=] b when looking up broken in {file}. Error was Could not parse the PKCS7: no start line"),
        ),
        (
            "gpg",
            good.clone(),
            "cannot load such file -- hiera/backend/eyaml/encryptors/gpg".into(),
        ),
    ];
    for (key, options, expected) in cases {
        let backend = EyamlLookupKey::default();
        assert_eq!(
            lookup_with(&backend, key, &options),
            Err(expected.clone()),
            "{options:?}"
        );
    }
    // The empty block: Ruby's message, then lines of its own.
    let e = lookup_with(&EyamlLookupKey::default(), "empty_block", &good).unwrap_err();
    assert!(
        e.lines()
            .next()
            .unwrap()
            .ends_with("Error was undefined method `[]' for nil:NilClass"),
        "{e}"
    );
}

#[test]
fn only_the_value_looked_up_is_decrypted() {
    // The file holds values this key pair cannot decrypt, and the file is read once.
    let backend = EyamlLookupKey::default();
    let path = data_file();
    let options = keys("keys");
    let call = BackendCall {
        function: FUNCTION,
        options: &options,
        path: Some(&path),
        uri: None,
    };
    let mut cx = Cx { reads: 0 };
    assert_eq!(
        backend.lookup_key("secret", &call, &mut cx).unwrap(),
        Some(s("unit secret"))
    );
    assert_eq!(
        backend.lookup_key("plain", &call, &mut cx).unwrap(),
        Some(s("text"))
    );
    assert_eq!(cx.reads, 2, "every lookup asks the context for the file");
}

#[test]
fn keys_from_environment_variables() {
    let pem = |file: &str| std::fs::read_to_string(dir().join("cases/keys").join(file)).unwrap();
    std::env::set_var(
        "MARIONETTE_EYAML_TEST_PRIVATE",
        pem("private_key.pkcs7.pem"),
    );
    std::env::set_var("MARIONETTE_EYAML_TEST_PUBLIC", pem("public_key.pkcs7.pem"));
    let options = vec![
        (
            "pkcs7_private_key_env_var".to_string(),
            s("MARIONETTE_EYAML_TEST_PRIVATE"),
        ),
        (
            "pkcs7_public_key_env_var".to_string(),
            s("MARIONETTE_EYAML_TEST_PUBLIC"),
        ),
    ];
    assert_eq!(
        lookup_with(&EyamlLookupKey::default(), "secret", &options),
        Ok(Some(s("unit secret")))
    );
    // An unset variable and no path: Ruby's File.read(nil).
    let unset = vec![
        options[1].clone(),
        (
            "pkcs7_private_key_env_var".to_string(),
            s("MARIONETTE_EYAML_TEST_UNSET"),
        ),
    ];
    let e = lookup_with(&EyamlLookupKey::default(), "secret", &unset).unwrap_err();
    assert!(
        e.ends_with("Error was no implicit conversion of nil into String"),
        "{e}"
    );
}

#[test]
fn a_level_without_a_path_is_refused() {
    let options = keys("keys");
    let call = BackendCall {
        function: FUNCTION,
        options: &options,
        path: None,
        uri: None,
    };
    let e = EyamlLookupKey::default()
        .lookup_key("secret", &call, &mut Cx { reads: 0 })
        .unwrap_err();
    assert!(e.runtime);
    assert_eq!(e.message, "'eyaml_lookup_key': one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this lookup_key function");
}
