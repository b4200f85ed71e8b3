//! The in-memory view of rooms and categories used by menus, pages and the sitemap.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, RwLock};

use axum::body::Bytes;
use axum::http::HeaderValue;

use serde_json::value::RawValue;

use super::listed::{Described, Listed};
use super::model::{CategoryNode, Descriptions, Product, Room, build_tree, url_slug};
use super::search::Ranked;
use super::store;
use crate::content::model::Localized;
use crate::http::encoded::{Effort, Encoded};
use crate::i18n::Locale;
use crate::search::facets::FacetDoc;
use crate::search::index::{IndexBuilder, SearchDoc, SearchIndex};
use crate::store::{Store, StoreError};

pub struct CatalogSnapshot {
    pub rooms: Vec<Room>,
    pub tree: Vec<CategoryNode>,
    /// Every product (active or not), by code; the search index numbers them by position.
    /// Shared with later snapshots that only change stock levels. **Without descriptions**
    /// (see [`super::listed`]): a product's whole document is [`CatalogSnapshot::described`].
    pub products: Vec<Arc<Product>>,
    /// Which languages each product (by position) has a description in.
    described: Arc<Vec<Described>>,
    pub index: Arc<SearchIndex>,
    /// Ready answers for the two list endpoints.
    pub rooms_json: Box<RawValue>,
    pub tree_json: Box<RawValue>,
    room_slugs: HashSet<String>,
    category_slugs: HashSet<String>,
    /// Serialised answers (with their compressed forms) by canonical query. The snapshot
    /// never changes (a change builds a new one), so entries can never be stale.
    responses: RwLock<ResponseCache>,
    /// Matches per search keyword (for telling misses), by keyword.
    counts: Mutex<HashMap<String, usize>>,
    /// Each recent search's matches in order, by keyword, filters and sort (not page).
    ranked: Mutex<RankedCache>,
    /// Product cards as JSON, by language and code, made when first shown.
    cards: RwLock<CardCache>,
    /// While this snapshot's words are indexed in the background: the last snapshot that had
    /// them, which answers keyword searches meanwhile (a large shop's edit must not stop search).
    searchable_before: Option<Arc<CatalogSnapshot>>,
}

#[derive(Default)]
struct ResponseCache {
    answers: HashMap<String, Arc<Encoded>>,
    /// Uncompressed bytes held; compressed forms add about a third.
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

/// From this many products a shop starts with an index without words and builds the full one in
/// the background (segmenting 100 000 products in five languages takes seconds to tens of
/// seconds); a keyword search answers 503 with Retry-After until then.
pub const BACKGROUND_INDEX_FROM: usize = 20_000;

/// The search document of a product (its descriptions given apart: snapshots hold none).
fn search_doc<'a>(p: &'a Product, description: &'a Localized) -> SearchDoc<'a> {
    SearchDoc {
        code: &p.code,
        names: vec![&p.name.en],
        head_first_names: vec![&p.name.th, &p.name.my, &p.name.km, &p.name.id],
        descriptions: vec![
            &description.en,
            &description.th,
            &description.my,
            &description.km,
            &description.id,
        ],
        popularity: p.popularity,
        active: p.active,
        facets: FacetDoc {
            rooms: &p.rooms,
            categories: &p.categories,
            material: &p.material,
            colour: &p.colour,
            price: p.price.get(),
        },
    }
}

impl CatalogSnapshot {
    /// `words_up_to`: the largest catalogue whose index gets its words now.
    fn build_with(store: &Store, words_up_to: usize) -> Result<CatalogSnapshot, StoreError> {
        let mut rooms = store::load_rooms(store)?;
        rooms.sort_by(|a, b| a.order.cmp(&b.order).then_with(|| a.key.cmp(&b.key)));
        let categories = store::load_categories(store)?;
        let tree = build_tree(&categories);
        let room_slugs = rooms
            .iter()
            .flat_map(|r| {
                [
                    url_slug(r.page_name.as_deref(), &r.key),
                    r.key.to_lowercase(),
                ]
            })
            .collect();
        let category_slugs = categories
            .iter()
            .flat_map(|c| {
                [
                    url_slug(c.page_name.as_deref(), &c.key),
                    c.key.to_lowercase(),
                ]
            })
            .collect();
        let started = std::time::Instant::now();
        let (products, described, index) = if store::count_products(store)? <= words_up_to as u64 {
            Self::load_with_words(store)?
        } else {
            let mut listed = store::load_listed(store)?;
            listed.sort_by(|a, b| a.product.code.cmp(&b.product.code));
            let (products, described): (Vec<_>, Vec<_>) = listed
                .into_iter()
                .map(|Listed { product, described }| (Arc::new(product), described))
                .unzip();
            let mut builder = IndexBuilder::new(false);
            let none = Localized::default();
            for product in &products {
                builder.add(&search_doc(product, &none));
            }
            (products, described, builder.finish())
        };
        tracing::info!(
            products = products.len(),
            ms = started.elapsed().as_millis() as u64,
            words = index.has_words(),
            "catalogue snapshot built"
        );
        let raw = |value: serde_json::Result<Box<RawValue>>| {
            value.map_err(|source| StoreError::BadDocument {
                key: "catalog snapshot".into(),
                source,
            })
        };
        Ok(CatalogSnapshot {
            rooms_json: raw(serde_json::value::to_raw_value(&rooms))?,
            tree_json: raw(serde_json::value::to_raw_value(&tree))?,
            rooms,
            tree,
            products,
            described: Arc::new(described),
            index: Arc::new(index),
            room_slugs,
            category_slugs,
            responses: RwLock::default(),
            counts: Mutex::default(),
            ranked: Mutex::default(),
            cards: RwLock::default(),
            searchable_before: None,
        })
    }

