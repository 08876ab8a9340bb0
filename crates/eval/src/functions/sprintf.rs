//! Ruby's `Kernel#format` (`sprintf.c` of Ruby 3.1), what Puppet's `sprintf` and
//! `String.new` formats run: flags `-+ 0#`, width and precision (`*` and `*N$` too),
//! absolute (`%1$s`) and named (`%<a>d`, `%{a}`) arguments, the conversions
//! `s p c d i u x X o b B f e E g G a A %`, negative numbers in two's complement
//! (`%x` of -255 is `..f01`), and Ruby's messages for bad formats and arguments.

use crate::error::EvalError;
use crate::value::Value;

const FSHARP: u32 = 1;
const FMINUS: u32 = 2;
const FPLUS: u32 = 4;
const FZERO: u32 = 8;
const FSPACE: u32 = 16;
const FWIDTH: u32 = 32;
const FPREC: u32 = 64;
const FPREC0: u32 = 128;

fn error(message: impl Into<String>) -> EvalError {
    EvalError::new(message)
}

/// Where the next argument comes from: Ruby's `posarg` (0 before any argument, > 0
/// the last unnumbered one, -1 numbered, -2 named) and `nextarg` (1-based).
struct Args<'a> {
    args: &'a [Value],
    posarg: i64,
    nextarg: i64,
}

impl Args<'_> {
    fn nth(&self, n: i64) -> Result<Value, EvalError> {
        usize::try_from(n - 1)
            .ok()
            .and_then(|i| self.args.get(i))
            .cloned()
            .ok_or_else(|| error("too few arguments"))
    }

    fn next(&mut self) -> Result<Value, EvalError> {
        match self.posarg {
            -1 => {
                return Err(error(format!(
                    "unnumbered({}) mixed with numbered",
                    self.nextarg
                )))
            }
            -2 => {
                return Err(error(format!(
                    "unnumbered({}) mixed with named",
                    self.nextarg
                )))
            }
            _ => {}
        }
        self.posarg = self.nextarg;
        self.nextarg += 1;
        self.nth(self.posarg)
    }

    fn numbered(&mut self, n: i64) -> Result<Value, EvalError> {
        if self.posarg > 0 {
            return Err(error(format!(
                "numbered({n}) after unnumbered({})",
                self.posarg
            )));
        }
        if self.posarg == -2 {
            return Err(error(format!("numbered({n}) after named")));
        }
        if n < 1 {
            return Err(error(format!("invalid index - {n}$")));
        }
        self.posarg = -1;
        self.nth(n)
    }

    /// `<name>` / `{name}` (`spelled` with its brackets): the value of `name` in the
    /// one hash argument. Puppet retries a format that failed on a missing Symbol key
    /// with the hash's String keys as Symbols, so a String key is found.
    fn named(&mut self, spelled: &str, name: &str) -> Result<Value, EvalError> {
        if self.posarg > 0 {
            return Err(error(format!(
                "named{spelled} after unnumbered({})",
                self.posarg
            )));
        }
        if self.posarg == -1 {
            return Err(error(format!("named{spelled} after numbered")));
        }
        self.posarg = -2;
        let [Value::Hash(hash)] = self.args else {
            return Err(error("one hash required"));
        };
        hash.get(&Value::str(name))
            .cloned()
            .ok_or_else(|| error(format!("key{spelled} not found")))
    }
}

/// Ruby's `get_num`: the digits at `p[*i..]` (a width, precision or argument index).
fn get_num(p: &[char], i: &mut usize, what: &str) -> Result<i64, EvalError> {
    let mut n: i64 = 0;
    while let Some(d) = p.get(*i).and_then(|c| c.to_digit(10)) {
        n = n * 10 + i64::from(d);
        if n > i64::from(i32::MAX) {
            return Err(error(format!("{what} too big")));
        }
        *i += 1;
    }
    if *i >= p.len() {
        return Err(error("malformed format string - %*[0-9]"));
    }
    Ok(n)
}

/// Ruby's `NUM2INT` (a `*` width or precision, `%c` of a number).
fn num2int(v: &Value) -> Result<i64, EvalError> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Float(f) if f.is_finite() => Ok(f.trunc() as i64),
        Value::Undef => Err(error("no implicit conversion from nil to integer")),
        Value::Bool(b) => Err(error(format!("no implicit conversion of {b} into Integer"))),
        other => Err(error(format!(
            "no implicit conversion of {} into Integer",
            other.ruby_class()
        ))),
    }
}

