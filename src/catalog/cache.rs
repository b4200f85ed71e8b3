//! The catalogue snapshot in force ([`CatalogCache`]): loaded at start-up, replaced whole by
//! every change (`writer` calls [`CatalogCache::reload`]) or, for stock changes, by a copy
//! with new levels ([`CatalogCache::refresh_stock`]). A large catalogue gets its search words
//! on a thread of its own, searches meanwhile using the snapshot before.
//!
//! The snapshot itself is [`CatalogSnapshot`] (`snapshot`), re-exported here where its
//! readers have always found it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

pub use super::snapshot::CatalogSnapshot;
use crate::store::{Store, StoreError};

/// From this many products a shop starts with an index without words and builds the full one in
/// the background (segmenting 100 000 products in five languages takes seconds to tens of
/// seconds); a keyword search answers 503 with Retry-After until then.
pub const BACKGROUND_INDEX_FROM: usize = 20_000;

pub struct CatalogCache {
    current: RwLock<Arc<CatalogSnapshot>>,
    /// Held while a new snapshot is made from the database, so a stock refresh and a full
    /// reload never replace each other's newer data with older.
    making: Mutex<()>,
}

impl CatalogCache {
    /// The catalogue as stored; from [`BACKGROUND_INDEX_FROM`] products without the search
    /// index's words (call [`CatalogCache::index_words_in_background`]).
    pub fn load(store: &Store) -> Result<CatalogCache, StoreError> {
        Self::load_with(store, BACKGROUND_INDEX_FROM)
    }

    pub fn load_with(store: &Store, background_from: usize) -> Result<CatalogCache, StoreError> {
        Ok(CatalogCache {
            current: RwLock::new(Arc::new(CatalogSnapshot::build_with(
                store,
                background_from.saturating_sub(1),
            )?)),
            making: Mutex::new(()),
        })
    }

    /// Builds the search index's words on a thread of its own when the current snapshot lacks
    /// them, and puts them in force unless a newer catalogue (which has its own) came first.
    pub fn index_words_in_background(
        self: &Arc<Self>,
        store: &Store,
    ) -> Option<std::thread::JoinHandle<()>> {
        let started_from = self.current();
        if started_from.search_ready() {
            return None;
        }
        let cache = Arc::clone(self);
        let store = store.clone();
        std::thread::Builder::new()
            .name("kiosk-index".into())
            .spawn(move || {
                let started = std::time::Instant::now();
                let index = match started_from.index_words(&store) {
                    Ok(Some(index)) => Arc::new(index),
                    Ok(None) => return,
                    Err(err) => {
                        // Also when the shop stops while a large catalogue is indexed.
                        tracing::warn!(%err, "the catalogue's words were not indexed");
                        return;
                    }
                };
                let (terms, postings) = index.size();
                let _making = cache.making.lock().unwrap_or_else(|p| p.into_inner());
                let current = cache.current();
                // Stock-only snapshots share the index; anything else was rebuilt in full.
                if Arc::ptr_eq(&current.index, &started_from.index) {
                    cache.replace(current.with_index(index));
                }
                tracing::info!(
                    products = started_from.products.len(),
                    index_ms = started.elapsed().as_millis() as u64,
                    terms,
                    postings,
                    "search index ready"
                );
                // Reading every product filled redb's page cache with pages nobody asks for
                // (~40 MB at 100 000 products); reopening lets go of it.
                drop(_making);
                store.release_cache();
            })
            .map_err(|err| tracing::error!(%err, "cannot start the search index thread"))
            .ok()
    }

