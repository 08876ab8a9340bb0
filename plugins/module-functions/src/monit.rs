//! sbitio-monit: `monit_validate_tests` (3.x), a check's tests validated and written
//! in monit's language (each test gains a `condition`, and an `action`).

use crate::{no_method, NativeFunction};
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "monit_validate_tests",
    signatures: &["Any args*"],
    imp: |a, _| {
        let a = ruby::args3x(a);
        let check_type = upcase(a.first().unwrap_or(&Data::Undef))?;
        match a.get(1) {
            Some(Data::Array(tests)) => tests
                .iter()
                .map(|t| validate(&check_type, t))
                .collect::<Result<Vec<_>, _>>()
                .map(Data::Array),
            other => Err(no_method("each_with_index", other.unwrap_or(&Data::Undef))),
        }
    },
}];

const RESOURCE_TESTS: &[&str] = &[
    "CPU",
    "CPU(USER)",
    "CPU(SYSTEM)",
    "CPU(WAIT)",
    "TOTAL CPU",
    "CHILDREN",
    "LOADAVG(1MIN)",
    "LOADAVG(5MIN)",
    "LOADAVG(15MIN)",
    "TOTAL MEMORY",
    "MEMORY",
    "SWAP",
];
const RESOURCE_TESTS_OPERATORS: &[&str] = &[
    "<", ">", "!=", "==", "GT", "LT", "EQ", "NE", "GREATER", "LESS", "EQUAL", "NOTEQUAL",
];
const TEST_ACTIONS: &[&str] = &["ALERT", "RESTART", "START", "STOP", "EXEC", "UNMONITOR"];
const HTTP_TESTS: &[&str] = &["REQUEST", "STATUS", "CHECKSUM", "HOSTHEADER", "CONTENT"];
const APACHE_STATUS_TESTS: &[&str] = &[
    "LOGLIMIT",
    "CLOSELIMIT",
    "DNSLIMIT",
    "KEEPALIVELIMIT",
    "REPLYLIMIT",
    "REQUESTLIMIT",
    "STARTLIMIT",
    "WAITLIMIT",
    "GRACEFULLIMIT",
    "CLEANUPLIMIT",
];
const GENERIC_TESTS: &[&str] = &["SEND", "EXPECT"];

/// The tests a check type allows (`None`: not a check type).
fn test_types(check_type: &str) -> Option<Vec<&'static str>> {
    Some(match check_type {
        "DIRECTORY" | "FIFO" | "FILE" | "PROGRAM" => Vec::new(),
        "FILESYSTEM" => vec!["FSFLAGS", "SPACE", "INODE", "PERM", "PERMISSION"],
        "HOST" => vec!["CONNECTION"],
        "PROCESS" => RESOURCE_TESTS
            .iter()
            .copied()
            .chain(["CONNECTION"])
            .collect(),
        "SYSTEM" => RESOURCE_TESTS.to_vec(),
        _ => return None,
    })
}

/// Ruby's `upcase` (of a String only).
fn upcase(d: &Data) -> Result<String, String> {
    match d {
        Data::String(s) => Ok(s.to_uppercase()),
        other => Err(no_method("upcase", other)),
    }
}

fn key(k: &str) -> Data {
    Data::String(k.into())
}

