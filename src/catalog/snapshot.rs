//! The catalogue snapshot: one immutable value holding the rooms, the category tree, every
//! product without its descriptions (`listed`), the search index built from them, and the
//! answers remembered for it (`remembered`). Menus, lists, search, product pages, first paint
//! and the sitemap read it; nothing changes it — a change to the catalogue builds a new one
//! (`cache::CatalogCache` holds the one in force, `writer` puts changes through).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex};

use serde_json::value::RawValue;

use super::listed::{Choices, Described, Entry, Listed, ListedVariant};
use super::model::{Category, CategoryNode, Product, Room, build_tree, url_slug};
use super::remembered::{Answer, Remembered};
use super::shopper_search::Ranked;
use super::store;
use super::variants::{OptionKind, ProductOption};
use crate::content::model::Localized;
use crate::domain::Satang;
use crate::i18n::Locale;
use crate::search::facets::{Facet, FacetDoc};
use crate::search::index::{IndexBuilder, SearchDoc, SearchIndex};
use crate::store::{Store, StoreError};

/// The catalogue as one immutable value: rooms, the category tree, every product (without
/// descriptions), the search index and the answers remembered for it.
pub struct CatalogSnapshot {
    pub rooms: Vec<Room>,
    pub tree: Vec<CategoryNode>,
    /// Every product (active or not), by code; the search index numbers them by position.
    /// Shared with later snapshots that only change stock levels. **Without descriptions,
    /// options and variants** (see [`super::listed`]): its options and variants are in
    /// `choices` at the same position ([`CatalogSnapshot::entry`]), a product's whole document
    /// is [`CatalogSnapshot::described`], and what is sold under a code is
    /// [`CatalogSnapshot::sold`].
    pub products: Vec<Arc<Product>>,
    /// Each product's options and variants, by the same position (products without options
    /// share one empty value).
    choices: Vec<Arc<Choices>>,
    /// (product position, variant position) of every variant of a product with options, in
    /// variant code order: what finds a variant by its code (products without options are
    /// sold under their own code).
    variant_codes: Arc<Vec<(u32, u8)>>,
    /// The text of each size facet key (sizes have no label set).
    size_labels: Arc<BTreeMap<String, Localized>>,
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

/// The texts a snapshot does not hold, read from the stored product for the search words.
#[derive(Clone, Copy)]
struct Texts<'a> {
    description: &'a Localized,
    options: &'a [ProductOption],
}

/// The search document of a product: its facets from what the snapshot holds, its words from
/// `texts` when given (snapshots hold no descriptions nor option texts).
fn search_doc<'a>(entry: Entry<'a>, texts: Option<Texts<'a>>) -> SearchDoc<'a> {
    let p = entry.product;
    let choices = entry.choices;
    let mut variant_keys = Vec::new();
    for (kind, facet) in [
        (OptionKind::Material, Facet::Material),
        (OptionKind::Colour, Facet::Colour),
        (OptionKind::Size, Facet::Size),
    ] {
        variant_keys.extend(
            choices
                .active_keys(kind)
                .into_iter()
                .map(|(key, _)| (facet, key)),
        );
    }
    let mut doc = SearchDoc {
        code: &p.code,
        names: vec![&p.name.en],
        head_first_names: vec![&p.name.th, &p.name.my, &p.name.km, &p.name.id],
        variant_codes: choices
            .active()
            .map(|v| &*v.code)
            .filter(|code| *code != p.code)
            .collect(),
        popularity: p.popularity,
        active: p.active,
        facets: FacetDoc {
            rooms: &p.rooms,
            categories: &p.categories,
            material: &p.material,
            colour: &p.colour,
            variant_keys,
            price: p.price.get(),
        },
        ..SearchDoc::default()
    };
    if let Some(texts) = texts {
        let d = texts.description;
        doc.descriptions = vec![&d.en, &d.th, &d.my, &d.km, &d.id];
        for (o, option) in texts.options.iter().enumerate() {
            let n = &option.name;
            doc.option_names
                .extend([&*n.en, &n.th, &n.my, &n.km, &n.id]);
            // Only values a shopper can buy: a hidden variant's colour finds nothing.
            for (v, value) in option.values.iter().enumerate() {
                if choices.first_active_with(o, v).is_some() {
                    let t = &value.text;
                    doc.option_values
                        .extend([&*t.en, &t.th, &t.my, &t.km, &t.id]);
                }
            }
        }
    }
    doc
}