/// An Integer argument as `rb_Integer` reads it: a sign and the magnitude, in binary
/// and decimal digits (a Float past 64 bits is a Bignum in Ruby).
struct RubyInt {
    negative: bool,
    binary: String,
    decimal: String,
}

impl RubyInt {
    fn of(i: i128) -> RubyInt {
        let m = i.unsigned_abs();
        RubyInt {
            negative: i < 0,
            binary: format!("{m:b}"),
            decimal: m.to_string(),
        }
    }

    fn read(v: &Value) -> Result<RubyInt, EvalError> {
        match v {
            Value::Int(i) => Ok(RubyInt::of(i128::from(*i))),
            Value::BigInt(i) => Ok(RubyInt::of(**i)),
            Value::Float(f) => {
                if f.is_nan() {
                    return Err(error("NaN"));
                }
                if f.is_infinite() {
                    return Err(error(if *f > 0.0 { "Infinity" } else { "-Infinity" }));
                }
                let t = f.trunc();
                if t.abs() < 1e38 {
                    return Ok(RubyInt::of(t as i128));
                }
                // 2^e with e >= 52 here: the mantissa's bits, then zeros.
                let bits = t.abs().to_bits();
                let exp = ((bits >> 52) & 0x7ff) as usize - 1075;
                let mantissa = (bits & ((1 << 52) - 1)) | (1 << 52);
                Ok(RubyInt {
                    negative: t < 0.0,
                    binary: format!("{mantissa:b}{}", "0".repeat(exp)),
                    decimal: format!("{:.0}", t.abs()),
                })
            }
            Value::Str(s) => marionette_catalog::ruby::str_to_integer(s)
                .map(RubyInt::of)
                .ok_or_else(|| error(format!("invalid value for Integer(): {}", v.ruby_inspect()))),
            other => Err(cannot_convert(other, "Integer")),
        }
    }

    /// The magnitude in base 2, 8 or 16 (`bits` bits a digit).
    fn digits(&self, bits: usize) -> String {
        group_bits(&self.binary, bits)
    }

    /// A negative number in two's complement with Ruby's number of digits: enough that
    /// the first digit is all ones (`f`, `7`, `1`) and the second is not.
    fn complement_digits(&self, bits: usize) -> String {
        let len = self.binary.len();
        let words = len.div_ceil(bits);
        let single_bit = self.binary[1..].bytes().all(|b| b == b'0');
        let leading_zeros = words * bits - len;
        let n = if leading_zeros == bits - 1 && single_bit {
            words
        } else {
            words + 1
        };
        // 2^(n*bits) - magnitude: invert the padded bits, then add one.
        let mut b: Vec<u8> = format!("{:0>w$}", self.binary, w = n * bits)
            .bytes()
            .map(|c| if c == b'0' { 1 } else { 0 })
            .collect();
        for bit in b.iter_mut().rev() {
            if *bit == 1 {
                *bit = 0;
            } else {
                *bit = 1;
                break;
            }
        }
        let s: String = b.iter().map(|&x| char::from(b'0' + x)).collect();
        group_bits(&s, bits)
    }
}

/// Binary digits as digits of `bits` bits each (from the right), lower-case.
fn group_bits(binary: &str, bits: usize) -> String {
    if bits == 1 {
        return binary.to_string();
    }
    let pad = (bits - binary.len() % bits) % bits;
    let padded = format!("{}{binary}", "0".repeat(pad));
    padded
        .as_bytes()
        .chunks(bits)
        .map(|chunk| {
            let v = chunk
                .iter()
                .fold(0u32, |acc, b| acc * 2 + u32::from(b - b'0'));
            char::from_digit(v, 16).unwrap_or('0')
        })
        .collect()
}

/// Ruby's `TypeError` of `Integer(v)`/`Float(v)` for a value that is no number.
fn cannot_convert(v: &Value, into: &str) -> EvalError {
    let what = match v {
        Value::Undef => "nil".to_string(),
        Value::Bool(b) => b.to_string(),
        other => other.ruby_class(),
    };
    error(format!("can't convert {what} into {into}"))
}

