//! Coins: 1 coin = 1 THB off a later order. The balance lives on the user for fast reads; the
//! ledger records every change (amount, reason, order, staff) so the balance can always be
//! recomputed and audited. Both are written in the same transaction.

use redb::WriteTransaction;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::model::User;
use super::store::{AccountError, find_in, put_in};
use crate::domain::{Coins, OrderId, UserId};
use crate::store::{JsonTable, Store, next_id};

/// (user id, sequence) → [`CoinEntry`].
pub const COIN_LEDGER: JsonTable<(u64, u64), CoinEntry> = JsonTable::new("coin_ledger");

/// One change of a user's coins, as the ledger records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct CoinEntry {
    pub at: u64,
    pub amount: Coins,
    pub reason: String,
    #[serde(default)]
    pub order_id: Option<OrderId>,
    #[serde(default)]
    pub staff_id: Option<UserId>,
    /// The balance after this entry.
    pub balance: Coins,
}

/// Why coins changed.
pub struct CoinChange<'a> {
    pub amount: Coins,
    pub reason: &'a str,
    pub order_id: Option<OrderId>,
    pub staff_id: Option<UserId>,
}

/// Applies a change inside the caller's transaction; a balance never goes below zero.
pub fn apply(
    txn: &WriteTransaction,
    user_id: UserId,
    change: &CoinChange,
) -> Result<User, AccountError> {
    let mut user =
        find_in(txn, user_id)?.ok_or_else(|| AccountError::NoSuchUser(user_id.to_string()))?;
    let balance = user
        .coin
        .checked_add(change.amount)
        .ok_or_else(|| AccountError::Invalid("coin amount out of range".into()))?;
    if balance.is_negative() {
        return Err(AccountError::Invalid(format!(
            "{} has {} coins; cannot take {}",
            user.username, user.coin, -change.amount
        )));
    }
    // The reason is free text (a clerk's, or an order number): stored without control or
    // bidi characters, and its length counted after they are gone.
    let reason = crate::domain::text::single_line(change.reason);
    let reason = reason.trim();
    if reason.is_empty() || reason.chars().count() > 200 {
        return Err(AccountError::Invalid(
            "a coin change needs a reason of 1 to 200 characters".into(),
        ));
    }
    user.coin = balance;
    put_in(txn, &user)?;
    let seq = next_id(txn, "coin_ledger")?;
    let entry = CoinEntry {
        at: crate::activity::now_millis(),
        amount: change.amount,
        reason: reason.into(),
        order_id: change.order_id,
        staff_id: change.staff_id,
        balance,
    };
    COIN_LEDGER.write(txn)?.put((user_id.get(), seq), &entry)?;
    Ok(user)
}

/// A staff member's manual change (goodwill, corrections) on a shopper's account, with its
/// activity-log line, in one transaction. A staff account is not a customer and answers as
/// absent ([`super::store::customer_in`]).
pub fn adjust_by_staff(
    store: &Store,
    user_id: UserId,
    change: &CoinChange,
    staff_name: &str,
    kcard: &str,
) -> Result<User, AccountError> {
    store.write(|txn| {
        super::store::customer_in(txn, user_id)?;
        let user = apply(txn, user_id, change)?;
        crate::activity::log_with(
            txn,
            &crate::activity::Event {
                actor: staff_name,
                kcard,
                action: "coins adjusted",
                target: &format!("user {}", user.username),
                details: &format!("{:+} ({})", change.amount, change.reason),
            },
            &[
                ("coins", format!("{:+}", change.amount)),
                ("reason", change.reason.to_string()),
            ],
        )?;
        Ok(user)
    })
}

/// A user's ledger, oldest first.
pub fn ledger(store: &Store, user_id: UserId) -> Result<Vec<CoinEntry>, AccountError> {
    let id = user_id.get();
    Ok(store.read(|txn| COIN_LEDGER.read(txn)?.range((id, 0)..=(id, u64::MAX)))?)
}

/// The balance the ledger adds up to; equals `User::coin` (tests hold it to that).
pub fn recomputed_balance(store: &Store, user_id: UserId) -> Result<Coins, AccountError> {
    Ok(ledger(store, user_id)?.iter().map(|e| e.amount).sum())
}