/// What is sold under a code: a product, and for a product with options the variant.
#[derive(Debug, Clone, Copy)]
pub struct Sold<'a> {
    pub entry: Entry<'a>,
    /// `None` for a product without options (sold under its own code).
    pub variant: Option<&'a ListedVariant>,
}

impl Sold<'_> {
    pub fn code(&self) -> &str {
        self.variant.map_or(&self.entry.code, |v| &v.code)
    }

    pub fn price(&self) -> Satang {
        self.variant.map_or(self.entry.price, |v| v.price)
    }

    pub fn compare_at_price(&self) -> Option<Satang> {
        self.variant
            .map_or(self.entry.compare_at_price, |v| v.compare_at_price)
    }

    /// The live level.
    pub fn stock(&self) -> u32 {
        self.variant.map_or(self.entry.stock, |v| v.stock)
    }

    /// Whether it can be bought: the product and the variant are both active.
    pub fn active(&self) -> bool {
        self.entry.active && self.variant.is_none_or(|v| v.active)
    }

    /// Its first photo: the variant's own, else the product's.
    pub fn image(&self) -> Option<&str> {
        let images = &self.entry.images;
        self.variant
            .and_then(|v| images.get(usize::from(v.image)))
            .or_else(|| images.first())
            .map(String::as_str)
    }
}

