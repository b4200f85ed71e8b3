//! Staff edits of rooms and categories: titles in five languages, page names (unique URL
//! slugs), order, nesting (no cycles), create, and delete refused while products (or
//! promotions) still use the node. Each change writes an activity event in its transaction
//! and puts the new catalogue snapshot in force (`writer`), so menus and pages change at once.
//! Promotions stand above the catalogue: the delete asks the caller's [`NamedElsewhere`]
//! whether one still names the node.

use std::collections::{BTreeMap, HashMap};

use redb::WriteTransaction;

use super::model::{Category, Room, url_slug};
use super::store::{CATEGORY_KEY_TO_CATEGORY, PRODUCT_CODE_TO_PRODUCT, ROOM_KEY_TO_ROOM};
use super::writer::CatalogWriter;
use crate::activity::{Actor, changes};
use crate::store::{Store, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum TaxonomyError {
    /// Every problem, each as `field: message`.
    #[error("{}", .0.join("\n"))]
    Invalid(Vec<String>),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Exists(String),
    /// Products or promotions still use the node; the message names how many.
    #[error("{0}")]
    InUse(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Room and category keys: 1 to 40 lowercase letters, digits or `-`.
pub fn is_key(key: &str) -> bool {
    (1..=40).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn slug_problem(page_name: Option<&str>) -> Option<String> {
    let name = page_name?.trim();
    if name.is_empty() {
        return None;
    }
    let ok = name.len() <= 60 && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    (!ok).then(|| {
        format!("pageName: {name:?} must be up to 60 letters, digits or - (it is the page's web address)")
    })
}

/// Room and category titles: at most 80 characters in each language.
const TITLE_MOST: usize = 80;

/// How many products name each room and each category (stored products, active or not).
pub fn usage(txn: &impl crate::store::Txn) -> Result<Usage, StoreError> {
    let mut usage = Usage::default();
    PRODUCT_CODE_TO_PRODUCT
        .read(txn)?
        .try_for_each(|_, product| {
            for room in product.rooms {
                *usage.rooms.entry(room).or_default() += 1;
            }
            for category in product.categories {
                *usage.categories.entry(category).or_default() += 1;
            }
            Ok::<(), StoreError>(())
        })?;
    Ok(usage)
}

#[derive(Debug, Default)]
pub struct Usage {
    pub rooms: HashMap<String, u32>,
    pub categories: HashMap<String, u32>,
}

/// Rooms with their product counts, in menu order.
pub fn rooms(store: &Store) -> Result<Vec<(Room, u32)>, StoreError> {
    store.read(|txn| {
        let used = usage(txn)?;
        let mut rooms = ROOM_KEY_TO_ROOM.read(txn)?.values()?;
        rooms.sort_by(|a, b| a.order.cmp(&b.order).then_with(|| a.key.cmp(&b.key)));
        Ok(rooms
            .into_iter()
            .map(|r| {
                let n = used.rooms.get(&r.key).copied().unwrap_or(0);
                (r, n)
            })
            .collect())
    })
}

/// Categories (flat, each naming its parent) with their product counts, by parent then order.
pub fn categories(store: &Store) -> Result<Vec<(Category, u32)>, StoreError> {
    store.read(|txn| {
        let used = usage(txn)?;
        let mut all = CATEGORY_KEY_TO_CATEGORY.read(txn)?.values()?;
        all.sort_by(|a, b| {
            a.parent
                .cmp(&b.parent)
                .then_with(|| a.order.cmp(&b.order))
                .then_with(|| a.key.cmp(&b.key))
        });
        Ok(all
            .into_iter()
            .map(|c| {
                let n = used.categories.get(&c.key).copied().unwrap_or(0);
                (c, n)
            })
            .collect())
    })
}

fn normalise_page_name(page_name: &mut Option<String>) {
    *page_name = page_name
        .take()
        .map(|p| p.trim().to_lowercase())
        .filter(|p| !p.is_empty());
}

fn room_problems(room: &Room, others: &[Room]) -> Vec<String> {
    let mut out = Vec::new();
    if !is_key(&room.key) {
        out.push(format!(
            "key: {:?} must be 1 to 40 lowercase letters, digits or -",
            room.key
        ));
    }
    out.extend(room.title.title_problems(TITLE_MOST));
    out.extend(slug_problem(room.page_name.as_deref()));
    let slug = url_slug(room.page_name.as_deref(), &room.key);
    if let Some(other) = others.iter().find(|o| {
        o.key != room.key
            && (url_slug(o.page_name.as_deref(), &o.key) == slug || o.key.to_lowercase() == slug)
    }) {
        out.push(format!(
            "pageName: {slug:?} is already the address of the room {}",
            other.key
        ));
    }
    out
}

/// Adds a room at the end of the menu (unless it names an order).
pub fn create_room(
    catalog: &CatalogWriter,
    mut room: Room,
    actor: Actor,
) -> Result<Room, TaxonomyError> {
    catalog.change(|store| {
        room.key = room.key.trim().to_string();
        normalise_page_name(&mut room.page_name);
        store.write(|txn| {
            let mut table = ROOM_KEY_TO_ROOM.write(txn)?;
            let others = table.values()?;
            let problems = room_problems(&room, &others);
            if !problems.is_empty() {
                return Err(TaxonomyError::Invalid(problems));
            }
            if others.iter().any(|o| o.key == room.key) {
                return Err(TaxonomyError::Exists(format!(
                    "key: a room {} exists already",
                    room.key
                )));
            }
            if room.order == 0 {
                room.order = others.iter().map(|o| o.order).max().map_or(0, |m| m + 1);
            }
            table.put(room.key.as_str(), &room)?;
            drop(table);
            let target = format!("room {}", room.key);
            actor.log(txn, "room created", &target, &changes(None::<&Room>, &room))?;
            Ok(room)
        })
    })
}

/// Changes a room's titles, page name, image, icon or order; its key cannot change.
pub fn update_room(
    catalog: &CatalogWriter,
    key: &str,
    mut room: Room,
    actor: Actor,
) -> Result<Room, TaxonomyError> {
    catalog.change(|store| {
        if !room.key.trim().is_empty() && room.key.trim() != key {
            return Err(TaxonomyError::Invalid(vec![
                "key: a room's key cannot change (products refer to it)".into(),
            ]));
        }
        room.key = key.to_string();
        normalise_page_name(&mut room.page_name);
        store.write(|txn| {
            let mut table = ROOM_KEY_TO_ROOM.write(txn)?;
            let others = table.values()?;
            let before = others
                .iter()
                .find(|o| o.key == key)
                .cloned()
                .ok_or_else(|| TaxonomyError::NotFound(format!("no room {key}")))?;
            let problems = room_problems(&room, &others);
            if !problems.is_empty() {
                return Err(TaxonomyError::Invalid(problems));
            }
            table.put(key, &room)?;
            drop(table);
            let target = format!("room {key}");
            actor.log(txn, "room changed", &target, &changes(Some(&before), &room))?;
            Ok(room)
        })
    })
}

/// What else may name a room or a category besides products: promotions, which stand above
/// the catalogue on the floors (docs/ARCHITECTURE.md), so the caller hands the check in
/// (`pricing::taxonomy_use::PromotionsNaming`); it runs in the delete's own transaction.
pub trait NamedElsewhere {
    /// Why the room (`room`) or category `key` cannot be deleted, when something names it.
    fn refusal(
        &self,
        txn: &WriteTransaction,
        key: &str,
        room: bool,
    ) -> Result<Option<String>, StoreError>;
}

/// Deletes a room no product or promotion uses.
pub fn delete_room(
    catalog: &CatalogWriter,
    key: &str,
    actor: Actor,
    elsewhere: &impl NamedElsewhere,
) -> Result<(), TaxonomyError> {
    catalog.change(|store| {
        store.write(|txn| {
            let used = usage(txn)?.rooms.get(key).copied().unwrap_or(0);
            let mut table = ROOM_KEY_TO_ROOM.write(txn)?;
            let before = table
                .get(key)?
                .ok_or_else(|| TaxonomyError::NotFound(format!("no room {key}")))?;
            if used > 0 {
                return Err(TaxonomyError::InUse(format!(
                    "{used} products are still in the room {key}; move them to another room first"
                )));
            }
            if let Some(refusal) = elsewhere.refusal(txn, key, true)? {
                return Err(TaxonomyError::InUse(refusal));
            }
            table.remove(key)?;
            drop(table);
            let target = format!("room {key}");
            actor.log(
                txn,
                "room deleted",
                &target,
                &changes(Some(&before), &serde_json::json!({})),
            )?;
            Ok(())
        })
    })
}

/// Puts the rooms in the given order (every room, each once).
pub fn reorder_rooms(
    catalog: &CatalogWriter,
    keys: &[String],
    actor: Actor,
) -> Result<Vec<Room>, TaxonomyError> {
    catalog.change(|store| {
        store.write(|txn| {
            let mut table = ROOM_KEY_TO_ROOM.write(txn)?;
            let rooms: BTreeMap<String, Room> = table
                .values()?
                .into_iter()
                .map(|r| (r.key.clone(), r))
                .collect();
            let mut sorted = keys.to_vec();
            sorted.sort();
            sorted.dedup();
            if sorted.len() != keys.len() || sorted != rooms.keys().cloned().collect::<Vec<_>>() {
                return Err(TaxonomyError::Invalid(vec![
                    "keys: must name every room exactly once".into(),
                ]));
            }
            let before: Vec<&str> = {
                let mut v: Vec<&Room> = rooms.values().collect();
                v.sort_by(|a, b| a.order.cmp(&b.order).then_with(|| a.key.cmp(&b.key)));
                v.into_iter().map(|r| r.key.as_str()).collect()
            };
            let mut out = Vec::new();
            for (i, key) in keys.iter().enumerate() {
                let mut room = rooms[key].clone();
                room.order = u32::try_from(i).unwrap_or(u32::MAX);
                table.put(key.as_str(), &room)?;
                out.push(room);
            }
            drop(table);
            let details = format!("{} → {}", before.join(", "), keys.join(", "));
            actor.log(txn, "rooms reordered", "rooms", &details)?;
            Ok(out)
        })
    })
}

fn category_problems(category: &Category, others: &[Category]) -> Vec<String> {
    let mut out = Vec::new();
    if !is_key(&category.key) {
        out.push(format!(
            "key: {:?} must be 1 to 40 lowercase letters, digits or -",
            category.key
        ));
    }
    out.extend(category.title.title_problems(TITLE_MOST));
    out.extend(slug_problem(category.page_name.as_deref()));
    let slug = url_slug(category.page_name.as_deref(), &category.key);
    if let Some(other) = others.iter().find(|o| {
        o.key != category.key
            && (url_slug(o.page_name.as_deref(), &o.key) == slug || o.key.to_lowercase() == slug)
    }) {
        out.push(format!(
            "pageName: {slug:?} is already the address of the category {}",
            other.key
        ));
    }
    if let Some(parent) = category.parent.as_deref() {
        if parent == category.key {
            out.push("parent: a category cannot be its own parent".into());
        } else if !others.iter().any(|o| o.key == parent) {
            out.push(format!("parent: unknown category {parent:?}"));
        } else {
            // Walk up from the new parent: meeting this category would make a cycle.
            let by_key: HashMap<&str, &Category> =
                others.iter().map(|o| (o.key.as_str(), o)).collect();
            let mut at = Some(parent);
            let mut steps = 0;
            while let Some(key) = at {
                if key == category.key || steps > others.len() {
                    out.push(format!(
                        "parent: {parent:?} is inside {:?}; a category cannot be moved under its own child",
                        category.key
                    ));
                    break;
                }
                at = by_key.get(key).and_then(|c| c.parent.as_deref());
                steps += 1;
            }
        }
    }
    out
}

fn last_order(others: &[Category], parent: Option<&str>) -> u32 {
    others
        .iter()
        .filter(|o| o.parent.as_deref() == parent)
        .map(|o| o.order)
        .max()
        .map_or(0, |m| m + 1)
}

/// Adds a category (at the end of its parent's children unless it names an order).
pub fn create_category(
    catalog: &CatalogWriter,
    mut category: Category,
    actor: Actor,
) -> Result<Category, TaxonomyError> {
    catalog.change(|store| {
        category.key = category.key.trim().to_string();
        category.parent = category.parent.filter(|p| !p.trim().is_empty());
        normalise_page_name(&mut category.page_name);
        store.write(|txn| {
            let mut table = CATEGORY_KEY_TO_CATEGORY.write(txn)?;
            let others = table.values()?;
            let problems = category_problems(&category, &others);
            if !problems.is_empty() {
                return Err(TaxonomyError::Invalid(problems));
            }
            if others.iter().any(|o| o.key == category.key) {
                return Err(TaxonomyError::Exists(format!(
                    "key: a category {} exists already",
                    category.key
                )));
            }
            if category.order == 0 {
                category.order = last_order(&others, category.parent.as_deref());
            }
            table.put(category.key.as_str(), &category)?;
            drop(table);
            let target = format!("category {}", category.key);
            actor.log(
                txn,
                "category created",
                &target,
                &changes(None::<&Category>, &category),
            )?;
            Ok(category)
        })
    })
}

/// Changes a category's titles, page name, order or parent; its key cannot change.
pub fn update_category(
    catalog: &CatalogWriter,
    key: &str,
    mut category: Category,
    actor: Actor,
) -> Result<Category, TaxonomyError> {
    catalog.change(|store| {
        if !category.key.trim().is_empty() && category.key.trim() != key {
            return Err(TaxonomyError::Invalid(vec![
                "key: a category's key cannot change (products refer to it)".into(),
            ]));
        }
        category.key = key.to_string();
        category.parent = category.parent.filter(|p| !p.trim().is_empty());
        normalise_page_name(&mut category.page_name);
        store.write(|txn| {
            let mut table = CATEGORY_KEY_TO_CATEGORY.write(txn)?;
            let others = table.values()?;
            let before = others
                .iter()
                .find(|o| o.key == key)
                .cloned()
                .ok_or_else(|| TaxonomyError::NotFound(format!("no category {key}")))?;
            let problems = category_problems(&category, &others);
            if !problems.is_empty() {
                return Err(TaxonomyError::Invalid(problems));
            }
            if before.parent != category.parent && category.order == before.order {
                category.order = last_order(&others, category.parent.as_deref());
            }
            table.put(key, &category)?;
            drop(table);
            let target = format!("category {key}");
            let action = if before.parent != category.parent {
                "category moved"
            } else {
                "category changed"
            };
            actor.log(txn, action, &target, &changes(Some(&before), &category))?;
            Ok(category)
        })
    })
}

/// Deletes a category without products, children or promotions naming it.
pub fn delete_category(
    catalog: &CatalogWriter,
    key: &str,
    actor: Actor,
    elsewhere: &impl NamedElsewhere,
) -> Result<(), TaxonomyError> {
    catalog.change(|store| {
        store.write(|txn| {
            let used = usage(txn)?.categories.get(key).copied().unwrap_or(0);
            let mut table = CATEGORY_KEY_TO_CATEGORY.write(txn)?;
            let all = table.values()?;
            let before = all
                .iter()
                .find(|c| c.key == key)
                .cloned()
                .ok_or_else(|| TaxonomyError::NotFound(format!("no category {key}")))?;
            if used > 0 {
                return Err(TaxonomyError::InUse(format!(
                    "{used} products are still in the category {key}; move them to another category first"
                )));
            }
            let children = all
                .iter()
                .filter(|c| c.parent.as_deref() == Some(key))
                .count();
            if children > 0 {
                return Err(TaxonomyError::InUse(format!(
                    "the category {key} still holds {children} categories; move or delete them first"
                )));
            }
            if let Some(refusal) = elsewhere.refusal(txn, key, false)? {
                return Err(TaxonomyError::InUse(refusal));
            }
            table.remove(key)?;
            drop(table);
            let target = format!("category {key}");
            actor.log(txn, "category deleted",
                &target,
                &changes(Some(&before), &serde_json::json!({})),
            )?;
            Ok(())
        })
    })
}

/// Puts the children of `parent` (or the top categories) in the given order.
pub fn reorder_categories(
    catalog: &CatalogWriter,
    parent: Option<&str>,
    keys: &[String],
    actor: Actor,
) -> Result<Vec<Category>, TaxonomyError> {
    catalog.change(|store| {
        store.write(|txn| {
            let mut table = CATEGORY_KEY_TO_CATEGORY.write(txn)?;
            let mut siblings: Vec<Category> = table
                .values()?
                .into_iter()
                .filter(|c| c.parent.as_deref() == parent)
                .collect();
            siblings.sort_by(|a, b| a.order.cmp(&b.order).then_with(|| a.key.cmp(&b.key)));
            let mut wanted = keys.to_vec();
            wanted.sort();
            wanted.dedup();
            let mut have: Vec<String> = siblings.iter().map(|c| c.key.clone()).collect();
            have.sort();
            if wanted.len() != keys.len() || wanted != have {
                return Err(TaxonomyError::Invalid(vec![
                    "keys: must name every category under this parent exactly once".into(),
                ]));
            }
            let before: Vec<String> = siblings.iter().map(|c| c.key.clone()).collect();
            let mut out = Vec::new();
            for (i, key) in keys.iter().enumerate() {
                if let Some(mut category) = siblings.iter().find(|c| &c.key == key).cloned() {
                    category.order = u32::try_from(i).unwrap_or(u32::MAX);
                    table.put(key.as_str(), &category)?;
                    out.push(category);
                }
            }
            drop(table);
            let target = format!("categories under {}", parent.unwrap_or("the top"));
            let details = format!("{} → {}", before.join(", "), keys.join(", "));
            actor.log(txn, "categories reordered", &target, &details)?;
            Ok(out)
        })
    })
}

#[cfg(test)]
mod tests;