    /// Every product and the full index in one pass over the stored documents, each product's
    /// descriptions indexed and then dropped (a small shop, whose words are indexed before it
    /// answers).
    #[allow(clippy::type_complexity)]
    fn load_with_words(
        store: &Store,
    ) -> Result<(Vec<Arc<Product>>, Vec<Described>, SearchIndex), StoreError> {
        let levels = store.read(super::stock::levels)?;
        let mut builder = IndexBuilder::new(true);
        let mut products = Vec::new();
        let mut described = Vec::new();
        store::each_product(store, |mut product| {
            if let Some(&level) = levels.get(&product.code) {
                product.stock = level;
            }
            builder.add(&search_doc(&product, &product.description));
            described.push(Described::of(&product.description));
            product.description = Descriptions::default();
            product.shrink_to_fit();
            products.push(Arc::new(product));
            Ok::<(), StoreError>(())
        })?;
        Ok((products, described, builder.finish()))
    }

    /// The full index of this snapshot's products, their descriptions read from the database
    /// one at a time; `None` when the stored products are no longer this snapshot's (a newer
    /// catalogue, with its own index, is on its way).
    fn index_words(&self, store: &Store) -> Result<Option<SearchIndex>, StoreError> {
        let mut builder = IndexBuilder::new(true);
        let mut same = true;
        store::each_product(store, |stored| {
            match self.products.get(builder.len()) {
                Some(listed) if same && listed.code == stored.code => {
                    builder.add(&search_doc(listed, &stored.description));
                }
                _ => same = false,
            }
            Ok::<(), StoreError>(())
        })?;
        Ok((same && builder.len() == self.products.len()).then(|| builder.finish()))
    }

    /// The product under `code` with its descriptions (read from the database) and this
    /// snapshot's stock level; `None` when this snapshot has no such product.
    pub fn described(&self, store: &Store, code: &str) -> Result<Option<Product>, StoreError> {
        let Some(listed) = self.product(code) else {
            return Ok(None);
        };
        Ok(self.described_all(store, [listed])?.pop())
    }

