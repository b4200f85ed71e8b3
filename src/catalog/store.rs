//! The catalogue's tables and the demo catalogue.

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
            if let Some(&level) = levels.get(&product.code) {
                product.stock = level;
            }
        }
        Ok(products)
    })
}

/// Inserts or replaces products in one transaction (an import is all or nothing).
pub fn upsert_products(store: &Store, products: &[Product]) -> Result<(), StoreError> {
    store.write(|txn| super::stock::write_products(txn, products))
}
