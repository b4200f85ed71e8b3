//! Options and variants (docs/VARIANTS.md): one sofa in three fabrics and two sizes is one
//! product with two options and up to six variants, each with its own code (SKU), price, stock
//! and photos. A product without options has exactly one variant whose code is the product's,
//! so every code the shop held before variants (carts, orders, stock levels, `#CODE`) is a
//! variant code of the same product.
//!
//! Variant codes are unique across every product code and every variant code of other
//! products; [`VARIANT_CODE_TO_PRODUCT`] answers "which product sells this code" and is written
//! in the same transaction as the product ([`write_index`]).

use std::collections::HashSet;

use redb::WriteTransaction;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::model::{Dimensions, Product, each_language, is_product_code, price_problems};
use crate::content::model::Localized;
use crate::domain::Satang;
use crate::i18n::Locale;
use crate::store::{StoreError, Txn, ValueTable};

/// Variant code → the code of the product that sells it; one row per variant of every product.
pub const VARIANT_CODE_TO_PRODUCT: ValueTable<&str, &str> =
    ValueTable::new("variant_code_to_product");

/// At most this many options per product (Shopify's and WooCommerce's usual limit).
pub const MAX_OPTIONS: usize = 3;
/// At most this many values per option.
pub const MAX_VALUES: usize = 30;
/// At most this many variants per product.
pub const MAX_VARIANTS: usize = 250;

/// What an option is about: colours show as swatches, and colour, size and material values are
/// facets of the storefront's lists.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS,
)]
#[serde(rename_all = "lowercase")]
pub enum OptionKind {
    Colour,
    Size,
    Material,
    #[default]
    Other,
}

/// One option of a product (Fabric, Size…) and the values it offers, in their order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductOption {
    #[serde(default)]
    pub kind: OptionKind,
    pub name: Localized,
    pub values: Vec<OptionValue>,
}

/// A value of an option: its text per language, its facet key and, for colours, a swatch.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct OptionValue {
    #[serde(flatten)]
    #[ts(flatten)]
    pub text: Localized,
    /// The facet key: for colours and materials a key of the `colour`/`material` label set,
    /// for sizes a slug ("6-ft"). Empty: not a facet.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[ts(optional, as = "Option<String>")]
    pub key: String,
    /// `#rrggbb`, for colour values shown without a photo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub swatch: Option<String>,
}

/// One sellable combination of a product's option values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Variant {
    /// The SKU: product-code rules, unique across products and variants.
    pub code: String,
    /// The index of the chosen value of each option, in the product's option order.
    #[serde(default)]
    pub values: Vec<u8>,
    /// Satang, VAT included.
    pub price: Satang,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub compare_at_price: Option<Satang>,
    /// The live level when served; in stored documents the level at import.
    #[serde(default)]
    pub stock: u32,
    #[serde(default = "yes")]
    pub active: bool,
    /// Grams, for delivery.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub weight: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub dimensions: Option<Dimensions>,
    /// The product's photos that show this variant (a subset of the product's `images`).
    #[serde(default)]
    pub images: Vec<String>,
}

fn yes() -> bool {
    true
}

impl Product {
    /// Whether the product is sold in options (then its variants lead its price and stock).
    pub fn has_options(&self) -> bool {
        !self.options.is_empty()
    }

    /// The variant sold under `code`.
    pub fn variant(&self, code: &str) -> Option<&Variant> {
        self.variants.iter().find(|v| v.code == code)
    }

    /// The variant a shopper sees first: the first active one with stock, else the first
    /// active one, else the first.
    pub fn default_variant(&self) -> Option<&Variant> {
        self.variants
            .iter()
            .find(|v| v.active && v.stock > 0)
            .or_else(|| self.variants.iter().find(|v| v.active))
            .or_else(|| self.variants.first())
    }

    /// The chosen values of `variant` per language, joined by " / " ("Grey / 6 ft"); `None`
    /// for a product without options. A language without a translation uses English.
    pub fn choice(&self, variant: &Variant) -> Option<Localized> {
        if self.options.is_empty() {
            return None;
        }
        let values: Vec<&Localized> = self
            .options
            .iter()
            .zip(&variant.values)
            .filter_map(|(option, &index)| option.values.get(usize::from(index)))
            .map(|value| &value.text)
            .collect();
        let join = |locale: Locale| {
            values
                .iter()
                .map(|text| text.get(locale))
                .collect::<Vec<_>>()
                .join(" / ")
        };
        Some(Localized {
            en: join(Locale::En),
            th: join(Locale::Th),
            my: join(Locale::My),
            km: join(Locale::Km),
            id: join(Locale::Id),
        })
    }