    /// The whole products (descriptions read from the database in one transaction) of
    /// `listed`, products of this snapshot, with this snapshot's stock levels.
    pub fn described_all<'a>(
        &self,
        store: &Store,
        listed: impl IntoIterator<Item = &'a Product>,
    ) -> Result<Vec<Product>, StoreError> {
        store.read(|txn| {
            let table = store::PRODUCT_CODE_TO_PRODUCT.read(txn)?;
            listed
                .into_iter()
                .map(|listed| {
                    Ok(match table.get(listed.code.as_str())? {
                        Some(stored) => Product {
                            stock: listed.stock,
                            ..stored
                        },
                        None => listed.clone(),
                    })
                })
                .collect()
        })
    }

    /// Every product (without descriptions) with the languages it has a description in.
    pub fn listed(&self) -> impl Iterator<Item = (&Product, Described)> {
        self.products
            .iter()
            .map(|p| &**p)
            .zip(self.described.iter().copied())
    }

    /// This snapshot with another index of the same products (answers start afresh).
    fn with_index(&self, index: Arc<SearchIndex>) -> CatalogSnapshot {
        self.derived(self.products.clone(), index, None)
    }

    /// A snapshot sharing this one's rooms, tree and codes, with empty answer caches.
    fn derived(
        &self,
        products: Vec<Arc<Product>>,
        index: Arc<SearchIndex>,
        searchable_before: Option<Arc<CatalogSnapshot>>,
    ) -> CatalogSnapshot {
        CatalogSnapshot {
            rooms: self.rooms.clone(),
            tree: self.tree.clone(),
            products,
            described: Arc::clone(&self.described),
            index,
            rooms_json: self.rooms_json.clone(),
            tree_json: self.tree_json.clone(),
            room_slugs: self.room_slugs.clone(),
            category_slugs: self.category_slugs.clone(),
            responses: RwLock::default(),
            counts: Mutex::default(),
            ranked: Mutex::default(),
            cards: RwLock::default(),
            searchable_before,
        }
    }

    /// This snapshot with new stock levels: everything else (search index, rooms, tree) is
    /// shared, unchanged products are shared, and list answers start afresh.
    fn with_stock(&self, levels: &HashMap<String, u32>) -> CatalogSnapshot {
        let products = self
            .products
            .iter()
            .map(|p| match levels.get(&p.code) {
                Some(&level) if level != p.stock => Arc::new(Product {
                    stock: level,
                    ..Product::clone(p)
                }),
                _ => Arc::clone(p),
            })
            .collect();
        self.derived(
            products,
            Arc::clone(&self.index),
            self.searchable_before.clone(),
        )
    }

    /// Whether keyword search can answer (the full index is built).
    pub fn search_ready(&self) -> bool {
        self.index.has_words()
    }

    /// The snapshot keyword searches use: this one, or while its words are being indexed the
    /// last one that had them; `None` when a shop just started and has none yet.
    pub fn for_search(self: &Arc<Self>) -> Option<Arc<CatalogSnapshot>> {
        if self.search_ready() {
            Some(Arc::clone(self))
        } else {
            self.searchable_before.clone()
        }
    }

    /// Drops the remembered answers (when the shop is quiet, see `crate::state::idle`); returns the
    /// uncompressed bytes they held.
    pub fn forget_answers(&self) -> usize {
        *self.ranked.lock().unwrap_or_else(|p| p.into_inner()) = RankedCache::default();
        *self.cards.write().unwrap_or_else(|p| p.into_inner()) = CardCache::default();
        let mut cache = self.responses.write().unwrap_or_else(|p| p.into_inner());
        std::mem::take(&mut *cache).bytes
    }

