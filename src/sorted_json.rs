//! JSON with every object's keys in order, written straight from `Serialize`.
//!
//! Every `--json` line has its keys sorted, so that records from any command read the
//! same. `serde_json::to_value` sorts them (its maps are ordered), but builds a `Value`
//! node for every number first: the solution of a 400x400 grid is 160,000 of them, and
//! building and then writing that tree cost about 30M instructions where the solve took
//! 177M.
//! Here everything is written where it stands (strings and numbers by serde_json
//! itself), and an object whose fields came out of key order is put in order in one copy.
//! The bytes are those of `to_value` then `to_string` (a test holds them equal), which is
//! why this is not an RFC 8785 canonicaliser (`serde_json_canonicalizer`, `serde_jcs`):
//! those spell floats and order keys their own way.

use serde::ser::{self, Serialize};
use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

/// `value` as one line of JSON, object keys sorted (by bytes, the last of equal keys
/// kept, as an ordered map keeps it).
pub fn to_string(value: &impl Serialize) -> Result<String, Error> {
    let mut out = Vec::with_capacity(128);
    value.serialize(Writer { out: &mut out })?;
    Ok(String::from_utf8(out).expect("serde_json writes UTF-8"))
}

/// What could not be written: what serde_json refuses, or a map key that is no string
/// or number.
#[derive(Debug)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error(msg.to_string())
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Error {
        Error(e.to_string())
    }
}

/// Writes one value to `out`.
struct Writer<'a> {
    out: &'a mut Vec<u8>,
}

impl Writer<'_> {
    /// A scalar, spelled by serde_json.
    fn scalar(self, v: &(impl Serialize + ?Sized)) -> Result<(), Error> {
        serde_json::to_writer(&mut *self.out, v)?;
        Ok(())
    }
}

/// An array being written: `[` is out, elements follow with `,` between.
struct Array<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
    /// The `}` of `{"variant":[…]}` still to close.
    close_variant: bool,
}

impl Array<'_> {
    fn element(&mut self, v: &(impl Serialize + ?Sized)) -> Result<(), Error> {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        v.serialize(Writer { out: self.out })
    }

    fn finish(self) -> Result<(), Error> {
        self.out.push(b']');
        if self.close_variant {
            self.out.push(b'}');
        }
        Ok(())
    }
}

/// An object being written. Each entry goes out where it stands, `"key":value` after
/// the `{`, its place noted; at the end, entries out of key order (or a key repeated)
/// are put in order in one copy. A struct whose fields are declared in key order costs
/// no copy at all.
struct Object<'a> {
    out: &'a mut Vec<u8>,
    /// Where the object's `{` is in `out`.
    open: usize,
    /// Each entry's key and where its `"key":value` lies in `out`.
    entries: Vec<(Cow<'static, str>, Range<usize>)>,
    /// A map's key, until its value comes.
    key: Option<String>,
    /// The `}` of `{"variant":{…}}` still to close.
    close_variant: bool,
}

