//! Passwords and keys: `pw_hash` (crypt(3) as Debian's libxcrypt does it, through
//! Ruby's `String#crypt`), `str2saltedpbkdf2`, `str2saltedsha512` and
//! `validate_x509_rsa_key_pair` (OpenSSL's checks, with its messages).
//!
//! Ruby's `crypt` returns a binary (ASCII-8BIT) string, which Puppet writes in a
//! catalog as a `Binary`; Marionette has no binary strings and writes the hash as the
//! String it is inside manifests.

use crate::ruby::{args3x, class, inspect};
use crate::{err, native, NativeFunction, ANY};
use marionette_catalog::Data;

type R = Result<Data, String>;

pub const FUNCTIONS: &[NativeFunction] = &[
    native!("pw_hash", &["Any p0, Any p1, Any p2"], |a, _| pw_hash(
        &unwrapped(a)
    )),
    native!("str2saltedpbkdf2", ANY, |a, _| str2saltedpbkdf2(
        &unwrapped(a)
    )),
    native!("str2saltedsha512", ANY, |a, _| str2saltedsha512(&args3x(a))),
    native!("validate_x509_rsa_key_pair", ANY, |a, _| {
        validate_x509_rsa_key_pair(&args3x(a)).map(|()| Data::Undef)
    }),
];

/// The 3.x arguments with Sensitive values unwrapped, as these functions do first.
fn unwrapped(args: &[Data]) -> Vec<Data> {
    args3x(args)
        .into_owned()
        .into_iter()
        .map(|a| match a {
            Data::Sensitive(inner) => *inner,
            other => other,
        })
        .collect()
}

/// A crypt(3) scheme `pw_hash` knows, by its name (case-insensitive).
enum Scheme {
    Md5,
    Sha256,
    Sha512,
    /// `$2b$` and its variants, by their letter (`a`, `b`, `x`, `y`).
    Bcrypt(char),
}

fn scheme(name: &str) -> Option<Scheme> {
    Some(match name.to_lowercase().as_str() {
        "md5" => Scheme::Md5,
        "sha-256" => Scheme::Sha256,
        "sha-512" => Scheme::Sha512,
        "bcrypt" => Scheme::Bcrypt('b'),
        "bcrypt-a" => Scheme::Bcrypt('a'),
        "bcrypt-x" => Scheme::Bcrypt('x'),
        "bcrypt-y" => Scheme::Bcrypt('y'),
        _ => return None,
    })
}

/// The salt check of bcrypt's schemes, `^[0-9]{2}\$[./A-Za-z0-9]{22}`, as Ruby reads
/// it (`^` is any line's start): where the salt matches, if it does.
fn bcrypt_salt_at(salt: &str) -> Option<usize> {
    let ok = |s: &[u8]| {
        s.len() >= 25
            && s[..2].iter().all(u8::is_ascii_digit)
            && s[2] == b'$'
            && s[3..25]
                .iter()
                .all(|&c| c == b'.' || c == b'/' || c.is_ascii_alphanumeric())
    };
    let b = salt.as_bytes();
    std::iter::once(0)
        .chain(
            b.iter()
                .enumerate()
                .filter(|(_, &c)| c == b'\n')
                .map(|(i, _)| i + 1),
        )
        .find(|&i| ok(&b[i..]))
}

fn pw_hash(args: &[Data]) -> R {
    if args.len() != 3 {
        return err(format!(
            "pw_hash(): Wrong number of arguments given ({} for 3)",
            args.len()
        ));
    }
    let password = match &args[0] {
        Data::String(s) => s,
        _ => return err("pw_hash(): first argument must be a string"),
    };
    let Data::String(name) = &args[1] else {
        return err("pw_hash(): second argument must be a string");
    };
    let Some(scheme) = scheme(name) else {
        return err(format!("pw_hash(): {name} is not a valid hash type"));
    };
    let Data::String(salt) = &args[2] else {
        return err("pw_hash(): third argument must be a string");
    };
    if salt.is_empty() {
        return err("pw_hash(): third argument must not be empty");
    }
    let bcrypt_at = match scheme {
        Scheme::Bcrypt(_) => match bcrypt_salt_at(salt) {
            Some(at) => Some(at),
            None => {
                return err(
                    r"pw_hash(): characters in salt must match (?-mix:^[0-9]{2}\$[.\/A-Za-z0-9]{22})",
                )
            }
        },
        _ => {
            if !salt
                .bytes()
                .all(|c| c == b'.' || c == b'/' || c.is_ascii_alphanumeric())
            {
                return err("pw_hash(): characters in salt must be in the set [a-zA-Z0-9./]");
            }
            None
        }
    };
    if password.is_empty() {
        return Ok(Data::Undef);
    }
    if password.contains('\0') {
        return err("string contains null byte");
    }
    let pw = password.as_bytes();
    let hash = match scheme {
        Scheme::Md5 => md5_crypt(pw, salt),
        Scheme::Sha256 => {
            let salt = &salt[..salt.len().min(16)];
            let params = sha_crypt::Sha256Params::default();
            let b64 = sha_crypt::sha256_crypt_b64(pw, salt.as_bytes(), &params)
                .map_err(|e| format!("pw_hash(): {e:?}"))?;
            format!("$5${salt}${b64}")
        }
        Scheme::Sha512 => {
            let salt = &salt[..salt.len().min(16)];
            let params = sha_crypt::Sha512Params::default();
            let b64 = sha_crypt::sha512_crypt_b64(pw, salt.as_bytes(), &params)
                .map_err(|e| format!("pw_hash(): {e:?}"))?;
            format!("$6${salt}${b64}")
        }
        // A salt matching on a later line is no bcrypt setting for crypt(3), which
        // then returns its failure token.
        Scheme::Bcrypt(_) if bcrypt_at != Some(0) => "*0".to_string(),
        Scheme::Bcrypt(variant) => bcrypt(pw, variant, salt)?,
    };
    Ok(Data::String(hash))
}

