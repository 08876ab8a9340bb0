//! A minimal HTTP/1.1 client: one `GET` per connection (`Connection: close`), over
//! `std::net::TcpStream`, with a connect timeout and a deadline for the whole answer.
//! Enough for a data service on a trusted network; no TLS, no redirects, no proxies,
//! no keep-alive.
//!
//! The answer is read incrementally and parsed by [`parse_response`], a pure function
//! over the bytes received so far, so that a server which keeps the connection open
//! after a complete answer does not make us wait for the deadline.

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// The most an answer's header may take.
const MAX_HEAD: usize = 64 * 1024;
/// The most an answer may take, body included.
const MAX_RESPONSE: usize = 64 * 1024 * 1024;

/// An `http://` URL, split for the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Url {
    /// The host as written (an IPv6 address without its brackets).
    pub host: String,
    pub port: u16,
    /// The path and query, percent-escaped, at least `/`.
    pub target: String,
    /// `user:password` written before `@`, if any.
    pub userinfo: Option<String>,
}

impl Url {
    /// Reads an `http://` URL. `https://` and other schemes are refused with a
    /// message that says why. Characters a URL may not hold (spaces, non-ASCII) in
    /// the path and query are percent-escaped, as Ruby's `URI.escape` does for the
    /// hiera-http gem; an existing `%XX` escape is kept.
    pub fn parse(text: &str) -> Result<Url, String> {
        let Some((scheme, rest)) = text.split_once("://") else {
            return Err(format!("'{text}' is not an http:// URL"));
        };
        if scheme.eq_ignore_ascii_case("https") {
            return Err(format!(
                "'{text}': https is not supported (Marionette's hiera-http has no TLS stack); use http://, e.g. through a local TLS-terminating proxy"
            ));
        }
        if !scheme.eq_ignore_ascii_case("http") {
            return Err(format!("'{text}' is not an http:// URL"));
        }
        let rest = rest.split('#').next().unwrap_or_default();
        let split = rest.find(['/', '?']).unwrap_or(rest.len());
        let (authority, target) = rest.split_at(split);
        let (userinfo, hostport) = match authority.rsplit_once('@') {
            Some((u, h)) => (Some(u.to_string()), h),
            None => (None, authority),
        };
        let (host, port) = if let Some(v6) = hostport.strip_prefix('[') {
            let (host, after) = v6
                .split_once(']')
                .ok_or_else(|| format!("'{text}': unclosed '[' in the host"))?;
            (host, after.strip_prefix(':'))
        } else {
            match hostport.split_once(':') {
                Some((h, p)) => (h, Some(p)),
                None => (hostport, None),
            }
        };
        if host.is_empty() {
            return Err(format!("'{text}' has no host"));
        }
        let port = match port {
            None | Some("") => 80,
            Some(p) => p
                .parse()
                .map_err(|_| format!("'{text}': '{p}' is not a port number"))?,
        };
        let target = match target {
            "" => "/".to_string(),
            t if t.starts_with('?') => format!("/{}", escape(t)),
            t => escape(t),
        };
        Ok(Url {
            host: host.to_string(),
            port,
            target,
            userinfo,
        })
    }

    /// The `Host` header: the host, with its port unless it is 80.
    fn host_header(&self) -> String {
        let host = if self.host.contains(':') {
            format!("[{}]", self.host)
        } else {
            self.host.clone()
        };
        match self.port {
            80 => host,
            port => format!("{host}:{port}"),
        }
    }
}

impl std::fmt::Display for Url {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "http://{}{}", self.host_header(), self.target)
    }
}

/// Percent-escapes the bytes `URI.escape` escapes (anything but letters, digits and
/// ``-_.!~*'();/?:@&=+$,[]``), keeping `%` when it starts an escape.
fn escape(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    for (i, &b) in bytes.iter().enumerate() {
        let kept = b.is_ascii_alphanumeric()
            || b"-_.!~*'();/?:@&=+$,[]".contains(&b)
            || (b == b'%'
                && bytes
                    .get(i + 1..i + 3)
                    .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)));
        if kept {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A request: the URL, extra headers, and how long to wait.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    pub url: &'a Url,
    pub headers: &'a [(String, String)],
    /// `user`, `password` for HTTP basic authentication.
    pub basic_auth: Option<(&'a str, &'a str)>,
    pub connect_timeout: Duration,
    /// How long the whole answer may take to arrive, from when the request is sent.
    pub read_timeout: Duration,
}

/// An answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub reason: String,
    pub body: Vec<u8>,
}

