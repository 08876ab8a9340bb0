//! The digits Ruby's `format` writes for a Float (`%f`, `%e`, `%g`): Ruby's printf asks
//! its copy of David Gay's `dtoa` for them (mode 3 for `%f`, mode 2 for the others).
//!
//! `dtoa` first tries to get the digits with floating-point arithmetic: it scales the
//! value to one digit before the point, then takes digits off one at a time, keeping a
//! bound on the error so made. When the rest after the last digit is more than that
//! bound away from a half, the digits are rounded by it; this is the result for the
//! short precisions formats ask for. Within the bound, Ruby's copy rounds to an even
//! last digit. So where the value is near a half, Ruby rounds the floating-point
//! digits rather than the exact value: `format('%.2f', 2.675)` is `2.68` (the double
//! is 2.67499999999999982...), `format('%.1f', 0.35)` is `0.4`, `format('%.2f', 1.005)`
//! is `1.00`, and an exact half goes to even (`format('%.1f', 0.25)` is `0.2`). When
//! the quick way does not apply (more than 14 digits, subnormals), the digits are the
//! exact value's, rounded half to even: what Rust's formatting writes.
//!
//! Checked against Puppet 7.23 (Ruby 3.1): 564 values through `sprintf('%.Nf')`, 200
//! through `%e`, `%E`, `%g`, `%G` and `%f` of both `sprintf` and an ERB template's `%`
//! (the conformance case `fn_sprintf_float_rounding` keeps a sample).

/// `10^0 ..= 10^22`, as `dtoa`'s table.
const TENS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// `10^16`, `10^32`, ... for the scaling of exponents past the table.
const BIG_TENS: [f64; 5] = [1e16, 1e32, 1e64, 1e128, 1e256];

/// The most digits the floating-point way makes.
const QUICK_MAX: i32 = 14;

/// Digits of a value: `0.DIGITS × 10^point` (no digits: zero).
struct Digits {
    digits: Vec<u8>,
    point: i32,
}

/// How many digits `dtoa` is asked for.
#[derive(Clone, Copy)]
enum Mode {
    /// That many after the decimal point (`%f`: mode 3).
    Decimals(usize),
    /// That many significant digits (`%e`, `%g`: mode 2).
    Significant(usize),
}

/// The digits by the floating-point way, `None` when it does not decide them.
fn quick(x: f64, mode: Mode) -> Option<Digits> {
    if !(x.is_finite() && x > 0.0) || x < f64::MIN_POSITIVE {
        return None;
    }
    // k: the decimal exponent, estimated from the binary one, then checked.
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i32 - 1023;
    let mantissa = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    // dtoa's own constants (its log10(2) is shorter than `LOG10_2`): the estimate,
    // and so the digits, are dtoa's.
    #[allow(clippy::approx_constant)]
    let estimate = (mantissa - 1.5) * 0.289529654602168
        + 0.1760912590558
        + f64::from(exponent) * 0.301029995663981;
    let mut k = estimate as i32;
    if estimate < 0.0 && estimate != f64::from(k) {
        k -= 1;
    }
    let mut k_check = true;
    if (0..=22).contains(&k) {
        if x < TENS[k as usize] {
            k -= 1;
        }
        k_check = false;
    }
    let (mut ilim, ilim1) = match mode {
        Mode::Decimals(n) => {
            let i = i32::try_from(n).ok()? + k + 1;
            (i, i - 1)
        }
        Mode::Significant(n) => {
            let n = i32::try_from(n.max(1)).ok()?;
            (n, n)
        }
    };
    if !(0..=QUICK_MAX).contains(&ilim) {
        return None;
    }
    let mut d = x;
    let mut ieps = 2;
    if k > 0 {
        let mut ds = TENS[(k & 0xf) as usize];
        let mut j = k >> 4;
        if j & 0x10 != 0 {
            j &= 0xf;
            d /= BIG_TENS[4];
            ieps += 1;
        }
        let mut i = 0;
        while j != 0 {
            if j & 1 != 0 {
                ieps += 1;
                ds *= BIG_TENS[i];
            }
            j >>= 1;
            i += 1;
        }
        d /= ds;
    } else if k < 0 {
        let j1 = -k;
        d *= TENS[(j1 & 0xf) as usize];
        let mut j = j1 >> 4;
        let mut i = 0;
        while j != 0 {
            if j & 1 != 0 {
                ieps += 1;
                d *= *BIG_TENS.get(i)?;
            }
            j >>= 1;
            i += 1;
        }
    }
    if k_check && d < 1.0 && ilim > 0 {
        if ilim1 <= 0 {
            return None;
        }
        ilim = ilim1;
        k -= 1;
        d *= 10.0;
        ieps += 1;
    }
    // The error bound: (ieps·d + 7) units in the last place.
    let mut eps = (f64::from(ieps) * d + 7.0) * f64::powi(2.0, -52);
    if ilim == 0 {
        d -= 5.0;
        return if d > eps {
            Some(Digits {
                digits: vec![b'1'],
                point: k + 2,
            })
        } else if d < -eps {
            Some(Digits {
                digits: Vec::new(),
                point: 0,
            })
        } else {
            None
        };
    }
    eps *= TENS[(ilim - 1) as usize];
    let mut digits = Vec::with_capacity(ilim as usize);
    let mut i = 1;
    loop {
        let l = d as i64;
        d -= l as f64;
        if d == 0.0 {
            ilim = i;
        }
        digits.push(b'0' + l as u8);
        if i == ilim {
            let up = if d > 0.5 + eps {
                true
            } else if d < 0.5 - eps {
                false
            } else {
                // Within the bound of a half: to an even last digit.
                digits.last().is_some_and(|last| (last - b'0') % 2 == 1)
            };
            let mut point = k + 1;
            if up {
                while digits.last() == Some(&b'9') {
                    digits.pop();
                }
                match digits.last_mut() {
                    Some(last) => *last += 1,
                    None => {
                        digits.push(b'1');
                        point += 1;
                    }
                }
            }
            return Some(Digits { digits, point });
        }
        i += 1;
        d *= 10.0;
    }
}

