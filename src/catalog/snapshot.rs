//! The catalogue snapshot: one immutable value holding the rooms, the category tree, every
//! product without its descriptions (`listed`), the search index built from them, and the
//! answers remembered for it (`remembered`). Menus, lists, search, product pages, first paint
//! and the sitemap read it; nothing changes it — a change to the catalogue builds a new one
//! (`cache::CatalogCache` holds the one in force, `writer` puts changes through).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use serde_json::value::RawValue;

use super::listed::{Described, Listed};
use super::model::{CategoryNode, Descriptions, Product, Room, build_tree, url_slug};
use super::remembered::{Answer, Remembered};
use super::shopper_search::Ranked;
use super::store;
use crate::content::model::Localized;
use crate::i18n::Locale;
use crate::search::facets::FacetDoc;
use crate::search::index::{IndexBuilder, SearchDoc, SearchIndex};
use crate::store::{Store, StoreError};

/// The catalogue as one immutable value: rooms, the category tree, every product (without
/// descriptions), the search index and the answers remembered for it.
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
    /// Answers, cards, searches and counts made from this snapshot. The snapshot never
    /// changes (a change builds a new one), so they can never be stale.
    remembered: Remembered,
    /// While this snapshot's words are indexed in the background: the last snapshot that had
    /// them, which answers keyword searches meanwhile (a large shop's edit must not stop search).
    pub(super) searchable_before: Option<Arc<CatalogSnapshot>>,
}

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
    pub(super) fn build_with(
        store: &Store,
        words_up_to: usize,
    ) -> Result<CatalogSnapshot, StoreError> {
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
            remembered: Remembered::default(),
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
    pub(super) fn index_words(&self, store: &Store) -> Result<Option<SearchIndex>, StoreError> {
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
    pub(super) fn with_index(&self, index: Arc<SearchIndex>) -> CatalogSnapshot {
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
            remembered: Remembered::default(),
            searchable_before,
        }
    }

    /// This snapshot with new stock levels: everything else (search index, rooms, tree) is
    /// shared, unchanged products are shared, and list answers start afresh.
    pub(super) fn with_stock(&self, levels: &HashMap<String, u32>) -> CatalogSnapshot {
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

    /// Drops the remembered answers (the running shop's quiet-time trim calls this); returns the
    /// uncompressed bytes they held.
    pub fn forget_answers(&self) -> usize {
        self.remembered.forget()
    }

    /// `product`'s card in `locale` as JSON, made once per snapshot ([`Remembered::card`]).
    pub fn card<E>(
        &self,
        product: &Product,
        locale: Locale,
        make: impl FnOnce() -> Result<Box<RawValue>, E>,
    ) -> Result<Arc<Box<RawValue>>, E> {
        self.remembered.card(product, locale, make)
    }

    /// A search's matches, found once per snapshot ([`Remembered::ranked`]).
    pub fn ranked(&self, key: &str, find: impl FnOnce() -> Ranked) -> Arc<Mutex<Ranked>> {
        self.remembered.ranked(key, find)
    }

    /// The answer remembered for `key` in this snapshot, if any ([`Remembered::cached`]).
    pub fn cached<T: Answer>(&self, key: &str) -> Option<Arc<T>> {
        self.remembered.cached(key)
    }

    /// The answer remembered for `key`, or the one `make` gives now ([`Remembered::answer`]).
    pub fn answer<T: Answer, E>(
        &self,
        key: &str,
        make: impl FnOnce() -> Result<T, E>,
    ) -> Result<Arc<T>, E> {
        self.remembered.answer(key, make)
    }

    /// A number remembered for `key`, or the one `count` gives now ([`Remembered::count`]).
    pub fn count(&self, key: &str, count: impl FnOnce() -> usize) -> usize {
        self.remembered.count(key, count)
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
