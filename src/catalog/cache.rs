//! The in-memory view of rooms and categories used by menus, pages and the sitemap.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, RwLock};

use axum::body::Bytes;
use axum::http::HeaderValue;

use serde_json::value::RawValue;

use super::model::{CategoryNode, Product, Room, build_tree, url_slug};
use super::store;
use crate::http::encoded::Encoded;
use crate::search::facets::FacetDoc;
use crate::search::index::{SearchDoc, SearchIndex};
use crate::store::{Store, StoreError};

pub struct CatalogSnapshot {
    pub rooms: Vec<Room>,
    pub tree: Vec<CategoryNode>,
    /// Every product (active or not), by code; the search index numbers them by position.
    /// Shared with later snapshots that only change stock levels.
    pub products: Vec<Arc<Product>>,
    by_code: Arc<HashMap<String, usize>>,
    pub index: Arc<SearchIndex>,
    /// Ready answers for the two list endpoints.
    pub rooms_json: Box<RawValue>,
    pub tree_json: Box<RawValue>,
    room_slugs: HashSet<String>,
    category_slugs: HashSet<String>,
    /// Serialised answers (with their compressed forms) by canonical query. The snapshot
    /// never changes (a change builds a new one), so entries can never be stale.
    responses: Mutex<ResponseCache>,
    /// Matches per search keyword (for telling misses), by keyword.
    counts: Mutex<HashMap<String, usize>>,
}

#[derive(Default)]
struct ResponseCache {
    answers: HashMap<String, Arc<Encoded>>,
    /// Uncompressed bytes held; compressed forms add about a third.
    bytes: usize,
}

/// Distinct answers remembered per snapshot before the cache starts over.
const RESPONSE_CACHE_ENTRIES: usize = 4_000;
/// Uncompressed bytes remembered per snapshot before the cache starts over (a lean list page
/// is about 10 KB; a product about 3 KB).
const RESPONSE_CACHE_BYTES: usize = 24 * 1024 * 1024;

impl CatalogSnapshot {
    fn build(store: &Store) -> Result<CatalogSnapshot, StoreError> {
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
        let mut products = store::load_products(store)?;
        products.sort_by(|a, b| a.code.cmp(&b.code));
        let by_code = products
            .iter()
            .enumerate()
            .map(|(i, p)| (p.code.clone(), i))
            .collect();
        let index = SearchIndex::build(products.iter().map(|p| SearchDoc {
            code: &p.code,
            names: vec![&p.name.en],
            head_first_names: vec![&p.name.th, &p.name.my, &p.name.km, &p.name.id],
            descriptions: vec![
                &p.description.en,
                &p.description.th,
                &p.description.my,
                &p.description.km,
                &p.description.id,
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
        }));
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
            products: products.into_iter().map(Arc::new).collect(),
            by_code: Arc::new(by_code),
            index: Arc::new(index),
            room_slugs,
            category_slugs,
            responses: Mutex::default(),
            counts: Mutex::default(),
        })
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
        CatalogSnapshot {
            rooms: self.rooms.clone(),
            tree: self.tree.clone(),
            products,
            by_code: Arc::clone(&self.by_code),
            index: Arc::clone(&self.index),
            rooms_json: self.rooms_json.clone(),
            tree_json: self.tree_json.clone(),
            room_slugs: self.room_slugs.clone(),
            category_slugs: self.category_slugs.clone(),
            responses: Mutex::default(),
            counts: Mutex::default(),
        }
    }

    /// The answer remembered for `key`, or the one `make` serialises now (remembered for the
    /// next request). Two requests racing for the same new key both serialise; the answers
    /// are equal, so either may stay.
    pub fn answer<E>(
        &self,
        key: &str,
        make: impl FnOnce() -> Result<Vec<u8>, E>,
    ) -> Result<Arc<Encoded>, E> {
        if let Some(found) = self
            .responses
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .answers
            .get(key)
        {
            return Ok(Arc::clone(found));
        }
        let made = Arc::new(Encoded::new(
            Bytes::from(make()?),
            HeaderValue::from_static("application/json"),
        ));
        let mut cache = self.responses.lock().unwrap_or_else(|p| p.into_inner());
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
        self.by_code.get(code).map(|&i| &*self.products[i])
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
    pub fn load(store: &Store) -> Result<CatalogCache, StoreError> {
        Ok(CatalogCache {
            current: RwLock::new(Arc::new(CatalogSnapshot::build(store)?)),
            making: Mutex::new(()),
        })
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

    pub fn reload(&self, store: &Store) -> Result<(), StoreError> {
        let _making = self.making.lock().unwrap_or_else(|p| p.into_inner());
        self.replace(CatalogSnapshot::build(store)?);
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
