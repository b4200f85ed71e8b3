//! Products as the in-memory catalogue holds them: everything but the descriptions.
//!
//! Descriptions are most of a product's bytes (1.9 of 2.7 KB per demo product, in five
//! languages) and are shown only on the product's own page, in staff screens and exports, which
//! read the stored product. Lists, filters, carts, orders and the sitemap never show them, so a
//! 100 000-product shop keeping them in memory held ~200 MB of text it did not use, and spent
//! most of its start-up copying it. Decoding skips them without allocating; what stays is which
//! languages have one, for the staff filter "missing texts".
//!
//! Options and variants (docs/VARIANTS.md) are held compactly beside the product ([`Choices`]):
//! per variant its code, price, compare-at price, live stock, active flag, value indexes and
//! first photo; per option its kind and each value's facet key and swatch. Their texts in five
//! languages are read from the database like descriptions (search words, the product's page).
//! A product without options holds none: its own code, price and stock are its one variant's.

use std::borrow::Cow;
use std::fmt;

use serde::de::{
    self, DeserializeSeed, Deserializer, IgnoredAny, IntoDeserializer, MapAccess, Visitor,
};
use serde::{Deserialize, forward_to_deserialize_any};

use super::model::Product;
use super::variants::{OptionKind, ProductOption, Variant};
use crate::content::model::Localized;
use crate::domain::Satang;

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

/// A stored product decoded without its descriptions (`product.description` is empty), its
/// options and variants taken into [`Choices`] (`product.options` and `product.variants` are
/// empty).
pub struct Listed {
    pub product: Product,
    pub described: Described,
    pub choices: Choices,
    /// The texts of its size values by facet key: sizes have no label set, so facet answers
    /// name them from the products (docs/VARIANTS.md §4).
    pub size_labels: Vec<(Box<str>, Localized)>,
}

impl Listed {
    /// Sets each variant's live level (`level_of` a variant code; none: 0) and the product's
    /// stock to the sum of its active ones; a product without options keeps the level its own
    /// code has.
    pub fn take_levels(&mut self, level_of: impl Fn(&str) -> Option<u32>) {
        if !self.choices.has_options() {
            if let Some(level) = level_of(&self.product.code) {
                self.product.stock = level;
            }
            return;
        }
        for variant in self.choices.variants.iter_mut() {
            variant.stock = level_of(&variant.code).unwrap_or(0);
        }
        self.product.stock = self.choices.active_stock();
    }
}

impl<'de> Deserialize<'de> for Listed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Listed, D::Error> {
        let mut described = Described::default();
        let mut beside = Beside::default();
        let product = Product::deserialize(WithoutDescription {
            inner: deserializer,
            described: &mut described,
            beside: &mut beside,
        })?;
        Ok(Listed::of_stored(product, described, beside))
    }
}

impl Listed {
    /// `product` as the catalogue holds it (its descriptions already dropped or to be dropped
    /// by the caller).
    pub fn of(mut product: Product, described: Described) -> Listed {
        let size_labels = size_labels(&product);
        let choices = Choices::take(&mut product);
        product.shrink_to_fit();
        Listed {
            product,
            described,
            choices,
            size_labels,
        }
    }
}

impl Listed {
    /// A product decoded without its options and variants, which were read into `beside`.
    fn of_stored(mut product: Product, described: Described, beside: Beside) -> Listed {
        let size_labels = beside.size_labels();
        let choices = beside.into_choices(&product.images);
        product.shrink_to_fit();
        Listed {
            product,
            described,
            choices,
            size_labels,
        }
    }
}

/// A stored product's `options` and `variants`, read straight into what [`Choices`] and the
/// size labels need. Building each `ProductOption` and `Variant` first (five texts per option
/// name and value, a buffered `#[serde(flatten)]` per value, a code, value list and photo list
/// per variant) more than doubled the CPU a 100 000-product shop sold in 400 000 variants spent
/// before its first answer (docs/PERFORMANCE.md); here texts stay borrowed from the stored bytes
/// unless they are a size's label.
#[derive(Default)]
struct Beside<'de> {
    options: Vec<StoredOption<'de>>,
    variants: Vec<StoredVariant<'de>>,
}