impl Response {
    /// `2xx`.
    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// Sends a `GET` and reads the answer. Errors say what failed, in words (connection
/// refused, a timeout, a malformed answer), without the URL: the caller has it.
pub fn get(request: &Request<'_>) -> Result<Response, String> {
    let text = request_text(request)?;
    let url = request.url;
    let addrs: Vec<_> = (url.host.as_str(), url.port)
        .to_socket_addrs()
        .map_err(|e| format!("cannot resolve {}: {e}", url.host))?
        .collect();
    let mut last = format!("{} has no address", url.host);
    let mut stream = None;
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, request.connect_timeout) {
            Ok(s) => {
                stream = Some(s);
                break;
            }
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {
                last = format!(
                    "could not connect within {} seconds",
                    request.connect_timeout.as_secs_f64()
                );
            }
            Err(e) => last = format!("cannot connect: {e}"),
        }
    }
    let mut stream = stream.ok_or(last)?;
    let deadline = Instant::now() + request.read_timeout;
    let timed_out = || {
        format!(
            "no complete answer within {} seconds",
            request.read_timeout.as_secs_f64()
        )
    };
    let io = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => timed_out(),
        _ => format!("connection failed: {e}"),
    };
    stream
        .set_write_timeout(Some(request.read_timeout))
        .map_err(io)?;
    stream.write_all(text.as_bytes()).map_err(io)?;
    let mut received = Vec::new();
    let mut chunk = [0u8; 16 * 1024];
    loop {
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Err(timed_out());
        }
        stream.set_read_timeout(Some(remaining)).map_err(io)?;
        let n = stream.read(&mut chunk).map_err(io)?;
        received.extend_from_slice(&chunk[..n]);
        if received.len() > MAX_RESPONSE {
            return Err(format!("the answer is larger than {MAX_RESPONSE} bytes"));
        }
        if let Some(response) = parse_response(&received, n == 0)? {
            return Ok(response);
        }
    }
}

/// The request's bytes.
fn request_text(request: &Request<'_>) -> Result<String, String> {
    let mut text = format!(
        "GET {} HTTP/1.1\r\nHost: {}\r\nUser-Agent: marionette-hiera-http/{}\r\nAccept: */*\r\nConnection: close\r\n",
        request.url.target,
        request.url.host_header(),
        env!("CARGO_PKG_VERSION")
    );
    if let Some((user, password)) = request.basic_auth {
        text.push_str(&format!(
            "Authorization: Basic {}\r\n",
            marionette_catalog::base64::encode(format!("{user}:{password}").as_bytes())
        ));
    }
    for (name, value) in request.headers {
        let bad = |s: &str| s.contains(['\r', '\n']);
        if name.is_empty() || bad(name) || name.contains(':') || bad(value) {
            return Err(format!(
                "the header {name:?}: {value:?} is not a valid HTTP header"
            ));
        }
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text.push_str("\r\n");
    Ok(text)
}

/// The answer in `bytes` if it is complete; `Ok(None)` if more is needed (`eof`: the
/// server closed the connection, so nothing more will come).
pub fn parse_response(bytes: &[u8], eof: bool) -> Result<Option<Response>, String> {
    let Some(head_end) = find(bytes, b"\r\n\r\n") else {
        if bytes.len() > MAX_HEAD {
            return Err(format!(
                "the answer's header is larger than {MAX_HEAD} bytes"
            ));
        }
        return match eof {
            true if bytes.is_empty() => {
                Err("the server closed the connection without answering".into())
            }
            true => {
                Err("the server closed the connection in the middle of the answer's header".into())
            }
            false => Ok(None),
        };
    };
    let head = String::from_utf8_lossy(&bytes[..head_end]);
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let mut parts = status_line.splitn(3, ' ');
    let (version, code) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let status: u16 = match code.parse() {
        Ok(s) if version.starts_with("HTTP/") && (100..600).contains(&s) => s,
        _ => return Err(format!("not an HTTP answer: {status_line:?}")),
    };
    let reason = parts.next().unwrap_or("").to_string();
    let rest = &bytes[head_end + 4..];
    // An interim answer (`100 Continue`) is followed by the real one.
    if (100..200).contains(&status) {
        return parse_response(rest, eof);
    }
    let mut length = None;
    let mut chunked = false;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(
                value
                    .parse::<usize>()
                    .map_err(|_| format!("bad Content-Length {value:?}"))?,
            );
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            chunked = value.to_ascii_lowercase().contains("chunked");
        }
    }
    let cut_short = || "the server closed the connection before the end of the answer".to_string();
    let body = if status == 204 || status == 304 {
        Some(Vec::new())
    } else if chunked {
        match dechunk(rest)? {
            None if eof => return Err(cut_short()),
            body => body,
        }
    } else if let Some(n) = length {
        match rest.get(..n) {
            Some(body) => Some(body.to_vec()),
            None if eof => return Err(cut_short()),
            None => None,
        }
    } else {
        eof.then(|| rest.to_vec())
    };
    Ok(body.map(|body| Response {
        status,
        reason,
        body,
    }))
}

