//! The catalogue's tables and the demo catalogue.

use std::ops::Bound;

use super::listed::Listed;
use super::model::{Category, CategoryNode, Product, Room, flatten_tree};
use crate::embedded::{Assets, embedded_json};
use crate::store::{JsonTable, META, Store, StoreError};

/// Room key → [`Room`].
pub const ROOM_KEY_TO_ROOM: JsonTable<&str, Room> = JsonTable::new("room_key_to_room");
/// Category key → [`Category`], the tree kept flat by parent key.
pub const CATEGORY_KEY_TO_CATEGORY: JsonTable<&str, Category> =
    JsonTable::new("category_key_to_category");

/// Product code → [`Product`] (its `stock` is the level at import; the live level is in
/// [`super::stock::STOCK_CODE_TO_LEVEL`]).
pub const PRODUCT_CODE_TO_PRODUCT: JsonTable<&str, Product> =
    JsonTable::new("product_code_to_product");

/// The same table read as [`Listed`] products (their descriptions skipped): what the in-memory
/// catalogue holds. A view for reading only (`Listed` cannot be written back).
const PRODUCT_CODE_TO_LISTED: JsonTable<&str, Listed> = JsonTable::new("product_code_to_product");

/// Set in `meta` once the demo catalogue was seeded, so it is never seeded twice (an owner
/// who deleted the demo rooms does not want them back).
const DEMO_SEEDED: &str = "demo_seeded_at";

#[derive(serde::Deserialize)]
struct DemoRooms {
    rooms: Vec<Room>,
}

#[derive(serde::Deserialize)]
struct DemoCategories {
    categories: Vec<CategoryNode>,
}

#[derive(serde::Deserialize)]
struct DemoProducts {
    products: Vec<Product>,
}

/// Seeds the demo rooms and categories into an empty catalogue; returns whether it did.
pub fn seed_demo(store: &Store) -> Result<bool, String> {
    let rooms: DemoRooms = serde_json::from_value(embedded_json::<Assets>("demo/rooms.json")?)
        .map_err(|err| format!("demo/rooms.json: {err}"))?;
    let tree: DemoCategories =
        serde_json::from_value(embedded_json::<Assets>("demo/categories.json")?)
            .map_err(|err| format!("demo/categories.json: {err}"))?;
    let mut categories = Vec::new();
    flatten_tree(&tree.categories, None, &mut categories);
    let products: DemoProducts =
        serde_json::from_value(embedded_json::<Assets>("demo/products.json")?)
            .map_err(|err| format!("demo/products.json: {err}"))?;

    let seeded = store.write(|txn| {
        let mut meta = META.write(txn)?;
        let mut room_table = ROOM_KEY_TO_ROOM.write(txn)?;
        let mut category_table = CATEGORY_KEY_TO_CATEGORY.write(txn)?;
        if meta.get(DEMO_SEEDED)?.is_some()
            || !room_table.is_empty()?
            || !category_table.is_empty()?
        {
            return Ok(false);
        }
        for room in &rooms.rooms {
            room_table.put(room.key.as_str(), room)?;
        }
        for category in &categories {
            category_table.put(category.key.as_str(), category)?;
        }
        super::stock::write_products(txn, &products.products)?;
        let now = time::OffsetDateTime::now_utc().unix_timestamp().to_string();
        meta.put(DEMO_SEEDED, now.as_str())?;
        Ok::<bool, StoreError>(true)
    });
    seeded.map_err(|err| err.to_string())
}

pub fn load_rooms(store: &Store) -> Result<Vec<Room>, StoreError> {
    store.read(|txn| ROOM_KEY_TO_ROOM.read(txn)?.values())
}

pub fn load_categories(store: &Store) -> Result<Vec<Category>, StoreError> {
    store.read(|txn| CATEGORY_KEY_TO_CATEGORY.read(txn)?.values())
}

/// Every product, by code, with its current stock level.
pub fn load_products(store: &Store) -> Result<Vec<Product>, StoreError> {
    store.read(|txn| {
        let mut products = PRODUCT_CODE_TO_PRODUCT.read(txn)?.values()?;
        let levels = super::stock::levels(txn)?;
        for product in &mut products {
            product.take_levels(|code| levels.get(code).copied());
        }
        Ok(products)
    })
}

/// Every product without its descriptions (see [`super::listed`]), by code, with its current
/// stock levels. Decoded on as many threads as there are cores (up to 4), each taking a range of
/// codes cut at equal counts of the stock table (a row per variant, so roughly equal work):
/// decoding is nearly all of a large shop's start-up.
pub fn load_listed(store: &Store) -> Result<Vec<Listed>, StoreError> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    load_listed_on(store, threads.clamp(1, 4), 1_000)
}

