//! What the token layer keeps in the database: the signing secret the server makes for
//! itself, and the ids of logged-out tokens until they expire anyway.

use super::store::AccountError;
use crate::activity;
use crate::store::{Store, StoreError, ValueTable};

/// Named secrets the server generates for itself (the token signing key).
pub const SECRET_NAME_TO_BYTES: ValueTable<&str, &[u8]> = ValueTable::new("secret_name_to_bytes");
/// Token id (`jti`) of a logged-out token → its expiry (unix seconds), until it expires anyway.
pub const REVOKED_TOKEN_TO_EXPIRY: ValueTable<&str, u64> =
    ValueTable::new("revoked_token_to_expiry");

const JWT_SECRET: &str = "jwt_hs256";

/// Revokes one token until its expiry (logout).
pub fn revoke_token(
    store: &Store,
    jti: &str,
    exp: u64,
    username: &str,
    kcard: &str,
) -> Result<(), AccountError> {
    store.write(|txn| {
        let mut revoked = REVOKED_TOKEN_TO_EXPIRY.write(txn)?;
        revoked.put(jti, exp)?;
        // Expired entries are useless: tokens past `exp` fail verification anyway.
        let now = super::token::now_secs();
        revoked.retain(|_, exp| exp > now)?;
        activity::append(txn, username, "signed out", kcard)?;
        Ok(())
    })
}

pub fn is_revoked(store: &Store, jti: &str) -> Result<bool, AccountError> {
    Ok(store
        .read(|txn| REVOKED_TOKEN_TO_EXPIRY.read(txn)?.get(jti))?
        .is_some())
}

/// The token signing secret, created on first use. It never leaves the database and the process.
pub fn jwt_secret(store: &Store) -> Result<Vec<u8>, StoreError> {
    if let Some(secret) = store.read(|txn| SECRET_NAME_TO_BYTES.read(txn)?.get(JWT_SECRET))? {
        return Ok(secret);
    }
    let secret: [u8; 32] = rand::random();
    store.write(|txn| {
        let mut table = SECRET_NAME_TO_BYTES.write(txn)?;
        // Another writer may have won the race between our read and write transactions.
        match table.get(JWT_SECRET)? {
            Some(existing) => Ok(existing),
            None => {
                table.put(JWT_SECRET, secret.as_slice())?;
                Ok(secret.to_vec())
            }
        }
    })
}
