//! Numbered schema migrations, run in order at start-up, each in its own write transaction
//! that also records the new `schema_version`. A database from a newer binary is refused
//! rather than guessed at.

use redb::{ReadableDatabase, WriteTransaction};

use super::{META, Store, StoreError};

/// The schema this binary writes.
pub const SCHEMA_VERSION: u64 = 8;

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
        let txn = store.db().begin_write()?;
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
    let read = store.db().begin_read()?;
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

/// Version 1: every table the first release used, created empty so readers never meet a
/// missing table.
fn v1_base_tables(txn: &WriteTransaction) -> Result<(), StoreError> {
    txn.open_table(META)?;
    txn.open_table(crate::content::store::LOCALE_CODE_TO_MESSAGES)?;
    txn.open_table(crate::content::store::LABEL_SET_TO_LABELS)?;
    txn.open_table(crate::content::store::PAGE_NAME_TO_PAGE)?;
    txn.open_table(crate::admin::store::ADMIN_ROLE_TO_MENUS)?;
    txn.open_table(crate::catalog::store::ROOM_KEY_TO_ROOM)?;
    txn.open_table(crate::catalog::store::CATEGORY_KEY_TO_CATEGORY)?;
    txn.open_table(crate::accounts::store::SECRET_NAME_TO_BYTES)?;
    Ok(())
}

/// Version 2: remember, per seeded document, the hash of the text we seeded. Later releases
/// then update documents the owner never edited (new translations reach old shops) and leave
/// edited ones alone. Version 1 had no editing, so what is stored is what was seeded.
fn v2_seed_hashes(txn: &WriteTransaction) -> Result<(), StoreError> {
    super::seed::record_current_hashes(txn)
}

/// Version 3: accounts (users, the username index, id sequences).
fn v3_users(txn: &WriteTransaction) -> Result<(), StoreError> {
    txn.open_table(super::SEQUENCE_NAME_TO_NEXT)?;
    txn.open_table(crate::accounts::store::USER_ID_TO_USER)?;
    txn.open_table(crate::accounts::store::USERNAME_TO_USER_ID)?;
    Ok(())
}

/// Version 4: what sign-in, logout, coins and the activity log need.
fn v4_accounts(txn: &WriteTransaction) -> Result<(), StoreError> {
    txn.open_table(crate::accounts::store::PROVIDER_SUBJECT_TO_USER_ID)?;
    txn.open_table(crate::accounts::store::REVOKED_TOKEN_TO_EXPIRY)?;
    txn.open_table(crate::accounts::coins::COIN_LEDGER)?;
    txn.open_table(crate::activity::LOG_TIME_TO_LINE)?;
    Ok(())
}

/// Version 5: products.
fn v5_products(txn: &WriteTransaction) -> Result<(), StoreError> {
    txn.open_table(crate::catalog::store::PRODUCT_CODE_TO_PRODUCT)?;
    Ok(())
}

/// Version 6: carts.
fn v6_carts(txn: &WriteTransaction) -> Result<(), StoreError> {
    txn.open_table(crate::cart::store::CART_OWNER_TO_CART)?;
    Ok(())
}

/// Version 7: promotions, coupons and coupon uses.
fn v7_pricing(txn: &WriteTransaction) -> Result<(), StoreError> {
    txn.open_table(crate::pricing::store::PROMOTION_ID_TO_PROMOTION)?;
    txn.open_table(crate::pricing::store::COUPON_CODE_TO_COUPON)?;
    txn.open_table(crate::pricing::store::COUPON_KEY_TO_USES)?;
    Ok(())
}

/// Version 8: orders, their per-shopper index and idempotency keys; stock levels in their own
/// table, starting from the level each product document carries.
fn v8_orders(txn: &WriteTransaction) -> Result<(), StoreError> {
    use redb::ReadableTable;
    txn.open_table(crate::orders::store::ORDER_ID_TO_ORDER)?;
    txn.open_table(crate::orders::store::ORDER_USER_TO_ORDER)?;
    txn.open_table(crate::orders::store::ORDER_KEY_TO_ORDER)?;
    let products = txn.open_table(crate::catalog::store::PRODUCT_CODE_TO_PRODUCT)?;
    let mut stock = txn.open_table(crate::catalog::stock::STOCK_CODE_TO_LEVEL)?;
    for entry in products.iter()? {
        let (code, value) = entry?;
        let product: crate::catalog::model::Product = serde_json::from_slice(value.value())
            .map_err(|source| StoreError::BadDocument {
                key: code.value().to_string(),
                source,
            })?;
        stock.insert(code.value(), u64::from(product.stock))?;
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
    fn version_8_moves_stock_levels_out_of_the_product_documents() {
        let dir = tempfile::tempdir().unwrap();
        {
            // As a version-7 binary wrote it: stock only inside the product document.
            let store = Store::open_unmigrated(dir.path()).unwrap();
            assert_eq!(migrate_to(&store, 7).unwrap(), 7);
            let product = serde_json::json!({"code": "SF-1", "name": {"en": "Sofa"}, "price": 100, "stock": 7});
            let txn = store.db().begin_write().unwrap();
            txn.open_table(crate::catalog::store::PRODUCT_CODE_TO_PRODUCT)
                .unwrap()
                .insert("SF-1", product.to_string().as_bytes())
                .unwrap();
            txn.commit().unwrap();
        }
        let store = Store::open(dir.path()).unwrap();
        let read = store.db().begin_read().unwrap();
        let stock = read
            .open_table(crate::catalog::stock::STOCK_CODE_TO_LEVEL)
            .unwrap();
        assert_eq!(stock.get("SF-1").unwrap().unwrap().value(), 7);
        read.open_table(crate::orders::store::ORDER_ID_TO_ORDER)
            .unwrap();
        let products = crate::catalog::store::load_products(&store).unwrap();
        assert_eq!(products[0].stock, 7);
    }

    #[test]
    fn a_database_from_a_newer_binary_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = Store::open(dir.path()).unwrap();
            let txn = store.db().begin_write().unwrap();
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
