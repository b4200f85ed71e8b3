//! The answers the catalogue's lists share: a page of product cards with its facet counts,
//! and a card itself (what a product card shows, in one language, serialised once per
//! catalogue snapshot).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;
use serde_json::value::RawValue;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::catalog::cache::CatalogSnapshot;
use crate::catalog::model::Product;
use crate::domain::Satang;
use crate::http::AppError;
use crate::http::envelope::SuccessStatus;
use crate::i18n::Locale;
use crate::search::facets::FacetCounts;

/// `{status, products, total, page, limit, facets, correctedKeyword?}`: one page of the
/// matching products.
#[derive(Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductPageAnswer {
    pub status: SuccessStatus,
    #[schema(value_type = Vec<ProductSummary>)]
    #[ts(as = "Vec<ProductSummary<'static>>")]
    pub products: Vec<Card>,
    /// Every match, not only this page's.
    #[ts(type = "number")]
    pub total: usize,
    /// From 1.
    #[ts(type = "number")]
    pub page: usize,
    #[ts(type = "number")]
    pub limit: usize,
    /// What each filter choice would give, with the other filters kept.
    pub facets: Facets,
    /// Search only: what was searched instead of the keyword typed (another keyboard layout,
    /// or the nearest known spelling), for a "showing results for …" note.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub corrected_keyword: Option<String>,
}

/// Matches per room, category, material and colour key (keys without matches left out), and
/// the price range of the matches.
#[derive(Debug, Clone, Default, Serialize, ToSchema, TS)]
pub struct Facets {
    pub rooms: BTreeMap<String, u32>,
    pub categories: BTreeMap<String, u32>,
    pub materials: BTreeMap<String, u32>,
    pub colours: BTreeMap<String, u32>,
    pub price: PriceRange,
}

/// Lowest and highest price in satang (both 0 when nothing matches).
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema, TS)]
pub struct PriceRange {
    pub min: Satang,
    pub max: Satang,
}

impl From<FacetCounts> for Facets {
    fn from(counts: FacetCounts) -> Self {
        let (min, max) = counts.price.unwrap_or((0, 0));
        Facets {
            rooms: counts.rooms,
            categories: counts.categories,
            materials: counts.materials,
            colours: counts.colours,
            price: PriceRange {
                min: Satang(min),
                max: Satang(max),
            },
        }
    }
}

/// What a product card shows, in one language: lists carry these instead of whole products
/// (a card never shows descriptions, and five languages of them made a page of 24 weigh
/// 64 KB). Rooms and categories stay because promotions are chosen by them.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductSummary<'a> {
    pub code: &'a str,
    /// In the requested language; English when that translation is empty.
    pub name: &'a str,
    pub price: Satang,
    pub compare_at_price: Option<Satang>,
    /// The first picture, if any, as a versioned URL (`image_urls`).
    pub image: Option<String>,
    pub rooms: &'a [String],
    pub categories: &'a [String],
    pub stock: u32,
    pub active: bool,
}

impl<'a> ProductSummary<'a> {
    pub fn of(product: &'a Product, locale: Locale) -> ProductSummary<'a> {
        ProductSummary {
            code: &product.code,
            name: product.name.get(locale),
            price: product.price,
            compare_at_price: product.compare_at_price,
            image: product
                .images
                .first()
                .map(|i| crate::catalog::image_urls::versioned_url(i).into_owned()),
            rooms: &product.rooms,
            categories: &product.categories,
            stock: product.stock,
            active: product.active,
        }
    }
}

/// A product card serialised once per catalogue snapshot and language
/// ([`CatalogSnapshot::card`]): a [`ProductSummary`] in JSON.
pub struct Card(Arc<Box<RawValue>>);

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// The cards of `products` in `locale`, each made once per snapshot.
pub(super) fn cards<'a>(
    catalog: &CatalogSnapshot,
    products: impl IntoIterator<Item = &'a Product>,
    locale: Locale,
) -> Result<Vec<Card>, AppError> {
    products
        .into_iter()
        .map(|product| {
            catalog
                .card(product, locale, || {
                    serde_json::value::to_raw_value(&ProductSummary::of(product, locale))
                })
                .map(Card)
                .map_err(|e| AppError::internal("serialising a product card", e))
        })
        .collect()
}

pub(super) fn summaries<'a>(
    products: impl IntoIterator<Item = &'a Product>,
    locale: Locale,
) -> Vec<ProductSummary<'a>> {
    products
        .into_iter()
        .map(|p| ProductSummary::of(p, locale))
        .collect()
}

/// `{status, products, total}`
#[derive(Serialize, ToSchema, TS)]
pub struct ProductListAnswer<'a> {
    pub status: SuccessStatus,
    pub products: Vec<ProductSummary<'a>>,
    #[ts(type = "number")]
    pub total: usize,
}
