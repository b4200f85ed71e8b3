//! The staff product list's filters: text, room, category, active, low stock and missing
//! translations, matched against the in-memory catalogue (products without descriptions, with
//! the languages each has one in: `listed`). A product with options is low on stock when any of
//! its shown variants is (by the live levels: [`low_products`]), and is found by its variants'
//! codes.

use std::collections::HashSet;

use super::listed::{Described, LANGUAGES};
use super::model::Product;
use super::stock::{STOCK_CODE_TO_LEVEL, clamp};
use super::stock_ledger::LOW_STOCK;
use super::store::PRODUCT_CODE_TO_PRODUCT;
use super::variants::VARIANT_CODE_TO_PRODUCT;
use crate::content::model::Localized;
use crate::store::{StoreError, Txn};

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

/// Whether a product is low on stock: a product with options when any shown variant has
/// [`LOW_STOCK`] units or fewer, a product without options by its own level. `level_of` gives a
/// variant's live level (none: 0).
pub fn is_low(product: &Product, level_of: impl Fn(&str) -> Option<u32>) -> bool {
    if !product.has_options() {
        return level_of(&product.code).unwrap_or(product.stock) <= LOW_STOCK;
    }
    product
        .variants
        .iter()
        .any(|v| v.active && level_of(&v.code).unwrap_or(0) <= LOW_STOCK)
}

/// The codes of the products low on stock ([`is_low`]), from the stored levels, variant code
/// index and products (the in-memory catalogue need not hold each variant).
pub fn low_products(txn: &impl Txn) -> Result<HashSet<String>, StoreError> {
    let index = VARIANT_CODE_TO_PRODUCT.read(txn)?;
    let levels = STOCK_CODE_TO_LEVEL.read(txn)?;
    let mut candidates = HashSet::new();
    levels.try_for_each(|code, level| {
        if clamp(level) <= LOW_STOCK {
            candidates.insert(index.get(code)?.unwrap_or_else(|| code.to_string()));
        }
        Ok::<(), StoreError>(())
    })?;
    // Every variant has a level row (written with it: saves, imports, migration 16).
    let products = PRODUCT_CODE_TO_PRODUCT.read(txn)?;
    let mut low = HashSet::new();
    for code in candidates {
        let Some(product) = products.get(code.as_str())? else {
            continue;
        };
        let mut found = Vec::new();
        for variant in &product.variants {
            found.push((variant.code.clone(), levels.get(variant.code.as_str())?));
        }
        let level_of = |code: &str| {
            found
                .iter()
                .find(|(c, _)| c == code)
                .and_then(|(_, level)| level.map(clamp))
        };
        if is_low(&product, level_of) {
            low.insert(code);
        }
    }
    Ok(low)
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
    /// The products low on stock ([`low_products`]), read when `low_stock` is asked for;
    /// without them the product's own figures decide.
    pub low: Option<HashSet<String>>,
    /// The product that sells the variant whose code `q` is (found in the variant code index).
    pub variant_of: Option<String>,
    /// `any` or a language code: products lacking a name or description in it.
    pub missing: Option<String>,
}

impl ListFilter {
    pub fn matches(&self, product: &Product, described: Described) -> bool {
        let q = self.q.trim().to_lowercase();
        if !q.is_empty() {
            let q = q.trim_start_matches('#');
            let n = &product.name;
            let hit = product.code.to_lowercase().contains(q)
                || self.variant_of.as_deref() == Some(product.code.as_str())
                || product
                    .variants
                    .iter()
                    .any(|v| v.code.to_lowercase().contains(q))
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
        let low = match &self.low {
            Some(codes) => codes.contains(&product.code),
            None => is_low(product, |code| product.variant(code).map(|v| v.stock)),
        };
        if self.low_stock && !low {
            return false;
        }
        match self.missing.as_deref() {
            None => true,
            Some("any") => !missing_languages(&product.name, described).is_empty(),
            Some(lang) => missing_languages(&product.name, described).contains(&lang),
        }
    }
}