/// A Float argument as `rb_Float` reads it.
fn ruby_float(v: &Value) -> Result<f64, EvalError> {
    match v {
        Value::Int(i) => Ok(*i as f64),
        Value::BigInt(i) => Ok(**i as f64),
        Value::Float(f) => Ok(*f),
        Value::Str(s) => marionette_catalog::ruby::str_to_float(s)
            .ok_or_else(|| error(format!("invalid value for Float(): {}", v.ruby_inspect()))),
        other => Err(cannot_convert(other, "Float")),
    }
}

/// One directive's settings.
struct Spec {
    flags: u32,
    width: i64,
    prec: i64,
}

impl Spec {
    fn has(&self, f: u32) -> bool {
        self.flags & f != 0
    }

    fn check_for_flags(&self) -> Result<(), EvalError> {
        if self.has(FWIDTH) {
            return Err(error("flag after width"));
        }
        if self.has(FPREC0) {
            return Err(error("flag after precision"));
        }
        Ok(())
    }

    fn check_for_width(&self) -> Result<(), EvalError> {
        if self.has(FWIDTH) {
            return Err(error("width given twice"));
        }
        if self.has(FPREC0) {
            return Err(error("width after precision"));
        }
        Ok(())
    }

    /// `body` padded to the width with blanks (after it with `-`).
    fn pad(&self, out: &mut String, body: &str) {
        let fill = usize::try_from(self.width).unwrap_or(0);
        let len = body.chars().count();
        if !self.has(FWIDTH) || len >= fill {
            out.push_str(body);
        } else if self.has(FMINUS) {
            out.push_str(body);
            out.extend(std::iter::repeat_n(' ', fill - len));
        } else {
            out.extend(std::iter::repeat_n(' ', fill - len));
            out.push_str(body);
        }
    }

    /// A number: `sign`, then `prefix` (`0x`), then `digits`, padded with zeros between
    /// prefix and digits under `0`, else with blanks.
    fn pad_number(&self, out: &mut String, sign: &str, prefix: &str, digits: &str) {
        let len = sign.len() + prefix.len() + digits.len();
        let fill = usize::try_from(self.width).unwrap_or(0).saturating_sub(len);
        if self.has(FMINUS) {
            out.push_str(sign);
            out.push_str(prefix);
            out.push_str(digits);
            out.extend(std::iter::repeat_n(' ', fill));
        } else if self.has(FZERO) {
            out.push_str(sign);
            out.push_str(prefix);
            out.extend(std::iter::repeat_n('0', fill));
            out.push_str(digits);
        } else {
            out.extend(std::iter::repeat_n(' ', fill));
            out.push_str(sign);
            out.push_str(prefix);
            out.push_str(digits);
        }
    }

    fn sign_char(&self, negative: bool) -> &'static str {
        if negative {
            "-"
        } else if self.has(FPLUS) {
            "+"
        } else if self.has(FSPACE) {
            " "
        } else {
            ""
        }
    }
}