    /// Brings the variants and the product-level figures into agreement (docs/VARIANTS.md §1);
    /// every save, import and seed calls it before checking the product.
    ///
    /// Without options the product-level price, compare-at price and stock lead and the one
    /// variant takes them and the product's code: clients that know only products keep
    /// working. With options the variants lead: the product shows the lowest price of its
    /// active variants ("from") and the sum of their stock.
    pub fn settle_variants(&mut self) {
        if self.options.is_empty() {
            if self.variants.len() > 1 {
                return; // reported by `problems`, never silently dropped
            }
            let kept = self.variants.pop();
            let (weight, dimensions, images) = kept
                .map(|v| (v.weight, v.dimensions, v.images))
                .unwrap_or_default();
            self.variants = vec![Variant {
                code: self.code.clone(),
                values: Vec::new(),
                price: self.price,
                compare_at_price: self.compare_at_price,
                stock: self.stock,
                active: true,
                weight,
                dimensions,
                images,
            }];
            return;
        }
        let cheapest = |active_only: bool| {
            self.variants
                .iter()
                .filter(|v| v.active || !active_only)
                .min_by_key(|v| v.price)
        };
        if let Some(lead) = cheapest(true).or_else(|| cheapest(false)) {
            self.price = lead.price;
            self.compare_at_price = lead.compare_at_price;
        }
        self.stock = self.active_stock();
    }

    /// The sum of the active variants' levels.
    pub fn active_stock(&self) -> u32 {
        self.variants
            .iter()
            .filter(|v| v.active)
            .fold(0u32, |sum, v| sum.saturating_add(v.stock))
    }

    /// Sets each variant's stock to its live level (`level_of` a variant code; none: 0 for a
    /// product with options, the stored figure otherwise) and the product's to their sum.
    pub fn take_levels(&mut self, level_of: impl Fn(&str) -> Option<u32>) {
        let has_options = self.has_options();
        for variant in &mut self.variants {
            match level_of(&variant.code) {
                Some(level) => variant.stock = level,
                None if has_options => variant.stock = 0,
                None => {}
            }
        }
        if has_options {
            self.stock = self.active_stock();
        } else if let Some(only) = self.variants.first() {
            self.stock = only.stock;
        }
    }

    /// The option and variant texts as they may be stored (one line, no control or bidi
    /// characters) and codes and keys without surrounding spaces.
    pub(super) fn clean_variant_text(&mut self) {
        use crate::domain::text::single_line;
        for option in &mut self.options {
            each_language(&mut option.name, single_line);
            for value in &mut option.values {
                each_language(&mut value.text, single_line);
                value.key = single_line(&value.key).trim().to_string();
                if let Some(swatch) = &mut value.swatch {
                    *swatch = swatch.trim().to_ascii_lowercase();
                }
            }
        }
        for variant in &mut self.variants {
            variant.code = variant.code.trim().to_string();
        }
    }

