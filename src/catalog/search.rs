//! Keyword search as a shopper uses it: the words read with synonyms and typo tolerance, a
//! query typed with the wrong keyboard layout (or misspelt beyond the usual allowance)
//! rescued and answered with what was searched instead, then the listing's filters, facet
//! counts, sort and page.

use super::cache::CatalogSnapshot;
use super::model::Product;
use super::query::ProductQuery;
use crate::search::facets::{FacetCounts, Filter};
use crate::search::synonyms::Synonyms;

/// One page of a search.
pub struct Found<'a> {
    pub products: Vec<&'a Product>,
    /// Matches after the filters.
    pub total: usize,
    /// Matches of the keyword alone (before filters): what tells a miss.
    pub keyword_total: usize,
    pub facets: FacetCounts,
    /// The query searched instead of the typed one, when it was rewritten.
    pub corrected: Option<String>,
}

impl ProductQuery {
    /// The facet filter this query describes.
    pub fn filter(&self) -> Filter<'_> {
        Filter {
            room: self.room.as_deref(),
            category: self.category.as_deref(),
            min_price: self.min_price.map(|p| p.get()),
            max_price: self.max_price.map(|p| p.get()),
            materials: &self.materials,
            colours: &self.colours,
        }
    }
}

/// Searches `keyword`, filtered and sorted by `query` (best match first when `relevance`).
pub fn search<'a>(
    catalog: &'a CatalogSnapshot,
    synonyms: &Synonyms,
    keyword: &str,
    query: &ProductQuery,
    relevance: bool,
) -> Found<'a> {
    let index = &catalog.index;
    let (mut hits, corrected) = index.find(keyword, synonyms);
    let keyword_total = hits.len();
    let facets = index.refine(&mut hits, &query.filter());
    let total = hits.len();
    let start = (query.page - 1) * query.limit;
    let products = if relevance {
        index.best_first(&mut hits, start + query.limit);
        hits.iter()
            .skip(start)
            .take(query.limit)
            .map(|h| catalog.product_at(h.doc))
            .collect()
    } else {
        let mut products: Vec<&Product> = hits.iter().map(|h| catalog.product_at(h.doc)).collect();
        query.sort_first(&mut products, start + query.limit);
        products.into_iter().skip(start).take(query.limit).collect()
    };
    Found {
        products,
        total,
        keyword_total,
        facets,
        corrected,
    }
}
