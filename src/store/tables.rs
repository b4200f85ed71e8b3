//! Every table in the database, typed, so that a backup can copy all of them and `check` can
//! count them. redb cannot iterate a table without its types, so a table missing here would
//! be missing from backups: `backup::snapshot` refuses a database holding an unlisted table.

use redb::{
    Key, ReadTransaction, ReadableTable, ReadableTableMetadata, TableDefinition, TableHandle,
    Value, WriteTransaction,
};

use super::StoreError;

/// A table definition of any of the key/value shapes the shop uses.
#[derive(Clone, Copy)]
pub enum AnyTable {
    TextToBytes(TableDefinition<'static, &'static str, &'static [u8]>),
    TextToText(TableDefinition<'static, &'static str, &'static str>),
    TextToU64(TableDefinition<'static, &'static str, u64>),
    U64ToBytes(TableDefinition<'static, u64, &'static [u8]>),
    PairToBytes(TableDefinition<'static, (u64, u64), &'static [u8]>),
    TextU64ToBytes(TableDefinition<'static, (&'static str, u64), &'static [u8]>),
}

pub const ALL_TABLES: &[AnyTable] = &[
    AnyTable::TextToText(super::META.definition()),
    AnyTable::TextToText(super::seed::SEED_DOCUMENT_TO_HASH.definition()),
    AnyTable::TextToU64(super::SEQUENCE_NAME_TO_NEXT.definition()),
    AnyTable::TextToBytes(crate::content::store::LOCALE_CODE_TO_MESSAGES.definition()),
    AnyTable::TextToBytes(crate::content::store::LABEL_SET_TO_LABELS.definition()),
    AnyTable::TextToBytes(crate::content::store::PAGE_NAME_TO_PAGE.definition()),
    AnyTable::TextToBytes(crate::admin::store::ADMIN_ROLE_TO_MENUS.definition()),
    AnyTable::TextToBytes(crate::catalog::store::ROOM_KEY_TO_ROOM.definition()),
    AnyTable::TextToBytes(crate::catalog::store::CATEGORY_KEY_TO_CATEGORY.definition()),
    AnyTable::TextToBytes(crate::catalog::store::PRODUCT_CODE_TO_PRODUCT.definition()),
    AnyTable::TextToBytes(crate::cart::store::CART_OWNER_TO_CART.definition()),
    AnyTable::TextToBytes(crate::pricing::store::PROMOTION_ID_TO_PROMOTION.definition()),
    AnyTable::TextToBytes(crate::pricing::store::COUPON_CODE_TO_COUPON.definition()),
    AnyTable::TextToU64(crate::pricing::store::COUPON_KEY_TO_USES.definition()),
    AnyTable::TextToBytes(crate::accounts::store::SECRET_NAME_TO_BYTES.definition()),
    AnyTable::U64ToBytes(crate::accounts::store::USER_ID_TO_USER.definition()),
    AnyTable::TextToU64(crate::accounts::store::USERNAME_TO_USER_ID.definition()),
    AnyTable::TextToU64(crate::accounts::store::PROVIDER_SUBJECT_TO_USER_ID.definition()),
    AnyTable::TextToU64(crate::accounts::store::REVOKED_TOKEN_TO_EXPIRY.definition()),
    AnyTable::PairToBytes(crate::accounts::coins::COIN_LEDGER.definition()),
    AnyTable::PairToBytes(crate::activity::LOG_TIME_TO_LINE.definition()),
    AnyTable::TextToU64(crate::catalog::stock::STOCK_CODE_TO_LEVEL.definition()),
    AnyTable::TextU64ToBytes(crate::catalog::edit::STOCK_LEDGER.definition()),
    AnyTable::U64ToBytes(crate::orders::store::ORDER_ID_TO_ORDER.definition()),
    AnyTable::PairToBytes(crate::orders::store::ORDER_USER_TO_ORDER.definition()),
    AnyTable::TextToU64(crate::orders::store::ORDER_KEY_TO_ORDER.definition()),
    AnyTable::U64ToBytes(crate::orders::store::REFUND_DUE_TO_ORDER.definition()),
    AnyTable::TextToBytes(crate::admin::permissions::ROLE_NAME_TO_PERMISSIONS.definition()),
    AnyTable::TextToBytes(crate::accounts::reset::RESET_TOKEN_TO_TICKET.definition()),
    AnyTable::PairToBytes(crate::orders::desk::ORDER_STATUS_TO_ORDER.definition()),
    AnyTable::TextU64ToBytes(crate::orders::desk::ORDER_TERM_TO_ORDER.definition()),
    AnyTable::TextToBytes(crate::orders::sales::SALES_DAY_TO_TOTALS.definition()),
    AnyTable::U64ToBytes(crate::notify::outbox::OUTBOX_ID_TO_MESSAGE.definition()),
    AnyTable::TextToU64(crate::notify::outbox::OUTBOX_KEY_TO_ID.definition()),
    AnyTable::PairToBytes(crate::notify::outbox::OUTBOX_DUE_TO_ID.definition()),
    AnyTable::PairToBytes(crate::notify::outbox::OUTBOX_ORDER_TO_ID.definition()),
    AnyTable::TextToBytes(crate::search::live::SEARCH_NAME_TO_SYNONYMS.definition()),
    AnyTable::TextToU64(crate::search::misses::SEARCH_MISS_TO_COUNT.definition()),
];

impl AnyTable {
    pub fn name(&self) -> &str {
        match self {
            AnyTable::TextToBytes(t) => t.name(),
            AnyTable::TextToText(t) => t.name(),
            AnyTable::TextToU64(t) => t.name(),
            AnyTable::U64ToBytes(t) => t.name(),
            AnyTable::PairToBytes(t) => t.name(),
            AnyTable::TextU64ToBytes(t) => t.name(),
        }
    }

    /// Copies every row from `from` into the same table in `to`; returns the row count. A table
    /// that does not exist in `from` is skipped.
    pub fn copy(&self, from: &ReadTransaction, to: &WriteTransaction) -> Result<u64, StoreError> {
        match *self {
            AnyTable::TextToBytes(t) => copy_table(t, from, to),
            AnyTable::TextToText(t) => copy_table(t, from, to),
            AnyTable::TextToU64(t) => copy_table(t, from, to),
            AnyTable::U64ToBytes(t) => copy_table(t, from, to),
            AnyTable::PairToBytes(t) => copy_table(t, from, to),
            AnyTable::TextU64ToBytes(t) => copy_table(t, from, to),
        }
    }

    /// Rows in the table; 0 when it does not exist.
    pub fn len(&self, read: &ReadTransaction) -> Result<u64, StoreError> {
        fn count<K: Key + 'static, V: Value + 'static>(
            t: TableDefinition<K, V>,
            read: &ReadTransaction,
        ) -> Result<u64, StoreError> {
            match read.open_table(t) {
                Ok(table) => Ok(table.len()?),
                Err(redb::TableError::TableDoesNotExist(_)) => Ok(0),
                Err(err) => Err(err.into()),
            }
        }
        match *self {
            AnyTable::TextToBytes(t) => count(t, read),
            AnyTable::TextToText(t) => count(t, read),
            AnyTable::TextToU64(t) => count(t, read),
            AnyTable::U64ToBytes(t) => count(t, read),
            AnyTable::PairToBytes(t) => count(t, read),
            AnyTable::TextU64ToBytes(t) => count(t, read),
        }
    }
}

fn copy_table<K: Key + 'static, V: Value + 'static>(
    definition: TableDefinition<K, V>,
    from: &ReadTransaction,
    to: &WriteTransaction,
) -> Result<u64, StoreError> {
    let source = match from.open_table(definition) {
        Ok(table) => table,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(0),
        Err(err) => return Err(err.into()),
    };
    let mut target = to.open_table(definition)?;
    let mut rows = 0;
    for entry in source.iter()? {
        let (key, value) = entry?;
        target.insert(key.value(), value.value())?;
        rows += 1;
    }
    Ok(rows)
}

/// Names of tables in the database that [`ALL_TABLES`] does not list.
pub fn unlisted_tables(read: &ReadTransaction) -> Result<Vec<String>, StoreError> {
    let known: Vec<&str> = ALL_TABLES.iter().map(AnyTable::name).collect();
    Ok(read
        .list_tables()?
        .map(|t| t.name().to_string())
        .filter(|name| !known.contains(&name.as_str()))
        .collect())
}
