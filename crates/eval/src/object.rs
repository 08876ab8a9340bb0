//! Object types declared in the language (`type Car = Object[{attributes => {...}}]`)
//! and their values: attributes with types and defaults, a parent, creation with
//! `Car.new(...)` or `Car(...)` (by position or by a hash), attribute access
//! (`$car.make`), printing (`Car({'make' => 'Volvo'})`) and the catalog's rich-data
//! form (`{"__ptype": "Car", "make": "Volvo"}`); Pcore's `Annotation` and `Pcore`
//! types, and annotation instances made from an initializer hash (`annotate`);
//! Puppet's `Error` data type (its function `message` included). Other types'
//! functions, type parameters, equality declarations, constants and TypeSets are not
//! here.

use crate::types::{PType, StructMember};
use crate::value::{puppet_quote, Value, ValueMap};
use std::sync::Arc;

/// An `Object[{...}]` type.
#[derive(Debug, PartialEq)]
pub struct ObjectType {
    /// Empty for an anonymous type; a `type X = Object[...]` names its Object `X`.
    pub name: String,
    pub parent: Option<Arc<ObjectType>>,
    /// This type's own attributes, in declaration order (the parent's come first).
    pub attributes: Vec<Attribute>,
    /// A TypeSet's member: its definition prints without its name.
    pub in_set: bool,
    /// What a Pcore type's definition has that this model does not (Error's
    /// `type_parameters` and `functions`), as its definition prints them: before and
    /// after the attributes.
    pub pcore_parts: Option<(&'static str, &'static str)>,
}

#[derive(Debug, PartialEq)]
pub struct Attribute {
    pub name: String,
    pub ty: PType,
    /// The default value; an attribute whose type accepts `undef` defaults to it.
    pub value: Option<Value>,
}

/// An instance: its type and a value for each attribute ([`ObjectType::all_attributes`]
/// order).
#[derive(Debug)]
pub struct ObjectValue {
    pub ty: Arc<ObjectType>,
    pub values: Vec<Value>,
}

/// Pcore's `Annotation`, the parent of annotation types (`type Note =
/// Object[{parent => Annotation, attributes => {...}}]`).
pub fn annotation_type() -> Arc<ObjectType> {
    static T: std::sync::OnceLock<Arc<ObjectType>> = std::sync::OnceLock::new();
    T.get_or_init(|| Arc::new(ObjectType::builtin("Annotation")))
        .clone()
}

/// Puppet's `Error` data type: `msg`, and the optional `kind`, `details` and
/// `issue_code` (what `get()` hands its block; `Error('msg', ...)` makes one). Its
/// function `message` is its `msg` ([`ObjectValue::function`]).
pub fn error_type() -> Arc<ObjectType> {
    static T: std::sync::OnceLock<Arc<ObjectType>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let text = || PType::String {
            size: Some(crate::types::Size { min: 1, max: None }),
            value: None,
        };
        let optional = |name: &str, ty: PType| Attribute {
            name: name.to_string(),
            ty: PType::Optional(Some(Box::new(ty))),
            value: Some(Value::Undef),
        };
        Arc::new(ObjectType {
            name: "Error".to_string(),
            parent: None,
            attributes: vec![
                Attribute {
                    name: "msg".to_string(),
                    ty: text(),
                    value: None,
                },
                optional("kind", text()),
                optional("details", PType::hash_of(text(), PType::Data)),
                optional("issue_code", text()),
            ],
            in_set: false,
            pcore_parts: Some((ERROR_TYPE_PARAMETERS, ERROR_FUNCTIONS)),
        })
    })
    .clone()
}

const ERROR_TYPE_PARAMETERS: &str = "type_parameters => {'kind' => Variant[String, Regexp, \
    Type[Enum], Type[Pattern], Type[NotUndef], Type[Undef]], 'issue_code' => Variant[String, \
    Regexp, Type[Enum], Type[Pattern], Type[NotUndef], Type[Undef]]}";
const ERROR_FUNCTIONS: &str = "functions => {'message' => Callable[[0, 0], String[1]]}";