    pub fn current(&self) -> Arc<CatalogSnapshot> {
        self.current
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    fn replace(&self, snapshot: CatalogSnapshot) {
        *self
            .current
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Arc::new(snapshot);
    }

    /// A new snapshot from the database after a change. A large catalogue gets its search
    /// words in the background; searches meanwhile use the previous snapshot.
    pub fn reload(self: &Arc<Self>, store: &Store) -> Result<(), StoreError> {
        {
            let _making = self.making.lock().unwrap_or_else(|p| p.into_inner());
            let mut next =
                CatalogSnapshot::build_with(store, BACKGROUND_INDEX_FROM.saturating_sub(1))?;
            if !next.search_ready() {
                next.searchable_before = self.current().for_search();
            }
            self.replace(next);
        }
        self.index_words_in_background(store);
        Ok(())
    }

    /// Takes the stored stock levels of `codes` (after orders or cancellations committed).
    pub fn refresh_stock(&self, store: &Store, codes: &[String]) -> Result<(), StoreError> {
        let _making = self.making.lock().unwrap_or_else(|p| p.into_inner());
        let mut levels = HashMap::new();
        store.read(|txn| {
            let table = super::stock::STOCK_CODE_TO_LEVEL.read(txn)?;
            for code in codes {
                if let Some(level) = table.get(code.as_str())? {
                    levels.insert(code.clone(), super::stock::clamp(level));
                }
            }
            Ok::<(), StoreError>(())
        })?;
        let next = self.current().with_stock(&levels);
        self.replace(next);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::listed::Described;
    use super::super::store;
    use super::*;
    use crate::content::model::Localized;
    use crate::search::synonyms::Synonyms;

    /// A database holding the demo catalogue (the folder lives as long as the store is used).
    fn demo_store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        store::seed_demo(&store).unwrap();
        (dir, store)
    }

    #[test]
    fn a_large_catalogue_lists_at_once_and_searches_once_its_words_are_indexed() {
        let (_dir, store) = demo_store();
        // The demo counts as large here.
        let cache = Arc::new(CatalogCache::load_with(&store, 10).unwrap());
        let first = cache.current();
        assert!(!first.search_ready(), "no words yet");
        assert!(first.index.all_active().len() > 100, "lists work at once");
        assert!(
            !first.index.search_code("SF-10").is_empty(),
            "code search too"
        );
        assert!(first.index.find("sofa", &Synonyms::built_in()).0.is_empty());

        // A stock change while the words are indexed keeps its stock afterwards: a product
        // without options (its own code) and a variant (the product's sum follows).
        let plain = (0..first.products.len() as u32)
            .map(|doc| first.entry_at(doc))
            .find(|e| !e.choices.has_options())
            .unwrap();
        let code = plain.code.clone();
        let sofa = (0..first.products.len() as u32)
            .map(|doc| first.entry_at(doc))
            .find(|e| e.choices.active().count() >= 2)
            .expect("a demo product with options");
        let (sofa_code, variant) = (sofa.code.clone(), sofa.choices.active().nth(1).unwrap());
        let others = sofa.choices.active_stock() - variant.stock;
        let levels = HashMap::from([(code.clone(), 777), (variant.code.to_string(), 5)]);
        cache.replace(first.with_stock(&levels));

        cache
            .index_words_in_background(&store)
            .expect("a thread indexes the words")
            .join()
            .unwrap();
        let ready = cache.current();
        assert!(ready.search_ready());
        assert!(ready.index.find("sofa", &Synonyms::built_in()).0.len() >= 8);
        assert_eq!(ready.product(&code).unwrap().stock, 777);
        assert_eq!(ready.product(&sofa_code).unwrap().stock, others + 5);
        let sold = ready.sold(&variant.code).unwrap();
        assert_eq!((sold.stock(), sold.entry.code.as_str()), (5, sofa_code.as_str()));
        assert!(
            cache.index_words_in_background(&store).is_none(),
            "nothing left to do"
        );

        // A small catalogue indexes its words before it answers.
        assert!(CatalogCache::load(&store).unwrap().current().search_ready());
    }

    #[test]
    fn snapshots_hold_no_descriptions_yet_search_and_the_whole_product_have_them() {
        let (_dir, store) = demo_store();
        let code = "SF-1001";
        let stored = store::load_product(&store, code).unwrap().unwrap();
        assert!(!stored.description.en.is_empty());
        // A word of the English description that is in no name or code.
        let names: String = store::load_listed(&store)
            .unwrap()
            .iter()
            .map(|l| format!("{:?} ", l.product.name).to_lowercase())
            .collect();
        let word = stored
            .description
            .en
            .split(|c: char| !c.is_alphabetic())
            .find(|w| w.len() > 6 && !names.contains(&w.to_lowercase()))
            .expect("a description-only word")
            .to_lowercase();
        for small in [true, false] {
            let cache =
                Arc::new(CatalogCache::load_with(&store, if small { 1000 } else { 10 }).unwrap());
            if !small {
                cache
                    .index_words_in_background(&store)
                    .unwrap()
                    .join()
                    .unwrap();
            }
            let snapshot = cache.current();
            assert!(
                snapshot
                    .products
                    .iter()
                    .all(|p| *p.description == Localized::default())
            );
            let found = snapshot.index.find(&word, &Synonyms::built_in()).0;
            assert!(
                found
                    .iter()
                    .any(|h| snapshot.product_at(h.doc).code == code),
                "{word} finds {code} (small: {small})"
            );
            let levels = HashMap::from([(code.to_string(), 3)]);
            cache.replace(snapshot.with_stock(&levels));
            let whole = cache.current().described(&store, code).unwrap().unwrap();
            assert_eq!(whole.description, stored.description);
            assert_eq!(whole.stock, 3, "the snapshot's level, not the imported one");
            assert!(
                cache
                    .current()
                    .described(&store, "NO-SUCH")
                    .unwrap()
                    .is_none()
            );
            let (_, described) = cache
                .current()
                .listed()
                .find(|(p, _)| p.code == code)
                .unwrap();
            assert_eq!(described, Described::of(&stored.description));
        }
    }

    #[test]
    fn a_background_index_of_products_changed_meanwhile_is_dropped() {
        let (_dir, store) = demo_store();
        let cache = Arc::new(CatalogCache::load_with(&store, 10).unwrap());
        let snapshot = cache.current();
        let mut extra = store::load_product(&store, "SF-1001").unwrap().unwrap();
        extra.code = "AA-0001".into();
        store::upsert_products(&store, &[extra]).unwrap();
        assert!(
            snapshot.index_words(&store).unwrap().is_none(),
            "a product numbered before the others came in"
        );
    }

    #[test]
    fn a_newer_catalogue_is_not_replaced_by_an_older_background_index() {
        let (_dir, store) = demo_store();
        let cache = Arc::new(CatalogCache::load_with(&store, 10).unwrap());
        // A staff change reloads (small: words included) before the background is done.
        cache.reload(&store).unwrap();
        let reloaded = cache.current();
        assert!(reloaded.search_ready());
        if let Some(thread) = cache.index_words_in_background(&store) {
            thread.join().unwrap();
        }
        assert!(Arc::ptr_eq(&cache.current(), &reloaded));
    }

    #[test]
    fn while_a_large_catalogue_reindexes_searches_use_the_previous_snapshot() {
        let (_dir, store) = demo_store();
        let cache = Arc::new(CatalogCache::load(&store).unwrap());
        let searchable = cache.current();
        // As reload does for a catalogue of BACKGROUND_INDEX_FROM products or more.
        let mut next = CatalogSnapshot::build_with(&store, 0).unwrap();
        assert!(!next.search_ready());
        next.searchable_before = cache.current().for_search();
        cache.replace(next);
        let during = cache
            .current()
            .for_search()
            .expect("search keeps answering");
        assert!(Arc::ptr_eq(&during, &searchable));
        cache
            .index_words_in_background(&store)
            .unwrap()
            .join()
            .unwrap();
        let after = cache.current();
        assert!(Arc::ptr_eq(&after.for_search().unwrap(), &after));
        assert!(
            after.searchable_before.is_none(),
            "the old snapshot is let go"
        );
    }
}
