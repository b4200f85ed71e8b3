//! The staff product list's filters: text, room, category, active, low stock and missing
//! translations, matched against the in-memory catalogue (products without descriptions, with
//! the languages each has one in: `listed`). A product with options is low on stock when any of
//! its shown variants is, and is found by any of its variant codes.

use super::listed::{Described, LANGUAGES};
use super::model::Product;
use super::stock_ledger::LOW_STOCK;
use crate::content::model::Localized;

/// Which of the five languages a product lacks a name or description in (`described`: the
/// languages it has a description in, as the in-memory catalogue keeps them).
pub fn missing_languages(name: &Localized, described: Described) -> Vec<&'static str> {
    let n = name;
    LANGUAGES
        .into_iter()
        .zip([&n.en, &n.th, &n.my, &n.km, &n.id])
        .filter(|(lang, name)| name.trim().is_empty() || !described.has(lang))
        .map(|(lang, _)| lang)
        .collect()
}

/// A variant as the filters see it: its code, its level and whether it is shown.
#[derive(Debug, Clone, Copy)]
pub struct VariantLevel<'a> {
    pub code: &'a str,
    pub stock: u32,
    pub active: bool,
}

/// The variants of a product with options as the product holds them (none for a product
/// without options: its own code and level are its one variant's).
pub fn variant_levels(product: &Product) -> Vec<VariantLevel<'_>> {
    if !product.has_options() {
        return Vec::new();
    }
    product
        .variants
        .iter()
        .map(|v| VariantLevel {
            code: &v.code,
            stock: v.stock,
            active: v.active,
        })
        .collect()
}

/// Low on stock: a shown variant with [`LOW_STOCK`] units or fewer (a product without options:
/// its own level).
pub fn is_low(product: &Product, variants: &[VariantLevel]) -> bool {
    if variants.is_empty() {
        return product.stock <= LOW_STOCK;
    }
    variants.iter().any(|v| v.active && v.stock <= LOW_STOCK)
}

/// The staff list's filters.
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    /// Part of the code (the product's or a variant's) or of a name in any language,
    /// case-insensitive.
    pub q: String,
    pub room: Option<String>,
    pub category: Option<String>,
    pub active: Option<bool>,
    pub low_stock: bool,
    /// `any` or a language code: products lacking a name or description in it.
    pub missing: Option<String>,
}

impl ListFilter {
    pub fn matches(&self, product: &Product, described: Described) -> bool {
        self.matches_with(product, described, &variant_levels(product))
    }

    /// [`ListFilter::matches`] with the product's variants given (with their live levels).
    pub fn matches_with(
        &self,
        product: &Product,
        described: Described,
        variants: &[VariantLevel],
    ) -> bool {
        let q = self.q.trim().to_lowercase();
        if !q.is_empty() {
            let q = q.trim_start_matches('#');
            let n = &product.name;
            let hit = product.code.to_lowercase().contains(q)
                || variants.iter().any(|v| v.code.to_lowercase().contains(q))
                || [&n.en, &n.th, &n.my, &n.km, &n.id]
                    .iter()
                    .any(|name| name.to_lowercase().contains(q));
            if !hit {
                return false;
            }
        }
        if let Some(room) = &self.room
            && !product.rooms.contains(room)
        {
            return false;
        }
        if let Some(category) = &self.category
            && !product.categories.contains(category)
        {
            return false;
        }
        if let Some(active) = self.active
            && product.active != active
        {
            return false;
        }
        if self.low_stock && !is_low(product, variants) {
            return false;
        }
        match self.missing.as_deref() {
            None => true,
            Some("any") => !missing_languages(&product.name, described).is_empty(),
            Some(lang) => missing_languages(&product.name, described).contains(&lang),
        }
    }
}