/// Ruby's `format(fmt, *args)`.
pub(crate) fn format(fmt: &str, args: &[Value]) -> Result<String, EvalError> {
    let p: Vec<char> = fmt.chars().collect();
    let end = p.len();
    let mut out = String::with_capacity(fmt.len());
    let mut args = Args {
        args,
        posarg: 0,
        nextarg: 1,
    };
    let mut i = 0;
    while i < end {
        let t = p[i..].iter().position(|&c| c == '%').map_or(end, |k| i + k);
        out.extend(&p[i..t]);
        if t >= end {
            break;
        }
        if t + 1 == end {
            return Err(error(
                "incomplete format specifier; use %% (double %) instead",
            ));
        }
        i = t + 1;
        let mut spec = Spec {
            flags: 0,
            width: 0,
            prec: 0,
        };
        let mut nextvalue: Option<Value> = None;
        let mut last_name: Option<String> = None;
        loop {
            let c = p.get(i).copied();
            match c {
                Some(f @ (' ' | '#' | '+' | '-' | '0')) => {
                    spec.check_for_flags()?;
                    spec.flags |= match f {
                        ' ' => FSPACE,
                        '#' => FSHARP,
                        '+' => FPLUS,
                        '-' => FMINUS,
                        _ => FZERO,
                    };
                    i += 1;
                }
                Some('1'..='9') => {
                    let n = get_num(&p, &mut i, "width")?;
                    if p.get(i) == Some(&'$') {
                        if nextvalue.is_some() {
                            return Err(error(format!("value given twice - {n}$")));
                        }
                        nextvalue = Some(args.numbered(n)?);
                        i += 1;
                        continue;
                    }
                    spec.check_for_width()?;
                    spec.width = n;
                    spec.flags |= FWIDTH;
                }
                Some(open @ ('<' | '{')) => {
                    let close = if open == '<' { '>' } else { '}' };
                    let Some(k) = p[i..].iter().position(|&c| c == close) else {
                        return Err(error("malformed name - unmatched parenthesis"));
                    };
                    let spelled: String = p[i..=i + k].iter().collect();
                    let name: String = p[i + 1..i + k].iter().collect();
                    i += k + 1;
                    if let Some(last) = &last_name {
                        return Err(error(format!("named{spelled} after <{last}>")));
                    }
                    let v = args.named(&spelled, &name)?;
                    last_name = Some(name);
                    if close == '}' {
                        directive(&mut out, 's', v, &spec)?;
                        break;
                    }
                    nextvalue = Some(v);
                }
                Some('*') => {
                    spec.check_for_width()?;
                    spec.flags |= FWIDTH;
                    let w = get_aster(&p, &mut i, &mut args, "width")?;
                    if w < 0 {
                        spec.flags |= FMINUS;
                        spec.width = -w;
                    } else {
                        spec.width = w;
                    }
                }
                Some('.') => {
                    if spec.has(FPREC0) {
                        return Err(error("precision given twice"));
                    }
                    spec.flags |= FPREC | FPREC0;
                    i += 1;
                    if p.get(i) == Some(&'*') {
                        let prec = get_aster(&p, &mut i, &mut args, "prec")?;
                        if prec < 0 {
                            spec.flags &= !FPREC;
                        }
                        spec.prec = prec;
                    } else {
                        spec.prec = get_num(&p, &mut i, "precision")?;
                    }
                }
                None | Some('\n' | '%') => {
                    if spec.flags != 0 {
                        return Err(error("invalid format character - %"));
                    }
                    out.push('%');
                    if c == Some('%') {
                        i += 1;
                    }
                    break;
                }
                Some(
                    conv @ ('c' | 's' | 'p' | 'd' | 'i' | 'u' | 'o' | 'x' | 'X' | 'b' | 'B' | 'f'
                    | 'e' | 'E' | 'g' | 'G' | 'a' | 'A'),
                ) => {
                    i += 1;
                    let v = match nextvalue.take() {
                        Some(v) => v,
                        None => args.next()?,
                    };
                    directive(&mut out, conv, v, &spec)?;
                    break;
                }
                Some(other) => {
                    return Err(error(if other.is_control() {
                        "malformed format string".to_string()
                    } else {
                        format!("malformed format string - %{other}")
                    }))
                }
            }
        }
    }
    Ok(out)
}

/// Ruby's `GETASTER`: a `*` width or precision, from the next argument or `*N$`.
fn get_aster(p: &[char], i: &mut usize, args: &mut Args<'_>, what: &str) -> Result<i64, EvalError> {
    let star = *i;
    *i += 1;
    let n = get_num(p, i, what)?;
    let v = if p.get(*i) == Some(&'$') {
        args.numbered(n)?
    } else {
        *i = star;
        args.next()?
    };
    *i += 1;
    num2int(&v)
}

/// One conversion of `v`.
fn directive(out: &mut String, conv: char, v: Value, spec: &Spec) -> Result<(), EvalError> {
    match conv {
        'c' => {
            let c = match &v {
                Value::Str(s) => {
                    let mut chars = s.chars();
                    match (chars.next(), chars.next()) {
                        (Some(c), None) => c,
                        _ => return Err(error("%c requires a character")),
                    }
                }
                other => u32::try_from(num2int(other)?)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| error("invalid character"))?,
            };
            spec.pad(out, &c.to_string());
        }
        's' | 'p' => {
            let s = if conv == 'p' {
                v.ruby_inspect()
            } else {
                v.ruby_to_s()
            };
            if spec.has(FPREC) && spec.prec < s.chars().count() as i64 {
                let cut: String = s.chars().take(spec.prec as usize).collect();
                spec.pad(out, &cut);
            } else {
                spec.pad(out, &s);
            }
        }
        'd' | 'i' | 'u' | 'o' | 'x' | 'X' | 'b' | 'B' => integer(out, conv, &v, spec)?,
        'f' if matches!(v, Value::Int(_) | Value::BigInt(_)) => {
            let n = RubyInt::read(&v)?;
            exact_integer_f(out, &n, spec);
        }
        _ => float(out, conv, ruby_float(&v)?, spec),
    }
    Ok(())
}

