//! Products as the in-memory catalogue holds them: everything but the descriptions.
//!
//! Descriptions are most of a product's bytes (1.9 of 2.7 KB per demo product, in five
//! languages) and are shown only on the product's own page, in staff screens and exports, which
//! read the stored product. Lists, filters, carts, orders and the sitemap never show them, so a
//! 100 000-product shop keeping them in memory held ~200 MB of text it did not use, and spent
//! most of its start-up copying it. Decoding skips them without allocating; what stays is which
//! languages have one, for the staff filter "missing texts".

use std::borrow::Cow;
use std::fmt;

use serde::de::{
    self, DeserializeSeed, Deserializer, IgnoredAny, IntoDeserializer, MapAccess, Visitor,
};
use serde::{Deserialize, forward_to_deserialize_any};

use super::model::Product;
use crate::content::model::Localized;

/// The languages in which a product has a description (not only blanks), one bit each in the
/// order of [`LANGUAGES`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Described(u8);

/// Language codes in bit order.
pub const LANGUAGES: [&str; 5] = ["en", "th", "my", "km", "id"];

impl Described {
    pub fn of(description: &Localized) -> Described {
        let d = description;
        let mut bits = Described::default();
        for (lang, text) in LANGUAGES.iter().zip([&d.en, &d.th, &d.my, &d.km, &d.id]) {
            if !text.trim().is_empty() {
                bits.set(lang);
            }
        }
        bits
    }

    pub fn has(self, lang: &str) -> bool {
        LANGUAGES
            .iter()
            .position(|l| *l == lang)
            .is_some_and(|i| self.0 & (1 << i) != 0)
    }

    fn set(&mut self, lang: &str) {
        if let Some(i) = LANGUAGES.iter().position(|l| *l == lang) {
            self.0 |= 1 << i;
        }
    }
}

/// A stored product decoded without its descriptions (`product.description` is empty).
pub struct Listed {
    pub product: Product,
    pub described: Described,
}

impl<'de> Deserialize<'de> for Listed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Listed, D::Error> {
        let mut described = Described::default();
        let mut product = Product::deserialize(WithoutDescription {
            inner: deserializer,
            described: &mut described,
        })?;
        product.shrink_to_fit();
        Ok(Listed { product, described })
    }
}

/// Hands [`Product`]'s own decoder the stored map minus its `description` entry, which it
/// reads as [`Described`] instead (the field has a default, so the product decodes without it).
struct WithoutDescription<'a, D> {
    inner: D,
    described: &'a mut Described,
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for WithoutDescription<'_, D> {
    type Error = D::Error;

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.inner.deserialize_struct(
            name,
            fields,
            SkipVisitor {
                visitor,
                described: self.described,
            },
        )
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.inner.deserialize_any(visitor)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

struct SkipVisitor<'a, V> {
    visitor: V,
    described: &'a mut Described,
}

impl<'de, V: Visitor<'de>> Visitor<'de> for SkipVisitor<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.visitor.expecting(f)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_map(SkipMap {
            map,
            described: self.described,
        })
    }
}

struct SkipMap<'a, A> {
    map: A,
    described: &'a mut Described,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for SkipMap<'_, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        while let Some(FieldName(name)) = self.map.next_key()? {
            if name == "description" {
                *self.described = self.map.next_value()?;
                continue;
            }
            return seed.deserialize(name.into_deserializer()).map(Some);
        }
        Ok(None)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.map.next_value_seed(seed)
    }

    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

/// A map key, borrowed from the input when it can be.
struct FieldName<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for FieldName<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Name;
        impl<'de> Visitor<'de> for Name {
            type Value = FieldName<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(FieldName(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(FieldName(Cow::Owned(v.to_string())))
            }
        }
        deserializer.deserialize_str(Name)
    }
}

