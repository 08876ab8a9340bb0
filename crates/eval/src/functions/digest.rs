//! Digests and `fqdn_rand`.

use super::{builtin, Builtin, Call};
use crate::compiler::Compiler;
use crate::eval::EvalResult;
use crate::value::Value;
use md5::Digest;

pub(super) const FUNCTIONS: &[Builtin] = &[
    // `md5('x')`: the hex MD5 digest of a string.
    builtin!("md5", &["Any value"], |_, c| hex_digest::<md5::Md5>(c)),
    // `sha1('x')`: the hex SHA-1 digest.
    builtin!("sha1", &["Any value"], |_, c| hex_digest::<sha1::Sha1>(c)),
    // `sha256('x')`: the hex SHA-256 digest.
    builtin!("sha256", &["Any value"], |_, c| hex_digest::<sha2::Sha256>(
        c
    )),
    // `digest('x')`: the digest of Puppet's `digest_algorithm` setting (sha256).
    builtin!("digest", &["Any value"], |_, c| hex_digest::<sha2::Sha256>(
        c
    )),
    // `fqdn_rand(max, seed)`: a number in `0...max`, the same for a node every time.
    builtin!("fqdn_rand", &["Any max, Any args*"], fqdn_rand),
];

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The digest of a legacy function's one argument, a String (Ruby's `hexdigest`).
fn hex_digest<D: Digest>(call: &Call<'_>) -> EvalResult {
    let s = super::implicit_string(&super::arg_3x(call.arg(0)))?;
    Ok(Value::str(hex(&D::digest(s.as_bytes()))))
}

/// Ruby's `String#to_i`: the leading integer, 0 if there is none.
fn ruby_to_i(s: &str) -> i64 {
    let t = s.trim_start();
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let digits: String = t
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '_')
        .filter(|c| *c != '_')
        .collect();
    let v: i64 = digits.parse().unwrap_or(0);
    if neg {
        -v
    } else {
        v
    }
}

fn fqdn_rand(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let args: Vec<Value> = call.args.iter().map(super::arg_3x).collect();
    let max = match &args[0] {
        Value::Int(i) => *i,
        Value::Float(f) => f.trunc() as i64,
        other => ruby_to_i(&other.ruby_to_s()),
    };
    let seed = args.get(1).map(join_piece).unwrap_or_default();
    let downcase = args.get(2).is_some_and(Value::is_truthy);
    let facts = c.find_var("facts", c.top).unwrap_or(Value::Undef);
    let fqdn = match &facts {
        Value::Hash(h) => match h.get(&Value::str("networking")) {
            Some(Value::Hash(n)) => n.get(&Value::str("fqdn")).cloned(),
            _ => None,
        },
        _ => None,
    };
    let fqdn = match fqdn {
        Some(v) if downcase => join_piece(&v).to_lowercase(),
        Some(v) => join_piece(&v),
        None if downcase => {
            return Err(crate::error::EvalError::new(
                "undefined method `downcase' for nil:NilClass",
            ))
        }
        None => String::new(),
    };
    // Ruby's `Random#rand(max)` refuses a maximum that is not positive.
    if max <= 0 {
        return Err(crate::error::EvalError::new(format!(
            "invalid argument - {max}"
        )));
    }
    let digest = md5::Md5::digest(format!("{fqdn}:{max}:{seed}").as_bytes());
    Ok(Value::Int(deterministic_rand(&digest, max)))
}

/// A value as Ruby's `Array#join` writes it: arrays joined (with `:` here), the rest
/// as `to_s`.
fn join_piece(v: &Value) -> String {
    match v {
        Value::Array(items) => items.iter().map(join_piece).collect::<Vec<_>>().join(":"),
        other => other.ruby_to_s(),
    }
}

/// `Random.new(seed).rand(max)` in Ruby, with the seed a number given by its
/// big-endian bytes (see [`RubyRandom`]).
pub fn deterministic_rand(seed_be: &[u8], max: i64) -> i64 {
    RubyRandom::new(seed_be).rand(max)
}

/// Ruby's `Random.new(seed)`, seed a non-negative Integer given by its big-endian
/// bytes (an MD5 or SHA-256 digest read as a number): Mersenne Twister seeded with the
/// seed's 32-bit words, least significant first.
pub struct RubyRandom(Mt19937);

impl RubyRandom {
    pub fn new(seed_be: &[u8]) -> RubyRandom {
        let mut words: Vec<u32> = seed_be
            .rchunks(4)
            .map(|c| {
                let mut b = [0u8; 4];
                b[4 - c.len()..].copy_from_slice(c);
                u32::from_be_bytes(b)
            })
            .collect();
        while words.len() > 1 && words.last() == Some(&0) {
            words.pop();
        }
        // Ruby drops a most significant word of 1 (its "leading-zero-guard").
        if words.len() > 1 && words.last() == Some(&1) {
            words.pop();
        }
        if words.is_empty() {
            words.push(0);
        }
        RubyRandom(Mt19937::by_array(&words))
    }

    /// `rand(max)`: an integer in `0...max.abs` by Ruby's rejection sampling (no draw
    /// for a limit of 0 or 1).
    pub fn rand(&mut self, max: i64) -> i64 {
        let mt = &mut self.0;
        if max == 0 {
            return 0;
        }
        let limit = max.unsigned_abs() - 1;
        if limit == 0 {
            return 0;
        }
        let mask = u64::MAX >> limit.leading_zeros();
        loop {
            let v = if limit > u32::MAX as u64 {
                ((mt.next_u32() as u64) << 32 | mt.next_u32() as u64) & mask
            } else {
                mt.next_u32() as u64 & mask
            };
            if v <= limit {
                return v as i64;
            }
        }
    }
}

/// MT19937, as Ruby's `Random` implements it.
struct Mt19937 {
    state: [u32; 624],
    index: usize,
}

impl Mt19937 {
    fn new(seed: u32) -> Mt19937 {
        let mut state = [0u32; 624];
        state[0] = seed;
        for i in 1..624 {
            state[i] = 1812433253u32
                .wrapping_mul(state[i - 1] ^ (state[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        Mt19937 { state, index: 624 }
    }

    fn by_array(key: &[u32]) -> Mt19937 {
        let mut mt = Mt19937::new(19650218);
        let n = 624;
        let (mut i, mut j) = (1usize, 0usize);
        let mut k = n.max(key.len());
        while k > 0 {
            let prev = mt.state[i - 1] ^ (mt.state[i - 1] >> 30);
            mt.state[i] = (mt.state[i] ^ prev.wrapping_mul(1664525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= n {
                mt.state[0] = mt.state[n - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
            k -= 1;
        }
        k = n - 1;
        while k > 0 {
            let prev = mt.state[i - 1] ^ (mt.state[i - 1] >> 30);
            mt.state[i] = (mt.state[i] ^ prev.wrapping_mul(1566083941)).wrapping_sub(i as u32);
            i += 1;
            if i >= n {
                mt.state[0] = mt.state[n - 1];
                i = 1;
            }
            k -= 1;
        }
        mt.state[0] = 0x8000_0000;
        mt.index = n;
        mt
    }

    fn next_u32(&mut self) -> u32 {
        if self.index >= 624 {
            for i in 0..624 {
                let y = (self.state[i] & 0x8000_0000) | (self.state[(i + 1) % 624] & 0x7fff_ffff);
                let mut v = self.state[(i + 397) % 624] ^ (y >> 1);
                if y & 1 != 0 {
                    v ^= 0x9908_b0df;
                }
                self.state[i] = v;
            }
            self.index = 0;
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }
}
