//! Base64 as Ruby's `Base64` writes and reads it, shared by the crates that meet it
//! (Puppet's `Binary`, YAML's `!!binary`, HTTP basic authentication).

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Strict Base64 with padding (Ruby's `Base64.strict_encode64`).
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, b)| acc | (*b as u32) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Decodes Base64. `strict` rejects anything but complete, padded groups (Ruby's
/// `strict_decode64`); otherwise characters outside the alphabet are skipped.
pub fn decode(s: &str, strict: bool) -> Option<Vec<u8>> {
    if strict && !s.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::new();
    let mut acc = 0u32;
    let mut bits = 0;
    let mut padding = 0;
    for c in s.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => {
                padding += 1;
                continue;
            }
            _ if strict => return None,
            _ => continue,
        };
        if padding > 0 {
            if strict {
                return None;
            }
            break;
        }
        acc = acc << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}
