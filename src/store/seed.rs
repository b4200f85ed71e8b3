//! Documents that ship inside the binary (translations, labels, pages, staff menus) and how
//! they reach the database.
//!
//! On every start each seed document is compared with the stored one: a missing document is
//! inserted; a stored document that still equals what an earlier release seeded is replaced by
//! the new seed (so translation fixes reach existing shops); a document the owner edited or
//! deleted is left alone. The hash of what was seeded is kept per document to tell these apart.

use redb::{ReadableTable, TableDefinition, TableHandle};
use sha2::{Digest, Sha256};

use super::{Store, StoreError, ValueTable};

/// `"<table>/<key>"` → hex SHA-256 of the document as last seeded.
pub const SEED_DOCUMENT_TO_HASH: ValueTable<&str, &str> = ValueTable::new("seed_document_to_hash");

/// One document to keep in step with the binary.
pub struct SeedDocument {
    pub table: TableDefinition<'static, &'static str, &'static [u8]>,
    pub key: String,
    /// Canonical JSON (object keys sorted) so that the hash does not depend on formatting.
    pub json: Vec<u8>,
}

impl SeedDocument {
    pub fn new(
        table: TableDefinition<'static, &'static str, &'static [u8]>,
        key: impl Into<String>,
        value: &serde_json::Value,
    ) -> Result<SeedDocument, String> {
        let key = key.into();
        let json = serde_json::to_vec(value)
            .map_err(|err| format!("seed document {}/{key}: {err}", table.name()))?;
        Ok(SeedDocument { table, key, json })
    }
}

/// What a start-up sync did, for the log.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SeedReport {
    pub inserted: usize,
    pub updated: usize,
    pub kept_edited: usize,
}

/// Applies the rules above to every document, in one write transaction.
pub fn sync(store: &Store, documents: &[SeedDocument]) -> Result<SeedReport, StoreError> {
    let txn = store.db()?.begin_write()?;
    let mut report = SeedReport::default();
    {
        let mut hashes = txn.open_table(SEED_DOCUMENT_TO_HASH.definition())?;
        for doc in documents {
            let mut table = txn.open_table(doc.table)?;
            let id = format!("{}/{}", doc.table.name(), doc.key);
            let seed_hash = hash(&doc.json);
            let stored_hash = table.get(doc.key.as_str())?.map(|v| hash(v.value()));
            let recorded = hashes.get(id.as_str())?.map(|v| v.value().to_string());
            match (stored_hash, recorded) {
                // Never seeded here: a new document.
                (None, None) => report.inserted += 1,
                // Seeded once and since deleted by the owner: respect that.
                (None, Some(_)) => continue,
                // Unchanged since we seeded it: follow the binary.
                (Some(stored), Some(recorded)) if stored == recorded => {
                    if stored == seed_hash {
                        continue;
                    }
                    report.updated += 1;
                }
                // Edited by the owner, or written by something other than seeding.
                (Some(_), _) => {
                    report.kept_edited += 1;
                    continue;
                }
            }
            table.insert(doc.key.as_str(), doc.json.as_slice())?;
            hashes.insert(id.as_str(), seed_hash.as_str())?;
        }
    }
    txn.commit()?;
    Ok(report)
}

fn hash(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::store::LOCALE_CODE_TO_MESSAGES;
    use crate::store::migrate;
    use redb::ReadableDatabase;
    use serde_json::json;

    fn stored(store: &Store, key: &str) -> Option<serde_json::Value> {
        let read = store.db().unwrap().begin_read().unwrap();
        let table = read
            .open_table(LOCALE_CODE_TO_MESSAGES.definition())
            .unwrap();
        table
            .get(key)
            .unwrap()
            .map(|v| serde_json::from_slice(v.value()).unwrap())
    }

    fn edit(store: &Store, key: &str, value: serde_json::Value) {
        let txn = store.db().unwrap().begin_write().unwrap();
        txn.open_table(LOCALE_CODE_TO_MESSAGES.definition())
            .unwrap()
            .insert(key, serde_json::to_vec(&value).unwrap().as_slice())
            .unwrap();
        txn.commit().unwrap();
    }

    fn doc(key: &str, value: serde_json::Value) -> SeedDocument {
        SeedDocument::new(LOCALE_CODE_TO_MESSAGES.definition(), key, &value).unwrap()
    }

    #[test]
    fn new_releases_update_untouched_documents_and_keep_edited_ones() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let first = sync(
            &store,
            &[doc("en", json!({"a": "1"})), doc("th", json!({"a": "๑"}))],
        )
        .unwrap();
        assert_eq!(
            first,
            SeedReport {
                inserted: 2,
                updated: 0,
                kept_edited: 0
            }
        );

        edit(&store, "th", json!({"a": "edited by the owner"}));
        let second = sync(
            &store,
            &[doc("en", json!({"a": "2"})), doc("th", json!({"a": "๒"}))],
        )
        .unwrap();
        assert_eq!(
            second,
            SeedReport {
                inserted: 0,
                updated: 1,
                kept_edited: 1
            }
        );
        assert_eq!(stored(&store, "en"), Some(json!({"a": "2"})));
        assert_eq!(
            stored(&store, "th"),
            Some(json!({"a": "edited by the owner"}))
        );
    }

    #[test]
    fn upgrading_a_version_1_file_adopts_its_documents_as_seeded() {
        let dir = tempfile::tempdir().unwrap();
        {
            // Write the file exactly as a version-1 binary did: base tables, documents, no hashes.
            let store = Store::open_unmigrated(dir.path()).unwrap();
            assert_eq!(migrate::migrate_to(&store, 1).unwrap(), 1);
            edit(&store, "en", json!({"a": "seeded by v1"}));
        }
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(
            migrate::schema_version(&store).unwrap(),
            migrate::SCHEMA_VERSION
        );
        // The v1 document counts as untouched, so the new release's text replaces it.
        let report = sync(&store, &[doc("en", json!({"a": "seeded by v2"}))]).unwrap();
        assert_eq!(report.updated, 1);
        assert_eq!(stored(&store, "en"), Some(json!({"a": "seeded by v2"})));
    }

    #[test]
    fn a_document_the_owner_deleted_is_not_brought_back() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        sync(&store, &[doc("km", json!({"a": "1"}))]).unwrap();
        let txn = store.db().unwrap().begin_write().unwrap();
        txn.open_table(LOCALE_CODE_TO_MESSAGES.definition())
            .unwrap()
            .remove("km")
            .unwrap();
        txn.commit().unwrap();
        sync(&store, &[doc("km", json!({"a": "1"}))]).unwrap();
        assert_eq!(stored(&store, "km"), None);
    }
}
