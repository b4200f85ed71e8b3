//! The catalogue's tables and the demo catalogue.

use redb::{ReadableDatabase, ReadableTable, ReadableTableMetadata, TableDefinition};
use serde::de::DeserializeOwned;

use super::model::{Category, CategoryNode, Room, flatten_tree};
use crate::http::assets::{Assets, embedded_json};
use crate::store::{META, Store, StoreError};

/// Room key → [`Room`] (JSON).
pub const ROOM_KEY_TO_ROOM: TableDefinition<&str, &[u8]> = TableDefinition::new("room_key_to_room");
/// Category key → [`Category`] (JSON), the tree kept flat by parent key.
pub const CATEGORY_KEY_TO_CATEGORY: TableDefinition<&str, &[u8]> =
    TableDefinition::new("category_key_to_category");

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

/// Seeds the demo rooms and categories into an empty catalogue; returns whether it did.
pub fn seed_demo(store: &Store) -> Result<bool, String> {
    let rooms: DemoRooms = serde_json::from_value(embedded_json::<Assets>("demo/rooms.json")?)
        .map_err(|err| format!("demo/rooms.json: {err}"))?;
    let tree: DemoCategories =
        serde_json::from_value(embedded_json::<Assets>("demo/categories.json")?)
            .map_err(|err| format!("demo/categories.json: {err}"))?;
    let mut categories = Vec::new();
    flatten_tree(&tree.categories, None, &mut categories);

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
    load_all(store, ROOM_KEY_TO_ROOM)
}

pub fn load_categories(store: &Store) -> Result<Vec<Category>, StoreError> {
    load_all(store, CATEGORY_KEY_TO_CATEGORY)
}

fn load_all<T: DeserializeOwned>(
    store: &Store,
    definition: TableDefinition<&str, &[u8]>,
) -> Result<Vec<T>, StoreError> {
    let read = store.db().begin_read()?;
    let table = read.open_table(definition)?;
    let mut rows = Vec::new();
    for entry in table.iter()? {
        let (key, value) = entry?;
        let row =
            serde_json::from_slice(value.value()).map_err(|source| StoreError::BadDocument {
                key: key.value().to_string(),
                source,
            })?;
        rows.push(row);
    }
    Ok(rows)
}