/// One test, validated, with its `condition`.
fn validate(check_type: &str, test: &Data) -> Result<Data, String> {
    let Data::Hash(entries) = test else {
        return Err(no_method("[]", test));
    };
    let mut t = entries.clone();
    let get = |t: &[(Data, Data)], k: &str| ruby::get(t, &key(k)).cloned();
    let has = |t: &[(Data, Data)], k: &str| ruby::get(t, &key(k)).is_some();
    let s = |t: &[(Data, Data)], k: &str| ruby::to_s(&get(t, k).unwrap_or(Data::Undef));
    let ty = upcase(&get(&t, "type").unwrap_or(Data::Undef))?;
    ruby::put(&mut t, key("type"), Data::String(ty.clone()));
    let allowed = test_types(check_type).ok_or_else(|| no_method("include?", &Data::Undef))?;
    if !allowed.contains(&ty.as_str()) {
        return Err(format!(
            "Tests for '{check_type}': invalid test type '{ty}'"
        ));
    }
    let prefix = format!("Tests for '{check_type}' ('{ty}'): ");
    let fail = |m: &str| Err(format!("{prefix}{m}"));
    if has(&t, "tolerance") {
        let Some(Data::Hash(tol)) = get(&t, "tolerance")
            .filter(|tol| matches!(tol, Data::Hash(h) if ruby::get(h, &key("cycles")).is_some()))
        else {
            return fail("tolerance must be a hash with 'cycles' key and optionally 'times'.");
        };
        let cycles = s(&tol, "cycles");
        let text = match ruby::get(&tol, &key("times")) {
            Some(times) => format!("{} TIMES WITHIN {cycles} CYCLES", ruby::to_s(times)),
            None => format!("{cycles} CYCLES"),
        };
        ruby::put(&mut t, key("tolerance"), Data::String(text));
    }
    match get(&t, "action") {
        None => ruby::put(&mut t, key("action"), key("ALERT")),
        Some(action) => {
            let action = upcase(&action)?;
            ruby::put(&mut t, key("action"), Data::String(action.clone()));
            if !TEST_ACTIONS.contains(&action.as_str()) {
                return fail(&format!("invalid action '{action}'"));
            }
            if action == "EXEC" && !has(&t, "exec") {
                return fail("missing command for exec action");
            }
        }
    }
    let condition = if RESOURCE_TESTS.contains(&ty.as_str()) || ty == "SPACE" || ty == "INODE" {
        let Some(operator) = get(&t, "operator") else {
            return fail("'operator' is mandatory");
        };
        if !matches!(&operator, Data::String(o) if RESOURCE_TESTS_OPERATORS.contains(&o.as_str())) {
            return fail(&format!("invalid operator: {}", ruby::to_s(&operator)));
        }
        if !has(&t, "value") {
            return fail("'value' is mandatory");
        }
        let operator = upcase(&operator)?;
        ruby::put(&mut t, key("operator"), Data::String(operator.clone()));
        format!("{ty} {operator} {}", s(&t, "value"))
    } else if ty == "FSFLAGS" {
        format!("CHANGED {ty}")
    } else if ty == "PERM" || ty == "PERMISSION" {
        if !has(&t, "value") {
            return fail("'value' is mandatory");
        }
        format!("FAILED {ty} {}", s(&t, "value"))
    } else if ty == "CONNECTION" {
        connection(&mut t, &prefix)?
    } else {
        return Ok(Data::Hash(t));
    };
    ruby::put(&mut t, key("condition"), Data::String(condition));
    Ok(Data::Hash(t))
}

