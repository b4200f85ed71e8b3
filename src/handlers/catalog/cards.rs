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
use crate::catalog::listed::Entry;
use crate::catalog::snapshot::Sold;
use crate::catalog::variants::OptionKind;
use crate::content::model::Localized;
use crate::domain::Satang;
use crate::http::AppError;
use crate::http::envelope::SuccessStatus;
use crate::i18n::Locale;
use crate::search::facets::FacetCounts;

/// `{status, products, total, page, limit, facets, correctedKeyword?, unmatchedWords?}`: one page of the
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
    /// Search only: the words of the keyword no product on the page holds, when no product
    /// held every word and those holding the most of them are shown instead (for a "no results
    /// for …; showing …" note).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub unmatched_words: Option<Vec<String>>,
}

/// Matches per room, category, material, colour and size key (keys without matches left out),
/// the price range of the matches, and the text of each size counted (sizes have no label set
/// to name them, docs/VARIANTS.md §4).
#[derive(Debug, Clone, Default, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Facets {
    pub rooms: BTreeMap<String, u32>,
    pub categories: BTreeMap<String, u32>,
    pub materials: BTreeMap<String, u32>,
    pub colours: BTreeMap<String, u32>,
    pub sizes: BTreeMap<String, u32>,
    /// The text of each key of `sizes`, per language.
    pub size_labels: BTreeMap<String, Localized>,
    pub price: PriceRange,
}

/// Lowest and highest price in satang (both 0 when nothing matches).
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema, TS)]
pub struct PriceRange {
    pub min: Satang,
    pub max: Satang,
}

impl Facets {
    /// The counts, with the texts of their sizes from `catalog`.
    pub fn of(counts: FacetCounts, catalog: &CatalogSnapshot) -> Facets {
        let (min, max) = counts.price.unwrap_or((0, 0));
        let size_labels = counts
            .sizes
            .keys()
            .filter_map(|key| Some((key.clone(), catalog.size_label(key)?.clone())))
            .collect();
        Facets {
            rooms: counts.rooms,
            categories: counts.categories,
            materials: counts.materials,
            colours: counts.colours,
            sizes: counts.sizes,
            size_labels,
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
    /// With `variant`: that variant's price; otherwise the lowest price of the active
    /// variants ("from").
    pub price: Satang,
    pub compare_at_price: Option<Satang>,
    /// The first picture (with `variant`: that variant's), if any, as a versioned URL
    /// (`image_urls`).
    pub image: Option<String>,
    pub rooms: &'a [String],
    pub categories: &'a [String],
    pub stock: u32,
    pub active: bool,
    /// The highest price of the active variants, only when they differ in price and no
    /// `variant` is named: the card says "from ฿price".
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub max_price: Option<Satang>,
    /// Up to five colour values that an active variant has, in option order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    #[ts(optional, as = "Option<Vec<Swatch<'static>>>")]
    pub swatches: Vec<Swatch<'a>>,
    /// The variant a code search or option-value search matched (`price`, `compareAtPrice`,
    /// `image` and `stock` are then its own); the product page opens with it chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub variant: Option<&'a str>,
}

/// A colour dot on a card: the colour's label key and its `#rrggbb`, when it has one.
#[derive(Debug, Serialize, ToSchema, TS)]
pub struct Swatch<'a> {
    pub key: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub swatch: Option<String>,
}

/// Colour dots a card shows at most.
const SWATCHES: usize = 5;

impl<'a> ProductSummary<'a> {
    /// `entry`'s card; `variant` (a position in its variants) names the variant matched.
    pub fn of(entry: Entry<'a>, variant: Option<usize>, locale: Locale) -> ProductSummary<'a> {
        let product = entry.product;
        let choices = entry.choices;
        let variant = entry.variant(variant);
        let sold = Sold { entry, variant };
        let max_price = match variant {
            Some(_) => None,
            None => choices
                .active()
                .map(|v| v.price)
                .max()
                .filter(|most| *most > product.price),
        };
        ProductSummary {
            code: &product.code,
            name: product.name.get(locale),
            price: sold.price(),
            compare_at_price: sold.compare_at_price(),
            image: sold
                .image()
                .map(|i| crate::catalog::image_urls::versioned_url(i).into_owned()),
            rooms: &product.rooms,
            categories: &product.categories,
            stock: sold.stock(),
            active: product.active,
            max_price,
            swatches: choices
                .active_keys(OptionKind::Colour)
                .into_iter()
                .take(SWATCHES)
                .map(|(key, swatch)| Swatch {
                    key,
                    swatch: swatch.map(|c| c.to_string()),
                })
                .collect(),
            variant: variant.map(|v| &*v.code),
        }
    }
}

/// A product card serialised once per catalogue snapshot, language and variant shown
/// ([`CatalogSnapshot::card`]): a [`ProductSummary`] in JSON.
pub struct Card(Arc<Box<RawValue>>);

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// The cards of `products` (each with the variant to show, if any) in `locale`, each made once
/// per snapshot.
pub(super) fn cards<'a>(
    catalog: &CatalogSnapshot,
    products: impl IntoIterator<Item = (Entry<'a>, Option<usize>)>,
    locale: Locale,
) -> Result<Vec<Card>, AppError> {
    products
        .into_iter()
        .map(|(entry, variant)| {
            let shown = entry.variant(variant);
            catalog
                .card(&entry.code, shown.map(|v| &*v.code), locale, || {
                    serde_json::value::to_raw_value(&ProductSummary::of(entry, variant, locale))
                })
                .map(Card)
                .map_err(|e| AppError::internal("serialising a product card", e))
        })
        .collect()
}

pub(super) fn summaries<'a>(
    products: impl IntoIterator<Item = (Entry<'a>, Option<usize>)>,
    locale: Locale,
) -> Vec<ProductSummary<'a>> {
    products
        .into_iter()
        .map(|(entry, variant)| ProductSummary::of(entry, variant, locale))
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
