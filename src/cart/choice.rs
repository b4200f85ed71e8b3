//! Which variant a code in a cart names (docs/VARIANTS.md §3): cart and order lines hold the
//! **variant** code. A code is a variant code of some product (for a product without options,
//! its own code); a product with options named by its own code, when that is none of its
//! variants' codes, needs a choice first. The cart's checks, its view and its quote, and the
//! order desk, all read a line's product through [`pick`].

use super::model::MAX_QTY;
use crate::catalog::cache::CatalogSnapshot;
use crate::catalog::model::Product;
use crate::catalog::stock::{STOCK_CODE_TO_LEVEL, clamp};
use crate::catalog::variants::{Variant, product_code_of};
use crate::content::model::Localized;
use crate::domain::Satang;
use crate::store::{StoreError, Txn};

/// What a code names.
#[derive(Debug, Clone, Copy)]
pub enum Picked<'a> {
    /// Something sold: one variant of a product.
    Sold(Pick<'a>),
    /// A product with options named by its own code: the shopper must choose a variant.
    NeedsChoice(&'a Product),
    /// No product of the catalogue sells this code.
    Unknown,
}

/// A variant with its product, as the catalogue holds them now.
#[derive(Debug, Clone, Copy)]
pub struct Pick<'a> {
    pub product: &'a Product,
    /// `None` only for a product stored before variants (without options, so the product is
    /// its one variant); never after migration 16.
    pub variant: Option<&'a Variant>,
}

/// Resolves `code`: the product of that code when it is one of its variants (always, for a
/// product without options), else the product that sells a variant of that code.
pub fn pick<'a>(
    txn: &impl Txn,
    catalog: &'a CatalogSnapshot,
    code: &str,
) -> Result<Picked<'a>, StoreError> {
    if let Some(product) = catalog.product(code) {
        return Ok(match product.variant(code) {
            Some(variant) => Picked::Sold(Pick {
                product,
                variant: Some(variant),
            }),
            None if product.has_options() => Picked::NeedsChoice(product),
            None => Picked::Sold(Pick {
                product,
                variant: None,
            }),
        });
    }
    let Some(owner) = product_code_of(txn, code)? else {
        return Ok(Picked::Unknown);
    };
    Ok(catalog
        .product(&owner)
        .and_then(|product| {
            product.variant(code).map(|variant| {
                Picked::Sold(Pick {
                    product,
                    variant: Some(variant),
                })
            })
        })
        .unwrap_or(Picked::Unknown))
}

impl<'a> Picked<'a> {
    /// The variant when it is for sale now: its product and itself active.
    pub fn for_sale(self) -> Option<Pick<'a>> {
        match self {
            Picked::Sold(pick) if pick.active() => Some(pick),
            _ => None,
        }
    }
}

impl<'a> Pick<'a> {
    /// The variant's code (the product's, for a product stored before variants).
    pub fn code(&self) -> &'a str {
        self.variant
            .map_or(self.product.code.as_str(), |v| v.code.as_str())
    }

    /// Sold now: the product and the variant are both active.
    pub fn active(&self) -> bool {
        self.product.active && self.variant.is_none_or(|v| v.active)
    }

    /// Satang, VAT included: the variant's price.
    pub fn price(&self) -> Satang {
        self.variant.map_or(self.product.price, |v| v.price)
    }

    pub fn compare_at_price(&self) -> Option<Satang> {
        self.variant
            .map_or(self.product.compare_at_price, |v| v.compare_at_price)
    }

    /// The stock the catalogue snapshot knows; [`Pick::level`] reads the live one.
    fn known_stock(&self) -> u32 {
        self.variant.map_or(self.product.stock, |v| v.stock)
    }

    /// The units in stock now: the stored level of the variant's code (the order desk and the
    /// staff change it), else what the catalogue knows.
    pub fn level(&self, txn: &impl Txn) -> Result<u32, StoreError> {
        Ok(STOCK_CODE_TO_LEVEL
            .read(txn)?
            .get(self.code())?
            .map_or(self.known_stock(), clamp))
    }

    /// The picture of the line: the variant's first photo, else the product's first.
    pub fn image(&self) -> Option<&'a String> {
        self.variant
            .and_then(|v| v.images.first())
            .or_else(|| self.product.images.first())
    }

    /// The chosen option values per language ("Grey / 6 ft"); `None` without options.
    pub fn choice(&self) -> Option<Localized> {
        self.variant.and_then(|v| self.product.choice(v))
    }

    /// The line as pricing sees it: the variant's price, the product's code, rooms and
    /// categories (promotions that name a product apply to each of its variants).
    pub fn priced(&self, qty: u32) -> crate::pricing::Line {
        crate::pricing::Line {
            qty,
            unit_price: self.price(),
            discounted: self.compare_at_price().is_some(),
            ..crate::pricing::Line::of(self.product, qty)
        }
    }

    /// A quantity `wanted` held back to the limit of one line and the level in stock (at
    /// least one, so a line merged from another cart never vanishes on its own).
    pub fn capped(&self, txn: &impl Txn, wanted: u32) -> Result<u32, StoreError> {
        Ok(wanted.min(MAX_QTY).min(self.level(txn)?.max(1)))
    }
}
