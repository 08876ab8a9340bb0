//! The options, tags and digging, without a server (`tests/server.rs` has one).

use super::*;

fn s(v: &str) -> Data {
    Data::String(v.into())
}

/// A context that records what the backend says and keeps its cache.
#[derive(Default)]
struct Cx {
    explained: Vec<String>,
}

impl BackendContext for Cx {
    fn cached_file_data(
        &mut self,
        _: &std::path::Path,
        _: &mut dyn FnMut(&str) -> Result<Data, LookupError>,
    ) -> Result<Arc<Data>, LookupError> {
        unreachable!("hiera-http reads no files")
    }
    fn interpolate(&mut self, value: &Data) -> Result<Data, LookupError> {
        Ok(value.clone())
    }
    fn explain(&mut self, text: &str) {
        self.explained.push(text.to_string());
    }
    fn warning(&mut self, _: String) {}
}

fn call<'a>(options: &'a [(String, Data)], uri: Option<&'a str>) -> BackendCall<'a> {
    BackendCall {
        function: "hiera_http",
        options,
        path: None,
        uri,
    }
}

fn options(pairs: &[(&str, Data)]) -> Vec<(String, Data)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect()
}

#[test]
fn tags_are_the_gems() {
    for (key, text, expected) in [
        (
            "apache::vhost::port",
            "/k/__KEY__",
            "/k/apache::vhost::port",
        ),
        (
            "apache::vhost::port",
            "/__MODULE__/__CLASS__/__PARAMETER__",
            "/apache/apache::vhost/port",
        ),
        ("ntp", "/__MODULE__/__CLASS__/__PARAMETER__", "///ntp"),
        // Other words, and lower case, are replaced by nothing.
        ("ntp", "/__OTHER__/__key__/x", "///x"),
        // Not tags: too short, or not closed.
        ("ntp", "/____/__/__KEY", "/____/__/__KEY"),
        // `\w+` is greedy: `__KEY__KEY__` is one word, `KEY__KEY`.
        ("ntp", "/__KEY__KEY__", "/"),
        ("ntp", "a__KEY__b", "antpb"),
    ] {
        assert_eq!(tags(key, text), expected, "{key} {text}");
    }
}

#[test]
fn digging() {
    let doc = Data::Hash(vec![(
        s("a"),
        Data::Hash(vec![(s("b"), s("x")), (s("n"), Data::Undef)]),
    )]);
    let path = |p: &str| p.split('.').map(str::to_string).collect::<Vec<_>>();
    assert_eq!(dig(&doc, &path("a.b")), Some(&s("x")));
    assert_eq!(dig(&doc, &path("a.n")), Some(&Data::Undef));
    assert_eq!(dig(&doc, &path("a.c")), None);
    assert_eq!(dig(&doc, &path("a.b.c")), None);
}

#[test]
fn options_are_checked() {
    let read = |pairs: &[(&str, Data)], kind| {
        let o = options(pairs);
        Options::read(&call(&o, None), kind).map_err(|e| e.message)
    };
    let o = read(&[], BackendKind::LookupKey).unwrap();
    assert_eq!(o.output, Output::Plain);
    assert!(o.dig && !o.graceful && !o.ignore_404 && o.auth.is_none());
    assert_eq!(o.read_timeout, Duration::from_secs(10));
    assert_eq!(
        read(&[], BackendKind::DataHash).unwrap().output,
        Output::Json
    );
    let o = read(
        &[
            ("output", s("yaml")),
            ("dig", Data::Bool(false)),
            ("failure", s("graceful")),
            ("ignore_404", Data::Bool(true)),
            ("http_read_timeout", Data::Float(0.5)),
            ("http_connect_timeout", Data::Integer(2)),
            ("use_auth", Data::Bool(true)),
            ("auth_user", s("u")),
            ("headers", Data::Hash(vec![(s("X-A"), Data::Integer(1))])),
        ],
        BackendKind::LookupKey,
    )
    .unwrap();
    assert_eq!(o.output, Output::Yaml);
    assert!(!o.dig && o.graceful && o.ignore_404);
    assert_eq!(o.read_timeout, Duration::from_millis(500));
    assert_eq!(o.connect_timeout, Duration::from_secs(2));
    assert_eq!(o.auth, Some(("u".to_string(), String::new())));
    assert_eq!(o.headers, vec![("X-A".to_string(), "1".to_string())]);
    for (pairs, kind, message) in [
        (vec![("output", s("xml"))], BackendKind::LookupKey, "'hiera_http' option 'output' must be json, yaml or plain, not 'xml'"),
        (vec![("output", s("plain"))], BackendKind::DataHash, "'hiera_http' reads a hash: its option 'output' must be json or yaml"),
        (vec![("http_read_timeout", s("10"))], BackendKind::LookupKey, "'hiera_http' option 'http_read_timeout' must be a number of seconds, not String"),
        (vec![("http_connect_timeout", Data::Integer(0))], BackendKind::LookupKey, "'hiera_http' option 'http_connect_timeout' must be a positive number of seconds, not 0"),
        (vec![("headers", s("x"))], BackendKind::LookupKey, "'hiera_http' option 'headers' must be a hash, not String"),
        (vec![("eyaml", Data::Bool(true))], BackendKind::LookupKey, "'hiera_http' option 'eyaml' is not supported"),
        (vec![("use_ssl", Data::Bool(true))], BackendKind::LookupKey, "'hiera_http' option 'use_ssl' is not supported"),
    ] {
        let e = read(&pairs, kind).unwrap_err();
        assert!(e.starts_with(message), "{e}");
    }
}

#[test]
fn confined_keys_are_not_fetched() {
    let o = options(&[(
        "confine_to_keys",
        Data::Array(vec![s("^app::.*"), s("ntp")]),
    )]);
    // Port 1 on the loopback refuses connections: only a fetch can fail.
    let c = call(&o, Some("http://127.0.0.1:1/__KEY__"));
    let mut cx = Cx::default();
    for key in ["other", "ntp::servers", "xntp"] {
        assert_eq!(
            HttpLookupKey::default().lookup_key(key, &c, &mut cx),
            Ok(None),
            "{key}"
        );
    }
    assert_eq!(
        cx.explained[0],
        "Skipping hiera_http because key does not match confine_to_keys"
    );
    for key in ["ntp", "app::port"] {
        let e = HttpLookupKey::default()
            .lookup_key(key, &c, &mut cx)
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Backend);
        assert!(
            e.message.starts_with(&format!(
                "hiera_http: GET http://127.0.0.1:1/{key}: cannot connect"
            )),
            "{e}"
        );
    }
}

#[test]
fn confine_to_keys_is_compiled_once() {
    let backend = HttpLookupKey::default();
    let patterns = vec!["^a.*".to_string(), "b".to_string()];
    let re = backend.confinement(&patterns, "hiera_http").unwrap();
    assert!(Arc::ptr_eq(
        &re,
        &backend.confinement(&patterns, "hiera_http").unwrap()
    ));
    let bad = vec!["a".to_string(), "(".to_string()];
    let e = backend.confinement(&bad, "hiera_http").unwrap_err().message;
    assert!(
        e.starts_with("'hiera_http' option 'confine_to_keys': bad regular expression /(/: "),
        "{e}"
    );
}

#[test]
fn a_level_needs_a_uri() {
    let e = HttpDataHash
        .data_hash(&call(&[], None), &mut Cx::default())
        .unwrap_err();
    assert_eq!(
        e.message,
        "'hiera_http' needs 'uri' or 'uris' in its hierarchy level of hiera.yaml"
    );
}