/// An `Error` value, as Puppet's functions raise them with data.
pub fn error_value(msg: String, kind: &str, details: ValueMap, issue_code: &str) -> Value {
    Value::Object(Arc::new(ObjectValue {
        ty: error_type(),
        values: vec![
            Value::str(msg),
            Value::str(kind),
            Value::hash(details),
            Value::str(issue_code),
        ],
    }))
}

/// Pcore's `Pcore` type (what `annotate` takes to apply several annotations).
pub fn pcore_type() -> Arc<ObjectType> {
    static T: std::sync::OnceLock<Arc<ObjectType>> = std::sync::OnceLock::new();
    T.get_or_init(|| Arc::new(ObjectType::builtin("Pcore")))
        .clone()
}

impl ObjectType {
    /// A type of Pcore's, named, without attributes.
    fn builtin(name: &str) -> ObjectType {
        ObjectType {
            name: name.to_string(),
            parent: None,
            attributes: Vec::new(),
            in_set: false,
            pcore_parts: None,
        }
    }

    /// The names of the type's type parameters, which `Type[...]` gives values
    /// (`Error['KIND', 'CODE']`): attributes of its instances. Only Pcore's `Error`
    /// has them (`kind`, `issue_code`); an Object type of the language cannot.
    pub fn type_parameters(&self) -> &'static [&'static str] {
        if self.pcore_parts.is_some() && self.name == "Error" {
            &["kind", "issue_code"]
        } else {
            &[]
        }
    }

    /// Whether this is an annotation type (`Annotation` or one inheriting from it).
    pub fn is_annotation(&self) -> bool {
        self.is_a(&annotation_type())
    }

    /// An instance made from an initializer hash (Pcore's `from_hash`): the hash is
    /// checked against the attributes with Puppet's `<Name> initializer has wrong
    /// type` message.
    pub fn from_init_hash(self: &Arc<ObjectType>, hash: &Value) -> Result<Value, String> {
        let by_hash = self.constructor_signatures().swap_remove(0);
        let problem = crate::describe::value_mismatch(
            &format!("{} initializer has wrong type,", self.label()),
            &by_hash.params[0].ty,
            hash,
        );
        if !problem.is_empty() {
            return Err(problem);
        }
        self.create(std::slice::from_ref(hash))
    }

    /// Reads `Object[{name => ..., parent => ..., attributes => {...}}]`.
    pub fn from_hash(hash: &ValueMap) -> Result<ObjectType, String> {
        let mut name = String::new();
        let mut parent = None;
        let mut attributes = Vec::new();
        for (k, v) in hash {
            match (k.as_str(), v) {
                (Some("name"), Value::Str(s)) => name = s.to_string(),
                (Some("parent"), Value::Type(t)) => match t.resolved() {
                    PType::Object(Some(p)) => parent = Some(p.clone()),
                    other => {
                        return Err(format!(
                            "The parent of an Object type must be an Object type, got {other}"
                        ))
                    }
                },
                (Some("attributes"), Value::Hash(attrs)) => {
                    for (an, spec) in attrs.iter() {
                        let an = an
                            .as_str()
                            .ok_or_else(|| format!("attribute name {an} is not a String"))?;
                        attributes.push(Attribute::from_spec(an, spec)?);
                    }
                }
                (Some(key @ ("name" | "parent" | "attributes")), other) => {
                    return Err(format!(
                        "Object initializer has wrong type, entry '{key}' got {}",
                        crate::types::PType::infer(other).generalize()
                    ))
                }
                (Some(other), _) => {
                    return Err(format!(
                        "Object types with '{other}' are not supported (only name, parent and attributes)"
                    ))
                }
                (None, _) => return Err(format!("Object initializer key {k} is not a String")),
            }
        }
        Ok(ObjectType {
            name,
            parent,
            attributes,
            in_set: false,
            pcore_parts: None,
        })
    }

    /// The same type under a name (what `type X = Object[...]` declares).
    pub fn named(&self, name: &str) -> ObjectType {
        ObjectType {
            name: name.to_string(),
            parent: self.parent.clone(),
            attributes: self
                .attributes
                .iter()
                .map(|a| Attribute {
                    name: a.name.clone(),
                    ty: a.ty.clone(),
                    value: a.value.clone(),
                })
                .collect(),
            in_set: self.in_set,
            pcore_parts: self.pcore_parts,
        }
    }

    /// The parent's attributes, then this type's.
    pub fn all_attributes(&self) -> Vec<&Attribute> {
        let mut out = self
            .parent
            .as_ref()
            .map(|p| p.all_attributes())
            .unwrap_or_default();
        out.extend(self.attributes.iter());
        out
    }

    /// Whether this type is `other` or inherits from it.
    pub fn is_a(&self, other: &ObjectType) -> bool {
        std::ptr::eq(self, other)
            || (!self.name.is_empty() && self.name == other.name && self == other)
            || self.parent.as_ref().is_some_and(|p| p.is_a(other))
    }

    /// The name values print with (`Car(...)`); an anonymous type prints `Object`.
    pub fn label(&self) -> &str {
        if self.name.is_empty() {
            "Object"
        } else {
            &self.name
        }
    }

    /// The two ways to create one, as Puppet's `new_<Name>` dispatches them: a hash
    /// (a Struct of the attributes) or the attributes in order.
    pub(crate) fn constructor_signatures(&self) -> Vec<crate::functions::signature::Sig> {
        use crate::functions::signature::{Kind, Param, Sig};
        let attrs = self.all_attributes();
        let members = attrs
            .iter()
            .map(|a| StructMember {
                key: a.name.clone(),
                optional: a.value.is_some(),
                value: a.ty.clone(),
            })
            .collect();
        let by_hash = Sig {
            params: vec![Param {
                name: "hash".into(),
                ty: PType::Struct(members),
                kind: Kind::Required,
            }],
            block: None,
        };
        let by_position = Sig {
            params: attrs
                .iter()
                .map(|a| Param {
                    name: a.name.clone(),
                    ty: a.ty.clone(),
                    kind: if a.value.is_some() {
                        Kind::Optional
                    } else {
                        Kind::Required
                    },
                })
                .collect(),
            block: None,
        };
        vec![by_hash, by_position]
    }

    /// A new instance from the arguments of `new`, checked as Puppet checks them.
    pub fn create(self: &Arc<ObjectType>, args: &[Value]) -> Result<Value, String> {
        let sigs = self.constructor_signatures();
        let name = format!("new_{}", self.label());
        let sig = crate::functions::signature::dispatch(&name, &sigs, args, None)?;
        let attrs = self.all_attributes();
        let values = attrs
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let given = if sig == 0 {
                    match &args[0] {
                        Value::Hash(h) => h.get(&Value::str(a.name.as_str())).cloned(),
                        _ => None,
                    }
                } else {
                    args.get(i).cloned()
                };
                given.or_else(|| a.value.clone()).unwrap_or(Value::Undef)
            })
            .collect();
        Ok(Value::Object(Arc::new(ObjectValue {
            ty: self.clone(),
            values,
        })))
    }

    /// `Object[{name => 'Car', parent => Vehicle, attributes => {...}}]`; `sub` writes
    /// the types inside.
    pub fn describe(&self, sub: &dyn Fn(&PType) -> String) -> String {
        let mut parts = Vec::new();
        if !self.name.is_empty() && !self.in_set {
            parts.push(format!("name => {}", puppet_quote(&self.name)));
        }
        if let Some(p) = &self.parent {
            parts.push(format!("parent => {}", p.label()));
        }
        if let Some((before, _)) = self.pcore_parts {
            parts.push(before.to_string());
        }
        if !self.attributes.is_empty() {
            let attrs: Vec<String> = self
                .attributes
                .iter()
                .map(|a| {
                    let ty = sub(&a.ty);
                    let spec = match &a.value {
                        Some(v) => format!("{{type => {ty}, value => {}}}", v.to_quoted_string()),
                        None => ty,
                    };
                    format!("{} => {spec}", puppet_quote(&a.name))
                })
                .collect();
            parts.push(format!("attributes => {{{}}}", attrs.join(", ")));
        }
        if let Some((_, after)) = self.pcore_parts {
            parts.push(after.to_string());
        }
        format!("Object[{{{}}}]", parts.join(", "))
    }
}

