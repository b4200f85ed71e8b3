//! Search relevance as a number: the judged query sets run against the demo catalogue through
//! the shop's search, reporting recall@24 (the share of expected products found on the first
//! page), the share of queries whose first result is one that rightly comes first, and the
//! share of queries that find nothing. `tests/search/judged.json` is the set the search was
//! built on; `tests/search/unseen.json` was written from how shoppers describe furniture
//! before the rules of issue 32 (partial matches, Thai/Khmer spelling, number words, split and
//! joined words, the wrong layout weighed) were made, and both must reach recall@24 0.95,
//! first hit 0.85 and at most 2 % empty answers; `tests/search/holdout.json` is reported only
//! as totals, so it stays a set nobody tuned on (docs/PERFORMANCE.md, "Search on unseen
//! queries"). Run with `--nocapture` to see the figures and every query that falls short.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::cache::{CatalogCache, CatalogSnapshot};
use super::query::ProductQuery;
use super::shopper_search::search;
use crate::search::index::Options;
use crate::search::synonyms::Synonyms;
use crate::store::Store;

const JUDGED: &str = include_str!("../../tests/search/judged.json");
const UNSEEN: &str = include_str!("../../tests/search/unseen.json");
const HOLDOUT: &str = include_str!("../../tests/search/holdout.json");
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
    /// The product that should come first, or the products any of which may.
    first: OneOrMore,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMore {
    One(String),
    More(Vec<String>),
}

impl OneOrMore {
    fn accepts(&self, code: Option<&&str>) -> bool {
        let Some(code) = code else { return false };
        match self {
            OneOrMore::One(one) => one == code,
            OneOrMore::More(more) => more.iter().any(|m| m == code),
        }
    }
}

#[derive(Default)]
struct Score {
    found: usize,
    expected: usize,
    first: usize,
    queries: usize,
    empty: usize,
}

impl Score {
    fn recall(&self) -> f64 {
        self.found as f64 / self.expected.max(1) as f64
    }
    fn first_share(&self) -> f64 {
        self.first as f64 / self.queries.max(1) as f64
    }
    fn empty_share(&self) -> f64 {
        self.empty as f64 / self.queries.max(1) as f64
    }
    fn add(&mut self, case: &Case, got: &[&str]) -> (usize, bool) {
        let hits = case
            .expect
            .iter()
            .filter(|c| got.contains(&c.as_str()))
            .count();
        let first_ok = case.first.accepts(got.first());
        self.queries += 1;
        self.expected += case.expect.len();
        self.found += hits;
        self.first += usize::from(first_ok);
        self.empty += usize::from(got.is_empty());
        (hits, first_ok)
    }
    fn line(&self) -> String {
        format!(
            "recall@24 {:.3}, first hit {:.3}, zero-result {:.1} % ({} of {})",
            self.recall(),
            self.first_share(),
            self.empty_share() * 100.0,
            self.empty,
            self.queries
        )
    }
}

fn first_page_query() -> ProductQuery {
    ProductQuery::parse(&[("limit".to_string(), PAGE.to_string())].into()).unwrap()
}

/// Scores one judged file; prints its figures (and, unless `totals_only`, the figures by kind
/// and every query falling short) and answers the scores after the query rewriting.
fn score_file(
    name: &str,
    text: &str,
    catalog: &CatalogSnapshot,
    synonyms: &Synonyms,
    totals_only: bool,
) -> Score {
    let judged: Judged = serde_json::from_str(text).unwrap();
    for lang in ["th", "en", "my", "id", "km"] {
        assert!(
            judged.queries.iter().any(|c| c.lang == lang),
            "{name} {lang}"
        );
    }
    let query = first_page_query();
    let mut before = Score::default();
    let mut after = Score::default();
    let mut by_kind: BTreeMap<&str, Score> = BTreeMap::new();
    let mut by_lang: BTreeMap<&str, Score> = BTreeMap::new();
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
        before.add(case, &plain);
        let found = search(catalog, synonyms, 0, &case.q, &query, true);
        let codes: Vec<&str> = found.products.iter().map(|p| p.code.as_str()).collect();
        let (hits, first_ok) = after.add(case, &codes);
        by_kind.entry(&case.kind).or_default().add(case, &codes);
        by_lang.entry(&case.lang).or_default().add(case, &codes);
        if hits < case.expect.len() || !first_ok {
            short.push(format!(
                "{} {:?} ({}): {hits}/{} expected, first {:?}{}{}",
                case.lang,
                case.q,
                case.kind,
                case.expect.len(),
                codes.first(),
                found
                    .corrected
                    .as_deref()
                    .map(|c| format!(", searched {c:?}"))
                    .unwrap_or_default(),
                if found.unmatched.is_empty() {
                    String::new()
                } else {
                    format!(", unmatched {:?}", found.unmatched)
                },
            ));
        }
    }
    println!(
        "{name}: {} queries; words as typed: {}; the shop's search: {}",
        after.queries,
        before.line(),
        after.line()
    );
    if totals_only {
        return after;
    }
    for (kind, score) in by_kind.iter().chain(&by_lang) {
        println!("  {kind:<8} {:>3} queries: {}", score.queries, score.line());
    }
    for line in &short {
        println!("  short: {line}");
    }
    after
}

#[test]
fn judged_queries_find_what_shoppers_mean() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    super::store::seed_demo(&store).unwrap();
    let catalog = CatalogCache::load(&store).unwrap().current();
    let synonyms = Synonyms::built_in();
    let judged = score_file("judged.json", JUDGED, &catalog, &synonyms, false);
    assert!(judged.queries >= 60);
    let unseen = score_file("unseen.json", UNSEEN, &catalog, &synonyms, false);
    assert!(unseen.queries >= 150);
    // Reported, never asserted nor listed query by query: the set stays untuned.
    score_file("holdout.json", HOLDOUT, &catalog, &synonyms, true);
    for (name, score) in [("judged.json", &judged), ("unseen.json", &unseen)] {
        assert!(score.recall() >= 0.95, "{name}: {}", score.line());
        assert!(score.first_share() >= 0.85, "{name}: {}", score.line());
        assert!(score.empty_share() <= 0.02, "{name}: {}", score.line());
    }
}