/// `%d %i %u %o %x %X %b %B`.
fn integer(out: &mut String, conv: char, v: &Value, spec: &Spec) -> Result<(), EvalError> {
    let n = RubyInt::read(v)?;
    let bits = match conv {
        'o' => 3,
        'x' | 'X' => 4,
        'b' | 'B' => 1,
        _ => 0,
    };
    // A sign is written for decimals, and for the others under `+` or ` `; otherwise
    // a negative number is written in two's complement after `..`.
    let signed = bits == 0 || spec.has(FPLUS | FSPACE);
    let mut prefix = if spec.has(FSHARP) {
        match conv {
            'o' => "0",
            'x' => "0x",
            'X' => "0X",
            'b' => "0b",
            'B' => "0B",
            _ => "",
        }
    } else {
        ""
    };
    let (mut s, sc, dots) = if bits == 0 {
        (n.decimal.clone(), spec.sign_char(n.negative), false)
    } else if signed || !n.negative {
        (n.digits(bits), spec.sign_char(n.negative), false)
    } else {
        (n.complement_digits(bits), "", true)
    };
    if conv == 'X' {
        s = s.to_uppercase();
    }
    let mut width = spec.width;
    let mut prec = if spec.has(FPREC) { spec.prec } else { -1 };
    if !sc.is_empty() {
        width -= 1;
    }
    if dots {
        prec -= 2;
        width -= 2;
    }
    let mut len = s.len() as i64;
    if prefix == "0" {
        if dots {
            prefix = "";
        } else if len == 1 && s == "0" {
            len = 0;
            if spec.has(FPREC) {
                prec -= 1;
            }
        } else if spec.has(FPREC) && prec > len {
            prefix = "";
        }
    } else if len == 1 && s == "0" {
        prefix = "";
    }
    width -= prefix.len() as i64;
    if spec.flags & (FZERO | FMINUS | FPREC) == FZERO {
        prec = width;
        width = 0;
    } else {
        if prec < len {
            if prefix.is_empty() && prec == 0 && len == 1 && s == "0" {
                len = 0;
            }
            prec = len;
        }
        width -= prec;
    }
    let fill = |out: &mut String, c: char, n: i64| {
        out.extend(std::iter::repeat_n(c, usize::try_from(n).unwrap_or(0)));
    };
    if !spec.has(FMINUS) {
        fill(out, ' ', width);
        width = 0;
    }
    out.push_str(sc);
    out.push_str(prefix);
    if dots {
        out.push_str("..");
    }
    if prec > len {
        if !signed && n.negative {
            let c = match conv {
                'x' => 'f',
                'X' => 'F',
                'o' => '7',
                _ => '1',
            };
            fill(out, c, prec - len);
        } else if spec.flags & (FMINUS | FPREC) != FMINUS {
            fill(out, '0', prec - len);
        }
    }
    out.push_str(&s[..usize::try_from(len).unwrap_or(0)]);
    fill(out, ' ', width);
    Ok(())
}

/// `%f` of an Integer: exact, whatever its size.
fn exact_integer_f(out: &mut String, n: &RubyInt, spec: &Spec) {
    let prec = if spec.has(FPREC) {
        usize::try_from(spec.prec).unwrap_or(0)
    } else {
        6
    };
    let mut digits = n.decimal.clone();
    if prec > 0 {
        digits.push('.');
        digits.extend(std::iter::repeat_n('0', prec));
    }
    let sign = if n.negative {
        "-"
    } else if spec.has(FPLUS) {
        "+"
    } else if spec.has(FSPACE) {
        " "
    } else {
        ""
    };
    spec.pad_number(out, sign, "", &digits);
}

