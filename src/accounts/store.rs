//! The accounts domain's tables: users, the case-insensitive username index, and the secrets
//! the server generates for itself.

use redb::{ReadableDatabase, ReadableTable, TableDefinition};

use super::model::{Provider, Role, User, Username};
use super::password;
use crate::store::{Store, StoreError, next_id};

/// Named secrets the server generates for itself (the token signing key).
pub const SECRET_NAME_TO_BYTES: TableDefinition<&str, &[u8]> =
    TableDefinition::new("secret_name_to_bytes");
/// User id → [`User`] (JSON).
pub const USER_ID_TO_USER: TableDefinition<u64, &[u8]> = TableDefinition::new("user_id_to_user");
/// Lowercased username → user id.
pub const USERNAME_TO_USER_ID: TableDefinition<&str, u64> =
    TableDefinition::new("username_to_user_id");

const JWT_SECRET: &str = "jwt_hs256";
const USER_SEQUENCE: &str = "user";

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("{0}")]
    Invalid(String),
    #[error("the username {0:?} is taken")]
    Taken(String),
    #[error("there is no user {0:?}")]
    NoSuchUser(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<redb::Error> for AccountError {
    fn from(err: redb::Error) -> Self {
        AccountError::Store(StoreError::Database(err))
    }
}

macro_rules! account_from_redb {
    ($($t:ty),*) => {$(
        impl From<$t> for AccountError {
            fn from(err: $t) -> Self { AccountError::Store(err.into()) }
        }
    )*};
}
account_from_redb!(
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError
);

/// What is needed to create a local account.
pub struct NewLocalUser<'a> {
    pub username: &'a str,
    pub name: &'a str,
    pub password: &'a str,
    pub role: &'a str,
}

/// Creates a local account with an Argon2id password hash, in one write transaction.
pub fn create_local_user(store: &Store, new: &NewLocalUser) -> Result<User, AccountError> {
    let username = Username::parse(new.username).map_err(AccountError::Invalid)?;
    let role = Role::parse(new.role).map_err(AccountError::Invalid)?;
    password::check_strength(new.password).map_err(AccountError::Invalid)?;
    let name = if new.name.trim().is_empty() {
        username.as_str().to_string()
    } else {
        new.name.trim().to_string()
    };
    let hash = password::hash(new.password).map_err(AccountError::Invalid)?;

    let txn = store.db().begin_write()?;
    let user = {
        let mut index = txn.open_table(USERNAME_TO_USER_ID)?;
        if index.get(username.key().as_str())?.is_some() {
            return Err(AccountError::Taken(username.as_str().into()));
        }
        let id = next_id(&txn, USER_SEQUENCE)?;
        let user = User {
            id,
            username: username.as_str().into(),
            name,
            email: String::new(),
            phone: String::new(),
            role,
            provider: Provider::Local,
            provider_subject: None,
            password_hash: Some(hash),
            token_version: 0,
            coin: 0,
            created_at: time::OffsetDateTime::now_utc().unix_timestamp(),
            last_login_at: None,
        };
        index.insert(username.key().as_str(), id)?;
        txn.open_table(USER_ID_TO_USER)?
            .insert(id, to_json(&user).as_slice())?;
        user
    };
    txn.commit()?;
    Ok(user)
}

/// Changes a user's role; older tokens (which carry the old role) stop working.
pub fn set_role(store: &Store, username: &str, role: &str) -> Result<User, AccountError> {
    let role = Role::parse(role).map_err(AccountError::Invalid)?;
    update_user(store, username, |user| {
        user.role = role;
        user.token_version += 1;
        Ok(())
    })
}

/// Sets a new password; every older token stops working.
pub fn reset_password(
    store: &Store,
    username: &str,
    new_password: &str,
) -> Result<User, AccountError> {
    password::check_strength(new_password).map_err(AccountError::Invalid)?;
    let hash = password::hash(new_password).map_err(AccountError::Invalid)?;
    update_user(store, username, |user| {
        if user.provider != Provider::Local {
            return Err(AccountError::Invalid(format!(
                "{} signs in with {:?}; it has no password",
                user.username, user.provider
            )));
        }
        user.password_hash = Some(hash);
        user.token_version += 1;
        Ok(())
    })
}

