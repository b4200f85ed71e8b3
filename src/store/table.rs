//! The typed table layer: every domain reads and writes its rows through [`JsonTable`] (rows
//! that are documents) or [`ValueTable`] (rows that are plain redb values: indexes, counters).
//!
//! Why one layer: before it, each domain decoded its own rows, repeated the redb error
//! conversions and wrote `serde_json::to_vec(..).unwrap_or_default()`, which would silently
//! store empty bytes if encoding ever failed. Here encoding and decoding failures are
//! [`StoreError`]s naming the table and key, every redb error converts to [`StoreError`], and
//! the same methods work inside a read or a write transaction.
//!
//! ```ignore
//! pub const USER_ID_TO_USER: JsonTable<u64, User> = JsonTable::new("user_id_to_user");
//! let user = USER_ID_TO_USER.read(&txn)?.get(id)?;          // Option<User>
//! USER_ID_TO_USER.write(&txn)?.put(user.id, &user)?;        // in a write transaction
//! ```

use std::borrow::Borrow;
use std::fmt::Debug;
use std::marker::PhantomData;
use std::ops::RangeBounds;

use redb::{
    Key, ReadOnlyTable, ReadTransaction, ReadableTable, ReadableTableMetadata, Table,
    TableDefinition, Value, WriteTransaction,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::StoreError;

/// A table of `K` → JSON document `V`. Stored as bytes, so adding an optional field to `V`
/// never breaks old rows.
pub struct JsonTable<K: Key + 'static, V> {
    name: &'static str,
    definition: TableDefinition<'static, K, &'static [u8]>,
    row: PhantomData<fn() -> V>,
}

// Derives would demand `V: Clone`; a table definition is copyable whatever it holds.
impl<K: Key + 'static, V> Clone for JsonTable<K, V> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K: Key + 'static, V> Copy for JsonTable<K, V> {}

impl<K: Key + 'static, V: Serialize + DeserializeOwned> JsonTable<K, V> {
    pub const fn new(name: &'static str) -> Self {
        JsonTable {
            name,
            definition: TableDefinition::new(name),
            row: PhantomData,
        }
    }

    /// The raw redb definition, for code that copies tables byte for byte (backups).
    pub const fn definition(&self) -> TableDefinition<'static, K, &'static [u8]> {
        self.definition
    }

    /// Opens the table in a read transaction. Every table exists once the store is open
    /// (each table is created by the migration that introduced it, and a test holds every
    /// listed table to that), so a missing table is an error here, not "empty".
    pub fn read(
        &self,
        txn: &ReadTransaction,
    ) -> Result<JsonRows<ReadOnlyTable<K, &'static [u8]>, K, V>, StoreError> {
        Ok(JsonRows::new(self.name, txn.open_table(self.definition)?))
    }

    /// Opens the table in a write transaction (creating it if needed).
    pub fn write<'t>(
        &self,
        txn: &'t WriteTransaction,
    ) -> Result<JsonRows<Table<'t, K, &'static [u8]>, K, V>, StoreError> {
        Ok(JsonRows::new(self.name, txn.open_table(self.definition)?))
    }
}

/// An open [`JsonTable`]: `T` is redb's read-only or writable table.
pub struct JsonRows<T, K, V> {
    name: &'static str,
    table: T,
    types: PhantomData<fn() -> (K, V)>,
}

