//! Keyword search as a shopper uses it: the words read with synonyms and typo tolerance, a
//! query typed with the wrong keyboard layout (or misspelt beyond the usual allowance)
//! rescued and answered with what was searched instead, a query no product holds every word
//! of answered with the products holding the most of them and the words left out, then the listing's filters, facet
//! counts, sort and page; and which variant of each product found a search names
//! ([`matched_variants`], docs/VARIANTS.md §4).

use super::cache::CatalogSnapshot;
use super::listed::Entry;
use super::model::Product;
use super::query::ProductQuery;
use crate::search::facets::{FacetCounts, Filter};
use crate::search::index::Scored;
use crate::search::synonyms::Synonyms;
use crate::search::words::{normalize_code, words};
use crate::store::{Store, StoreError};

/// One page of a search.
pub struct Found<'a> {
    pub products: Vec<Entry<'a>>,
    /// Matches after the filters.
    pub total: usize,
    /// Products holding every word of the keyword (before filters): what tells a miss.
    pub keyword_total: usize,
    pub facets: FacetCounts,
    /// The query searched instead of the typed one, when it was rewritten.
    pub corrected: Option<String>,
    /// Query words no product on the page holds: set when no product matched every word and
    /// the answer is the products holding the most of them.
    pub unmatched: Vec<String>,
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
            sizes: &self.sizes,
        }
    }
}

/// One search's matches after its filters, ranked as far as its pages have needed. Shoppers
/// turn pages and change the page size, and each of those answers is new to the answer cache,
/// but its matching, filtering and facet counts are not (Solr keeps the same "query result
/// cache"): a page of a search remembered here costs ranking the few hits it adds, not a search.
pub struct Ranked {
    /// `hits[..ranked]` are in the search's order; the others follow in no order.
    hits: Vec<Scored>,
    ranked: usize,
    keyword_total: usize,
    facets: FacetCounts,
    corrected: Option<String>,
    unmatched: Vec<String>,
}

impl Ranked {
    /// Matches held.
    pub fn len(&self) -> usize {
        self.hits.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hits.is_empty()
    }
}

/// Pages ranked ahead of the one asked for: a shopper's next page then ranks nothing.
const PAGES_AHEAD: usize = 2;

/// Searches `keyword`, filtered and sorted by `query` (best match first when `relevance`);
/// `synonyms_generation` names the synonyms in force (their save changes what matches).
pub fn search<'a>(
    catalog: &'a CatalogSnapshot,
    synonyms: &Synonyms,
    synonyms_generation: u64,
    keyword: &str,
    query: &ProductQuery,
    relevance: bool,
) -> Found<'a> {
    let _timer = crate::metrics::Timer::start(crate::metrics::SEARCH_DURATION);
    let index = &catalog.index;
    let unpaged = ProductQuery {
        page: 0,
        limit: 0,
        ..query.clone()
    };
    let key = format!("{synonyms_generation} {relevance} {keyword:?} {unpaged:?}");
    let remembered = catalog.ranked(&key, || {
        let found = index.find_keyword(keyword, synonyms);
        let mut hits = found.hits;
        // Products holding only some words do not hide a miss from the misses report.
        let keyword_total = found.full;
        let facets = index.refine(&mut hits, &query.filter());
        Ranked {
            hits,
            ranked: 0,
            keyword_total,
            facets,
            corrected: found.corrected,
            unmatched: found.unmatched,
        }
    });
    let mut ranked = remembered.lock().unwrap_or_else(|p| p.into_inner());
    let total = ranked.hits.len();
    let start = (query.page - 1).saturating_mul(query.limit).min(total);
    let end = start.saturating_add(query.limit).min(total);
    if ranked.ranked < end {
        let done = ranked.ranked;
        // At least double what was ranked: a shopper paging on, or a page size growing a card
        // at a time, then ranks the rest in a few passes instead of one per page.
        let upto = end
            .saturating_add(query.limit.saturating_mul(PAGES_AHEAD))
            .max(done.saturating_mul(2))
            .min(total);
        let rest = &mut ranked.hits[done..];
        if relevance {
            index.best_first(rest, upto - done);
        } else {
            query.order_first(rest, upto - done, |doc| catalog.product_at(doc));
        }
        ranked.ranked = upto;
    }
    Found {
        products: ranked.hits[start..end]
            .iter()
            .map(|h| catalog.entry_at(h.doc))
            .collect(),
        total,
        keyword_total: ranked.keyword_total,
        facets: ranked.facets.clone(),
        corrected: ranked.corrected.clone(),
        unmatched: ranked.unmatched.clone(),
    }
}