impl Attribute {
    /// `name => Type` or `name => {type => Type, value => default}`.
    fn from_spec(name: &str, spec: &Value) -> Result<Attribute, String> {
        let (ty, value) = match spec {
            Value::Type(t) => ((**t).clone(), None),
            Value::Hash(h) => {
                let ty = match h.get(&Value::str("type")) {
                    Some(Value::Type(t)) => (**t).clone(),
                    None => PType::Any,
                    Some(other) => {
                        return Err(format!(
                            "attribute '{name}': type must be a Type, got {other}"
                        ))
                    }
                };
                for k in h.keys() {
                    if !matches!(k.as_str(), Some("type" | "value")) {
                        return Err(format!(
                            "attribute '{name}': '{k}' is not supported (only type and value)"
                        ));
                    }
                }
                (ty, h.get(&Value::str("value")).cloned())
            }
            other => {
                return Err(format!(
                    "attribute '{name}' must be a Type or a Hash, got {other}"
                ))
            }
        };
        if let Some(v) = &value {
            if !ty.is_instance(v) {
                return Err(format!(
                    "attribute '{name}': the default value {} is not a {ty}",
                    v.to_quoted_string()
                ));
            }
        }
        // An attribute that accepts undef defaults to it.
        let value = value.or_else(|| ty.is_instance(&Value::Undef).then_some(Value::Undef));
        Ok(Attribute {
            name: name.to_string(),
            ty,
            value,
        })
    }
}