/// A chunked body, if all of it is there.
fn dechunk(mut bytes: &[u8]) -> Result<Option<Vec<u8>>, String> {
    let mut body = Vec::new();
    loop {
        let Some(line_end) = find(bytes, b"\r\n") else {
            return Ok(None);
        };
        let line = String::from_utf8_lossy(&bytes[..line_end]);
        let size = line.split(';').next().unwrap_or("").trim();
        let size = usize::from_str_radix(size, 16)
            .map_err(|_| format!("bad chunk size {size:?} in a chunked answer"))?;
        bytes = &bytes[line_end + 2..];
        if size == 0 {
            // Trailers, then an empty line.
            return Ok(find(bytes, b"\r\n").is_some().then_some(body));
        }
        if bytes.len() < size + 2 {
            return Ok(None);
        }
        if &bytes[size..size + 2] != b"\r\n" {
            return Err(format!(
                "a chunk of a chunked answer is longer than its size {size}"
            ));
        }
        body.extend_from_slice(&bytes[..size]);
        bytes = &bytes[size + 2..];
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        let u = Url::parse("http://user:pw@example.com:8080/a b/ü?x=1&y=%2F#frag").unwrap();
        assert_eq!(u.host, "example.com");
        assert_eq!(u.port, 8080);
        assert_eq!(u.target, "/a%20b/%C3%BC?x=1&y=%2F");
        assert_eq!(u.userinfo.as_deref(), Some("user:pw"));
        assert_eq!(
            u.to_string(),
            "http://example.com:8080/a%20b/%C3%BC?x=1&y=%2F"
        );
        let u = Url::parse("HTTP://[::1]?q=100%").unwrap();
        assert_eq!((u.host.as_str(), u.port), ("::1", 80));
        assert_eq!(u.target, "/?q=100%25");
        assert_eq!(u.to_string(), "http://[::1]/?q=100%25");
        for (bad, message) in [
            ("https://x/", "https is not supported"),
            ("ftp://x/", "is not an http:// URL"),
            ("/relative", "is not an http:// URL"),
            ("http:///path", "has no host"),
            ("http://x:99999/", "is not a port number"),
            ("http://[::1/", "unclosed"),
        ] {
            let e = Url::parse(bad).unwrap_err();
            assert!(e.contains(message), "{bad}: {e}");
        }
    }

    #[test]
    fn requests() {
        let url = Url::parse("http://h:81/p").unwrap();
        let headers = [("X-Token".to_string(), "t".to_string())];
        let r = Request {
            url: &url,
            headers: &headers,
            basic_auth: Some(("Aladdin", "open sesame")),
            connect_timeout: Duration::from_secs(1),
            read_timeout: Duration::from_secs(1),
        };
        let text = request_text(&r).unwrap();
        assert!(
            text.starts_with("GET /p HTTP/1.1\r\nHost: h:81\r\n"),
            "{text}"
        );
        assert!(text.contains("Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==\r\n"));
        assert!(text.ends_with("X-Token: t\r\n\r\n"));
        let bad = [("X".to_string(), "a\r\nEvil: 1".to_string())];
        let e = request_text(&Request { headers: &bad, ..r }).unwrap_err();
        assert!(e.contains("not a valid HTTP header"), "{e}");
    }

    #[test]
    fn base64_pads() {
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
        ] {
            assert_eq!(
                marionette_catalog::base64::encode(plain.as_bytes()),
                encoded
            );
        }
    }

    fn parsed(bytes: &str, eof: bool) -> Result<Option<(u16, String)>, String> {
        parse_response(bytes.as_bytes(), eof)
            .map(|r| r.map(|r| (r.status, String::from_utf8(r.body).unwrap())))
    }

    #[test]
    fn answers() {
        let ok = |s: u16, b: &str| Ok(Some((s, b.to_string())));
        // Content-Length: complete without waiting for the end of the connection.
        assert_eq!(
            parsed("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi", false),
            ok(200, "hi")
        );
        assert_eq!(
            parsed("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nhi", false),
            Ok(None)
        );
        // No length: the body ends with the connection.
        assert_eq!(
            parsed("HTTP/1.0 404 Not Found\r\n\r\nnope", false),
            Ok(None)
        );
        assert_eq!(
            parsed("HTTP/1.0 404 Not Found\r\n\r\nnope", true),
            ok(404, "nope")
        );
        // Chunked, with an extension and a trailer.
        let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n2\r\nde\r\n0\r\nT: 1\r\n\r\n";
        assert_eq!(parsed(chunked, false), ok(200, "abcde"));
        assert_eq!(parsed(&chunked[..chunked.len() - 12], false), Ok(None));
        // An interim answer first.
        assert_eq!(
            parsed(
                "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n",
                false
            ),
            ok(204, "")
        );
        assert_eq!(parsed("HTTP/1.1 200 OK\r\nContent-", false), Ok(None));
        for (bytes, message) in [
            ("", "without answering"),
            ("HTTP/1.1 200 OK\r\n", "middle of the answer's header"),
            (
                "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nhi",
                "before the end",
            ),
            ("SSH-2.0-OpenSSH\r\n\r\n", "not an HTTP answer"),
            (
                "HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n",
                "bad Content-Length",
            ),
            (
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                "bad chunk size",
            ),
        ] {
            let e = parsed(bytes, true).unwrap_err();
            assert!(e.contains(message), "{bytes:?}: {e}");
        }
    }
}