/// A description map read for which languages it fills, its text skipped.
impl<'de> Deserialize<'de> for Described {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Languages;
        impl<'de> Visitor<'de> for Languages {
            type Value = Described;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("descriptions by language")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Described, A::Error> {
                let mut described = Described::default();
                while let Some(FieldName(lang)) = map.next_key()? {
                    if LANGUAGES.contains(&&*lang) {
                        if map.next_value::<Filled>()?.0 {
                            described.set(&lang);
                        }
                    } else {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
                Ok(described)
            }
        }
        deserializer.deserialize_map(Languages)
    }
}

/// Whether a text has more than blanks, read without copying or validating it (descriptions
/// are most of the bytes a large shop reads at start).
struct Filled(bool);

impl<'de> Deserialize<'de> for Filled {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text;
        impl Visitor<'_> for Text {
            type Value = Filled;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a text")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Filled, E> {
                Ok(Filled(!v.trim().is_empty()))
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Filled, E> {
                Ok(Filled(has_more_than_blanks(v)))
            }
        }
        // serde_json hands a string's bytes (escapes resolved) to `visit_bytes` unchecked.
        deserializer.deserialize_bytes(Text)
    }
}

/// `!text.trim().is_empty()` for UTF-8 bytes, looking at no more than the first character that
/// is not white space.
fn has_more_than_blanks(text: &[u8]) -> bool {
    let mut at = 0;
    while let Some(&byte) = text.get(at) {
        if byte.is_ascii_whitespace() || byte == 0x0b {
            at += 1;
            continue;
        }
        if byte.is_ascii() {
            return true;
        }
        let len = match byte {
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            _ => 4,
        };
        let char = text
            .get(at..at + len)
            .and_then(|c| std::str::from_utf8(c).ok())
            .and_then(|c| c.chars().next());
        match char {
            Some(c) if c.is_whitespace() => at += len,
            _ => return true,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo() -> Vec<Product> {
        #[derive(Deserialize)]
        struct File {
            products: Vec<Product>,
        }
        let file: File = serde_json::from_value(
            crate::embedded::embedded_json::<crate::embedded::Assets>("demo/products.json")
                .unwrap(),
        )
        .unwrap();
        file.products
    }

    #[test]
    fn a_listed_product_is_the_stored_one_without_its_descriptions() {
        let products = demo();
        assert!(products.len() > 100);
        for stored in products {
            let bytes = serde_json::to_vec(&stored).unwrap();
            let listed: Listed = serde_json::from_slice(&bytes).unwrap();
            assert_eq!(listed.described, Described::of(&stored.description));
            assert_eq!(listed.described, Described(0b11111), "{}", stored.code);
            let without = Product {
                description: Default::default(),
                ..stored
            };
            assert_eq!(listed.product, without);
        }
    }

    #[test]
    fn blank_and_missing_descriptions_are_told_apart_per_language() {
        let json = r#"{"code":"X-1","name":{"en":"Chair"},"price":100,
            "description":{"en":"A chair","th":"  ","km":"\u17a2","zz":"?"}}"#;
        let listed: Listed = serde_json::from_str(json).unwrap();
        assert!(listed.described.has("en"));
        assert!(!listed.described.has("th"), "blank");
        assert!(!listed.described.has("my"), "absent");
        assert!(listed.described.has("km"), "escaped text");
        for (text, filled) in [
            ("", false),
            (r" \t\n\u000b\f\r", false),
            (r"\u3000\u00a0 \u2003", false),
            ("\u{3000}\u{a0} \u{2003}", false),
            (r"\u3000x", true),
            ("โซฟา", true),
            ("  ខ្មែរ", true),
            (r"\u0085.", true),
        ] {
            let json =
                format!(r#"{{"code":"X","name":{{}},"price":1,"description":{{"th":"{text}"}}}}"#);
            let listed: Listed = serde_json::from_str(&json).unwrap();
            assert_eq!(listed.described.has("th"), filled, "{text:?}");
            let whole: Product = serde_json::from_str(&json).unwrap();
            assert_eq!(
                Described::of(&whole.description),
                listed.described,
                "{text:?}"
            );
        }
        assert_eq!(*listed.product.description, Localized::default());
        assert_eq!(listed.product.name.en, "Chair");

        let none: Listed =
            serde_json::from_str(r#"{"code":"X-2","name":{"en":"A"},"price":1}"#).unwrap();
        assert_eq!(none.described, Described::default());
        // The spelling imports accept still reads.
        let old: Listed = serde_json::from_str(
            r#"{"code":"X-3","name":{"en":"A"},"price":1,"catagories":["sofas"]}"#,
        )
        .unwrap();
        assert_eq!(old.product.categories, ["sofas"]);
        // A broken document is an error, as for the whole product.
        assert!(serde_json::from_str::<Listed>(r#"{"code":"X","description":7}"#).is_err());
        assert!(serde_json::from_str::<Listed>(r#"["X"]"#).is_err());
    }
}
