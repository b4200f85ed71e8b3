//! Which variant a code in a cart names (docs/VARIANTS.md §3): cart and order lines hold the
//! **variant** code. A code is a variant code of some product (for a product without options,
//! its own code); a product with options named by its own code, when that is none of its
//! variants' codes, needs a choice first. The cart's checks, its view and its quote, and the
//! order desk, all read a line's product through [`pick`].

use super::model::MAX_QTY;
use crate::catalog::cache::CatalogSnapshot;
use crate::catalog::listed::Entry;
use crate::catalog::model::Product;
use crate::catalog::snapshot::Sold;
use crate::catalog::stock::{STOCK_CODE_TO_LEVEL, clamp};
use crate::catalog::store::PRODUCT_CODE_TO_PRODUCT;
use crate::content::model::Localized;
use crate::domain::Satang;
use crate::store::{StoreError, Txn};

/// What a code names.
#[derive(Debug, Clone, Copy)]
pub enum Picked<'a> {
    /// Something sold: one variant of a product.
    Sold(Pick<'a>),
    /// A product with options named by its own code: the shopper must choose a variant.
    NeedsChoice(Entry<'a>),
    /// No product of the catalogue sells this code.
    Unknown,
}

/// A variant with its product, as the catalogue holds them now.
#[derive(Debug, Clone, Copy)]
pub struct Pick<'a> {
    sold: Sold<'a>,
}

/// Resolves `code` in the catalogue: the variant of that code (for a product without options,
/// the product itself).
pub fn pick<'a>(catalog: &'a CatalogSnapshot, code: &str) -> Picked<'a> {
    if let Some(sold) = catalog.sold(code) {
        return Picked::Sold(Pick { sold });
    }
    match catalog.entry(code) {
        Some(entry) if entry.choices.has_options() => Picked::NeedsChoice(entry),
        _ => Picked::Unknown,
    }
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
    /// The variant's code.
    pub fn code(&self) -> &'a str {
        let sold = self.sold;
        sold.variant.map_or(&sold.entry.product.code, |v| &v.code)
    }

    /// The product the variant belongs to (without descriptions, options and variants: the
    /// catalogue snapshot's).
    pub fn product(&self) -> &'a Product {
        self.sold.entry.product
    }

    /// Sold now: the product and the variant are both active.
    pub fn active(&self) -> bool {
        self.sold.active()
    }

    /// Satang, VAT included: the variant's price.
    pub fn price(&self) -> Satang {
        self.sold.price()
    }

    pub fn compare_at_price(&self) -> Option<Satang> {
        self.sold.compare_at_price()
    }

    /// The units in stock now: the stored level of the variant's code (the order desk and the
    /// staff change it, in the transaction `txn` sees), else what the catalogue knows.
    pub fn level(&self, txn: &impl Txn) -> Result<u32, StoreError> {
        Ok(STOCK_CODE_TO_LEVEL
            .read(txn)?
            .get(self.code())?
            .map_or(self.sold.stock(), clamp))
    }

    /// The picture of the line: the variant's first photo, else the product's first.
    pub fn image(&self) -> Option<&'a str> {
        let sold = self.sold;
        let images = &sold.entry.product.images;
        sold.variant
            .and_then(|v| images.get(usize::from(v.image)))
            .or_else(|| images.first())
            .map(String::as_str)
    }

    /// The chosen option values per language ("Grey / 6 ft"); `None` without options. The
    /// texts are not in the catalogue snapshot: they are read from the stored product.
    pub fn choice(&self, txn: &impl Txn) -> Result<Option<Localized>, StoreError> {
        if self.sold.variant.is_none() {
            return Ok(None);
        }
        let Some(stored) = PRODUCT_CODE_TO_PRODUCT
            .read(txn)?
            .get(self.product().code.as_str())?
        else {
            return Ok(None);
        };
        Ok(stored
            .variant(self.code())
            .and_then(|variant| stored.choice(variant)))
    }

    /// The line as pricing sees it: the variant's price, the product's code, rooms and
    /// categories (promotions that name a product apply to each of its variants).
    pub fn priced(&self, qty: u32) -> crate::pricing::Line {
        crate::pricing::Line {
            qty,
            unit_price: self.price(),
            discounted: self.compare_at_price().is_some(),
            ..crate::pricing::Line::of(self.product(), qty)
        }
    }

    /// A quantity `wanted` held back to the limit of one line and the level in stock (at
    /// least one, so a line merged from another cart never vanishes on its own).
    pub fn capped(&self, txn: &impl Txn, wanted: u32) -> Result<u32, StoreError> {
        Ok(wanted.min(MAX_QTY).min(self.level(txn)?.max(1)))
    }
}