/// crypt(3)'s base-64 alphabet (MD5 and SHA crypt).
const CRYPT64: &[u8] = b"./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Poul-Henning Kamp's MD5 crypt (`$1$`): at most 8 characters of salt.
fn md5_crypt(pw: &[u8], salt: &str) -> String {
    use md5::{Digest, Md5};
    let salt = &salt.as_bytes()[..salt.len().min(8)];
    let alt = Md5::new()
        .chain_update(pw)
        .chain_update(salt)
        .chain_update(pw)
        .finalize();
    let mut ctx = Md5::new()
        .chain_update(pw)
        .chain_update(b"$1$")
        .chain_update(salt);
    let mut left = pw.len();
    while left > 0 {
        let n = left.min(16);
        ctx.update(&alt[..n]);
        left -= n;
    }
    let mut i = pw.len();
    while i > 0 {
        if i & 1 == 1 {
            ctx.update([0u8]);
        } else {
            ctx.update(&pw[..1]);
        }
        i >>= 1;
    }
    let mut fin = ctx.finalize();
    for round in 0..1000 {
        let mut c = Md5::new();
        if round & 1 == 1 {
            c.update(pw);
        } else {
            c.update(fin);
        }
        if round % 3 != 0 {
            c.update(salt);
        }
        if round % 7 != 0 {
            c.update(pw);
        }
        if round & 1 == 1 {
            c.update(fin);
        } else {
            c.update(pw);
        }
        fin = c.finalize();
    }
    let mut out = format!("$1${}$", String::from_utf8_lossy(salt));
    let mut put = |v: u32, n: usize| {
        let mut v = v;
        for _ in 0..n {
            out.push(CRYPT64[(v & 0x3f) as usize] as char);
            v >>= 6;
        }
    };
    for (a, b, c) in [(0, 6, 12), (1, 7, 13), (2, 8, 14), (3, 9, 15), (4, 10, 5)] {
        put(
            u32::from(fin[a]) << 16 | u32::from(fin[b]) << 8 | u32::from(fin[c]),
            4,
        );
    }
    put(u32::from(fin[11]), 2);
    out
}

/// bcrypt's base-64 alphabet.
const BCRYPT64: &[u8] = b"./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

fn bcrypt64_encode(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let v = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for k in 0..=chunk.len() {
            out.push(BCRYPT64[((v >> (18 - 6 * k)) & 0x3f) as usize] as char);
        }
    }
    out
}

/// The 16 bytes of a bcrypt salt's 22 characters (the last one's low bits unused).
fn bcrypt64_salt(text: &[u8]) -> [u8; 16] {
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = [0u8; 16];
    let mut k = 0;
    for &c in text {
        let v = BCRYPT64.iter().position(|&a| a == c).unwrap_or(0) as u32;
        bits = (bits << 6) | v;
        n += 6;
        if n >= 8 && k < 16 {
            n -= 8;
            out[k] = (bits >> n) as u8;
            k += 1;
        }
    }
    out
}