/// `x` (finite, not negative) with `decimals` digits after the point, as Ruby's
/// `format('%.Nf', x)` writes it.
pub fn fixed(x: f64, decimals: usize) -> String {
    let Some(Digits { digits, point }) = quick(x, Mode::Decimals(decimals)) else {
        return format!("{x:.decimals$}");
    };
    let digit = |i: i32| -> char {
        usize::try_from(i)
            .ok()
            .and_then(|i| digits.get(i))
            .map_or('0', |&b| char::from(b))
    };
    let mut out = String::new();
    if point <= 0 {
        out.push('0');
    } else {
        (0..point).for_each(|i| out.push(digit(i)));
    }
    if decimals > 0 {
        out.push('.');
        (0..decimals as i32).for_each(|i| out.push(digit(point + i)));
    }
    out
}

/// `x` (finite, not negative) with `decimals` digits after the point of its mantissa:
/// the mantissa (`d.ddd`) and the decimal exponent, as Ruby's `format('%.Ne', x)`
/// writes them.
pub fn scientific(x: f64, decimals: usize) -> (String, i32) {
    let Some(Digits { digits, point }) = quick(x, Mode::Significant(decimals + 1)) else {
        let s = format!("{x:.decimals$e}");
        let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
        return (mantissa.to_string(), exp.parse().unwrap_or(0));
    };
    let digit = |i: usize| digits.get(i).map_or('0', |&b| char::from(b));
    let mut mantissa = String::new();
    mantissa.push(digit(0));
    if decimals > 0 {
        mantissa.push('.');
        (1..=decimals).for_each(|i| mantissa.push(digit(i)));
    }
    (mantissa, point - 1)
}

#[cfg(test)]
mod tests {
    use super::{fixed, scientific};

    #[test]
    fn near_halves_round_as_ruby_does() {
        // Puppet 7.23 (Ruby 3.1) `sprintf('%.Nf', x)`.
        for (x, n, ruby) in [
            (2.675, 2, "2.68"),
            (0.35, 1, "0.4"),
            (1.005, 2, "1.00"),
            (18.935, 2, "18.94"),
            (0.25, 1, "0.2"),
            (2.5, 0, "2"),
            (0.375, 2, "0.38"),
            (0.0005, 3, "0.001"),
            (9.995, 2, "10.00"),
            (941234562382772.4, 2, "941234562382772.38"),
            (4.067787378851786e-8, 8, "0.00000004"),
            (0.0, 2, "0.00"),
            (123.0, 0, "123"),
        ] {
            assert_eq!(fixed(x, n), ruby, "{x} to {n} decimals");
        }
        assert_eq!(scientific(2.675, 2), ("2.68".to_string(), 0));
        assert_eq!(scientific(0.00012345, 3), ("1.234".to_string(), -4));
        assert_eq!(scientific(9.9999, 2), ("1.00".to_string(), 1));
    }
}