/// [`load_listed`] on up to `threads` threads, each decoding at least `least` products.
fn load_listed_on(store: &Store, threads: usize, least: usize) -> Result<Vec<Listed>, StoreError> {
    store.read(|txn| {
        let levels = super::stock::levels_by_code(txn)?;
        let parts = threads.min(levels.len() / least.max(1)).max(1);
        let cuts: Vec<&str> = (1..parts)
            .map(|i| levels[i * levels.len() / parts].0.as_str())
            .collect();
        let ranges: Vec<(Bound<&str>, Bound<&str>)> = (0..parts)
            .map(|i| {
                let lower = if i == 0 {
                    Bound::Unbounded
                } else {
                    Bound::Included(cuts[i - 1])
                };
                let upper = cuts
                    .get(i)
                    .map_or(Bound::Unbounded, |&cut| Bound::Excluded(cut));
                (lower, upper)
            })
            .collect();
        let pieces = std::thread::scope(|scope| {
            let decoding: Vec<_> = ranges
                .into_iter()
                .map(|range| {
                    scope.spawn(move || PRODUCT_CODE_TO_LISTED.read(txn)?.range::<&str>(range))
                })
                .collect();
            decoding
                .into_iter()
                .map(|thread| {
                    thread
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect::<Result<Vec<_>, StoreError>>()
        })?;
        let mut products: Vec<Listed> = Vec::with_capacity(levels.len());
        for piece in pieces {
            products.extend(piece);
        }
        // The live level of each variant (docs/VARIANTS.md §2); a product with options shows
        // the sum of its active variants'. Looked up by hash: a binary search over 400 000
        // variant codes was a tenth of such a shop's start-up CPU (string compares that miss
        // the cache).
        let by_code: std::collections::HashMap<&str, u32> = levels
            .iter()
            .map(|(code, level)| (code.as_str(), *level))
            .collect();
        let level_of = |code: &str| by_code.get(code).copied();
        for listed in &mut products {
            listed.take_levels(level_of);
        }
        Ok(products)
    })
}

pub fn count_products(store: &Store) -> Result<u64, StoreError> {
    store.read(|txn| PRODUCT_CODE_TO_PRODUCT.read(txn)?.len())
}

/// The stored product under `code`, descriptions included (stock as imported).
pub fn load_product(store: &Store, code: &str) -> Result<Option<Product>, StoreError> {
    store.read(|txn| PRODUCT_CODE_TO_PRODUCT.read(txn)?.get(code))
}

/// Calls `visit` with every stored product, descriptions included, in code order, one at a time
/// (a large catalogue's descriptions never sit in memory together). Read in read transactions of
/// [`EACH_PRODUCT_CHUNK`] products and visited after each, so that a long walk (a large shop's
/// search index) does not keep the database from being reopened or closed; products changed
/// meanwhile are seen in their state at the chunk that reads them.
pub fn each_product<E: From<StoreError>>(
    store: &Store,
    visit: impl FnMut(Product) -> Result<(), E>,
) -> Result<(), E> {
    each_product_by(store, EACH_PRODUCT_CHUNK, visit)
}

fn each_product_by<E: From<StoreError>>(
    store: &Store,
    chunk: usize,
    mut visit: impl FnMut(Product) -> Result<(), E>,
) -> Result<(), E> {
    let mut after: Option<String> = None;
    loop {
        // Read a chunk, then visit it outside the transaction.
        let products = store.read(|txn| {
            let lower = match &after {
                Some(code) => Bound::Excluded(code.as_str()),
                None => Bound::Unbounded,
            };
            let mut products = Vec::with_capacity(chunk);
            PRODUCT_CODE_TO_PRODUCT
                .read(txn)?
                .scan_in::<&str, StoreError>((lower, Bound::Unbounded), |_, product| {
                    products.push(product);
                    Ok(products.len() < chunk)
                })?;
            Ok::<_, StoreError>(products)
        })?;
        let full = products.len() == chunk;
        after = products.last().map(|p| p.code.clone());
        for product in products {
            visit(product)?;
        }
        if !full {
            return Ok(());
        }
    }
}

/// Products per read transaction in [`each_product`].
const EACH_PRODUCT_CHUNK: usize = 500;

/// Inserts or replaces products in one transaction (an import is all or nothing).
pub fn upsert_products(store: &Store, products: &[Product]) -> Result<(), StoreError> {
    store.write(|txn| super::stock::write_products(txn, products))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_product_is_visited_once_in_code_order_across_chunks() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        seed_demo(&store).unwrap();
        let all = load_products(&store).unwrap();
        for chunk in [1, 7, 144, 1000] {
            let mut seen = Vec::new();
            each_product_by(&store, chunk, |p| {
                seen.push(p);
                Ok::<(), StoreError>(())
            })
            .unwrap();
            assert_eq!(seen, all, "chunks of {chunk}");
        }
        assert_eq!(all.len(), 143);
    }

    #[test]
    fn products_decoded_on_several_threads_are_all_there_in_order_with_their_levels() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        seed_demo(&store).unwrap();
        let mut changed = load_product(&store, "SF-1001").unwrap().unwrap();
        changed.stock = 77;
        upsert_products(&store, &[changed]).unwrap();
        let all = load_products(&store).unwrap();
        for threads in [1, 2, 3, 4] {
            let listed = load_listed_on(&store, threads, 10).unwrap();
            let codes: Vec<&str> = listed.iter().map(|l| l.product.code.as_str()).collect();
            let want: Vec<&str> = all.iter().map(|p| p.code.as_str()).collect();
            assert_eq!(codes, want, "{threads} threads");
            for (l, p) in listed.iter().zip(&all) {
                assert_eq!(l.product.stock, p.stock, "{}", p.code);
                assert_eq!(l.product.price, p.price);
            }
        }
        let sf = load_listed(&store).unwrap();
        assert_eq!(
            sf.iter()
                .find(|l| l.product.code == "SF-1001")
                .unwrap()
                .product
                .stock,
            77
        );
    }
}