/// A `CONNECTION` test's condition (the Ruby writes `FAILEDUNIXSOCKET`, without a
/// space, for a socket).
fn connection(t: &mut Vec<(Data, Data)>, prefix: &str) -> Result<String, String> {
    let get = |t: &[(Data, Data)], k: &str| ruby::get(t, &key(k)).cloned();
    let s = |t: &[(Data, Data)], k: &str| ruby::to_s(&get(t, k).unwrap_or(Data::Undef));
    let fail = |m: String| Err(format!("{prefix}{m}"));
    if get(t, "port").is_none() && get(t, "unixsocket").is_none() {
        return fail("'port' or 'unixsocket' is mandatory".into());
    }
    let mut c = String::from("FAILED");
    if get(t, "unixsocket").is_some() {
        c += &format!("UNIXSOCKET {}", s(t, "unixsocket"));
    } else {
        if get(t, "host").is_some() {
            c += &format!(" HOST {} PORT {}", s(t, "host"), s(t, "port"));
        } else {
            c += &format!(" PORT {}", s(t, "port"));
        }
        if let Some(st) = get(t, "socket_type") {
            let st = upcase(&st)?;
            ruby::put(t, key("socket_type"), Data::String(st.clone()));
            c += &format!(" TYPE {st}");
            if st == "TCPSSL" {
                if let Some(cypher) = get(t, "socket_type_cypher") {
                    let cypher = upcase(&cypher)?;
                    ruby::put(t, key("socket_type_cypher"), Data::String(cypher.clone()));
                    c += &format!(" {cypher}");
                }
                if get(t, "socket_type_checksum").is_some() {
                    c += &format!(" CERTMD5 {}", s(t, "socket_type_checksum"));
                }
            }
        }
        if let Some(protocol) = get(t, "protocol") {
            let protocol = upcase(&protocol)?;
            ruby::put(t, key("protocol"), Data::String(protocol.clone()));
            if protocol != "GENERIC" {
                c += &format!("\n    PROTOCOL {protocol} ");
            }
            if let Some(pt) = get(t, "protocol_test") {
                c += &protocol_test(&protocol, &pt, prefix)?;
            }
        }
    }
    if get(t, "timeout").is_some() {
        c += &format!("\n    WITH TIMEOUT {} SECONDS", s(t, "timeout"));
    }
    if get(t, "retry").is_some() {
        c += &format!(" RETRY {}", s(t, "retry"));
    }
    let action = match get(t, "action") {
        Some(a) => upcase(&a)?,
        None => "ALERT".into(),
    };
    ruby::put(t, key("action"), Data::String(action));
    Ok(c)
}

/// The lines of a `protocol_test`: options of an HTTP or APACHE-STATUS check (a
/// Hash), or send/expect pairs (an Array of Hashes) for any other protocol.
fn protocol_test(protocol: &str, pt: &Data, prefix: &str) -> Result<String, String> {
    let fail = |m: String| Err(format!("{prefix}{m}"));
    let mut c = String::new();
    let options = match protocol {
        "HTTP" => Some(HTTP_TESTS),
        "APACHE-STATUS" => Some(APACHE_STATUS_TESTS),
        _ => None,
    };
    if let Some(allowed) = options {
        let Data::Hash(options) = pt else {
            return fail(format!(
                "protocol_test must be a hash with any of this keys: {}.",
                allowed.join(", ")
            ));
        };
        let keys = options
            .iter()
            .map(|(k, _)| upcase(k))
            .collect::<Result<Vec<_>, _>>()?;
        let invalid: Vec<&String> = keys
            .iter()
            .filter(|k| !allowed.contains(&k.as_str()))
            .collect();
        if !invalid.is_empty() {
            let invalid: Vec<&str> = invalid.iter().map(|k| k.as_str()).collect();
            return fail(format!(
                "invalid options in {protocol} ckeck: {}",
                invalid.join(", ")
            ));
        }
        if let Some(request) = ruby::get(options, &key("request")) {
            c += &format!("\n    REQUEST {}", ruby::to_s(request));
        }
        for ((k, v), upper) in options.iter().zip(&keys) {
            if !matches!(k, Data::String(k) if k == "request") {
                c += &format!("\n    {upper} {}", ruby::to_s(v));
            }
        }
        return Ok(c);
    }
    let Data::Array(pairs) = pt else {
        return fail("protocol_test must be an array of hashes with send/expect pairs.".into());
    };
    for pair in pairs {
        let Data::Hash(pair) = pair else {
            return Err(no_method("keys", pair));
        };
        let keys = pair
            .iter()
            .map(|(k, _)| upcase(k))
            .collect::<Result<Vec<_>, _>>()?;
        if !GENERIC_TESTS.iter().all(|o| keys.iter().any(|k| k == o)) {
            return fail(format!(
                "missing options in {protocol} ckeck: {} are mandatory.",
                GENERIC_TESTS.join(", ")
            ));
        }
        for ((_, v), upper) in pair.iter().zip(&keys) {
            c += &format!("\n    {upper} {}", ruby::to_s(v));
        }
    }
    Ok(c)
}
