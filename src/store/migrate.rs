//! Numbered schema migrations, run in order at start-up, each in its own write transaction
//! that also records the new `schema_version`. A database from a newer binary is refused
//! rather than guessed at. The migrations themselves are in `migrations.rs`; this file runs
//! them, and also runs them on an empty in-memory database to learn the tables a shop holds
//! ([`created_tables`], the backup list of `tables.rs`).

use redb::{ReadableDatabase, TableDefinition, WriteTransaction};

use super::migrations::*;
use super::{Store, StoreError};

/// The schema this binary writes.
pub const SCHEMA_VERSION: u64 = 17;

/// Where `schema_version` is kept; the one table every version reads the same way.
pub(super) const META: TableDefinition<&str, &str> = TableDefinition::new("meta");

struct Migration {
    version: u64,
    name: &'static str,
    apply: fn(&WriteTransaction) -> Result<(), StoreError>,
}

const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "create the base tables",
        apply: v1_base_tables,
    },
    Migration {
        version: 2,
        name: "track seed document hashes",
        apply: v2_seed_hashes,
    },
    Migration {
        version: 3,
        name: "create the user tables",
        apply: v3_users,
    },
    Migration {
        version: 4,
        name: "create social sign-in, token revocation, coin ledger and activity log tables",
        apply: v4_accounts,
    },
    Migration {
        version: 5,
        name: "create the product table",
        apply: v5_products,
    },
    Migration {
        version: 6,
        name: "create the cart table",
        apply: v6_carts,
    },
    Migration {
        version: 7,
        name: "create promotion and coupon tables",
        apply: v7_pricing,
    },
    Migration {
        version: 8,
        name: "create the order and stock tables; move stock levels out of the products",
        apply: v8_orders,
    },
    Migration {
        version: 9,
        name: "create the staff tables: role permissions, password reset links, order indexes by status and search term, sales per day",
        apply: v9_staff,
    },
    Migration {
        version: 10,
        name: "create the stock ledger; orders paid before payments were tracked read as paid",
        apply: v10_stock_ledger_and_payment_status,
    },
    Migration {
        version: 11,
        name: "create the notification outbox and its indexes",
        apply: v11_outbox,
    },
    Migration {
        version: 12,
        name: "create the search synonym and missed-search tables",
        apply: v12_search,
    },
    Migration {
        version: 13,
        name: "create the table of issued documents' prints; mark the documents issued before it to be frozen at the next start",
        apply: v13_document_prints,
    },
    Migration {
        version: 14,
        name: "create the guest order key and payment slip tables; waiting guest mails keep a nonce instead of their key",
        apply: v14_guest_keys_slips_and_mail_nonces,
    },
    Migration {
        version: 15,
        name: "index the orders that owe a refund",
        apply: v15_refunds_due,
    },
    Migration {
        version: 16,
        name: "give every product one variant sold under its own code; index variant codes",
        apply: v16_variants,
    },
    Migration {
        version: 17,
        name: "create the table of visit and funnel counts per shop day",
        apply: v17_insights,
    },
];

/// Brings the database up to [`SCHEMA_VERSION`].
pub fn migrate(store: &Store) -> Result<u64, StoreError> {
    migrate_to(store, SCHEMA_VERSION)
}

/// Brings the database up to `target`; tests use it to write a file as an older binary did.
pub fn migrate_to(store: &Store, target: u64) -> Result<u64, StoreError> {
    let found = schema_version(store)?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found,
            known: SCHEMA_VERSION,
        });
    }
    let mut current = found;
    for migration in MIGRATIONS
        .iter()
        .filter(|m| m.version > found && m.version <= target)
    {
        let txn = store.db()?.begin_write()?;
        (migration.apply)(&txn)?;
        {
            let mut meta = txn.open_table(META)?;
            meta.insert("schema_version", migration.version.to_string().as_str())?;
        }
        txn.commit()?;
        tracing::info!(
            version = migration.version,
            name = migration.name,
            "database migrated"
        );
        current = migration.version;
    }
    Ok(current)
}

/// The version recorded in `meta`; 0 for a brand-new file.
pub fn schema_version(store: &Store) -> Result<u64, StoreError> {
    let read = store.db()?.begin_read()?;
    let meta = match read.open_table(META) {
        Ok(meta) => meta,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(0),
        Err(err) => return Err(err.into()),
    };
    let Some(value) = meta.get("schema_version")? else {
        return Ok(0);
    };
    let value = value.value().to_string();
    value.parse().map_err(|_| StoreError::BadMeta {
        key: "schema_version",
        value,
    })
}

/// Runs every migration, in order and each in its own transaction, on `db` (an empty
/// in-memory database): what it then holds is every table of the current schema.
pub(super) fn run_all_on(db: &redb::Database) -> Result<(), StoreError> {
    for migration in MIGRATIONS {
        let txn = db.begin_write()?;
        (migration.apply)(&txn)?;
        txn.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_database_reaches_the_current_schema() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(schema_version(&store).unwrap(), SCHEMA_VERSION);
    }

    #[test]
    fn a_database_from_a_newer_binary_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = Store::open(dir.path()).unwrap();
            let txn = store.db().unwrap().begin_write().unwrap();
            txn.open_table(META)
                .unwrap()
                .insert("schema_version", "99")
                .unwrap();
            txn.commit().unwrap();
        }
        let err = Store::open(dir.path()).err().unwrap();
        assert!(
            matches!(err, StoreError::NewerSchema { found: 99, .. }),
            "{err}"
        );
    }
}

#[cfg(test)]
#[path = "migrate_tests.rs"]
mod upgrade_tests;
