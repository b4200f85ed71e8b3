//! The in-memory view of rooms and categories used by menus, pages and the sitemap.

use std::collections::HashSet;
use std::sync::{Arc, RwLock};

use serde_json::value::RawValue;

use super::model::{CategoryNode, Room, build_tree, url_slug};
use super::store;
use crate::store::{Store, StoreError};

pub struct CatalogSnapshot {
    pub rooms: Vec<Room>,
    pub tree: Vec<CategoryNode>,
    /// Ready answers for the two list endpoints.
    pub rooms_json: Box<RawValue>,
    pub tree_json: Box<RawValue>,
    room_slugs: HashSet<String>,
    category_slugs: HashSet<String>,
}

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
            room_slugs,
            category_slugs,
        })
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

pub struct CatalogCache(RwLock<Arc<CatalogSnapshot>>);

impl CatalogCache {
    pub fn load(store: &Store) -> Result<CatalogCache, StoreError> {
        Ok(CatalogCache(RwLock::new(Arc::new(CatalogSnapshot::build(
            store,
        )?))))
    }

    pub fn current(&self) -> Arc<CatalogSnapshot> {
        self.0
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    pub fn reload(&self, store: &Store) -> Result<(), StoreError> {
        let snapshot = Arc::new(CatalogSnapshot::build(store)?);
        *self
            .0
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = snapshot;
        Ok(())
    }
}