/// An option's kind and values; its name is skipped, and so are the value texts of any option
/// but a size (only sizes' texts are kept, as facet labels), without checking them as UTF-8:
/// a shop sold in 400 000 variants spent a sixth of its start-up scanning texts it drops.
struct StoredOption<'a> {
    kind: OptionKind,
    values: Vec<StoredValue<'a>>,
}

/// An option value's texts, facet key and swatch; anything else in the map is skipped.
#[derive(Default)]
struct StoredValue<'de> {
    texts: [Cow<'de, str>; 5],
    key: Cow<'de, str>,
    swatch: Option<Rgb>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredVariant<'a> {
    code: Box<str>,
    #[serde(default)]
    values: ValueIndexes,
    price: Satang,
    #[serde(default)]
    compare_at_price: Option<Satang>,
    #[serde(default)]
    stock: u32,
    #[serde(default = "yes")]
    active: bool,
    #[serde(borrow, default, rename = "images")]
    first_image: FirstText<'a>,
}

fn yes() -> bool {
    true
}

/// A variant's value indexes, at most three (one per option).
#[derive(Default)]
struct ValueIndexes([u8; 3]);

/// The first text of a list (a variant's first photo), the rest skipped.
#[derive(Default)]
struct FirstText<'de>(Option<Cow<'de, str>>);

/// A full option as [`Beside`] holds it (its texts are not needed for [`Choices`]).
impl From<ProductOption> for StoredOption<'static> {
    fn from(option: ProductOption) -> Self {
        StoredOption {
            kind: option.kind,
            values: option
                .values
                .into_iter()
                .map(|v| StoredValue {
                    texts: Default::default(),
                    key: Cow::Owned(v.key),
                    swatch: v.swatch.as_deref().and_then(Rgb::parse),
                })
                .collect(),
        }
    }
}

impl From<Variant> for StoredVariant<'static> {
    fn from(v: Variant) -> Self {
        let mut values = [0u8; 3];
        for (slot, value) in values.iter_mut().zip(&v.values) {
            *slot = *value;
        }
        StoredVariant {
            code: v.code.into_boxed_str(),
            values: ValueIndexes(values),
            price: v.price,
            compare_at_price: v.compare_at_price,
            stock: v.stock,
            active: v.active,
            first_image: FirstText(v.images.into_iter().next().map(Cow::Owned)),
        }
    }
}

impl<'de> Beside<'de> {
    fn size_labels(&self) -> Vec<(Box<str>, Localized)> {
        self.options
            .iter()
            .filter(|o| o.kind == OptionKind::Size)
            .flat_map(|o| &o.values)
            .filter(|v| !v.key.is_empty())
            .map(|v| {
                let [en, th, my, km, id] = v.texts.clone().map(Cow::into_owned);
                ((*v.key).into(), Localized { en, th, my, km, id })
            })
            .collect()
    }

