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

/// A read or a write transaction: both can open tables for reading, so one reader serves
/// queries and the use cases that read before they write.
pub trait Txn {
    type Table<'t, K: Key + 'static, V: Value + 'static>: ReadableTable<K, V>
    where
        Self: 't;

    fn open<'t, K: Key + 'static, V: Value + 'static>(
        &'t self,
        definition: TableDefinition<'static, K, V>,
    ) -> Result<Self::Table<'t, K, V>, StoreError>;
}

impl Txn for ReadTransaction {
    type Table<'t, K: Key + 'static, V: Value + 'static> = ReadOnlyTable<K, V>;

    fn open<K: Key + 'static, V: Value + 'static>(
        &self,
        definition: TableDefinition<'static, K, V>,
    ) -> Result<ReadOnlyTable<K, V>, StoreError> {
        Ok(self.open_table(definition)?)
    }
}

impl Txn for WriteTransaction {
    type Table<'t, K: Key + 'static, V: Value + 'static> = Table<'t, K, V>;

    fn open<'t, K: Key + 'static, V: Value + 'static>(
        &'t self,
        definition: TableDefinition<'static, K, V>,
    ) -> Result<Table<'t, K, V>, StoreError> {
        Ok(self.open_table(definition)?)
    }
}

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

/// Reading needs only decoding, so a table may also be read as a partial view of its documents
/// (a type that decodes some fields and skips others); such a view cannot be written back,
/// because [`JsonTable::write`] wants a type that encodes.
impl<K: Key + 'static, V: DeserializeOwned> JsonTable<K, V> {
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

    /// Opens the table for reading in a read or a write transaction. Every table exists once
    /// the store is open (each is created by the migration that introduced it, and a test
    /// holds every listed table to that), so a missing table is an error here, not "empty".
    pub fn read<'t, T: Txn>(&self, txn: &'t T) -> Result<JsonRead<'t, T, K, V>, StoreError> {
        Ok(JsonRows::new(self.name, txn.open(self.definition)?))
    }
}

impl<K: Key + 'static, V: Serialize + DeserializeOwned> JsonTable<K, V> {
    /// Opens the table in a write transaction (creating it if needed).
    pub fn write<'t>(&self, txn: &'t WriteTransaction) -> Result<JsonWrite<'t, K, V>, StoreError> {
        super::tables::assert_listed(self.name);
        Ok(JsonRows::new(self.name, txn.open_table(self.definition)?))
    }
}

