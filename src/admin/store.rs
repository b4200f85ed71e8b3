//! The admin domain's table and seed documents.

use std::collections::BTreeMap;

use redb::{ReadableDatabase, ReadableTable, TableDefinition};

use super::model::AdminMenuItem;
use crate::http::assets::{Assets, embedded_json};
use crate::store::seed::SeedDocument;
use crate::store::{Store, StoreError};

/// Role name (`admin`, `admin-sales`…) → that role's menu items (JSON).
pub const ADMIN_ROLE_TO_MENUS: TableDefinition<&str, &[u8]> =
    TableDefinition::new("admin_role_to_menus");

pub fn seed_documents() -> Result<Vec<SeedDocument>, String> {
    let menus = embedded_json::<Assets>("seed/admin-menus.json")?;
    let roles = menus
        .as_object()
        .ok_or("seed/admin-menus.json must map role names to menus")?;
    let mut docs = Vec::new();
    for (role, items) in roles {
        serde_json::from_value::<Vec<AdminMenuItem>>(items.clone())
            .map_err(|err| format!("seed/admin-menus.json, role {role}: {err}"))?;
        docs.push(SeedDocument::new(ADMIN_ROLE_TO_MENUS, role.as_str(), items));
    }
    Ok(docs)
}

/// Every role's menus.
pub fn load_menus(store: &Store) -> Result<BTreeMap<String, Vec<AdminMenuItem>>, StoreError> {
    let read = store.db().begin_read()?;
    let table = read.open_table(ADMIN_ROLE_TO_MENUS)?;
    let mut menus = BTreeMap::new();
    for entry in table.iter()? {
        let (role, value) = entry?;
        let role = role.value().to_string();
        let items =
            serde_json::from_slice(value.value()).map_err(|source| StoreError::BadDocument {
                key: role.clone(),
                source,
            })?;
        menus.insert(role, items);
    }
    Ok(menus)
}

/// Replaces every role's menus in one write transaction: roles absent from `menus` lose
/// their menus, so the stored document equals the imported file.
pub fn replace_menus(store: &Store, menus: &super::model::AdminMenus) -> Result<(), StoreError> {
    let txn = store.db().begin_write()?;
    {
        let mut table = txn.open_table(ADMIN_ROLE_TO_MENUS)?;
        table.retain(|_, _| false)?;
        for (role, items) in menus {
            let json = serde_json::to_vec(items).unwrap_or_default();
            table.insert(role.as_str(), json.as_slice())?;
        }
    }
    txn.commit()?;
    Ok(())
}