    /// As [`Choices::take`] makes them from a full product whose photos are `images`.
    fn into_choices(self, images: &[String]) -> Choices {
        if self.options.is_empty() {
            return Choices::default();
        }
        Choices {
            variants: self
                .variants
                .into_iter()
                .map(|v| ListedVariant {
                    image: v
                        .first_image
                        .0
                        .and_then(|first| images.iter().position(|i| *i == *first))
                        .and_then(|i| u16::try_from(i).ok())
                        .unwrap_or(NO_IMAGE),
                    code: v.code,
                    price: v.price,
                    compare_at_price: v.compare_at_price,
                    stock: v.stock,
                    values: v.values.0,
                    active: v.active,
                })
                .collect(),
            options: self
                .options
                .into_iter()
                .map(|o| ListedOption {
                    kind: o.kind,
                    values: o
                        .values
                        .into_iter()
                        .map(|v| ListedValue {
                            key: (*v.key).into(),
                            swatch: v.swatch,
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for StoredOption<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OptionMap<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for OptionMap<'a> {
            type Value = StoredOption<'a>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an option")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                // `kind` is written before `values`; were it not, texts are kept to be safe.
                let mut kind: Option<OptionKind> = None;
                let mut values = Vec::new();
                while let Some(FieldName(name)) = map.next_key()? {
                    match &*name {
                        "kind" => kind = Some(map.next_value()?),
                        "values" => {
                            let texts = kind.is_none_or(|k| k == OptionKind::Size);
                            values = map.next_value_seed(ValuesSeed(texts, Default::default()))?;
                        }
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(StoredOption {
                    kind: kind.unwrap_or_default(),
                    values,
                })
            }
        }
        deserializer.deserialize_map(OptionMap(std::marker::PhantomData))
    }
}

/// An option's values, their texts read (`.0`) or skipped.
struct ValuesSeed<'a>(bool, std::marker::PhantomData<&'a ()>);

impl<'de: 'a, 'a> DeserializeSeed<'de> for ValuesSeed<'a> {
    type Value = Vec<StoredValue<'a>>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de: 'a, 'a> Visitor<'de> for ValuesSeed<'a> {
    type Value = Vec<StoredValue<'a>>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("option values")
    }
    fn visit_seq<S: de::SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        let mut values = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(64));
        while let Some(value) =
            seq.next_element_seed(ValueSeed(self.0, std::marker::PhantomData))?
        {
            values.push(value);
        }
        Ok(values)
    }
}

/// One option value, its texts read (`.0`) or skipped.
struct ValueSeed<'a>(bool, std::marker::PhantomData<&'a ()>);

impl<'de: 'a, 'a> DeserializeSeed<'de> for ValueSeed<'a> {
    type Value = StoredValue<'a>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de: 'a, 'a> Visitor<'de> for ValueSeed<'a> {
    type Value = StoredValue<'a>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an option value")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut value = StoredValue::default();
        while let Some(FieldName(name)) = map.next_key()? {
            if let Some(at) = LANGUAGES.iter().position(|l| *l == name) {
                if self.0 {
                    value.texts[at] = map.next_value::<FieldName>()?.0;
                } else {
                    map.next_value::<IgnoredAny>()?;
                }
            } else if name == "key" {
                value.key = map.next_value::<FieldName>()?.0;
            } else if name == "swatch" {
                value.swatch = map
                    .next_value::<Option<FieldName>>()?
                    .and_then(|text| Rgb::parse(&text.0));
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(value)
    }
}

impl<'de> Deserialize<'de> for ValueIndexes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Indexes;
        impl<'de> Visitor<'de> for Indexes {
            type Value = ValueIndexes;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("value indexes")
            }
            fn visit_seq<S: de::SeqAccess<'de>>(
                self,
                mut seq: S,
            ) -> Result<ValueIndexes, S::Error> {
                let mut indexes = [0u8; 3];
                let mut at = 0;
                while let Some(index) = seq.next_element::<u8>()? {
                    if let Some(slot) = indexes.get_mut(at) {
                        *slot = index;
                    }
                    at += 1;
                }
                Ok(ValueIndexes(indexes))
            }
        }
        deserializer.deserialize_seq(Indexes)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for FirstText<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct First<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for First<'a> {
            type Value = FirstText<'a>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of texts")
            }
            fn visit_seq<S: de::SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
                let first = seq.next_element::<FieldName>()?.map(|text| text.0);
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(FirstText(first))
            }
        }
        deserializer.deserialize_seq(First(std::marker::PhantomData))
    }
}

