//! The accounts domain's tables.

use redb::{ReadableDatabase, ReadableTable, TableDefinition};

use crate::store::{Store, StoreError};

/// Named secrets the server generates for itself (the token signing key).
pub const SECRET_NAME_TO_BYTES: TableDefinition<&str, &[u8]> =
    TableDefinition::new("secret_name_to_bytes");

const JWT_SECRET: &str = "jwt_hs256";

/// The token signing secret, created on first use. It never leaves the database and the process.
pub fn jwt_secret(store: &Store) -> Result<Vec<u8>, StoreError> {
    {
        let read = store.db().begin_read()?;
        if let Ok(table) = read.open_table(SECRET_NAME_TO_BYTES)
            && let Some(secret) = table.get(JWT_SECRET)?
        {
            return Ok(secret.value().to_vec());
        }
    }
    let secret: [u8; 32] = rand::random();
    let write = store.db().begin_write()?;
    let stored = {
        let mut table = write.open_table(SECRET_NAME_TO_BYTES)?;
        // Another writer may have won the race between our read and write transactions.
        let existing = table.get(JWT_SECRET)?.map(|v| v.value().to_vec());
        match existing {
            Some(existing) => existing,
            None => {
                table.insert(JWT_SECRET, secret.as_slice())?;
                secret.to_vec()
            }
        }
    };
    write.commit()?;
    Ok(stored)
}
