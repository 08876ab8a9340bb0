//! puppet-vswitch: `range_to_mask`, a CPU list (`1-3,8`) as the hex mask DPDK takes.

use crate::{split, FunctionContext, NativeFunction};
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "range_to_mask",
    signatures: &[
        "Pattern[/^$/] range",
        "Pattern[/^[0-9\\-\\,]/] range",
        "Undef range",
    ],
    imp: |a, cx: &mut dyn FunctionContext| match (cx.signature(), a.first()) {
        (1, Some(range)) => range_to_mask(&ruby::to_s(range)).map(Data::String),
        _ => Ok(Data::Undef),
    },
}];

/// The highest CPU number a mask is built for (Ruby's bignums have no bound; this
/// keeps a typo from allocating gigabytes).
const MAX_CPU: i64 = 1 << 16;

/// Each `a-b` is every number from a to b, each number `n` sets bit `n` (Ruby's
/// `to_i` of the text, `1 << n` is 0 for a negative n), and the mask is lowercase hex.
fn range_to_mask(range: &str) -> Result<String, String> {
    let mut cpus = Vec::new();
    for part in split(range, ',') {
        if part.contains('-') {
            let ends = split(part, '-');
            let from = ends.first().map_or(0, |s| ruby::str_to_i(s));
            let Some(to) = ends.get(1).map(|s| ruby::str_to_i(s)) else {
                return Err("cannot convert endless range to an array".into());
            };
            if to > MAX_CPU {
                return Err(format!("range_to_mask(): CPU {to} is out of range"));
            }
            cpus.extend(from..=to);
        } else {
            cpus.push(ruby::str_to_i(part));
        }
    }
    let mut bits = Vec::<u64>::new();
    for cpu in cpus.into_iter().filter(|c| *c >= 0) {
        if cpu > MAX_CPU {
            return Err(format!("range_to_mask(): CPU {cpu} is out of range"));
        }
        let (word, bit) = ((cpu / 64) as usize, cpu % 64);
        if bits.len() <= word {
            bits.resize(word + 1, 0);
        }
        bits[word] |= 1 << bit;
    }
    while bits.len() > 1 && bits.last() == Some(&0) {
        bits.pop();
    }
    let mut out = format!("{:x}", bits.last().copied().unwrap_or(0));
    for word in bits.iter().rev().skip(1) {
        out.push_str(&format!("{word:016x}"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::range_to_mask;

    #[test]
    fn range_to_mask_sets_a_bit_per_cpu() {
        // (range, what puppet-vswitch's Ruby returned under Puppet 7.23)
        let cases = [
            ("1-3,8", "10e"),
            ("0", "1"),
            ("2,4-5", "34"),
            ("64", "10000000000000000"),
            ("0,127", "80000000000000000000000000000001"),
            ("3-1", "0"),
            (",", "0"),
        ];
        for (range, want) in cases {
            assert_eq!(range_to_mask(range).as_deref(), Ok(want), "{range}");
        }
    }
}
