//! saz-ssh: `ipaddresses` (3.x), the IPv4 and IPv6 addresses of the interfaces the
//! legacy facts name (`interfaces`, `ipaddress_<iface>`, `ipaddress6_<iface>`).

use crate::{FunctionContext, NativeFunction};
use marionette_catalog::Data;

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "ipaddresses",
    signatures: &["Any args*"],
    imp: |_, cx| ipaddresses(cx),
}];

/// `false` without an `interfaces` fact; else, for each interface whose name does not
/// contain `lo` (a substring, as the Ruby tests it), its address then its IPv6
/// address, where set.
fn ipaddresses(cx: &mut dyn FunctionContext) -> Result<Data, String> {
    let interfaces = match cx.lookupvar("interfaces") {
        None | Some(Data::Undef) => return Ok(Data::Bool(false)),
        Some(Data::String(s)) => s,
        Some(other) => return Err(crate::no_method("count", &other)),
    };
    let mut out = Vec::new();
    for iface in crate::split(&interfaces, ',')
        .into_iter()
        .filter(|i| !i.contains("lo"))
    {
        for fact in ["ipaddress", "ipaddress6"] {
            match cx.lookupvar(&format!("{fact}_{iface}")) {
                None | Some(Data::Undef) | Some(Data::Bool(false)) => {}
                Some(addr) => out.push(addr),
            }
        }
    }
    Ok(Data::Array(out))
}

#[cfg(test)]
mod tests {
    use super::ipaddresses;
    use crate::testing::{s, Cx};
    use marionette_catalog::Data;

    fn vars(vars: Vec<(&'static str, Data)>) -> Cx {
        Cx {
            vars,
            ..Cx::default()
        }
    }

    #[test]
    fn ipaddresses_skips_names_with_lo() {
        let mut cx = vars(vec![
            ("interfaces", s("eth0,lo,vlo1,eth1,")),
            ("ipaddress_eth0", s("10.0.0.1")),
            ("ipaddress6_eth0", s("fd00::1")),
            ("ipaddress_lo", s("127.0.0.1")),
            ("ipaddress_vlo1", s("10.9.9.9")),
            ("ipaddress6_eth1", s("fd00::2")),
        ]);
        assert_eq!(
            ipaddresses(&mut cx),
            Ok(Data::Array(vec![s("10.0.0.1"), s("fd00::1"), s("fd00::2")]))
        );
        let mut cx = vars(vec![("interfaces", s("lo"))]);
        assert_eq!(ipaddresses(&mut cx), Ok(Data::Array(vec![])));
        let mut cx = vars(vec![
            ("interfaces", s("eth0")),
            ("ipaddress_eth0", s("1.2.3.4")),
        ]);
        assert_eq!(ipaddresses(&mut cx), Ok(Data::Array(vec![s("1.2.3.4")])));
        assert_eq!(ipaddresses(&mut Cx::default()), Ok(Data::Bool(false)));
    }
}