/// bcrypt as crypt_blowfish (libxcrypt) does it. The password is the key crypt_blowfish
/// expands: its bytes and a NUL, repeated over 72 bytes; `$2x$` keeps the old
/// sign-extension bug, which ORs a high byte's sign bits into the key word. The
/// `$2a$` countermeasure (flipping a bit when buggy and correct keys collide) needs a
/// 0xFF byte, which no UTF-8 string has.
fn bcrypt(pw: &[u8], variant: char, salt: &str) -> Result<String, String> {
    let cost: u32 = salt[..2].parse().unwrap_or(0);
    if !(4..=31).contains(&cost) {
        return Ok("*0".into());
    }
    let mut cycle = pw.iter().copied().chain([0u8]).cycle();
    let mut key = [0u8; 72];
    for word in key.chunks_mut(4) {
        let mut w: u32 = 0;
        for _ in 0..4 {
            let c = cycle.next().unwrap_or(0);
            w <<= 8;
            w |= if variant == 'x' {
                c as i8 as i32 as u32
            } else {
                u32::from(c)
            };
        }
        word.copy_from_slice(&w.to_be_bytes());
    }
    let salt16 = bcrypt64_salt(&salt.as_bytes()[3..25]);
    let raw = bcrypt::bcrypt(cost, salt16, &key);
    Ok(format!(
        "$2{variant}${cost:02}${}{}",
        bcrypt64_encode(&salt16),
        bcrypt64_encode(&raw[..23])
    ))
}

fn str2saltedpbkdf2(args: &[Data]) -> R {
    if args.len() != 3 {
        return err(format!(
            "str2saltedpbkdf2(): wrong number of arguments ({} for 3)",
            args.len()
        ));
    }
    let Data::String(password) = &args[0] else {
        return err("str2saltedpbkdf2(): first argument must be a string");
    };
    let Data::String(salt) = &args[1] else {
        return err("str2saltedpbkdf2(): second argument must be a string");
    };
    if salt.len() < 8 {
        return err("str2saltedpbkdf2(): second argument must be at least 8 bytes long");
    }
    let Data::Integer(iterations) = args[2] else {
        return err("str2saltedpbkdf2(): third argument must be an integer");
    };
    if !(40_001..70_000).contains(&iterations) {
        return err("str2saltedpbkdf2(): third argument must be between 40,000 and 70,000");
    }
    let mut key = [0u8; 128];
    pbkdf2::pbkdf2_hmac::<sha2::Sha512>(
        password.as_bytes(),
        salt.as_bytes(),
        iterations as u32,
        &mut key,
    );
    Ok(Data::Hash(vec![
        (Data::String("password_hex".into()), Data::String(hex(&key))),
        (
            Data::String("salt_hex".into()),
            Data::String(hex(salt.as_bytes())),
        ),
        (Data::String("iterations".into()), Data::Integer(iterations)),
    ]))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A salted SHA-512 (OS X 10.7): a random 4-byte seed (Ruby's `rand(2**31 - 1)`,
/// packed little-endian), then SHA-512 of seed and password, all in hex. The seed is
/// random in Puppet too, so the result differs from one compile to the next.
fn str2saltedsha512(args: &[Data]) -> R {
    use sha2::Digest;
    if args.len() != 1 {
        return err(format!(
            "str2saltedsha512(): Wrong number of arguments passed ({} but we require 1)",
            args.len()
        ));
    }
    let Data::String(password) = &args[0] else {
        return err(format!(
            "str2saltedsha512(): Requires a String argument, you passed: {}",
            class(&args[0])
        ));
    };
    let seed = (crate::random_u64() % (i32::MAX as u64)) as u32;
    let seed = seed.to_le_bytes();
    let digest = sha2::Sha512::new()
        .chain_update(seed)
        .chain_update(password.as_bytes())
        .finalize();
    Ok(Data::String(hex(&seed) + &hex(&digest)))
}

/// The checks of stdlib's `validate_x509_rsa_key_pair`, with OpenSSL's messages for
/// the cases a manifest meets: the certificate (PEM, the first `CERTIFICATE` block),
/// the key (PKCS#1 or PKCS#8, private or public), and the certificate's signature
/// checked with the key.
fn validate_x509_rsa_key_pair(args: &[Data]) -> Result<(), String> {
    if args.len() != 2 {
        return err(format!(
            "validate_x509_rsa_key_pair(): wrong number of arguments ({}; must be 2)",
            args.len()
        ));
    }
    for a in args {
        if !matches!(a, Data::String(_)) {
            return err(format!("{} is not a string.", inspect(a)));
        }
    }
    let (Data::String(cert), Data::String(key)) = (&args[0], &args[1]) else {
        return Ok(());
    };
    let Some(block) = pem_block(cert, "CERTIFICATE") else {
        return err("Not a valid x509 certificate: PEM_read_bio_X509: no start line");
    };
    let cert = pem_der(block)
        .and_then(|der| {
            use x509_cert::der::Decode;
            x509_cert::Certificate::from_der(&der).ok()
        })
        .ok_or("Not a valid x509 certificate: PEM_read_bio_X509: ASN1 lib")?;
    let Some(public) = rsa_public_key(key)? else {
        return err("Not a valid RSA key: Neither PUB key nor PRIV key: unsupported");
    };
    if verifies(&cert, &public) {
        Ok(())
    } else {
        err("Certificate signature does not match supplied key")
    }
}

/// The public half of an RSA key in PEM (PKCS#1 or PKCS#8, private or public, text
/// around it ignored); `None` if there is none; an error for an elliptic-curve key.
fn rsa_public_key(text: &str) -> Result<Option<rsa::RsaPublicKey>, String> {
    use rsa::pkcs1::{DecodeRsaPrivateKey, DecodeRsaPublicKey};
    use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey};
    let block = |label: &str| pem_block(text, label).and_then(pem_der);
    if let Some(der) = block("RSA PRIVATE KEY") {
        if let Ok(k) = rsa::RsaPrivateKey::from_pkcs1_der(&der) {
            return Ok(Some(k.to_public_key()));
        }
    }
    if let Some(der) = block("PRIVATE KEY") {
        if let Ok(k) = rsa::RsaPrivateKey::from_pkcs8_der(&der) {
            return Ok(Some(k.to_public_key()));
        }
        if is_ec(&der) {
            return err("Not a valid RSA key: incorrect pkey type: id-ecPublicKey");
        }
    }
    if let Some(der) = block("PUBLIC KEY") {
        if let Ok(k) = rsa::RsaPublicKey::from_public_key_der(&der) {
            return Ok(Some(k));
        }
        if is_ec(&der) {
            return err("Not a valid RSA key: incorrect pkey type: id-ecPublicKey");
        }
    }
    if let Some(der) = block("RSA PUBLIC KEY") {
        if let Ok(k) = rsa::RsaPublicKey::from_pkcs1_der(&der) {
            return Ok(Some(k));
        }
    }
    if block("EC PRIVATE KEY").is_some() {
        return err("Not a valid RSA key: incorrect pkey type: id-ecPublicKey");
    }
    Ok(None)
}

/// The text of the first PEM block of a label (between its BEGIN and END lines).
fn pem_block<'a>(text: &'a str, label: &str) -> Option<&'a str> {
    let begin = format!("-----BEGIN {label}-----");
    let end = format!("-----END {label}-----");
    let start = text.find(&begin)? + begin.len();
    let len = text[start..].find(&end)?;
    Some(&text[start..start + len])
}

