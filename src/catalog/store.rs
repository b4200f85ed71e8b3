//! The catalogue's tables and the demo catalogue.

use redb::{ReadableTable, ReadableTableMetadata, TableDefinition};

use super::model::{Category, CategoryNode, Product, Room, flatten_tree};
use crate::http::assets::{Assets, embedded_json};
use crate::store::{META, Store, StoreError, load_json_rows};

/// Room key → [`Room`] (JSON).
pub const ROOM_KEY_TO_ROOM: TableDefinition<&str, &[u8]> = TableDefinition::new("room_key_to_room");
/// Category key → [`Category`] (JSON), the tree kept flat by parent key.
pub const CATEGORY_KEY_TO_CATEGORY: TableDefinition<&str, &[u8]> =
    TableDefinition::new("category_key_to_category");

/// Product code → [`Product`] (JSON).
pub const PRODUCT_CODE_TO_PRODUCT: TableDefinition<&str, &[u8]> =
    TableDefinition::new("product_code_to_product");

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

    let write = || -> Result<bool, StoreError> {
        let txn = store.db().begin_write()?;
        {
            let mut meta = txn.open_table(META)?;
            let mut room_table = txn.open_table(ROOM_KEY_TO_ROOM)?;
            let mut category_table = txn.open_table(CATEGORY_KEY_TO_CATEGORY)?;
            if meta.get(DEMO_SEEDED)?.is_some()
                || !room_table.is_empty()?
                || !category_table.is_empty()?
            {
                return Ok(false);
            }
            for room in &rooms.rooms {
                room_table.insert(room.key.as_str(), to_json(room).as_slice())?;
            }
            for category in &categories {
                category_table.insert(category.key.as_str(), to_json(category).as_slice())?;
            }
            super::stock::write_products(&txn, &products.products)?;
            let now = time::OffsetDateTime::now_utc().unix_timestamp().to_string();
            meta.insert(DEMO_SEEDED, now.as_str())?;
        }
        txn.commit()?;
        Ok(true)
    };
    write().map_err(|err| err.to_string())
}

fn to_json<T: serde::Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).unwrap_or_default()
}

pub fn load_rooms(store: &Store) -> Result<Vec<Room>, StoreError> {
    load_json_rows(store, ROOM_KEY_TO_ROOM)
}

pub fn load_categories(store: &Store) -> Result<Vec<Category>, StoreError> {
    load_json_rows(store, CATEGORY_KEY_TO_CATEGORY)
}

/// Every product, by code, with its current stock level.
pub fn load_products(store: &Store) -> Result<Vec<Product>, StoreError> {
    use redb::ReadableDatabase;
    let mut products: Vec<Product> = load_json_rows(store, PRODUCT_CODE_TO_PRODUCT)?;
    let read = store.db().begin_read()?;
    let levels = match read.open_table(super::stock::STOCK_CODE_TO_LEVEL) {
        Ok(table) => super::stock::levels(&table)?,
        Err(redb::TableError::TableDoesNotExist(_)) => Default::default(),
        Err(err) => return Err(err.into()),
    };
    for product in &mut products {
        if let Some(&level) = levels.get(&product.code) {
            product.stock = level;
        }
    }
    Ok(products)
}

/// Inserts or replaces products in one transaction (an import is all or nothing).
pub fn upsert_products(store: &Store, products: &[Product]) -> Result<(), StoreError> {
    let txn = store.db().begin_write()?;
    super::stock::write_products(&txn, products)?;
    txn.commit()?;
    Ok(())
}
