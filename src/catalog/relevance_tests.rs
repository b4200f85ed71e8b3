//! Search relevance as a number: the judged query set (`tests/search/judged.json`) run against
//! the demo catalogue through the shop's search, reporting recall@24 (the share of expected
//! products found on the first page) and the share of queries whose expected first product
//! comes first, with and without the query rewriting (synonyms, typos, keyboard layout).
//! Run with `--nocapture` to see the figures and every query that falls short.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::cache::CatalogCache;
use super::query::ProductQuery;
use super::shopper_search::search;
use crate::search::index::Options;
use crate::search::synonyms::Synonyms;
use crate::store::Store;

const JUDGED: &str = include_str!("../../tests/search/judged.json");
const PAGE: usize = 24;

#[derive(Deserialize)]
struct Judged {
    queries: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    lang: String,
    kind: String,
    q: String,
    expect: Vec<String>,
    first: String,
}

#[derive(Default)]
struct Score {
    found: usize,
    expected: usize,
    first: usize,
    queries: usize,
}

impl Score {
    fn recall(&self) -> f64 {
        self.found as f64 / self.expected.max(1) as f64
    }
    fn first_share(&self) -> f64 {
        self.first as f64 / self.queries.max(1) as f64
    }
}

fn first_page_query() -> ProductQuery {
    ProductQuery::parse(&[("limit".to_string(), PAGE.to_string())].into()).unwrap()
}

#[test]
fn judged_queries_find_what_shoppers_mean() {
    let judged: Judged = serde_json::from_str(JUDGED).unwrap();
    assert!(judged.queries.len() >= 60);
    for lang in ["th", "en", "my", "id", "km"] {
        assert!(judged.queries.iter().any(|c| c.lang == lang), "{lang}");
    }
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    super::store::seed_demo(&store).unwrap();
    let catalog = CatalogCache::load(&store).unwrap().current();
    let synonyms = Synonyms::built_in();
    let query = first_page_query();

    let mut before = Score::default();
    let mut after = Score::default();
    let mut by_kind: BTreeMap<&str, Score> = BTreeMap::new();
    let mut short = Vec::new();
    for case in &judged.queries {
        // Before: the words as typed, their prefixes and plurals only.
        let mut plain = catalog.index.matches(&case.q, Options::PLAIN);
        catalog.index.best_first(&mut plain, PAGE);
        let plain: Vec<&str> = plain
            .iter()
            .take(PAGE)
            .map(|h| catalog.product_at(h.doc).code.as_str())
            .collect();
        let found = search(&catalog, &synonyms, 0, &case.q, &query, true);
        let codes: Vec<&str> = found.products.iter().map(|p| p.code.as_str()).collect();
        let kind = by_kind.entry(&case.kind).or_default();
        for (score, got) in [(&mut before, &plain), (&mut after, &codes)] {
            score.queries += 1;
            score.expected += case.expect.len();
            score.found += case
                .expect
                .iter()
                .filter(|c| got.contains(&c.as_str()))
                .count();
            score.first += usize::from(got.first() == Some(&case.first.as_str()));
        }
        kind.queries += 1;
        kind.expected += case.expect.len();
        let hits = case
            .expect
            .iter()
            .filter(|c| codes.contains(&c.as_str()))
            .count();
        kind.found += hits;
        let first_ok = codes.first() == Some(&case.first.as_str());
        kind.first += usize::from(first_ok);
        if hits < case.expect.len() || !first_ok {
            short.push(format!(
                "{} {:?} ({}): {hits}/{} expected, first {:?} (wanted {}){}",
                case.lang,
                case.q,
                case.kind,
                case.expect.len(),
                codes.first(),
                case.first,
                found
                    .corrected
                    .as_deref()
                    .map(|c| format!(", searched {c:?}"))
                    .unwrap_or_default(),
            ));
        }
    }
    println!(
        "judged queries: {}; before: recall@24 {:.3}, first hit {:.3}; after: recall@24 {:.3}, first hit {:.3}",
        after.queries,
        before.recall(),
        before.first_share(),
        after.recall(),
        after.first_share()
    );
    for (kind, score) in &by_kind {
        println!(
            "  {kind:<8} {:>3} queries: recall@24 {:.3}, first hit {:.3}",
            score.queries,
            score.recall(),
            score.first_share()
        );
    }
    for line in &short {
        println!("  short: {line}");
    }
    assert!(
        after.recall() >= 0.95,
        "recall@24 {:.3} < 0.95",
        after.recall()
    );
    assert!(
        after.first_share() >= 0.8,
        "first hit {:.3} < 0.8",
        after.first_share()
    );
}