/// The text of every size value with a facet key, by key.
pub fn size_labels(product: &Product) -> Vec<(Box<str>, Localized)> {
    product
        .options
        .iter()
        .filter(|o| o.kind == OptionKind::Size)
        .flat_map(|o| &o.values)
        .filter(|v| !v.key.is_empty())
        .map(|v| (v.key.as_str().into(), v.text.clone()))
        .collect()
}

/// A product's options and variants as the in-memory catalogue holds them; empty for a product
/// without options (its own code, price and stock are its variant's).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choices {
    pub options: Box<[ListedOption]>,
    pub variants: Box<[ListedVariant]>,
}

/// An option's kind and its values' facet keys and swatches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedOption {
    pub kind: OptionKind,
    pub values: Box<[ListedValue]>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedValue {
    /// Empty: not a facet. Shared by every value with the same key (the snapshot interns them:
    /// "grey" and "6-ft" recur over thousands of products).
    pub key: std::sync::Arc<str>,
    pub swatch: Option<Rgb>,
}

/// A swatch colour (`#rrggbb`, checked by the product's rules) in four bytes instead of a
/// string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u32);

impl Rgb {
    /// `#rrggbb` (any case); `None` for anything else.
    pub fn parse(text: &str) -> Option<Rgb> {
        let hex = text.trim().strip_prefix('#')?;
        if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        u32::from_str_radix(hex, 16).ok().map(Rgb)
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "#{:06x}", self.0)
    }
}

/// What lists, facets, carts and stock need of a variant (56 bytes and its code).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedVariant {
    pub code: Box<str>,
    pub price: Satang,
    pub compare_at_price: Option<Satang>,
    /// The live level.
    pub stock: u32,
    /// The index of its value of each option (unused places 0).
    pub values: [u8; 3],
    /// Its first photo, as an index into the product's `images` ([`NO_IMAGE`]: none of its own).
    pub image: u16,
    pub active: bool,
}

/// [`ListedVariant::image`] of a variant without photos of its own.
pub const NO_IMAGE: u16 = u16::MAX;

impl ListedVariant {
    /// Its value of option `option`.
    pub fn value(&self, option: usize) -> Option<usize> {
        self.values.get(option).map(|&v| usize::from(v))
    }
}

impl Choices {
    /// Moves the product's options and variants out (leaving both empty). A product without
    /// options gives none.
    pub fn take(product: &mut Product) -> Choices {
        let options = std::mem::take(&mut product.options);
        let variants = std::mem::take(&mut product.variants);
        // The same compaction as a stored product's (one rule for both paths).
        Beside {
            options: options.into_iter().map(StoredOption::from).collect(),
            variants: variants.into_iter().map(StoredVariant::from).collect(),
        }
        .into_choices(&product.images)
    }

    pub fn has_options(&self) -> bool {
        !self.options.is_empty()
    }

    pub fn active(&self) -> impl Iterator<Item = &ListedVariant> {
        self.variants.iter().filter(|v| v.active)
    }

    /// The variant sold under `code`, by position.
    pub fn position(&self, code: &str) -> Option<usize> {
        self.variants.iter().position(|v| &*v.code == code)
    }

    /// The variant a shopper sees first (`Product::default_variant`): the first active one
    /// with stock, else the first active one, else the first.
    pub fn default_variant(&self) -> Option<usize> {
        self.variants
            .iter()
            .position(|v| v.active && v.stock > 0)
            .or_else(|| self.variants.iter().position(|v| v.active))
            .or_else(|| (!self.variants.is_empty()).then_some(0))
    }

    /// The first active variant whose value of `option` is `value`.
    pub fn first_active_with(&self, option: usize, value: usize) -> Option<usize> {
        self.variants
            .iter()
            .position(|v| v.active && v.value(option) == Some(value))
    }

