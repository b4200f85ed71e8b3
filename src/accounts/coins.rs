//! Coins: 1 coin = 1 THB off a later order. The balance lives on the user for fast reads; the
//! ledger records every change (amount, reason, order, staff) so the balance can always be
//! recomputed and audited. Both are written in the same transaction.

use redb::{ReadableDatabase, ReadableTable, TableDefinition, WriteTransaction};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::model::User;
use super::store::{AccountError, USER_ID_TO_USER};
use crate::store::{Store, next_id};

/// (user id, sequence) → [`CoinEntry`] (JSON).
pub const COIN_LEDGER: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("coin_ledger");

/// One change of a user's coins, as the ledger records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct CoinEntry {
    pub at: u64,
    pub amount: i64,
    pub reason: String,
    #[serde(default)]
    pub order_id: Option<u64>,
    #[serde(default)]
    pub staff_id: Option<u64>,
    /// The balance after this entry.
    pub balance: i64,
}

/// Why coins changed.
pub struct CoinChange<'a> {
    pub amount: i64,
    pub reason: &'a str,
    pub order_id: Option<u64>,
    pub staff_id: Option<u64>,
}

/// Applies a change inside the caller's transaction; a balance never goes below zero.
pub fn apply(
    txn: &WriteTransaction,
    user_id: u64,
    change: &CoinChange,
) -> Result<User, AccountError> {
    let mut users = txn.open_table(USER_ID_TO_USER)?;
    let mut user: User = {
        let stored = users
            .get(user_id)?
            .ok_or_else(|| AccountError::NoSuchUser(user_id.to_string()))?;
        serde_json::from_slice(stored.value()).map_err(|e| AccountError::Invalid(e.to_string()))?
    };
    let balance = user
        .coin
        .checked_add(change.amount)
        .ok_or_else(|| AccountError::Invalid("coin amount out of range".into()))?;
    if balance < 0 {
        return Err(AccountError::Invalid(format!(
            "{} has {} coins; cannot take {}",
            user.username, user.coin, -change.amount
        )));
    }
    if change.reason.trim().is_empty() || change.reason.chars().count() > 200 {
        return Err(AccountError::Invalid(
            "a coin change needs a reason of 1 to 200 characters".into(),
        ));
    }
    user.coin = balance;
    users.insert(
        user_id,
        serde_json::to_vec(&user).unwrap_or_default().as_slice(),
    )?;
    let seq = next_id(txn, "coin_ledger")?;
    let entry = CoinEntry {
        at: crate::activity::now_millis(),
        amount: change.amount,
        reason: change.reason.trim().into(),
        order_id: change.order_id,
        staff_id: change.staff_id,
        balance,
    };
    txn.open_table(COIN_LEDGER)?.insert(
        (user_id, seq),
        serde_json::to_vec(&entry).unwrap_or_default().as_slice(),
    )?;
    Ok(user)
}

/// A user's ledger, oldest first.
pub fn ledger(store: &Store, user_id: u64) -> Result<Vec<CoinEntry>, AccountError> {
    let read = store.db().begin_read()?;
    let table = read.open_table(COIN_LEDGER)?;
    let mut entries = Vec::new();
    for entry in table.range((user_id, 0)..=(user_id, u64::MAX))? {
        let (_, value) = entry?;
        entries.push(
            serde_json::from_slice(value.value())
                .map_err(|e| AccountError::Invalid(e.to_string()))?,
        );
    }
    Ok(entries)
}

/// The balance the ledger adds up to; equals `User::coin` (tests hold it to that).
pub fn recomputed_balance(store: &Store, user_id: u64) -> Result<i64, AccountError> {
    Ok(ledger(store, user_id)?.iter().map(|e| e.amount).sum())
}