/// A [`JsonTable`] opened for reading in a transaction of kind `T`.
pub type JsonRead<'t, T, K, V> = JsonRows<<T as Txn>::Table<'t, K, &'static [u8]>, K, V>;
/// A [`JsonTable`] opened for writing.
pub type JsonWrite<'t, K, V> = JsonRows<Table<'t, K, &'static [u8]>, K, V>;

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

    /// The keys in `range`, last first, read lazily: a caller that stops early reads no more.
    pub fn keys_rev_in<'k, KR>(
        &self,
        range: impl RangeBounds<KR> + 'k,
    ) -> Result<impl Iterator<Item = Result<K::Owned, StoreError>> + '_, StoreError>
    where
        K: OwnedValue,
        KR: Borrow<K::SelfType<'k>> + 'k,
    {
        Ok(self
            .table
            .range(range)?
            .rev()
            .map(|entry| Ok(K::owned(entry?.0.value()))))
    }

    /// Calls `visit` with each key and decoded row in `range`, in key order, while it answers
    /// `true`.
    pub fn scan_in<'k, KR, E: From<StoreError>>(
        &self,
        range: impl RangeBounds<KR> + 'k,
        mut visit: impl FnMut(K::SelfType<'_>, V) -> Result<bool, E>,
    ) -> Result<(), E>
    where
        KR: Borrow<K::SelfType<'k>> + 'k,
    {
        for entry in self.table.range(range).map_err(StoreError::from)? {
            let (key, bytes) = entry.map_err(StoreError::from)?;
            let row = decode(self.name, &key.value(), bytes.value())?;
            if !visit(key.value(), row)? {
                break;
            }
        }
        Ok(())
    }

    /// Calls `visit` with each key and decoded row in `range`, last first, while it answers
    /// `true`.
    pub fn scan_rev_in<'k, KR, E: From<StoreError>>(
        &self,
        range: impl RangeBounds<KR> + 'k,
        mut visit: impl FnMut(K::SelfType<'_>, V) -> Result<bool, E>,
    ) -> Result<(), E>
    where
        KR: Borrow<K::SelfType<'k>> + 'k,
    {
        for entry in self.table.range(range).map_err(StoreError::from)?.rev() {
            let (key, bytes) = entry.map_err(StoreError::from)?;
            let row = decode(self.name, &key.value(), bytes.value())?;
            if !visit(key.value(), row)? {
                break;
            }
        }
        Ok(())
    }

    /// The last `limit` rows in key order, last first (newest first for time-keyed tables).
    pub fn last(&self, limit: usize) -> Result<Vec<V>, StoreError> {
        let mut rows = Vec::new();
        for entry in self.table.iter()?.rev().take(limit) {
            let (key, bytes) = entry?;
            rows.push(decode(self.name, &key.value(), bytes.value())?);
        }
        Ok(rows)
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
        let removed = self.table.remove(key)?.map(|bytes| bytes.value().to_vec());
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

    /// Opens the table for reading in a read or a write transaction.
    pub fn read<'t, T: Txn>(&self, txn: &'t T) -> Result<ValueRead<'t, T, K, V>, StoreError> {
        Ok(ValueRows::new(txn.open(self.definition)?))
    }

    pub fn write<'t>(
        &self,
        txn: &'t WriteTransaction,
    ) -> Result<ValueRows<Table<'t, K, V>, K, V>, StoreError> {
        super::tables::assert_listed(redb::TableHandle::name(&self.definition));
        Ok(ValueRows::new(txn.open_table(self.definition)?))
    }
}

/// A [`ValueTable`] opened for reading in a transaction of kind `T`.
pub type ValueRead<'t, T, K, V> = ValueRows<<T as Txn>::Table<'t, K, V>, K, V>;

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

    /// The keys in `range`, in key order.
    pub fn keys_in<'k, KR>(
        &self,
        range: impl RangeBounds<KR> + 'k,
    ) -> Result<Vec<K::Owned>, StoreError>
    where
        K: OwnedValue,
        KR: Borrow<K::SelfType<'k>> + 'k,
    {
        let mut keys = Vec::new();
        for entry in self.table.range(range)? {
            let (key, _) = entry?;
            keys.push(K::owned(key.value()));
        }
        Ok(keys)
    }

    /// The keys in `range`, last first, read lazily.
    pub fn keys_rev_in<'k, KR>(
        &self,
        range: impl RangeBounds<KR> + 'k,
    ) -> Result<impl Iterator<Item = Result<K::Owned, StoreError>> + '_, StoreError>
    where
        K: OwnedValue,
        KR: Borrow<K::SelfType<'k>> + 'k,
    {
        Ok(self
            .table
            .range(range)?
            .rev()
            .map(|entry| Ok(K::owned(entry?.0.value()))))
    }

    /// Calls `visit` with each key and value from `start` on, in key order, while it answers
    /// `true`: a prefix scan stops at the first key past the prefix.
    pub fn scan_from<'k, E: From<StoreError>>(
        &self,
        start: impl Borrow<K::SelfType<'k>> + 'k,
        mut visit: impl FnMut(K::SelfType<'_>, V::SelfType<'_>) -> Result<bool, E>,
    ) -> Result<(), E> {
        for entry in self.table.range(start..).map_err(StoreError::from)? {
            let (key, value) = entry.map_err(StoreError::from)?;
            if !visit(key.value(), value.value())? {
                break;
            }
        }
        Ok(())
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

    pub fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(self.table.is_empty()?)
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

impl OwnedValue for (&'static str, u64) {
    type Owned = (String, u64);
    fn owned(value: (&str, u64)) -> (String, u64) {
        (value.0.to_string(), value.1)
    }
}

impl OwnedValue for (u64, u64) {
    type Owned = (u64, u64);
    fn owned(value: (u64, u64)) -> (u64, u64) {
        value
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

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