    /// `product`'s card in `locale` as JSON: the one made for an earlier answer of this snapshot,
    /// or the one `make` gives now (kept while there is room).
    pub fn card<E>(
        &self,
        product: &Product,
        locale: Locale,
        make: impl FnOnce() -> Result<Box<RawValue>, E>,
    ) -> Result<Arc<Box<RawValue>>, E> {
        if let Some(found) = self
            .cards
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .cards
            .get(&locale)
            .and_then(|cards| cards.get(&product.code))
        {
            return Ok(Arc::clone(found));
        }
        let made = Arc::new(make()?);
        let mut cache = self.cards.write().unwrap_or_else(|p| p.into_inner());
        let size = made.get().len() + product.code.len();
        if cache.bytes + size <= CARD_CACHE_BYTES {
            cache.bytes += size;
            cache
                .cards
                .entry(locale)
                .or_default()
                .insert(product.code.clone(), Arc::clone(&made));
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

    /// The answer remembered for `key`, if any.
    pub fn cached(&self, key: &str) -> Option<Arc<Encoded>> {
        self.responses
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .answers
            .get(key)
            .cloned()
    }

    /// The answer remembered for `key`, or the one `make` serialises now (remembered for the
    /// next request). Two requests racing for the same new key both serialise; the answers
    /// are equal, so either may stay.
    pub fn answer<E>(
        &self,
        key: &str,
        effort: Effort,
        make: impl FnOnce() -> Result<Bytes, E>,
    ) -> Result<Arc<Encoded>, E> {
        if let Some(found) = self.cached(key) {
            return Ok(found);
        }
        let made = Arc::new(
            Encoded::new(make()?, HeaderValue::from_static("application/json")).with_effort(effort),
        );
        let mut cache = self.responses.write().unwrap_or_else(|p| p.into_inner());
        if cache.answers.len() >= RESPONSE_CACHE_ENTRIES || cache.bytes >= RESPONSE_CACHE_BYTES {
            *cache = ResponseCache::default();
        }
        cache.bytes += made.raw().len();
        cache.answers.insert(key.to_string(), Arc::clone(&made));
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

    pub fn product(&self, code: &str) -> Option<&Product> {
        // Products are in code order: no map of codes to keep (6 MB at 100 000 products).
        self.products
            .binary_search_by(|p| p.code.as_str().cmp(code))
            .ok()
            .map(|i| &*self.products[i])
    }

    /// The product a search hit (document number) refers to.
    pub fn product_at(&self, doc: u32) -> &Product {
        &self.products[doc as usize]
    }

    /// Active products sharing the product's most specific category, then its rooms; the most
    /// popular first.
    pub fn related(&self, product: &Product, limit: usize) -> Vec<&Product> {
        let leaf = product.categories.iter().find(|c| {
            self.categories()
                .iter()
                .any(|n| &n.key == *c && n.children.is_empty())
        });
        let mut same: Vec<&Product> = self
            .products
            .iter()
            .map(|p| &**p)
            .filter(|p| p.active && p.code != product.code)
            .filter(|p| match leaf {
                Some(leaf) => p.categories.contains(leaf),
                None => p.categories.iter().any(|c| product.categories.contains(c)),
            })
            .collect();
        same.sort_by(|a, b| {
            b.popularity
                .cmp(&a.popularity)
                .then_with(|| a.code.cmp(&b.code))
        });
        if same.len() < limit {
            let mut by_room: Vec<&Product> = self
                .products
                .iter()
                .map(|p| &**p)
                .filter(|p| {
                    p.active
                        && p.code != product.code
                        && !same.iter().any(|s| s.code == p.code)
                        && p.rooms.iter().any(|r| product.rooms.contains(r))
                })
                .collect();
            by_room.sort_by(|a, b| {
                b.popularity
                    .cmp(&a.popularity)
                    .then_with(|| a.code.cmp(&b.code))
            });
            same.extend(by_room);
        }
        same.truncate(limit);
        same
    }

    /// Whether `/room/{slug}` names a room.
    pub fn has_room(&self, slug: &str) -> bool {
        self.room_slugs.contains(slug)
    }

    /// Whether `/category/{slug}` names a category.
    pub fn has_category(&self, slug: &str) -> bool {
        self.category_slugs.contains(slug)
    }

    /// Every category in the tree, depth first.
    pub fn categories(&self) -> Vec<&CategoryNode> {
        fn walk<'a>(nodes: &'a [CategoryNode], out: &mut Vec<&'a CategoryNode>) {
            for node in nodes {
                out.push(node);
                walk(&node.children, out);
            }
        }
        let mut out = Vec::new();
        walk(&self.tree, &mut out);
        out
    }
}

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
    use super::*;
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

        // A stock change while the words are indexed keeps its stock afterwards.
        let code = first.products[0].code.clone();
        let levels = HashMap::from([(code.clone(), 777)]);
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