fn update_user(
    store: &Store,
    username: &str,
    change: impl FnOnce(&mut User) -> Result<(), AccountError>,
) -> Result<User, AccountError> {
    let key = username.trim().to_lowercase();
    let txn = store.db().begin_write()?;
    let user = {
        let index = txn.open_table(USERNAME_TO_USER_ID)?;
        let id = index
            .get(key.as_str())?
            .map(|v| v.value())
            .ok_or_else(|| AccountError::NoSuchUser(username.into()))?;
        let mut users = txn.open_table(USER_ID_TO_USER)?;
        let mut user: User = {
            let stored = users
                .get(id)?
                .ok_or_else(|| AccountError::NoSuchUser(username.into()))?;
            from_json(stored.value())?
        };
        change(&mut user)?;
        users.insert(id, to_json(&user).as_slice())?;
        user
    };
    txn.commit()?;
    Ok(user)
}

pub fn find_by_username(store: &Store, username: &str) -> Result<Option<User>, AccountError> {
    let read = store.db().begin_read()?;
    let index = read.open_table(USERNAME_TO_USER_ID)?;
    let Some(id) = index
        .get(username.trim().to_lowercase().as_str())?
        .map(|v| v.value())
    else {
        return Ok(None);
    };
    let users = read.open_table(USER_ID_TO_USER)?;
    let user = users.get(id)?.map(|v| from_json(v.value())).transpose()?;
    Ok(user)
}

/// Every user, by id.
pub fn list_users(store: &Store) -> Result<Vec<User>, AccountError> {
    let read = store.db().begin_read()?;
    let users = read.open_table(USER_ID_TO_USER)?;
    let mut out = Vec::new();
    for entry in users.iter()? {
        let (_, value) = entry?;
        out.push(from_json(value.value())?);
    }
    Ok(out)
}

fn to_json(user: &User) -> Vec<u8> {
    serde_json::to_vec(user).unwrap_or_default()
}

fn from_json(bytes: &[u8]) -> Result<User, AccountError> {
    serde_json::from_slice(bytes).map_err(|source| {
        AccountError::Store(StoreError::BadDocument {
            key: "user".into(),
            source,
        })
    })
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        (dir, store)
    }

    fn new<'a>(username: &'a str, role: &'a str) -> NewLocalUser<'a> {
        NewLocalUser {
            username,
            name: "",
            password: "a long enough secret",
            role,
        }
    }

    #[test]
    fn usernames_are_unique_regardless_of_case_and_ids_increase() {
        let (_dir, store) = store();
        let first = create_local_user(&store, &new("Nok", "admin")).unwrap();
        let second = create_local_user(&store, &new("ploy", "user")).unwrap();
        assert!(second.id > first.id);
        assert!(matches!(
            create_local_user(&store, &new("NOK", "user")),
            Err(AccountError::Taken(_))
        ));
        assert_eq!(
            find_by_username(&store, "nok").unwrap().unwrap().id,
            first.id
        );
    }

    #[test]
    fn role_and_password_changes_bump_the_token_version() {
        let (_dir, store) = store();
        create_local_user(&store, &new("nok", "user")).unwrap();
        let user = set_role(&store, "nok", "admin-sales").unwrap();
        assert_eq!((user.role.as_str(), user.token_version), ("admin-sales", 1));
        let user = reset_password(&store, "NOK", "another long secret").unwrap();
        assert_eq!(user.token_version, 2);
        assert!(password::verify(
            "another long secret",
            user.password_hash.as_deref().unwrap()
        ));
        assert!(matches!(
            set_role(&store, "ghost", "admin"),
            Err(AccountError::NoSuchUser(_))
        ));
        assert!(matches!(
            set_role(&store, "nok", "root"),
            Err(AccountError::Invalid(_))
        ));
    }
}