    /// Every problem with the options and variants, each naming its field.
    pub(super) fn variant_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.options.len() > MAX_OPTIONS {
            out.push(format!("options: at most {MAX_OPTIONS} options"));
        }
        for (o, option) in self.options.iter().enumerate() {
            out.extend(text_problems(&format!("options[{o}].name"), &option.name));
            if option.values.is_empty() || option.values.len() > MAX_VALUES {
                out.push(format!("options[{o}].values: 1 to {MAX_VALUES} values"));
            }
            let mut seen = HashSet::new();
            for (v, value) in option.values.iter().enumerate() {
                let field = format!("options[{o}].values[{v}]");
                out.extend(text_problems(&field, &value.text));
                if !seen.insert(value.text.en.trim().to_lowercase()) {
                    out.push(format!("{field}.en: {:?} is listed twice", value.text.en));
                }
                if value.key.len() > 64 || value.key.chars().any(char::is_whitespace) {
                    out.push(format!(
                        "{field}.key: {:?} must be a key without spaces",
                        value.key
                    ));
                }
                if let Some(swatch) = &value.swatch
                    && !is_swatch(swatch)
                {
                    out.push(format!(
                        "{field}.swatch: {swatch:?} must be a colour like #8a8d91"
                    ));
                }
            }
        }
        if self.variants.is_empty() || self.variants.len() > MAX_VARIANTS {
            out.push(format!("variants: 1 to {MAX_VARIANTS} variants"));
        }
        if self.options.is_empty() && self.variants.len() > 1 {
            out.push("variants: a product without options has exactly one variant".into());
        }
        let images: HashSet<&str> = self.images.iter().map(String::as_str).collect();
        let mut codes = HashSet::new();
        let mut combinations = HashSet::new();
        for (i, variant) in self.variants.iter().enumerate() {
            let field = format!("variants[{i}]");
            if !is_product_code(&variant.code) {
                out.push(format!(
                    "{field}.code: {:?} must be 1 to 64 letters, digits, - _ or .",
                    variant.code
                ));
            } else if !codes.insert(variant.code.as_str()) {
                out.push(format!("{field}.code: {:?} is used twice", variant.code));
            }
            if self.options.is_empty() && variant.code != self.code {
                out.push(format!(
                    "{field}.code: a product without options is sold under its own code {:?}",
                    self.code
                ));
            }
            if variant.values.len() != self.options.len() {
                out.push(format!(
                    "{field}.values: one value for each of the {} options",
                    self.options.len()
                ));
            } else {
                for (o, (&index, option)) in variant.values.iter().zip(&self.options).enumerate() {
                    if usize::from(index) >= option.values.len() {
                        out.push(format!(
                            "{field}.values[{o}]: option {o} has no value {index}"
                        ));
                    }
                }
                if !combinations.insert(variant.values.as_slice()) {
                    out.push(format!(
                        "{field}.values: the same choice as another variant"
                    ));
                }
            }
            out.extend(price_problems(
                &format!("{field}."),
                variant.price,
                variant.compare_at_price,
            ));
            if variant.weight.is_some_and(|grams| grams > 10_000_000) {
                out.push(format!("{field}.weight: at most 10 000 kg"));
            }
            if let Some(d) = variant.dimensions
                && [d.width, d.depth, d.height].iter().any(|&mm| mm > 100_000)
            {
                out.push(format!("{field}.dimensions: more than 100 m"));
            }
            for image in variant
                .images
                .iter()
                .filter(|i| !images.contains(i.as_str()))
            {
                out.push(format!(
                    "{field}.images: {image:?} is not one of the product's images"
                ));
            }
        }
        out
    }
}

/// An option's name or value: English required, at most 60 characters in each language.
fn text_problems(field: &str, text: &Localized) -> Vec<String> {
    let mut out = Vec::new();
    if text.en.trim().is_empty() {
        out.push(format!("{field}.en: an English text is required"));
    }
    for (lang, value) in [
        ("en", &text.en),
        ("th", &text.th),
        ("my", &text.my),
        ("km", &text.km),
        ("id", &text.id),
    ] {
        if value.chars().count() > 60 {
            out.push(format!("{field}.{lang}: at most 60 characters"));
        }
    }
    out
}

