//! The header of a CSV file from its row type: the field names of the
//! struct, read from its serde description, so a file with no rows has the
//! same columns as a full one and no list of names is kept beside the
//! struct.

use serde::de::{self, Deserialize, Deserializer, Visitor};

/// The column names of the row type `T`: the field names its derived
/// `Deserialize` asks for.
pub fn columns<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    let mut fields: &'static [&'static str] = &[];
    // The deserializer fails on purpose once it has the names.
    let _ = T::deserialize(FieldNames(&mut fields));
    fields
}

/// A deserializer that only records the field names of the struct it is
/// asked for.
struct FieldNames<'a>(&'a mut &'static [&'static str]);

impl<'de> Deserializer<'de> for FieldNames<'_> {
    type Error = de::value::Error;

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Self::Error> {
        *self.0 = fields;
        Err(de::Error::custom("only the field names were asked for"))
    }

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("not a struct with named fields"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map
        enum identifier ignored_any
    }
}
