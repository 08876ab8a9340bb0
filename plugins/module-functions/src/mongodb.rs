//! puppet-mongodb: `mongodb_password` (3.x), MongoDB's legacy password hash.

use crate::{hex, NativeFunction};
use marionette_catalog::Data;
use marionette_stdlib::ruby;
use md5::{Digest, Md5};

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "mongodb_password",
    signatures: &["Any args*"],
    imp: |a, _| {
        let a = ruby::args3x(a);
        let [user, password] = &*a else {
            return Err(format!(
                "mongodb_password(): Wrong number of arguments given ({} for 2)",
                a.len()
            ));
        };
        let text = format!("{}:mongo:{}", ruby::to_s(user), ruby::to_s(password));
        Ok(Data::String(hex(&Md5::digest(text.as_bytes()))))
    },
}];
