//! The admin domain's table and seed documents.

use std::collections::BTreeMap;

use super::menus::AdminMenuItem;
use crate::embedded::{Assets, embedded_json};
use crate::store::seed::SeedDocument;
use crate::store::{JsonTable, Store, StoreError};

/// Role name (`admin`, `admin-sales`…) → that role's menu items.
pub const ADMIN_ROLE_TO_MENUS: JsonTable<&str, Vec<AdminMenuItem>> =
    JsonTable::new("admin_role_to_menus");

pub fn seed_documents() -> Result<Vec<SeedDocument>, String> {
    let menus = embedded_json::<Assets>("seed/admin-menus.json")?;
    let roles = menus
        .as_object()
        .ok_or("seed/admin-menus.json must map role names to menus")?;
    let mut docs = Vec::new();
    for (role, items) in roles {
        serde_json::from_value::<Vec<AdminMenuItem>>(items.clone())
            .map_err(|err| format!("seed/admin-menus.json, role {role}: {err}"))?;
        docs.push(SeedDocument::new(
            ADMIN_ROLE_TO_MENUS.definition(),
            role.as_str(),
            items,
        )?);
    }
    Ok(docs)
}

/// Every role's menus.
pub fn load_menus(store: &Store) -> Result<BTreeMap<String, Vec<AdminMenuItem>>, StoreError> {
    store.read(|txn| {
        let mut menus = BTreeMap::new();
        ADMIN_ROLE_TO_MENUS.read(txn)?.try_for_each(|role, items| {
            menus.insert(role.to_string(), items);
            Ok::<(), StoreError>(())
        })?;
        Ok(menus)
    })
}

/// Replaces every role's menus in one write transaction: roles absent from `menus` lose
/// their menus, so the stored document equals the imported file.
pub fn replace_menus(store: &Store, menus: &super::menus::AdminMenus) -> Result<(), StoreError> {
    store.write(|txn| {
        let mut table = ADMIN_ROLE_TO_MENUS.write(txn)?;
        table.retain(|_| false)?;
        for (role, items) in menus {
            table.put(role.as_str(), items)?;
        }
        Ok(())
    })
}