    /// The facet keys of the options of `kind` that an active variant holds, each once, in
    /// option and value order.
    pub fn active_keys(&self, kind: OptionKind) -> Vec<(&str, Option<Rgb>)> {
        let mut out: Vec<(&str, Option<Rgb>)> = Vec::new();
        for (o, option) in self.options.iter().enumerate() {
            if option.kind != kind {
                continue;
            }
            for (v, value) in option.values.iter().enumerate() {
                if !value.key.is_empty()
                    && self
                        .variants
                        .iter()
                        .any(|x| x.active && x.value(o) == Some(v))
                    && !out.iter().any(|(k, _)| *k == &*value.key)
                {
                    out.push((&value.key, value.swatch));
                }
            }
        }
        out
    }

    /// The sum of the active variants' levels.
    pub fn active_stock(&self) -> u32 {
        self.active()
            .fold(0u32, |sum, v| sum.saturating_add(v.stock))
    }
}

/// A product as the in-memory catalogue holds it: the [`Product`] without descriptions,
/// options and variants (it reads as one), and its [`Choices`].
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a> {
    pub product: &'a Product,
    pub choices: &'a Choices,
}

impl std::ops::Deref for Entry<'_> {
    type Target = Product;

    fn deref(&self) -> &Product {
        self.product
    }
}

impl std::borrow::Borrow<Product> for Entry<'_> {
    fn borrow(&self) -> &Product {
        self.product
    }
}

impl<'a> Entry<'a> {
    /// The live level of the variant sold under `code` (for a product without options, its own
    /// code).
    pub fn level_of(&self, code: &str) -> Option<u32> {
        if self.choices.has_options() {
            let at = self.choices.position(code)?;
            Some(self.choices.variants[at].stock)
        } else {
            (self.product.code == code).then_some(self.product.stock)
        }
    }

    /// Its variant at `at`, if any.
    pub fn variant(&self, at: Option<usize>) -> Option<&'a ListedVariant> {
        at.and_then(|at| self.choices.variants.get(at))
    }
}

/// Hands [`Product`]'s own decoder the stored map minus its `description`, `options` and
/// `variants` entries, which it reads as [`Described`] and [`Beside`] instead (the fields have
/// defaults, so the product decodes without them).
struct WithoutDescription<'a, 'de, D> {
    inner: D,
    described: &'a mut Described,
    beside: &'a mut Beside<'de>,
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for WithoutDescription<'_, 'de, D> {
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
                beside: self.beside,
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

struct SkipVisitor<'a, 'de, V> {
    visitor: V,
    described: &'a mut Described,
    beside: &'a mut Beside<'de>,
}

impl<'de, V: Visitor<'de>> Visitor<'de> for SkipVisitor<'_, 'de, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.visitor.expecting(f)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_map(SkipMap {
            map,
            described: self.described,
            beside: self.beside,
        })
    }
}

