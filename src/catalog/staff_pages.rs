//! The staff product list's pages (docs/STAFF.md): every product the filter matches, inactive
//! ones included, by code in keyset pages, with the count of every match. A use case of the
//! catalogue, so the staff handler only parses the query and answers.

use crate::catalog::cache::CatalogSnapshot;
use crate::catalog::edit::ListFilter;
use crate::catalog::model::Product;

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
pub fn page<'a>(
    catalog: &'a CatalogSnapshot,
    filter: &ListFilter,
    after: &str,
    limit: usize,
) -> StaffPage<'a> {
    let mut page = StaffPage {
        products: Vec::new(),
        more: false,
        total: 0,
    };
    for (product, _) in catalog.listed().filter(|(p, d)| filter.matches(p, *d)) {
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
