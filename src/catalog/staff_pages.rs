//! The staff product list's pages (docs/STAFF.md): every product the filter matches, inactive
//! ones included, by code in keyset pages, with the count of every match. A use case of the
//! catalogue, so the staff handler only parses the query and answers. Products with options
//! show their variants with live levels ([`live_levels`]).

use crate::catalog::cache::CatalogSnapshot;
use crate::catalog::edit::ListFilter;
use crate::catalog::model::Product;
use crate::catalog::staff_list::{VariantLevel, variant_levels};

/// One page of the staff list.
pub struct StaffPage<'a> {
    /// At most the page's size, by code.
    pub products: Vec<&'a Product>,
    /// Whether more matches follow this page.
    pub more: bool,
    /// Every match, not only this page's.
    pub total: usize,
}

/// The `limit` products `filter` matches after the code `after` (from the first when empty).
/// `level_of` gives a variant's live level when known (the low-stock filter reads them from
/// the database: a product with options is low when any shown variant is).
pub fn page<'a>(
    catalog: &'a CatalogSnapshot,
    filter: &ListFilter,
    after: &str,
    limit: usize,
    level_of: impl Fn(&str) -> Option<u32>,
) -> StaffPage<'a> {
    let mut page = StaffPage {
        products: Vec::new(),
        more: false,
        total: 0,
    };
    let matches = |product: &Product, described| {
        let variants: Vec<VariantLevel> = variant_levels(product)
            .into_iter()
            .map(|v| VariantLevel {
                stock: level_of(v.code).unwrap_or(v.stock),
                ..v
            })
            .collect();
        filter.matches_with(product, described, &variants)
    };
    for (product, _) in catalog.listed().filter(|(p, d)| matches(p, *d)) {
        page.total += 1;
        if product.code.as_str() <= after && !after.is_empty() {
            continue;
        }
        if page.products.len() < limit {
            page.products.push(product);
        } else {
            page.more = true;
        }
    }
    page
}

/// Puts each variant's live level (the stock table, keyed by variant code) into `products` and
/// sums the shown ones up as the product's stock (`Product::take_levels`).
pub fn live_levels(
    store: &crate::store::Store,
    products: &mut [Product],
) -> Result<(), crate::store::StoreError> {
    store.read(|txn| {
        let table = crate::catalog::stock::STOCK_CODE_TO_LEVEL.read(txn)?;
        for product in products.iter_mut().filter(|p| p.has_options()) {
            let mut found = Vec::with_capacity(product.variants.len());
            for variant in &product.variants {
                found.push((variant.code.clone(), table.get(variant.code.as_str())?));
            }
            product.take_levels(|code| {
                found
                    .iter()
                    .find(|(c, _)| c == code)
                    .and_then(|(_, level)| level.map(crate::catalog::stock::clamp))
            });
        }
        Ok(())
    })
}