/// `%f %e %E %g %G %a %A` of a Float, as C's `printf` writes them.
fn float(out: &mut String, conv: char, f: f64, spec: &Spec) {
    let sign = spec.sign_char(f.is_sign_negative() && !f.is_nan());
    if !f.is_finite() {
        let body = format!("{sign}{}", if f.is_nan() { "NaN" } else { "Inf" });
        spec.pad(out, &body);
        return;
    }
    let a = f.abs();
    let prec = if spec.has(FPREC) {
        usize::try_from(spec.prec).ok()
    } else {
        None
    };
    let alt = spec.has(FSHARP);
    let (prefix, digits) = match conv {
        'f' => {
            let mut s = marionette_catalog::ruby::printf::fixed(a, prec.unwrap_or(6));
            if alt && !s.contains('.') {
                s.push('.');
            }
            ("", s)
        }
        'e' | 'E' => ("", exp_form(a, prec.unwrap_or(6), alt, conv == 'E')),
        'g' | 'G' => ("", general_form(a, prec.unwrap_or(6), alt, conv == 'G')),
        _ => {
            let (p, d) = hex_form(a, prec);
            if conv == 'A' {
                (if p == "0x" { "0X" } else { p }, d.to_uppercase())
            } else {
                (p, d)
            }
        }
    };
    spec.pad_number(out, sign, prefix, &digits);
}

/// `d.ddde+XX` with `prec` decimals.
fn exp_form(a: f64, prec: usize, alt: bool, upper: bool) -> String {
    let (mut m, exp) = marionette_catalog::ruby::printf::scientific(a, prec);
    if alt && !m.contains('.') {
        m.push('.');
    }
    let e = if upper { 'E' } else { 'e' };
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{m}{e}{sign}{:02}", exp.abs())
}

/// `%g`: `prec` significant digits, in `%e` form when the exponent is below -4 or at
/// least the precision; trailing zeros dropped unless `#`.
fn general_form(a: f64, prec: usize, alt: bool, upper: bool) -> String {
    let p = prec.max(1);
    let x = i64::from(marionette_catalog::ruby::printf::scientific(a, p - 1).1);
    let strip = |s: String| -> String {
        if alt || !s.contains('.') {
            s
        } else {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        }
    };
    if x < -4 || x >= p as i64 {
        let s = exp_form(a, p - 1, alt, upper);
        let (m, e) = s.split_at(s.find(['e', 'E']).unwrap_or(s.len()));
        format!("{}{e}", strip(m.to_string()))
    } else {
        let decimals = usize::try_from(p as i64 - 1 - x).unwrap_or(0);
        let mut s = marionette_catalog::ruby::printf::fixed(a, decimals);
        if alt && !s.contains('.') {
            s.push('.');
        }
        strip(s)
    }
}

/// `%a`: `0x1.8p+1`; subnormals normalized, as Ruby's `BSD__hdtoa` writes them.
fn hex_form(a: f64, prec: Option<usize>) -> (&'static str, String) {
    if a == 0.0 {
        let frac = match prec {
            Some(p) if p > 0 => format!(".{}", "0".repeat(p)),
            _ => String::new(),
        };
        return ("0x", format!("0{frac}p+0"));
    }
    let bits = a.to_bits();
    let raw_exp = ((bits >> 52) & 0x7ff) as i64;
    let mut mantissa = bits & ((1u64 << 52) - 1);
    let mut exp = raw_exp - 1023;
    if raw_exp == 0 {
        // Subnormal: shift the first one bit into the implicit position.
        let shift = mantissa.leading_zeros() as i64 - 11;
        mantissa = (mantissa << shift) & ((1u64 << 52) - 1);
        exp = -1022 - shift;
    }
    let mut lead = 1u64;
    let mut frac = format!("{mantissa:013x}");
    match prec {
        Some(p) if p < 13 => {
            // Round the 52 fraction bits to `p` hex digits, half to even.
            let drop = (13 - p) * 4;
            let kept = mantissa >> drop;
            let rest = mantissa & ((1u64 << drop) - 1);
            let half = 1u64 << (drop - 1);
            let mut kept = kept;
            let odd = if p == 0 { lead & 1 == 1 } else { kept & 1 == 1 };
            if rest > half || (rest == half && odd) {
                kept += 1;
            }
            if p == 0 {
                lead += kept;
                frac = String::new();
            } else if kept >> (p * 4) != 0 {
                lead += 1;
                frac = format!("{:0w$x}", kept & ((1u64 << (p * 4)) - 1), w = p);
            } else {
                frac = format!("{kept:0w$x}", w = p);
            }
        }
        Some(p) => frac.extend(std::iter::repeat_n('0', p - 13)),
        None => frac = frac.trim_end_matches('0').to_string(),
    }
    let dot = if frac.is_empty() { "" } else { "." };
    let sign = if exp < 0 { '-' } else { '+' };
    ("0x", format!("{lead:x}{dot}{frac}p{sign}{}", exp.abs()))
}