impl<'a> Object<'a> {
    fn new(out: &'a mut Vec<u8>, len: usize, close_variant: bool) -> Object<'a> {
        let open = out.len();
        out.push(b'{');
        Object {
            out,
            open,
            entries: Vec::with_capacity(len),
            key: None,
            close_variant,
        }
    }

    fn entry(
        &mut self,
        key: Cow<'static, str>,
        v: &(impl Serialize + ?Sized),
    ) -> Result<(), Error> {
        if !self.entries.is_empty() {
            self.out.push(b',');
        }
        let from = self.out.len();
        serde_json::to_writer(&mut *self.out, key.as_ref())?;
        self.out.push(b':');
        v.serialize(Writer {
            out: &mut *self.out,
        })?;
        self.entries.push((key, from..self.out.len()));
        Ok(())
    }

    fn finish(mut self) -> Result<(), Error> {
        let in_order = self.entries.windows(2).all(|w| w[0].0 < w[1].0);
        if !in_order {
            // Stable: of equal keys the last written is last, and the one kept.
            self.entries.sort_by(|a, b| a.0.cmp(&b.0));
            let body = self.out.split_off(self.open + 1);
            let base = self.open + 1;
            let mut first = true;
            for (i, (key, at)) in self.entries.iter().enumerate() {
                if self.entries.get(i + 1).is_some_and(|next| next.0 == *key) {
                    continue;
                }
                if !first {
                    self.out.push(b',');
                }
                first = false;
                self.out
                    .extend_from_slice(&body[at.start - base..at.end - base]);
            }
        }
        self.out.push(b'}');
        if self.close_variant {
            self.out.push(b'}');
        }
        Ok(())
    }
}

/// Writes `{"variant":` for the enum forms that wrap their content in an object.
fn open_variant(out: &mut Vec<u8>, variant: &str) -> Result<(), Error> {
    out.push(b'{');
    serde_json::to_writer(&mut *out, variant)?;
    out.push(b':');
    Ok(())
}

impl<'a> ser::Serializer for Writer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Array<'a>;
    type SerializeTuple = Array<'a>;
    type SerializeTupleStruct = Array<'a>;
    type SerializeTupleVariant = Array<'a>;
    type SerializeMap = Object<'a>;
    type SerializeStruct = Object<'a>;
    type SerializeStructVariant = Object<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        // A `Value` holds it as an f64 and spells it so (0.1f32 as 0.10000000149011612).
        self.scalar(&f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.scalar(&v)
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.scalar(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        // As a `Value` holds them: an array of numbers.
        self.scalar(v)
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), Error> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.scalar(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        open_variant(self.out, variant)?;
        v.serialize(Writer {
            out: &mut *self.out,
        })?;
        self.out.push(b'}');
        Ok(())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Array<'a>, Error> {
        self.out.push(b'[');
        Ok(Array {
            out: self.out,
            first: true,
            close_variant: false,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Array<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Array<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Array<'a>, Error> {
        open_variant(self.out, variant)?;
        self.out.push(b'[');
        Ok(Array {
            out: self.out,
            first: true,
            close_variant: true,
        })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Object<'a>, Error> {
        Ok(Object::new(self.out, len.unwrap_or(0), false))
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Object<'a>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Object<'a>, Error> {
        open_variant(self.out, variant)?;
        Ok(Object::new(self.out, len, true))
    }
}

/// The four array forms serde tells apart, each an [`Array`] here.
macro_rules! array_form {
    ($form:ident, $element:ident) => {
        impl ser::$form for Array<'_> {
            type Ok = ();
            type Error = Error;
            fn $element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
                self.element(v)
            }
            fn end(self) -> Result<(), Error> {
                self.finish()
            }
        }
    };
}

array_form!(SerializeSeq, serialize_element);
array_form!(SerializeTuple, serialize_element);
array_form!(SerializeTupleStruct, serialize_field);
array_form!(SerializeTupleVariant, serialize_field);

impl ser::SerializeMap for Object<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        // A key as `to_value` takes one: a string, or a number or `bool` spelled as one.
        let v = serde_json::to_value(key)?;
        let key = match v {
            serde_json::Value::String(s) => s,
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::Bool(b) => b.to_string(),
            other => return Err(Error(format!("a map key must be a string, not {other}"))),
        };
        self.key = Some(key);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| Error("a value before its key".into()))?;
        self.entry(Cow::Owned(key), v)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

/// The two struct forms serde tells apart, each an [`Object`] here.
macro_rules! struct_form {
    ($form:ident) => {
        impl ser::$form for Object<'_> {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                v: &T,
            ) -> Result<(), Error> {
                self.entry(Cow::Borrowed(key), v)
            }
            fn end(self) -> Result<(), Error> {
                self.finish()
            }
        }
    };
}