impl CatalogSnapshot {
    /// `words_up_to`: the largest catalogue whose index gets its words now.
    pub(super) fn build_with(
        store: &Store,
        words_up_to: usize,
    ) -> Result<CatalogSnapshot, StoreError> {
        let _timer = crate::metrics::Timer::start(crate::metrics::CATALOG_REBUILD);
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
        let lineage = Lineage::of(&categories);
        let started = std::time::Instant::now();
        let (listed, index) = if store::count_products(store)? <= words_up_to as u64 {
            Self::load_with_words(store, lineage)?
        } else {
            // With each variant's live level (the stored documents hold the level at import).
            let mut listed = store::load_listed(store)?;
            listed.sort_by(|a, b| a.product.code.cmp(&b.product.code));
            let mut builder = IndexBuilder::new(false);
            let mut held = Held::with_capacity(listed.len(), lineage);
            for item in listed {
                held.push(item);
                builder.add(&search_doc(held.last(), None));
            }
            (held, builder.finish())
        };
        let Held {
            products,
            choices,
            described,
            size_labels,
            ..
        } = listed;
        let variant_codes = variant_codes(&choices);
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
            choices,
            variant_codes: Arc::new(variant_codes),
            size_labels: Arc::new(size_labels),
            described: Arc::new(described),
            index: Arc::new(index),
            room_slugs,
            category_slugs,
            remembered: Remembered::default(),
            searchable_before: None,
        })
    }

    /// Every product and the full index in one pass over the stored documents, each product's
    /// descriptions and option texts indexed and then dropped (a small shop, whose words are
    /// indexed before it answers).
    fn load_with_words(store: &Store, lineage: Lineage) -> Result<(Held, SearchIndex), StoreError> {
        let levels = store.read(super::stock::levels)?;
        let mut builder = IndexBuilder::new(true);
        let mut held = Held::with_capacity(0, lineage);
        store::each_product(store, |mut product| {
            product.take_levels(|code| levels.get(code).copied());
            let description = std::mem::take(&mut product.description);
            let options = product.options.clone();
            held.push(Listed::of(product, Described::of(&description)));
            builder.add(&search_doc(
                held.last(),
                Some(Texts {
                    description: &description,
                    options: &options,
                }),
            ));
            Ok::<(), StoreError>(())
        })?;
        Ok((held, builder.finish()))
    }

    /// The full index of this snapshot's products, their descriptions read from the database
    /// one at a time; `None` when the stored products are no longer this snapshot's (a newer
    /// catalogue, with its own index, is on its way).
    pub(super) fn index_words(&self, store: &Store) -> Result<Option<SearchIndex>, StoreError> {
        let mut builder = IndexBuilder::new(true);
        let mut same = true;
        store::each_product(store, |stored| {
            let at = builder.len();
            match self.products.get(at) {
                Some(listed) if same && listed.code == stored.code => {
                    builder.add(&search_doc(
                        Entry {
                            product: listed,
                            choices: &self.choices[at],
                        },
                        Some(Texts {
                            description: &stored.description,
                            options: &stored.options,
                        }),
                    ));
                }
                _ => same = false,
            }
            Ok::<(), StoreError>(())
        })?;
        Ok((same && builder.len() == self.products.len()).then(|| builder.finish()))
    }

    /// The product under `code` with its descriptions, options and variants (read from the
    /// database) and this snapshot's stock levels; `None` when this snapshot has no such
    /// product.
    pub fn described(&self, store: &Store, code: &str) -> Result<Option<Product>, StoreError> {
        let Some(listed) = self.product(code) else {
            return Ok(None);
        };
        // A shopper's product page names the categories it is listed in (its ticks, then
        // their parents), as its cards do, so a parent's promotion shows on it too.
        Ok(self.described_all(store, [listed])?.pop().map(|mut whole| {
            whole.categories.clone_from(&listed.categories);
            whole
        }))
    }

    /// The whole products (read from the database in one transaction) of `listed`, products of
    /// this snapshot, with this snapshot's stock levels (each variant's, and their sum).
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
                    let entry = self.entry(&listed.code);
                    Ok(match (table.get(listed.code.as_str())?, entry) {
                        (Some(mut stored), Some(entry)) => {
                            stored.take_levels(|code| entry.level_of(code));
                            stored.stock = entry.stock;
                            stored
                        }
                        (Some(stored), None) => Product {
                            stock: listed.stock,
                            ..stored
                        },
                        (None, _) => listed.clone(),
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
        self.derived(self.products.clone(), self.choices.clone(), index, None)
    }

    /// A snapshot sharing this one's rooms, tree and codes, with empty answer caches.
    fn derived(
        &self,
        products: Vec<Arc<Product>>,
        choices: Vec<Arc<Choices>>,
        index: Arc<SearchIndex>,
        searchable_before: Option<Arc<CatalogSnapshot>>,
    ) -> CatalogSnapshot {
        CatalogSnapshot {
            rooms: self.rooms.clone(),
            tree: self.tree.clone(),
            products,
            choices,
            variant_codes: Arc::clone(&self.variant_codes),
            size_labels: Arc::clone(&self.size_labels),
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

    /// This snapshot with new stock levels (by variant code; a product without options: its
    /// code): everything else (search index, rooms, tree) is shared, unchanged products are
    /// shared, and list answers start afresh.
    pub(super) fn with_stock(&self, levels: &HashMap<String, u32>) -> CatalogSnapshot {
        let mut changed: HashMap<usize, Vec<(Option<usize>, u32)>> = HashMap::new();
        for (code, &level) in levels {
            if let Some((doc, variant)) = self.locate(code) {
                changed.entry(doc).or_default().push((variant, level));
            }
        }
        let mut products = self.products.clone();
        let mut choices = self.choices.clone();
        for (doc, levels) in changed {
            let mut product = Product::clone(&products[doc]);
            let mut held = Choices::clone(&choices[doc]);
            for (variant, level) in levels {
                match variant {
                    Some(at) => held.variants[at].stock = level,
                    None => product.stock = level,
                }
            }
            if held.has_options() {
                product.stock = held.active_stock();
                choices[doc] = Arc::new(held);
            }
            products[doc] = Arc::new(product);
        }
        self.derived(
            products,
            choices,
            Arc::clone(&self.index),
            self.searchable_before.clone(),
        )
    }

    /// Where `code` is sold: (product position, variant position for a product with
    /// options); `None` for an unknown code and for the code of a product with options that
    /// is none of its variants'.
    fn locate(&self, code: &str) -> Option<(usize, Option<usize>)> {
        let variant_code =
            |&(doc, at): &(u32, u8)| &*self.choices[doc as usize].variants[usize::from(at)].code;
        if let Ok(i) = self
            .variant_codes
            .binary_search_by(|v| variant_code(v).cmp(code))
        {
            let (doc, at) = self.variant_codes[i];
            return Some((doc as usize, Some(usize::from(at))));
        }
        let doc = self.position(code)?;
        (!self.choices[doc].has_options()).then_some((doc, None))
    }

    /// What is sold under `code`: a variant code (for a product without options, the
    /// product's code). `None` for an unknown code and for the code of a product with options
    /// that is none of its variants' (the cart answers `variant_required`).
    pub fn sold(&self, code: &str) -> Option<Sold<'_>> {
        let (doc, variant) = self.locate(code)?;
        let entry = self.entry_at(doc as u32);
        Some(Sold {
            entry,
            variant: entry.variant(variant),
        })
    }

    /// The text of a size facet key, from the products whose options name it.
    pub fn size_label(&self, key: &str) -> Option<&Localized> {
        self.size_labels.get(key)
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

    /// The card of product `code` showing `variant` in `locale` as JSON, made once per
    /// snapshot ([`Remembered::card`]).
    pub fn card<E>(
        &self,
        code: &str,
        variant: Option<&str>,
        locale: Locale,
        make: impl FnOnce() -> Result<Box<RawValue>, E>,
    ) -> Result<Arc<Box<RawValue>>, E> {
        self.remembered.card(code, variant, locale, make)
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
        self.entry(code).map(|e| e.product)
    }

    /// The product under `code` with its options and variants as the snapshot holds them.
    pub fn entry(&self, code: &str) -> Option<Entry<'_>> {
        self.position(code).map(|i| self.entry_at(i as u32))
    }

    fn position(&self, code: &str) -> Option<usize> {
        // Products are in code order: no map of codes to keep (6 MB at 100 000 products).
        self.products
            .binary_search_by(|p| p.code.as_str().cmp(code))
            .ok()
    }

    /// The product a search hit (document number) refers to.
    pub fn product_at(&self, doc: u32) -> &Product {
        &self.products[doc as usize]
    }

    /// [`CatalogSnapshot::product_at`] with its options and variants.
    pub fn entry_at(&self, doc: u32) -> Entry<'_> {
        Entry {
            product: &self.products[doc as usize],
            choices: &self.choices[doc as usize],
        }
    }

    /// Active products sharing the product's most specific category, then its rooms; the most
    /// popular first.
    pub fn related(&self, product: &Product, limit: usize) -> Vec<Entry<'_>> {
        let leaf = product.categories.iter().find(|c| {
            self.categories()
                .iter()
                .any(|n| &n.key == *c && n.children.is_empty())
        });
        let all = || (0..self.products.len()).map(|doc| self.entry_at(doc as u32));
        let mut same: Vec<Entry> = all()
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
            let mut by_room: Vec<Entry> = all()
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

/// Every variant of a product with options as (product position, variant position), in
/// variant code order.
fn variant_codes(choices: &[Arc<Choices>]) -> Vec<(u32, u8)> {
    let mut codes: Vec<(u32, u8)> = choices
        .iter()
        .enumerate()
        .flat_map(|(doc, c)| {
            (0..c.variants.len()).filter_map(move |at| Some((doc as u32, u8::try_from(at).ok()?)))
        })
        .collect();
    let code = |&(doc, at): &(u32, u8)| &*choices[doc as usize].variants[usize::from(at)].code;
    // Stable sort on purpose: it finds runs already in order and merges them, and products
    // come in code order with their variants' codes mostly in order too, so 400 000 codes
    // take a few passes instead of a full sort (5 % of such a shop's start-up before).
    codes.sort_by(|a, b| code(a).cmp(code(b)));
    codes.shrink_to_fit();
    codes
}

/// Products as they are decoded, held in the snapshot's columns.
struct Held {
    products: Vec<Arc<Product>>,
    choices: Vec<Arc<Choices>>,
    described: Vec<Described>,
    size_labels: BTreeMap<String, Localized>,
    /// Shared by every product without options.
    none: Arc<Choices>,
    /// Option value keys, each held once.
    keys: HashSet<Arc<str>>,
    /// The ancestors of each category: a product ticked in a sub-category is in its parents.
    lineage: Lineage,
}

/// Each category's ancestors, nearest first (only categories that have a parent).
///
/// A product ticked only in "3-seat sofas" belongs to "sofas" too, as the side menu's tree
/// suggests: the snapshot's products name every ancestor of their categories after their own
/// ticks, so a category's page, its counts and facets, the search filter, category
/// promotions (pricing reads the snapshot's product) and the e-catalogue all take in its
/// descendants. The stored product keeps only what staff ticked.
#[derive(Debug, Default)]
struct Lineage(HashMap<String, Vec<String>>);

impl Lineage {
    fn of(categories: &[Category]) -> Lineage {
        let parent: HashMap<&str, &str> = categories
            .iter()
            .filter_map(|c| Some((c.key.as_str(), c.parent.as_deref()?)))
            .collect();
        let mut out = HashMap::new();
        for category in categories {
            let mut chain = Vec::new();
            let mut at = category.key.as_str();
            // A cycle in stored data must not hang the build (the tree stops at depth 8 too).
            while let Some(up) = parent.get(at).copied() {
                if up == category.key || chain.iter().any(|c: &String| c == up) || chain.len() > 8 {
                    break;
                }
                chain.push(up.to_string());
                at = up;
            }
            if !chain.is_empty() {
                out.insert(category.key.clone(), chain);
            }
        }
        Lineage(out)
    }

    /// `categories` followed by every ancestor not already named.
    fn widen(&self, categories: &mut Vec<String>) {
        if self.0.is_empty() {
            return;
        }
        let mut added = Vec::new();
        for category in categories.iter() {
            for up in self.0.get(category).into_iter().flatten() {
                if !categories.contains(up) && !added.contains(up) {
                    added.push(up.clone());
                }
            }
        }
        categories.extend(added);
    }
}

impl Held {
    fn with_capacity(n: usize, lineage: Lineage) -> Held {
        Held {
            lineage,
            products: Vec::with_capacity(n),
            choices: Vec::with_capacity(n),
            described: Vec::with_capacity(n),
            size_labels: BTreeMap::new(),
            none: Arc::default(),
            keys: HashSet::new(),
        }
    }

    fn push(&mut self, mut item: Listed) {
        for (key, text) in item.size_labels {
            self.size_labels.entry(key.into()).or_insert(text);
        }
        self.described.push(item.described);
        self.lineage.widen(&mut item.product.categories);
        self.products.push(Arc::new(item.product));
        if !item.choices.has_options() {
            self.choices.push(Arc::clone(&self.none));
            return;
        }
        for option in item.choices.options.iter_mut() {
            for value in option.values.iter_mut() {
                match self.keys.get(&value.key) {
                    Some(shared) => value.key = Arc::clone(shared),
                    None => {
                        self.keys.insert(Arc::clone(&value.key));
                    }
                }
            }
        }
        self.choices.push(Arc::new(item.choices));
    }

    /// The product pushed last.
    fn last(&self) -> Entry<'_> {
        Entry {
            product: self.products.last().expect("a product was pushed"),
            choices: self.choices.last().expect("a product was pushed"),
        }
    }
}
