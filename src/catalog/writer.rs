//! The one way a change reaches the catalogue: a [`CatalogWriter`] holds the database and the
//! running shop's in-memory snapshot ([`CatalogCache`]), and every use case that changes the
//! catalogue (`edit`, `import`, `taxonomy`, `uploads`) takes one and puts the new snapshot in
//! force before it returns. So no caller can forget to: lists, the search index, first paint
//! and remembered answers (kept per snapshot, see `snapshot`) show the change at once.
//!
//! A stock change swaps the levels of the changed products only (the search index is kept);
//! every other change rebuilds the snapshot (`CatalogCache::reload`). The CLI working on a
//! stopped shop has no snapshot: [`CatalogWriter::store_only`].

use std::sync::Arc;

use super::cache::CatalogCache;
use crate::store::{Store, StoreError};

/// The database and, in a running shop, its catalogue snapshot.
#[derive(Clone)]
pub struct CatalogWriter {
    store: Store,
    snapshot: Option<Arc<CatalogCache>>,
}

impl CatalogWriter {
    /// Changes that also refresh the running shop's `snapshot`.
    pub fn new(store: &Store, snapshot: &Arc<CatalogCache>) -> CatalogWriter {
        CatalogWriter {
            store: store.clone(),
            snapshot: Some(Arc::clone(snapshot)),
        }
    }

    /// Changes to a database no running shop holds (the CLI on a stopped shop): nothing to
    /// refresh.
    pub fn store_only(store: &Store) -> CatalogWriter {
        CatalogWriter {
            store: store.clone(),
            snapshot: None,
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Runs `work` on the database, then rebuilds the snapshot from what it committed.
    pub(crate) fn change<T, E: From<StoreError>>(
        &self,
        work: impl FnOnce(&Store) -> Result<T, E>,
    ) -> Result<T, E> {
        let out = work(&self.store)?;
        self.rebuild()?;
        Ok(out)
    }

    /// Rebuilds the snapshot from the database (after a change committed).
    pub(crate) fn rebuild(&self) -> Result<(), StoreError> {
        match &self.snapshot {
            Some(snapshot) => snapshot.reload(&self.store),
            None => Ok(()),
        }
    }

    /// Takes the stored stock levels of `codes` into the snapshot (after a stock change
    /// committed); nothing else is rebuilt.
    pub(crate) fn stock_changed(&self, codes: &[String]) -> Result<(), StoreError> {
        match &self.snapshot {
            Some(snapshot) => snapshot.refresh_stock(&self.store, codes),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::activity::Actor;
    use crate::catalog::{edit, store as catalog_store};

    const ACTOR: Actor = Actor {
        name: "tester",
        kcard: "",
    };

    fn demo() -> (tempfile::TempDir, Store, Arc<CatalogCache>) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        catalog_store::seed_demo(&store).unwrap();
        let cache = Arc::new(CatalogCache::load(&store).unwrap());
        (dir, store, cache)
    }

    /// Nobody calls `reload`: each change through the catalogue's own use cases is in the
    /// snapshot the moment it returns, and a snapshot from before it is no longer current (its
    /// remembered answers go with it).
    #[test]
    fn every_change_is_in_the_snapshot_when_the_use_case_returns() {
        let (_dir, store, cache) = demo();
        let catalog = CatalogWriter::new(&store, &cache);
        let code = "SF-1001";
        let before = cache.current();
        assert!(before.product(code).unwrap().active);

        edit::set_active(&catalog, ACTOR, code, false).unwrap();
        let after = cache.current();
        assert!(!Arc::ptr_eq(&before, &after), "a new snapshot");
        assert!(!after.product(code).unwrap().active);
        assert!(
            after
                .index
                .all_active()
                .iter()
                .all(|hit| after.product_at(hit.doc).code != code),
            "the lists no longer show it"
        );

        let level = after.product(code).unwrap().stock;
        edit::adjust_stock(&catalog, ACTOR, code, 5, "delivery").unwrap();
        assert_eq!(cache.current().product(code).unwrap().stock, level + 5);

        edit::duplicate(&catalog, ACTOR, code, "SF-1001-B").unwrap();
        assert!(cache.current().product("SF-1001-B").is_some());
    }

    /// A remembered answer of the tests' own kind.
    struct Text(&'static str);

    impl crate::catalog::remembered::Answer for Text {
        fn bytes(&self) -> usize {
            self.0.len()
        }
    }

    #[test]
    fn answers_remembered_before_a_change_are_not_served_after_it() {
        let (_dir, store, cache) = demo();
        let catalog = CatalogWriter::new(&store, &cache);
        let made = cache
            .current()
            .answer("list", || Ok::<_, ()>(Text("before")))
            .unwrap();
        assert_eq!(made.0, "before");
        assert!(cache.current().cached::<Text>("list").is_some());

        edit::set_active(&catalog, ACTOR, "SF-1001", false).unwrap();
        assert!(cache.current().cached::<Text>("list").is_none());
        edit::adjust_stock(&catalog, ACTOR, "SF-1002", 1, "count").unwrap();
        let again = cache
            .current()
            .answer("list", || Ok::<_, ()>(Text("after")))
            .unwrap();
        assert_eq!(again.0, "after");
        edit::adjust_stock(&catalog, ACTOR, "SF-1002", 1, "count").unwrap();
        assert!(
            cache.current().cached::<Text>("list").is_none(),
            "a stock change starts the answers afresh too"
        );
    }

    #[test]
    fn the_cli_on_a_stopped_shop_changes_the_database_only() {
        let (_dir, store, cache) = demo();
        let catalog = CatalogWriter::store_only(&store);
        edit::set_active(&catalog, ACTOR, "SF-1001", false).unwrap();
        assert!(!edit::find(&store, "SF-1001").unwrap().unwrap().active);
        assert!(cache.current().product("SF-1001").unwrap().active);
    }
}