impl<T, K, V> JsonRows<T, K, V>
where
    T: ReadableTable<K, &'static [u8]>,
    K: Key + 'static,
    V: DeserializeOwned,
{
    fn new(name: &'static str, table: T) -> Self {
        JsonRows {
            name,
            table,
            types: PhantomData,
        }
    }

    /// The row under `key`, decoded.
    pub fn get<'k>(&self, key: impl Borrow<K::SelfType<'k>>) -> Result<Option<V>, StoreError> {
        let key = key.borrow();
        match self.table.get(key)? {
            Some(bytes) => Ok(Some(decode(self.name, key, bytes.value())?)),
            None => Ok(None),
        }
    }

    /// Whether a row exists under `key`, without decoding it.
    pub fn contains<'k>(&self, key: impl Borrow<K::SelfType<'k>>) -> Result<bool, StoreError> {
        Ok(self.table.get(key)?.is_some())
    }

    /// The rows whose keys fall in `range`, in key order.
    pub fn range<'k, KR>(&self, range: impl RangeBounds<KR> + 'k) -> Result<Vec<V>, StoreError>
    where
        KR: Borrow<K::SelfType<'k>> + 'k,
    {
        let mut rows = Vec::new();
        self.visit(self.table.range(range)?, |_, row| {
            rows.push(row);
            Ok::<(), StoreError>(())
        })?;
        Ok(rows)
    }

    /// Every row, in key order.
    pub fn values(&self) -> Result<Vec<V>, StoreError> {
        let mut rows = Vec::new();
        self.try_for_each(|_, row| {
            rows.push(row);
            Ok::<(), StoreError>(())
        })?;
        Ok(rows)
    }

    /// Calls `visit` with each key and decoded row, in key order; stops at the first error
    /// (a visitor's own error included).
    pub fn try_for_each<E: From<StoreError>>(
        &self,
        visit: impl FnMut(K::SelfType<'_>, V) -> Result<(), E>,
    ) -> Result<(), E> {
        self.visit(self.table.iter().map_err(StoreError::from)?, visit)
    }

    fn visit<E: From<StoreError>>(
        &self,
        entries: redb::Range<'_, K, &'static [u8]>,
        mut visit: impl FnMut(K::SelfType<'_>, V) -> Result<(), E>,
    ) -> Result<(), E> {
        for entry in entries {
            let (key, bytes) = entry.map_err(StoreError::from)?;
            let row = decode(self.name, &key.value(), bytes.value())?;
            visit(key.value(), row)?;
        }
        Ok(())
    }

    pub fn len(&self) -> Result<u64, StoreError> {
        Ok(self.table.len()?)
    }

    pub fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(self.table.is_empty()?)
    }
}

impl<'t, K, V> JsonRows<Table<'t, K, &'static [u8]>, K, V>
where
    K: Key + 'static,
    V: Serialize + DeserializeOwned,
{
    /// Writes `row` under `key`, replacing what was there.
    pub fn put<'k>(
        &mut self,
        key: impl Borrow<K::SelfType<'k>>,
        row: &V,
    ) -> Result<(), StoreError> {
        let key = key.borrow();
        let bytes = serde_json::to_vec(row).map_err(|source| StoreError::Encode {
            table: self.name,
            key: format!("{key:?}"),
            source,
        })?;
        self.table.insert(key, bytes.as_slice())?;
        Ok(())
    }

    /// Removes the row under `key` and answers it.
    pub fn remove<'k>(
        &mut self,
        key: impl Borrow<K::SelfType<'k>>,
    ) -> Result<Option<V>, StoreError> {
        let key = key.borrow();
        let removed = match self.table.remove(key)? {
            Some(bytes) => Some(bytes.value().to_vec()),
            None => None,
        };
        match removed {
            Some(bytes) => Ok(Some(decode(self.name, key, &bytes)?)),
            None => Ok(None),
        }
    }

    /// Removes every row for which `keep` answers false (undecodable rows are errors).
    pub fn retain(&mut self, mut keep: impl FnMut(&V) -> bool) -> Result<u64, StoreError> {
        let mut doomed: Vec<Vec<u8>> = Vec::new();
        for entry in self.table.iter()? {
            let (key, bytes) = entry?;
            let row: V = decode(self.name, &key.value(), bytes.value())?;
            if !keep(&row) {
                doomed.push(K::as_bytes(&key.value()).as_ref().to_vec());
            }
        }
        for key in &doomed {
            self.table.remove(K::from_bytes(key))?;
        }
        Ok(doomed.len() as u64)
    }
}

/// A table of plain redb values (`&str`/`u64` indexes and counters); the same surface as
/// [`JsonTable`] with errors as [`StoreError`].
pub struct ValueTable<K: Key + 'static, V: OwnedValue> {
    definition: TableDefinition<'static, K, V>,
}

impl<K: Key + 'static, V: OwnedValue> Clone for ValueTable<K, V> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K: Key + 'static, V: OwnedValue> Copy for ValueTable<K, V> {}