fn is_swatch(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// The code of the product that sells `code` (a variant code; for products without options
/// the product code itself).
pub fn product_code_of(txn: &impl Txn, code: &str) -> Result<Option<String>, StoreError> {
    VARIANT_CODE_TO_PRODUCT.read(txn)?.get(code)
}

/// The codes of `product` that another product already uses, as `(field, message)` problems:
/// a variant code that is another product's code or variant code, or a product code that is
/// another product's variant code.
pub fn taken_codes(txn: &impl Txn, product: &Product) -> Result<Vec<(String, String)>, StoreError> {
    let index = VARIANT_CODE_TO_PRODUCT.read(txn)?;
    let products = super::store::PRODUCT_CODE_TO_PRODUCT.read(txn)?;
    let mut out = Vec::new();
    if let Some(owner) = index.get(product.code.as_str())?
        && owner != product.code
    {
        out.push((
            "code".to_string(),
            format!("{:?} is a variant code of product {owner}", product.code),
        ));
    }
    for (i, variant) in product.variants.iter().enumerate() {
        if variant.code == product.code || !is_product_code(&variant.code) {
            continue;
        }
        let owner = match index.get(variant.code.as_str())? {
            Some(owner) => Some(owner),
            None if products.contains(variant.code.as_str())? => Some(variant.code.clone()),
            None => None,
        };
        if let Some(owner) = owner
            && owner != product.code
        {
            out.push((
                format!("variants[{i}].code"),
                format!("{:?} is already sold by product {owner}", variant.code),
            ));
        }
    }
    Ok(out)
}

/// Points every variant code of `new` at it and forgets the codes of `old`'s variants that
/// `new` no longer has (with their stock levels). Call in the transaction that writes `new`.
pub fn write_index(
    txn: &WriteTransaction,
    old: Option<&Product>,
    new: &Product,
) -> Result<(), StoreError> {
    let mut index = VARIANT_CODE_TO_PRODUCT.write(txn)?;
    if let Some(old) = old {
        let kept: HashSet<&str> = new.variants.iter().map(|v| v.code.as_str()).collect();
        let mut levels = super::stock::STOCK_CODE_TO_LEVEL.write(txn)?;
        for gone in old
            .variants
            .iter()
            .filter(|v| !kept.contains(v.code.as_str()))
        {
            if index.get(gone.code.as_str())?.as_deref() == Some(old.code.as_str()) {
                index.remove(gone.code.as_str())?;
                levels.remove(gone.code.as_str())?;
            }
        }
    }
    for variant in &new.variants {
        index.put(variant.code.as_str(), new.code.as_str())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sofa() -> Product {
        let product: Product = serde_json::from_value(serde_json::json!({
            "code": "SF-1",
            "name": {"en": "Sofa"},
            "price": 100,
            "options": [
                {"kind": "colour", "name": {"en": "Fabric", "th": "สีผ้า"},
                 "values": [{"en": "Grey", "th": "เทา", "key": "grey", "swatch": "#8a8d91"},
                            {"en": "Sand", "key": "beige"}]},
                {"kind": "size", "name": {"en": "Size"},
                 "values": [{"en": "2 seats"}, {"en": "3 seats"}]}
            ],
            "variants": [
                {"code": "SF-1-G2", "values": [0, 0], "price": 9000, "stock": 2},
                {"code": "SF-1-G3", "values": [0, 1], "price": 12000, "compareAtPrice": 15000, "stock": 1},
                {"code": "SF-1-S2", "values": [1, 0], "price": 8000, "stock": 5, "active": false}
            ]
        }))
        .unwrap();
        product
    }

    #[test]
    fn with_options_the_variants_lead_the_product_figures() {
        let mut product = sofa();
        product.settle_variants();
        assert_eq!(product.price, Satang(9000), "the cheapest active variant");
        assert_eq!(product.stock, 3, "active variants only");
        assert!(
            product.variant_problems().is_empty(),
            "{:?}",
            product.variant_problems()
        );
        let choice = product.choice(&product.variants[1]).unwrap();
        assert_eq!(choice.en, "Grey / 3 seats");
        assert_eq!(choice.th, "เทา / 3 seats", "English where Thai is missing");
    }

    #[test]
    fn without_options_the_product_leads_its_one_variant() {
        let mut product: Product = serde_json::from_value(serde_json::json!({
            "code": "TB-1", "name": {"en": "Table"}, "price": 500, "compareAtPrice": 700, "stock": 4
        }))
        .unwrap();
        product.settle_variants();
        assert_eq!(product.variants.len(), 1);
        let only = &product.variants[0];
        assert_eq!(
            (only.code.as_str(), only.price, only.stock),
            ("TB-1", Satang(500), 4)
        );
        assert_eq!(only.compare_at_price, Some(Satang(700)));
        product.price = Satang(450);
        product.settle_variants();
        assert_eq!(
            product.variants[0].price,
            Satang(450),
            "an old client's edit reaches it"
        );
        assert!(product.choice(&product.variants[0]).is_none());
    }

    #[test]
    fn broken_variants_are_named_by_field() {
        let mut product = sofa();
        product.variants[1].values = vec![0, 0];
        product.variants[2].values = vec![0, 7];
        product.variants[2].code = "SF-1-G2".into();
        product.variants[0].images = vec!["/api/file/images/elsewhere.webp".into()];
        product.options[0].values[1].swatch = Some("sand".into());
        let problems = product.variant_problems().join("\n");
        for expected in [
            "variants[1].values: the same choice",
            "variants[2].values[1]: option 1 has no value 7",
            "variants[2].code: \"SF-1-G2\" is used twice",
            "variants[0].images",
            "options[0].values[1].swatch",
        ] {
            assert!(problems.contains(expected), "{expected} in\n{problems}");
        }
        let mut simple = sofa();
        simple.options.clear();
        simple.settle_variants();
        assert!(
            simple
                .variant_problems()
                .iter()
                .any(|p| p.contains("exactly one variant"))
        );
    }

    #[test]
    fn live_levels_reach_each_variant_and_the_sum() {
        let mut product = sofa();
        product.take_levels(|code| (code == "SF-1-G3").then_some(7));
        assert_eq!(product.variants[0].stock, 0, "no level: none in stock");
        assert_eq!(product.variants[1].stock, 7);
        assert_eq!(product.stock, 7);
    }
}
