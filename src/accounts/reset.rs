//! Password resets that staff start for a shopper: a one-time link that expires. The link
//! carries a random token; only its SHA-256 is stored, so a copy of the database cannot be
//! used to reset anyone's password, and the row is removed when the link is used.
//!
//! The link is a credential for someone else's account, so it only ever goes to that
//! account's own e-mail address: staff never see it (a clerk who could read it could sign in
//! as the customer). Without e-mail the operator resets a password with `kiosk user
//! reset-password`. Staff accounts are never reset here (docs/STAFF.md).

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::model::{Provider, User};
use super::password;
use super::store::{AccountError, customer_in, find_in, put_in};
use crate::activity;
use crate::domain::UserId;
use crate::outbox::{self, Plan};
use crate::store::{JsonTable, Store};

/// SHA-256 of a reset token (hex) → who it resets and until when.
pub const RESET_TOKEN_TO_TICKET: JsonTable<&str, Ticket> = JsonTable::new("reset_token_to_ticket");

/// How long a reset link works.
pub const RESET_VALID_SECONDS: u64 = 24 * 3600;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ticket {
    pub user_id: UserId,
    /// Unix seconds.
    pub expires_at: u64,
}

fn digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A reset link on its way to the customer's own address.
pub struct Started {
    /// Unix seconds.
    pub expires_at: u64,
    /// The address the link is mailed to.
    pub emailed_to: String,
}

/// Starts a reset for a shopper's local account: writes the ticket and the mail with the
/// link (`link` makes it from the token) in one transaction, and answers where it goes. The
/// token itself is never answered. Refused, with nothing written, when the link cannot be
/// mailed ([`AccountError::NoMailForReset`]). An earlier unused link of the same user keeps
/// working until it expires.
pub fn start(
    store: &Store,
    user_id: UserId,
    actor: &str,
    kcard: &str,
    plan: &Plan,
    link: impl Fn(&str) -> String,
) -> Result<Started, AccountError> {
    let token = hex::encode(rand::random::<[u8; 32]>());
    let expires_at = super::token::now_secs() + RESET_VALID_SECONDS;
    store.write(|txn| {
        let user = customer_in(txn, user_id)?;
        if user.provider != Provider::Local {
            return Err(AccountError::NoPassword);
        }
        if !plan.email || user.email.is_empty() {
            return Err(AccountError::NoMailForReset);
        }
        let mut tickets = RESET_TOKEN_TO_TICKET.write(txn)?;
        let now = super::token::now_secs();
        tickets.retain(|t| t.expires_at > now)?;
        let ticket = digest(&token);
        tickets.put(
            ticket.as_str(),
            &Ticket {
                user_id,
                expires_at,
            },
        )?;
        drop(tickets);
        if !outbox::reset_link(txn, plan, user_id, &user.email, &ticket, &link(&token))? {
            return Err(AccountError::NoMailForReset);
        }
        activity::log(
            txn,
            &activity::Event {
                actor,
                kcard,
                action: "password reset link made",
                target: &format!("user {}", user.username),
                details: "",
            },
        )?;
        Ok(Started {
            expires_at,
            emailed_to: user.email.clone(),
        })
    })
}

/// Sets a new password with a reset token, once: the token is gone afterwards and every
/// older sign-in of the user ends.
pub fn finish(
    store: &Store,
    token: &str,
    new_password: &str,
    kcard: &str,
) -> Result<User, AccountError> {
    password::check_strength(new_password).map_err(AccountError::WeakPassword)?;
    let hash = password::hash(new_password)?;
    let key = digest(token.trim());
    store.write(|txn| {
        let mut tickets = RESET_TOKEN_TO_TICKET.write(txn)?;
        let ticket = tickets
            .remove(key.as_str())?
            .filter(|t| t.expires_at > super::token::now_secs())
            .ok_or(AccountError::InvalidResetLink)?;
        drop(tickets);
        let mut user = find_in(txn, ticket.user_id)?.ok_or(AccountError::InvalidResetLink)?;
        user.password_hash = Some(hash.clone());
        user.token_version += 1;
        put_in(txn, &user)?;
        activity::append(txn, &user.username, "password reset with a link", kcard)?;
        Ok(user)
    })
}
/// Retention: forgets reset links past their time and revoked tokens past their expiry
/// (both are refused anyway; a few rows an hour at most, so one transaction).
pub fn prune_expired(store: &Store) -> Result<u64, crate::store::StoreError> {
    let now = super::token::now_secs();
    store.write(|txn| {
        let tickets = RESET_TOKEN_TO_TICKET
            .write(txn)?
            .retain(|t| t.expires_at > now)?;
        let revoked = super::secrets::REVOKED_TOKEN_TO_EXPIRY
            .write(txn)?
            .retain(|_, exp| exp > now)?;
        Ok(tickets + revoked)
    })
}
