//! Classes from Ruby's standard library that templates use beyond the core ones:
//! `IPAddr` (haproxy's `_bind.erb`) and `JSON` (generation and `JSON.parse`), each in
//! its own module. Their instances are [`Object`]s, which the value model carries as
//! `Value::Object`, so that a class brings its printing, equality and methods along
//! without the core dispatch knowing it.

pub(crate) mod ipaddr;
pub(crate) mod json;

use crate::interp::{Flow, RubyError};
use crate::value::{Key, Value};
use std::cmp::Ordering;

/// An instance of a library class.
pub trait Object: std::fmt::Debug {
    /// Ruby's class name (`IPAddr`).
    fn class_name(&self) -> &'static str;
    /// Whether the object is a `class` (its own class and its ancestors).
    fn is_a(&self, class: &str) -> bool {
        class == self.class_name()
    }
    fn to_s(&self) -> String;
    fn inspect(&self) -> String;
    /// Ruby's `==` with any value.
    fn eq(&self, other: &Value) -> bool;
    /// The object as a hash key (`eql?` and `hash`).
    fn key(&self) -> Key {
        Key::Other(format!("{}:{}", self.class_name(), self.inspect()))
    }
    /// Ruby's `<=>`, where the class defines it.
    fn compare(&self, _other: &Value) -> Option<Ordering> {
        None
    }
    /// An instance method; `None` when the class has no method of that name (the
    /// caller then tries Object's methods and raises `NoMethodError`).
    fn call(&self, name: &str, args: &[Value], line: u32) -> Result<Option<Value>, RubyError>;
    /// The methods `call` answers, for `respond_to?`.
    fn methods(&self) -> &'static [&'static str];
    /// For the class's own code to get its type back.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// A Ruby exception of `class`.
pub(crate) fn error(class: &str, message: impl Into<String>, line: u32) -> RubyError {
    RubyError {
        class: class.to_string(),
        message: message.into(),
        line,
    }
}

/// The library's class names and constants a template can name: a class (`IPAddr`,
/// `JSON::ParserError`) or a constant's value (`Socket::AF_INET`).
pub(crate) fn constant(name: &str) -> Option<Value> {
    let class = |c: &str| Some(Value::Class(c.into()));
    match name {
        "IPAddr"
        | "IPAddr::Error"
        | "IPAddr::InvalidAddressError"
        | "IPAddr::AddressFamilyError"
        | "IPAddr::InvalidPrefixError"
        | "JSON"
        | "JSON::JSONError"
        | "JSON::ParserError"
        | "JSON::GeneratorError"
        | "JSON::NestingError"
        | "Socket" => class(name),
        "Socket::AF_UNSPEC" => Some(Value::Int(ipaddr::AF_UNSPEC)),
        "Socket::AF_INET" => Some(Value::Int(ipaddr::AF_INET)),
        "Socket::AF_INET6" => Some(Value::Int(ipaddr::AF_INET6)),
        _ => None,
    }
}

/// The superclass of the library's exception classes, for `rescue`.
pub(crate) fn error_parent(class: &str) -> Option<&'static str> {
    Some(match class {
        "IPAddr::Error" => "ArgumentError",
        "IPAddr::InvalidAddressError" | "IPAddr::AddressFamilyError" => "IPAddr::Error",
        "IPAddr::InvalidPrefixError" => "IPAddr::InvalidAddressError",
        "JSON::JSONError" => "StandardError",
        "JSON::ParserError" | "JSON::GeneratorError" => "JSON::JSONError",
        "JSON::NestingError" => "JSON::ParserError",
        _ => return None,
    })
}

/// A class method of a library class (`IPAddr.new`, `JSON.generate`).
pub(crate) fn class_method(
    class: &str,
    name: &str,
    args: &[Value],
    line: u32,
) -> Result<Option<Value>, Flow> {
    match class {
        "IPAddr" => ipaddr::class_method(name, args, line).map_err(Flow::Error),
        "JSON" => json::class_method(name, args, line),
        _ => Ok(None),
    }
}