struct_form!(SerializeStruct);
struct_form!(SerializeStructVariant);

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde::Serialize;
    use serde_json::Value;
    use std::collections::HashMap;

    /// The line `to_value` then `to_string` writes: what this module must equal.
    fn through_value(v: &impl Serialize) -> String {
        let v = serde_json::to_value(v).unwrap_or(Value::Null);
        serde_json::to_string(&v).unwrap_or_else(|_| "null".into())
    }

    fn json_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            "\\PC{0,8}".prop_map(Value::String),
            "[\"\\\\\\n\\t\\u{1}é]{0,4}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 64, 8, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
                prop::collection::vec(("[a-d]{0,3}|\\PC{0,3}", inner), 0..8)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn any_json_is_written_as_serde_json_writes_it(v in json_value()) {
            prop_assert_eq!(to_string(&v).unwrap(), serde_json::to_string(&v).unwrap());
        }

        #[test]
        fn a_maps_keys_come_out_sorted(entries in prop::collection::vec(("\\PC{0,4}", any::<u16>()), 0..12)) {
            // A HashMap hands its entries over in no order at all.
            let m: HashMap<String, u16> = entries.into_iter().collect();
            prop_assert_eq!(to_string(&m).unwrap(), through_value(&m));
        }
    }

    #[derive(Serialize)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Unit,
        Newtype(Vec<u16>),
        Tuple(u8, String),
        Struct { zeta: u8, alpha: Option<bool> },
    }

    #[derive(Serialize)]
    struct Inner {
        z: f64,
        y: f32,
        a: char,
        #[serde(skip_serializing_if = "Option::is_none")]
        m: Option<u32>,
    }

    #[derive(Serialize)]
    struct Record {
        status: Kind,
        grid: Vec<Vec<u16>>,
        #[serde(flatten)]
        inner: Inner,
        by_number: std::collections::BTreeMap<u32, bool>,
        kinds: Vec<Kind>,
        unit: (),
        pair: (i32, &'static str),
        bytes: &'static [u8],
        // Written after `a` by flatten: the later of two equal keys is the one kept.
        a: &'static str,
    }

    #[test]
    fn of_two_equal_keys_in_order_the_later_is_kept() {
        #[derive(Serialize)]
        struct Twice {
            a: u8,
            #[serde(flatten)]
            more: std::collections::BTreeMap<&'static str, u8>,
        }
        let t = Twice {
            a: 1,
            more: [("a", 2), ("b", 3)].into_iter().collect(),
        };
        assert_eq!(to_string(&t).unwrap(), "{\"a\":2,\"b\":3}");
        assert_eq!(to_string(&t).unwrap(), through_value(&t));
    }

    #[test]
    fn records_are_written_as_through_a_value() {
        let r = Record {
            status: Kind::Unit,
            grid: vec![vec![1, 0, 400], vec![65535, 7, 12]],
            inner: Inner {
                z: 1.0,
                y: 0.1,
                a: '"',
                m: None,
            },
            by_number: [(10, true), (2, false)].into_iter().collect(),
            kinds: vec![
                Kind::Newtype(vec![3, 2]),
                Kind::Tuple(1, "x\ny".into()),
                Kind::Struct {
                    zeta: 1,
                    alpha: None,
                },
            ],
            unit: (),
            pair: (-3, "é"),
            bytes: b"ab",
            a: "last",
        };
        let line = to_string(&r).unwrap();
        assert_eq!(line, through_value(&r));
        // Keys sorted at every level, numbers as keys by their text ("10" before "2").
        assert!(line.starts_with("{\"a\":\"last\",\"by_number\":{\"10\":true,\"2\":false}"));
        assert!(
            line.contains("{\"struct\":{\"alpha\":null,\"zeta\":1}}"),
            "{line}"
        );
        let mut with_m = r;
        with_m.inner.m = Some(4);
        assert_eq!(to_string(&with_m).unwrap(), through_value(&with_m));
    }
}