/// The variant of each product that `keyword` names, by position in its variants: one whose
/// code is a word of the keyword, else the first active variant holding every option value the
/// keyword names ("grey sofa": the first grey one), else the first holding one of them. `None`
/// for products without options and keywords naming none of their values. The option texts
/// are read from the database (the snapshot holds none), in one transaction, for the products
/// with options only.
pub fn matched_variants(
    store: &Store,
    keyword: &str,
    products: &[Entry],
) -> Result<Vec<Option<usize>>, StoreError> {
    let mut out = vec![None; products.len()];
    if keyword.trim().is_empty() || products.iter().all(|p| !p.choices.has_options()) {
        return Ok(out);
    }
    let typed = words(keyword);
    let codes: Vec<String> = keyword.split_whitespace().map(normalize_code).collect();
    store.read(|txn| {
        let table = super::store::PRODUCT_CODE_TO_PRODUCT.read(txn)?;
        for (slot, entry) in out.iter_mut().zip(products) {
            if !entry.choices.has_options() {
                continue;
            }
            *slot = entry
                .choices
                .variants
                .iter()
                .position(|v| v.active && codes.contains(&normalize_code(&v.code)));
            if slot.is_none()
                && let Some(stored) = table.get(entry.code.as_str())?
            {
                *slot = by_values(entry, &stored, &typed);
            }
        }
        Ok::<(), StoreError>(())
    })?;
    Ok(out)
}

/// The variant of `entry` holding the option values whose words (in any language) are all
/// among `typed`; `stored` gives the values' texts.
fn by_values(entry: &Entry, stored: &Product, typed: &[String]) -> Option<usize> {
    let named: Vec<(usize, usize)> = stored
        .options
        .iter()
        .enumerate()
        .flat_map(|(o, option)| {
            option
                .values
                .iter()
                .enumerate()
                .filter_map(move |(v, value)| {
                    let t = &value.text;
                    [&t.en, &t.th, &t.my, &t.km, &t.id]
                        .into_iter()
                        .map(|text| words(text))
                        .any(|ws| !ws.is_empty() && ws.iter().all(|w| typed.contains(w)))
                        .then_some((o, v))
                })
        })
        .collect();
    let first = *named.first()?;
    let choices = entry.choices;
    choices
        .variants
        .iter()
        .position(|x| x.active && named.iter().all(|&(o, _)| has(x, o, &named)))
        .or_else(|| choices.first_active_with(first.0, first.1))
}

/// Whether variant `x` holds, for option `o`, one of the values `named` names for it (a
/// keyword may name two values of one option: "grey or sand").
fn has(x: &super::listed::ListedVariant, o: usize, named: &[(usize, usize)]) -> bool {
    named
        .iter()
        .filter(|(p, _)| *p == o)
        .any(|&(_, w)| x.value(o) == Some(w))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::catalog::cache::CatalogCache;
    use crate::store::Store;

    /// A page made from a fresh search, the way pages were made before matches were remembered.
    fn fresh<'a>(
        catalog: &'a CatalogSnapshot,
        synonyms: &Synonyms,
        keyword: &str,
        query: &ProductQuery,
        relevance: bool,
    ) -> Vec<&'a str> {
        let (mut hits, _) = catalog.index.find(keyword, synonyms);
        catalog.index.refine(&mut hits, &query.filter());
        let start = (query.page - 1) * query.limit;
        if relevance {
            catalog.index.best_first(&mut hits, start + query.limit);
            hits.iter()
                .skip(start)
                .take(query.limit)
                .map(|h| catalog.product_at(h.doc).code.as_str())
                .collect()
        } else {
            let mut products: Vec<&Product> =
                hits.iter().map(|h| catalog.product_at(h.doc)).collect();
            query.sort_first(&mut products, start + query.limit);
            products
                .into_iter()
                .skip(start)
                .take(query.limit)
                .map(|p| p.code.as_str())
                .collect()
        }
    }

    #[test]
    fn pages_of_a_remembered_search_are_the_pages_a_fresh_search_gives() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        crate::catalog::store::seed_demo(&store).unwrap();
        let catalog = CatalogCache::load(&store).unwrap().current();
        let synonyms = Synonyms::built_in();
        let mut checked = 0;
        for keyword in ["sofa", "โซฟา", "table", "ไม้สัก", "chair"] {
            for (sort, relevance) in [
                ("", true),
                ("price_asc", false),
                ("popular", false),
                ("newest", false),
            ] {
                for room in [None, Some("living")] {
                    // Pages in an order that ranks further, jumps back and changes the size.
                    for (page, limit) in [(3, 2), (1, 5), (2, 5), (7, 1), (1, 1), (1, 100), (2, 3)]
                    {
                        let mut params: HashMap<String, String> = [
                            ("page".to_string(), page.to_string()),
                            ("limit".to_string(), limit.to_string()),
                        ]
                        .into();
                        if !sort.is_empty() {
                            params.insert("sort".into(), sort.into());
                        }
                        if let Some(room) = room {
                            params.insert("room".into(), room.into());
                        }
                        let query = ProductQuery::parse(&params).unwrap();
                        let found = search(&catalog, &synonyms, 0, keyword, &query, relevance);
                        let codes: Vec<&str> =
                            found.products.iter().map(|p| p.code.as_str()).collect();
                        let expected = fresh(&catalog, &synonyms, keyword, &query, relevance);
                        assert_eq!(codes, expected, "{keyword} {sort} {room:?} {page}×{limit}");
                        checked += codes.len();
                    }
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }
}
