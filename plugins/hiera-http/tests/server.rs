//! The backends against a local HTTP server (a thread on 127.0.0.1), through whole
//! compiles: an environment whose `hiera.yaml` names `hiera_http` and
//! `http_data_hash`, compiled with the backends registered in the environment.
//!
//! The server answers JSON, YAML and plain text, 404 and 500, a chunked answer, one
//! that needs basic authentication, and one that comes too late; it counts the
//! requests for each path, so that the per-compile cache can be checked.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use marionette::catalog::Data;

type Requests = Arc<Mutex<HashMap<String, usize>>>;

/// Starts the server; returns its port and the request counts.
fn server() -> (u16, Requests) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let requests: Requests = Arc::default();
    let counts = requests.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let counts = counts.clone();
            std::thread::spawn(move || serve(stream, &counts));
        }
    });
    (port, requests)
}

fn serve(mut stream: TcpStream, counts: &Mutex<HashMap<String, usize>>) {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => return,
        }
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let path = head.split(' ').nth(1).unwrap_or("").to_string();
    *counts.lock().unwrap().entry(path.clone()).or_default() += 1;
    let json = "application/json";
    let (status, kind, body) = match path.as_str() {
        "/common.json" => (
            "200 OK",
            json,
            r#"{"motd": "role %{facts.role}", "ntp::servers": ["ntp1", "ntp2"],
                "doc": {"data": {"port": 8080}}, "nothing": null}"#
                .to_string(),
        ),
        "/web.yaml" => (
            "200 OK",
            "text/yaml",
            "---\nmotd: from yaml\nport: 81\n".into(),
        ),
        "/wrapped.json" => ("200 OK", json, r#"{"data": {"wrapped": "yes"}}"#.into()),
        "/null.json" => ("200 OK", json, "null".into()),
        "/bad.json" => ("200 OK", json, "{oops".into()),
        "/error" => ("500 Internal Server Error", json, "{}".into()),
        "/slow" => {
            std::thread::sleep(Duration::from_millis(1500));
            ("200 OK", json, r#"{"slow": "late"}"#.into())
        }
        "/auth" if head.contains("Authorization: Basic dTpw\r\n") => {
            ("200 OK", json, r#"{"secret": "s3"}"#.into())
        }
        "/auth" => ("401 Unauthorized", json, "{}".into()),
        "/chunked" => {
            let _ = stream.write_all(
                b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n9\r\n{\"chunk\":\r\n6\r\n \"ok\"}\r\n0\r\n\r\n",
            );
            return;
        }
        p if p.starts_with("/plain/") => ("200 OK", "text/plain", format!("value of {}", &p[7..])),
        p if p.starts_with("/keys/apache/") => (
            "200 OK",
            json,
            format!(r#"{{"class": "{}", "value": 443}}"#, &p[13..]),
        ),
        _ => ("404 Not Found", "text/plain", "not here".into()),
    };
    let _ = stream.write_all(
        format!(
            "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
}

fn tempdir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "marionette-hiera-http-{tag}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("production/manifests")).unwrap();
    dir
}

/// Compiles `site.pp` in an environment with `hiera.yaml` (`PORT` replaced by the
/// server's port); the notify messages by title, or the error.
fn compile(tag: &str, port: u16, hiera: &str, site: &str) -> Result<HashMap<String, Data>, String> {
    let dir = tempdir(tag);
    let env = dir.join("production");
    std::fs::write(
        env.join("hiera.yaml"),
        hiera.replace("PORT", &port.to_string()),
    )
    .unwrap();
    std::fs::write(env.join("manifests/site.pp"), site).unwrap();
    let facts = dir.join("facts.yaml");
    std::fs::write(&facts, "role: web\n").unwrap();
    let options = marionette::eval::CompileOptions::default();
    let node = "web01.example.com";
    let mut environment = marionette::load_environment(&env, None, node, &options).unwrap();
    marionette_hiera_http::register(&mut environment.hiera_backends);
    let input = marionette::node_input(node, Some(&facts), None, None).unwrap();
    let out =
        marionette::eval::compile(&environment, input, options).map_err(|(e, _)| e.to_string())?;
    Ok(out
        .catalog
        .resources
        .iter()
        .filter(|r| r.type_name == "Notify")
        .map(|r| {
            let message = r.parameters.iter().find(|(k, _)| &**k == "message");
            (
                r.title.clone(),
                message.map(|(_, v)| v.clone()).unwrap_or(Data::Undef),
            )
        })
        .collect())
}

fn s(v: &str) -> Data {
    Data::String(v.into())
}

const LOOKUP_KEY: &str = "---
version: 5
hierarchy:
  - name: missing first, then the common document
    lookup_key: hiera_http
    uris:
      - http://127.0.0.1:PORT/missing/%{trusted.certname}
      - http://127.0.0.1:PORT/common.json
    options:
      output: json
      ignore_404: true
  - name: per key
    lookup_key: http_lookup_key
    uri: http://127.0.0.1:PORT/keys/__MODULE__/__PARAMETER__
    options:
      output: json
      dig_key: value
      confine_to_keys: ['^apache::.*']
  - name: the whole answer
    lookup_key: hiera_http
    uri: http://127.0.0.1:PORT/plain/__KEY__
    options:
      confine_to_keys: ['^plain::.*']
";

#[test]
fn lookup_key_levels() {
    let (port, requests) = server();
    let site = r#"
        notify { 'motd': message => lookup('motd') }
        notify { 'ntp': message => lookup('ntp::servers') }
        notify { 'dotted': message => lookup('doc.data.port') }
        notify { 'null': message => lookup('nothing', undef, undef, 'default') }
        notify { 'vhost': message => lookup('apache::vhost::port') }
        notify { 'plain': message => lookup('plain::x y') }
        notify { 'absent': message => lookup('absent', undef, undef, 'default') }
    "#;
    let notes = compile("lookup-key", port, LOOKUP_KEY, site).unwrap();
    // The answer is interpolated.
    assert_eq!(notes["motd"], s("role web"));
    assert_eq!(notes["ntp"], Data::Array(vec![s("ntp1"), s("ntp2")]));
    assert_eq!(notes["dotted"], Data::Integer(8080));
    // A null value in the document is a value (undef), so the default is not used.
    assert_eq!(notes["null"], Data::Undef);
    assert_eq!(notes["vhost"], Data::Integer(443));
    assert_eq!(notes["plain"], s("value of plain::x%20y"));
    assert_eq!(notes["absent"], s("default"));
    let requests = requests.lock().unwrap();
    // Each URL once per compile, however many keys it answered.
    assert_eq!(requests["/common.json"], 1);
    assert_eq!(requests["/missing/web01.example.com"], 1);
    assert_eq!(requests["/keys/apache/port"], 1);
    // Keys outside `confine_to_keys` never reach the per-key levels.
    assert!(!requests.keys().any(|p| p.contains("motd")), "{requests:?}");
}

const DATA_HASH: &str = "---
version: 5
hierarchy:
  - name: yaml first
    data_hash: http_data_hash
    uris:
      - http://127.0.0.1:PORT/web.yaml
      - http://127.0.0.1:PORT/null.json
    options:
      output: yaml
  - name: a part of the answer, chunked, authenticated, absent
    data_hash: http_data_hash
    uris:
      - http://127.0.0.1:PORT/wrapped.json
      - http://127.0.0.1:PORT/chunked
      - http://127.0.0.1:PORT/nowhere
    options:
      dig_key: data
      ignore_404: true
  - name: the rest
    data_hash: http_data_hash
    uris:
      - http://127.0.0.1:PORT/chunked
      - http://u:p@127.0.0.1:PORT/auth
";

#[test]
fn data_hash_levels() {
    let (port, requests) = server();
    let site = r#"
        notify { 'motd': message => lookup('motd') }
        notify { 'port': message => lookup('port') }
        notify { 'wrapped': message => lookup('wrapped') }
        notify { 'chunk': message => lookup('chunk') }
        notify { 'secret': message => lookup('secret') }
    "#;
    let notes = compile("data-hash", port, DATA_HASH, site).unwrap();
    assert_eq!(notes["motd"], s("from yaml"));
    assert_eq!(notes["port"], Data::Integer(81));
    assert_eq!(notes["wrapped"], s("yes"));
    assert_eq!(notes["chunk"], s("ok"));
    assert_eq!(notes["secret"], s("s3"));
    let requests = requests.lock().unwrap();
    for path in [
        "/web.yaml",
        "/wrapped.json",
        "/chunked",
        "/auth",
        "/null.json",
    ] {
        assert_eq!(requests[path], 1, "{path}: {requests:?}");
    }
}

/// One level with `options`, looked up for `key`.
fn one_level(function: &str, uri: &str, options: &str) -> String {
    format!(
        "---\nversion: 5\nhierarchy:\n  - name: one\n    {function}\n    uri: http://127.0.0.1:PORT{uri}\n    options: {options}\n"
    )
}

#[test]
fn failures_are_errors_unless_graceful() {
    let (port, _) = server();
    let site = "notify { 'x': message => lookup('slow', undef, undef, 'fallback') }";
    let check = |tag: &str, level: String| compile(tag, port, &level, site);
    let lk = "lookup_key: hiera_http";
    let dh = "data_hash: http_data_hash";
    let url = format!("http://127.0.0.1:{port}");
    for (tag, level, expected) in [
        (
            "500",
            one_level(lk, "/error", "{output: json, ignore_404: true}"),
            format!(
                "hiera_http: bad HTTP response: GET {url}/error: HTTP 500 Internal Server Error"
            ),
        ),
        (
            "404",
            one_level(dh, "/nowhere", "{}"),
            format!("http_data_hash: bad HTTP response: GET {url}/nowhere: HTTP 404 Not Found"),
        ),
        (
            "timeout",
            one_level(lk, "/slow", "{output: json, http_read_timeout: 0.3}"),
            format!("hiera_http: GET {url}/slow: no complete answer within 0.3 seconds"),
        ),
        (
            "refused",
            one_level(lk, "/x", "{}").replace(":PORT", ":1"),
            "hiera_http: GET http://127.0.0.1:1/x: cannot connect: Connection refused".into(),
        ),
        (
            "syntax",
            one_level(dh, "/bad.json", "{failure: graceful}"),
            format!("Unable to parse ({url}/bad.json)"),
        ),
        (
            "https",
            one_level(lk, "/x", "{}").replace("http://", "https://"),
            "hiera_http: 'https://127.0.0.1:PORT/x': https is not supported"
                .replace("PORT", &port.to_string()),
        ),
    ] {
        let e = check(tag, level).unwrap_err();
        assert!(e.contains(&expected), "{tag}: {e}");
    }
    // Made "not found" by the options: the default answers.
    for (tag, level) in [
        (
            "500-graceful",
            one_level(lk, "/error", "{failure: graceful}"),
        ),
        (
            "404-ignored",
            one_level(dh, "/nowhere", "{ignore_404: true}"),
        ),
        (
            "timeout-graceful",
            one_level(lk, "/slow", "{failure: graceful, http_read_timeout: 0.3}"),
        ),
    ] {
        let notes = check(tag, level).unwrap();
        assert_eq!(notes["x"], s("fallback"), "{tag}");
    }
}

#[test]
fn slow_answers_within_the_timeout_arrive() {
    let (port, _) = server();
    let level = one_level(
        "lookup_key: hiera_http",
        "/slow",
        "{output: json, http_read_timeout: 5}",
    );
    let notes = compile(
        "slow",
        port,
        &level,
        "notify { 'x': message => lookup('slow') }",
    )
    .unwrap();
    assert_eq!(notes["x"], s("late"));
}