impl<K: Key + 'static, V: OwnedValue> ValueTable<K, V> {
    pub const fn new(name: &'static str) -> Self {
        ValueTable {
            definition: TableDefinition::new(name),
        }
    }

    pub const fn definition(&self) -> TableDefinition<'static, K, V> {
        self.definition
    }

    pub fn read(
        &self,
        txn: &ReadTransaction,
    ) -> Result<ValueRows<ReadOnlyTable<K, V>, K, V>, StoreError> {
        Ok(ValueRows::new(txn.open_table(self.definition)?))
    }

    pub fn write<'t>(
        &self,
        txn: &'t WriteTransaction,
    ) -> Result<ValueRows<Table<'t, K, V>, K, V>, StoreError> {
        Ok(ValueRows::new(txn.open_table(self.definition)?))
    }
}

/// An open [`ValueTable`].
pub struct ValueRows<T, K, V> {
    table: T,
    types: PhantomData<fn() -> (K, V)>,
}

impl<T, K, V> ValueRows<T, K, V>
where
    T: ReadableTable<K, V>,
    K: Key + 'static,
    V: OwnedValue,
{
    fn new(table: T) -> Self {
        ValueRows {
            table,
            types: PhantomData,
        }
    }

    pub fn get<'k>(
        &self,
        key: impl Borrow<K::SelfType<'k>>,
    ) -> Result<Option<V::Owned>, StoreError> {
        Ok(self.table.get(key)?.map(|v| V::owned(v.value())))
    }

    /// Calls `visit` with each key and value, in key order.
    pub fn try_for_each<E: From<StoreError>>(
        &self,
        mut visit: impl FnMut(K::SelfType<'_>, V::SelfType<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        for entry in self.table.iter().map_err(StoreError::from)? {
            let (key, value) = entry.map_err(StoreError::from)?;
            visit(key.value(), value.value())?;
        }
        Ok(())
    }

    pub fn len(&self) -> Result<u64, StoreError> {
        Ok(self.table.len()?)
    }
}

impl<'t, K, V> ValueRows<Table<'t, K, V>, K, V>
where
    K: Key + 'static,
    V: Value + 'static,
{
    pub fn put<'k, 'v>(
        &mut self,
        key: impl Borrow<K::SelfType<'k>>,
        value: impl Borrow<V::SelfType<'v>>,
    ) -> Result<(), StoreError> {
        self.table.insert(key, value)?;
        Ok(())
    }

    /// Removes the entry under `key`; answers whether there was one.
    pub fn remove<'k>(&mut self, key: impl Borrow<K::SelfType<'k>>) -> Result<bool, StoreError> {
        Ok(self.table.remove(key)?.is_some())
    }

    /// Removes every entry for which `keep` answers false; answers how many went.
    pub fn retain(
        &mut self,
        mut keep: impl for<'f> FnMut(K::SelfType<'f>, V::SelfType<'f>) -> bool,
    ) -> Result<u64, StoreError> {
        let before = self.table.len()?;
        self.table.retain(|k, v| keep(k, v))?;
        Ok(before - self.table.len()?)
    }
}

/// A redb value type that can be read out of its access guard as an owned value.
pub trait OwnedValue: Value + 'static {
    type Owned;
    fn owned(value: Self::SelfType<'_>) -> Self::Owned;
}

impl OwnedValue for &'static str {
    type Owned = String;
    fn owned(value: &str) -> String {
        value.to_string()
    }
}

impl OwnedValue for &'static [u8] {
    type Owned = Vec<u8>;
    fn owned(value: &[u8]) -> Vec<u8> {
        value.to_vec()
    }
}

impl OwnedValue for u64 {
    type Owned = u64;
    fn owned(value: u64) -> u64 {
        value
    }
}

fn decode<V: DeserializeOwned>(
    table: &'static str,
    key: &impl Debug,
    bytes: &[u8],
) -> Result<V, StoreError> {
    serde_json::from_slice(bytes).map_err(|source| StoreError::Decode {
        table,
        key: format!("{key:?}"),
        source,
    })
}