fn pem_der(block: &str) -> Option<Vec<u8>> {
    let b64: String = block.chars().filter(|c| !c.is_whitespace()).collect();
    marionette_catalog::base64::decode(&b64, true)
}

/// Whether a PKCS#8 or SPKI key is an elliptic-curve one (OID 1.2.840.10045.2.1).
fn is_ec(der: &[u8]) -> bool {
    const EC_OID: &[u8] = &[0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01];
    der.windows(EC_OID.len()).any(|w| w == EC_OID)
}

/// OpenSSL's `X509_verify`: the certificate's signature over its TBS part, with the
/// digest its RSA signature algorithm names.
fn verifies(cert: &x509_cert::Certificate, key: &rsa::RsaPublicKey) -> bool {
    use x509_cert::der::Encode;
    let Ok(tbs) = cert.tbs_certificate.to_der() else {
        return false;
    };
    let Some(signature) = cert.signature.as_bytes() else {
        return false;
    };
    match cert.signature_algorithm.oid.to_string().as_str() {
        "1.2.840.113549.1.1.5" => pkcs1v15::<sha1::Sha1>(key, &tbs, signature),
        "1.2.840.113549.1.1.14" => pkcs1v15::<sha2::Sha224>(key, &tbs, signature),
        "1.2.840.113549.1.1.11" => pkcs1v15::<sha2::Sha256>(key, &tbs, signature),
        "1.2.840.113549.1.1.12" => pkcs1v15::<sha2::Sha384>(key, &tbs, signature),
        "1.2.840.113549.1.1.13" => pkcs1v15::<sha2::Sha512>(key, &tbs, signature),
        _ => false,
    }
}

/// An RSA PKCS#1 v1.5 signature over `data` with the digest `D`.
fn pkcs1v15<D>(key: &rsa::RsaPublicKey, data: &[u8], signature: &[u8]) -> bool
where
    D: sha2::Digest + sha2::digest::const_oid::AssociatedOid,
{
    key.verify(rsa::Pkcs1v15Sign::new::<D>(), &D::digest(data), signature)
        .is_ok()
}
