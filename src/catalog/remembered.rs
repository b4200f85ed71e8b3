//! What a catalogue snapshot remembers of the answers made from it: whole answers by
//! canonical query, product cards per language, each recent search's ranked matches and
//! keyword match counts. A snapshot never changes (a change builds a new one with nothing
//! remembered), so nothing here can be stale, and none of it needs invalidating.
//!
//! Whole answers are of a type the caller chooses (the handlers keep their compressed forms):
//! the catalogue stands below HTTP on the floors
//! (docs/ARCHITECTURE.md), so it knows an answer only as an [`Answer`] of some size.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

use serde_json::value::RawValue;

use super::shopper_search::Ranked;
use crate::i18n::Locale;

/// A whole answer a snapshot can remember: any shareable value that tells its size.
pub trait Answer: Any + Send + Sync {
    /// The bytes it holds, counted against the per-snapshot limit.
    fn bytes(&self) -> usize;
}

/// Everything one snapshot remembers, each part starting over when full.
#[derive(Default)]
pub struct Remembered {
    /// Whole answers by canonical query.
    responses: RwLock<ResponseCache>,
    /// Matches per search keyword (for telling misses), by keyword.
    counts: Mutex<HashMap<String, usize>>,
    /// Each recent search's matches in order, by keyword, filters and sort (not page).
    ranked: Mutex<RankedCache>,
    /// Product cards as JSON, by language and code (and variant shown), made when first shown.
    cards: RwLock<CardCache>,
}

#[derive(Default)]
struct ResponseCache {
    answers: HashMap<String, Arc<dyn Any + Send + Sync>>,
    /// Bytes held, as the answers count them.
    bytes: usize,
}

#[derive(Default)]
struct RankedCache {
    searches: HashMap<String, Arc<Mutex<Ranked>>>,
    /// Matches held, over all searches.
    hits: usize,
}

#[derive(Default)]
struct CardCache {
    cards: HashMap<Locale, HashMap<String, Arc<Box<RawValue>>>>,
    bytes: usize,
}

/// Bytes of product cards kept per snapshot (a card is ~300 bytes: ~25 000 cards); past it,
/// further cards are made per answer. Serialising the cards (escaping the names, versioning
/// the image URLs) was a third of a distinct search answer's CPU.
const CARD_CACHE_BYTES: usize = 8 * 1024 * 1024;

/// Matches remembered per snapshot before the ranked searches start over: 8 bytes each, so
/// 8 MB; at 100 000 products a broad word ("sofa") matches ~20 000.
const RANKED_CACHE_HITS: usize = 1_000_000;
/// Searches remembered per snapshot before they start over.
const RANKED_CACHE_SEARCHES: usize = 2_000;

/// Distinct answers remembered per snapshot before the cache starts over.
const RESPONSE_CACHE_ENTRIES: usize = 4_000;
/// Uncompressed bytes remembered per snapshot before the cache starts over (a lean list page
/// is about 10 KB; a product about 3 KB). Measured with `tests/load/mixed.sh`: a third of this
/// (and a page cache of half its 16 MB) made the caches start over so often under searches new
/// to the server that the mixed load fell from ~27 000 to ~4 600 req/s.
const RESPONSE_CACHE_BYTES: usize = 24 * 1024 * 1024;

impl Remembered {
    /// Drops everything remembered; returns the uncompressed answer bytes it held.
    pub fn forget(&self) -> usize {
        *self.ranked.lock().unwrap_or_else(|p| p.into_inner()) = RankedCache::default();
        *self.cards.write().unwrap_or_else(|p| p.into_inner()) = CardCache::default();
        let mut cache = self.responses.write().unwrap_or_else(|p| p.into_inner());
        std::mem::take(&mut *cache).bytes
    }

    /// The card of product `code` showing `variant` (none: the product) in `locale` as JSON:
    /// the one made for an earlier answer of this snapshot, or the one `make` gives now (kept
    /// while there is room).
    pub fn card<E>(
        &self,
        code: &str,
        variant: Option<&str>,
        locale: Locale,
        make: impl FnOnce() -> Result<Box<RawValue>, E>,
    ) -> Result<Arc<Box<RawValue>>, E> {
        // A variant's card is kept under "code variant" (codes hold no spaces).
        let key: std::borrow::Cow<str> = match variant {
            Some(variant) => format!("{code} {variant}").into(),
            None => code.into(),
        };
        if let Some(found) = self
            .cards
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .cards
            .get(&locale)
            .and_then(|cards| cards.get(&*key))
        {
            return Ok(Arc::clone(found));
        }
        let made = Arc::new(make()?);
        let mut cache = self.cards.write().unwrap_or_else(|p| p.into_inner());
        let size = made.get().len() + key.len();
        if cache.bytes + size <= CARD_CACHE_BYTES {
            cache.bytes += size;
            cache
                .cards
                .entry(locale)
                .or_default()
                .insert(key.into_owned(), Arc::clone(&made));
        }
        Ok(made)
    }

    /// The matches remembered for the search `key`, or the ones `find` gives now (remembered
    /// for the next page of it). Two requests racing for a new key both search; either result
    /// may stay.
    pub fn ranked(&self, key: &str, find: impl FnOnce() -> Ranked) -> Arc<Mutex<Ranked>> {
        if let Some(found) = self
            .ranked
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .searches
            .get(key)
        {
            return Arc::clone(found);
        }
        let found = find();
        let hits = found.len();
        let found = Arc::new(Mutex::new(found));
        let mut cache = self.ranked.lock().unwrap_or_else(|p| p.into_inner());
        if cache.searches.len() >= RANKED_CACHE_SEARCHES || cache.hits + hits > RANKED_CACHE_HITS {
            *cache = RankedCache::default();
        }
        if hits <= RANKED_CACHE_HITS {
            cache.hits += hits;
            cache.searches.insert(key.to_string(), Arc::clone(&found));
        }
        found
    }

    /// The answer of type `T` remembered for `key`, if any.
    pub fn cached<T: Answer>(&self, key: &str) -> Option<Arc<T>> {
        let found = self
            .responses
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .answers
            .get(key)
            .cloned()?;
        found.downcast::<T>().ok()
    }

    /// The answer remembered for `key`, or the one `make` gives now (remembered for the
    /// next request). Two requests racing for the same new key both make it; the answers
    /// are equal, so either may stay.
    pub fn answer<T: Answer, E>(
        &self,
        key: &str,
        make: impl FnOnce() -> Result<T, E>,
    ) -> Result<Arc<T>, E> {
        if let Some(found) = self.cached(key) {
            return Ok(found);
        }
        let made = Arc::new(make()?);
        let mut cache = self.responses.write().unwrap_or_else(|p| p.into_inner());
        if cache.answers.len() >= RESPONSE_CACHE_ENTRIES || cache.bytes >= RESPONSE_CACHE_BYTES {
            *cache = ResponseCache::default();
        }
        cache.bytes += made.bytes();
        let kept: Arc<dyn Any + Send + Sync> = made.clone();
        cache.answers.insert(key.to_string(), kept);
        Ok(made)
    }

    /// The number remembered for `key`, or the one `count` gives now.
    pub fn count(&self, key: &str, count: impl FnOnce() -> usize) -> usize {
        if let Some(&found) = self
            .counts
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(key)
        {
            return found;
        }
        let counted = count();
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if counts.len() >= RESPONSE_CACHE_ENTRIES {
            counts.clear();
        }
        counts.insert(key.to_string(), counted);
        counted
    }
}