impl ObjectValue {
    /// The value of an attribute, by name.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.ty
            .all_attributes()
            .iter()
            .position(|a| a.name == name)
            .map(|i| &self.values[i])
    }

    /// The value of a function of the type's, called without arguments: an `Error`'s
    /// `message` (its `msg`).
    pub fn function(&self, name: &str) -> Option<&Value> {
        match name {
            "message" if self.ty.is_a(&error_type()) => self.get("msg"),
            _ => None,
        }
    }

    /// The attributes that differ from their defaults (Puppet's `_pcore_init_hash`).
    pub fn init_hash(&self) -> Vec<(&str, &Value)> {
        self.ty
            .all_attributes()
            .into_iter()
            .zip(self.values.iter())
            .filter(|(a, v)| a.value.as_ref() != Some(*v))
            .map(|(a, v)| (a.name.as_str(), v))
            .collect()
    }

    /// The attributes the catalog writes: all of them in order, less the trailing ones
    /// that have their default (Puppet's serializer passes them by position).
    pub fn serialized(&self) -> Vec<(&str, &Value)> {
        let attrs = self.ty.all_attributes();
        let mut n = attrs.len();
        while n > 0 && attrs[n - 1].value.as_ref() == Some(&self.values[n - 1]) {
            n -= 1;
        }
        attrs
            .iter()
            .zip(self.values.iter())
            .take(n)
            .map(|(a, v)| (a.name.as_str(), v))
            .collect()
    }

    /// `Car({'make' => 'Volvo', 'year' => 2010})`.
    pub fn describe(&self) -> String {
        let entries: Vec<String> = self
            .init_hash()
            .into_iter()
            .map(|(k, v)| format!("{} => {}", puppet_quote(k), v.to_quoted_string()))
            .collect();
        format!("{}({{{}}})", self.ty.label(), entries.join(", "))
    }
}

/// A TypeSet's member as `Set::Name` gives it: an Object type is named so.
pub fn set_member(set: &str, key: &str, t: &PType) -> PType {
    match t.resolved() {
        PType::Object(Some(o)) if o.name.is_empty() => PType::Object(Some(Arc::new({
            let mut member = o.named(&format!("{set}::{key}"));
            member.in_set = true;
            member
        }))),
        other => other.clone(),
    }
}