struct SkipMap<'a, 'de, A> {
    map: A,
    described: &'a mut Described,
    beside: &'a mut Beside<'de>,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for SkipMap<'_, 'de, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        while let Some(FieldName(name)) = self.map.next_key()? {
            match &*name {
                "description" => *self.described = self.map.next_value()?,
                "options" => self.beside.options = self.map.next_value()?,
                "variants" => self.beside.variants = self.map.next_value()?,
                _ => return seed.deserialize(name.into_deserializer()).map(Some),
            }
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
            let mut without = Product {
                description: Default::default(),
                ..stored
            };
            let labels = size_labels(&without);
            let choices = Choices::take(&mut without);
            assert_eq!(listed.choices, choices, "{}", without.code);
            assert_eq!(listed.size_labels, labels, "{}", without.code);
            assert_eq!(listed.product, without);
        }
    }

    #[test]
    fn options_and_variants_are_held_compactly_beside_the_product() {
        let json = serde_json::json!({
            "code": "SF-1", "name": {"en": "Sofa"}, "price": 100,
            "images": ["/api/file/images/a.webp", "/api/file/images/b.webp"],
            "options": [
                {"kind": "colour", "name": {"en": "Fabric"},
                 "values": [{"en": "Grey", "th": "เทา", "key": "grey", "swatch": "#8a8d91"},
                            {"en": "Sand", "key": "beige"}]},
                {"kind": "size", "name": {"en": "Size"},
                 "values": [{"en": "2 seats", "th": "2 ที่นั่ง", "key": "2-seats"}, {"en": "3 seats"}]}
            ],
            "variants": [
                {"code": "SF-1-G2", "values": [0, 0], "price": 9000, "stock": 2,
                 "images": ["/api/file/images/b.webp"]},
                {"code": "SF-1-G3", "values": [0, 1], "price": 12000, "compareAtPrice": 15000},
                {"code": "SF-1-S2", "values": [1, 0], "price": 8000, "stock": 5, "active": false}
            ]
        });
        let listed: Listed = serde_json::from_value(json).unwrap();
        assert!(listed.product.options.is_empty() && listed.product.variants.is_empty());
        let choices = &listed.choices;
        assert_eq!(choices.variants.len(), 3);
        let first = &choices.variants[0];
        assert_eq!(
            (
                &*first.code,
                first.price,
                first.stock,
                first.values,
                first.image
            ),
            ("SF-1-G2", Satang(9000), 2, [0, 0, 0], 1)
        );
        assert_eq!(choices.variants[1].image, NO_IMAGE);
        assert_eq!(choices.variants[1].compare_at_price, Some(Satang(15000)));
        assert!(!choices.variants[2].active);
        assert_eq!(
            choices.active_keys(OptionKind::Colour),
            [("grey", Rgb::parse("#8A8D91"))],
            "sand has no active variant"
        );
        assert_eq!(choices.active_keys(OptionKind::Size), [("2-seats", None)]);
        assert_eq!(Rgb(0x8a8d91).to_string(), "#8a8d91");
        assert_eq!(
            Rgb::parse("#00000f").map(|c| c.to_string()).as_deref(),
            Some("#00000f")
        );
        assert_eq!(Rgb::parse("8a8d91"), None);
        assert!(std::mem::size_of::<ListedValue>() <= 24);
        assert_eq!(choices.first_active_with(1, 1), Some(1));
        assert_eq!(choices.first_active_with(0, 1), None);
        assert_eq!(choices.active_stock(), 2);
        assert_eq!(listed.size_labels.len(), 1);
        assert_eq!(&*listed.size_labels[0].0, "2-seats");
        assert_eq!(listed.size_labels[0].1.th, "2 ที่นั่ง");

        let entry = Entry {
            product: &listed.product,
            choices: &listed.choices,
        };
        assert_eq!(entry.level_of("SF-1-S2"), Some(5));
        assert_eq!(entry.level_of("SF-1"), None, "not one of its variants");
        assert!(std::mem::size_of::<ListedVariant>() <= 56);

        // A size whose `values` come before its `kind` still keeps its labels (texts are only
        // skipped once the kind is known not to be a size).
        let reordered: Listed = serde_json::from_value(serde_json::json!({
            "code": "BD-1", "name": {"en": "Bed"}, "price": 100,
            "options": [{"values": [{"en": "6 ft", "km": "6 ហ្វីត", "key": "6-ft"}], "kind": "size"}],
            "variants": [{"code": "BD-1-6", "values": [0], "price": 100, "stock": 1}]
        }))
        .unwrap();
        assert_eq!(reordered.size_labels.len(), 1);
        assert_eq!(reordered.size_labels[0].1.km, "6 ហ្វីត");
        assert_eq!(
            reordered.choices.active_keys(OptionKind::Size),
            [("6-ft", None)]
        );

        // Without options: nothing beside the product.
        let plain: Listed = serde_json::from_str(
            r#"{"code":"X-1","name":{"en":"A"},"price":5,"stock":3,
                "variants":[{"code":"X-1","price":5,"stock":3}]}"#,
        )
        .unwrap();
        assert_eq!(plain.choices, Choices::default());
        let entry = Entry {
            product: &plain.product,
            choices: &plain.choices,
        };
        assert_eq!(entry.level_of("X-1"), Some(3));
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