/// A TypeSet whose member types are being evaluated: a member may refer to another
/// by its full name (`Set::Name`), which is then evaluated first.
pub struct PendingSet {
    pub name: String,
    pub file: Arc<crate::env::SourceFile>,
    /// Each member's name and type expression, taken out while it is evaluated.
    pub members: Vec<(String, Option<marionette_syntax::model::Expr>)>,
    pub resolved: Vec<(String, PType)>,
}

/// A `TypeSet[{...}]`: named types reached as `Set::Name`; types inside also refer to
/// one another by their short names.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeSetType {
    pub name: String,
    pub pcore_version: String,
    pub name_authority: String,
    pub version: Option<String>,
    pub types: Vec<(String, PType)>,
}

impl TypeSetType {
    /// Reads `TypeSet[{pcore_version => ..., version => ..., types => {...}}]`.
    pub fn from_hash(hash: &ValueMap) -> Result<TypeSetType, String> {
        let mut set = TypeSetType {
            name: String::new(),
            pcore_version: String::new(),
            name_authority: "http://puppet.com/2016.1/runtime".into(),
            version: None,
            types: Vec::new(),
        };
        for (k, v) in hash {
            match (k.as_str(), v) {
                (Some("name"), Value::Str(s)) => set.name = s.to_string(),
                (Some("pcore_version"), Value::Str(s)) => set.pcore_version = s.to_string(),
                (Some("name_authority"), Value::Str(s)) => set.name_authority = s.to_string(),
                (Some("version"), Value::Str(s)) => set.version = Some(s.to_string()),
                (Some("types"), Value::Hash(types)) => {
                    for (tn, t) in types.iter() {
                        match (tn.as_str(), t) {
                            (Some(tn), Value::Type(t)) => {
                                set.types.push((tn.to_string(), (**t).clone()))
                            }
                            _ => {
                                return Err(format!(
                                    "TypeSet initializer has wrong type, entry 'types' expects a Hash of type names to types, got {tn} => {t}"
                                ))
                            }
                        }
                    }
                }
                (Some(other), _) => {
                    return Err(format!(
                        "TypeSets with '{other}' are not supported (only name, pcore_version, name_authority, version and types)"
                    ))
                }
                (None, _) => return Err(format!("TypeSet initializer key {k} is not a String")),
            }
        }
        if set.pcore_version.is_empty() {
            return Err("TypeSet initializer expects a value for key 'pcore_version'".into());
        }
        Ok(set)
    }

    /// The set under a name (what `type X = TypeSet[...]` declares).
    pub fn named(self, name: &str) -> TypeSetType {
        TypeSetType {
            name: name.to_string(),
            ..self
        }
    }

    /// The member `name` (case-insensitively, as type names are); an Object type is
    /// named `Set::Name`.
    pub fn member(&self, name: &str) -> Option<PType> {
        let (key, t) = self
            .types
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))?;
        Some(set_member(&self.name, key, t))
    }

    /// `TypeSet[{pcore_version => '1.0.0', name_authority => ..., name => 'Set', ...}]`.
    pub fn describe(&self, sub: &dyn Fn(&PType) -> String) -> String {
        let mut parts = vec![
            format!("pcore_version => {}", puppet_quote(&self.pcore_version)),
            format!("name_authority => {}", puppet_quote(&self.name_authority)),
        ];
        if !self.name.is_empty() {
            parts.push(format!("name => {}", puppet_quote(&self.name)));
        }
        if let Some(v) = &self.version {
            parts.push(format!("version => {}", puppet_quote(v)));
        }
        if !self.types.is_empty() {
            let types: Vec<String> = self
                .types
                .iter()
                .map(|(k, t)| format!("{k} => {}", sub(t)))
                .collect();
            parts.push(format!("types => {{{}}}", types.join(", ")));
        }
        format!("TypeSet[{{{}}}]", parts.join(", "))
    }
}
