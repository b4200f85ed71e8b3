//! The accounts domain's tables and use cases. Each change is one write transaction that also
//! writes its activity-log line.

use redb::WriteTransaction;

use super::model::{Address, Provider, Role, User, Username, VatInfo};
use super::password;
use crate::activity;
use crate::domain::{Coins, UserId};
use crate::store::{JsonTable, Store, StoreError, Txn, ValueTable, next_id};

/// User id → [`User`].
pub const USER_ID_TO_USER: JsonTable<u64, User> = JsonTable::new("user_id_to_user");
/// Lowercased username → user id.
pub const USERNAME_TO_USER_ID: ValueTable<&str, u64> = ValueTable::new("username_to_user_id");
const USER_SEQUENCE: &str = "user";

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("{0}")]
    Invalid(String),
    #[error("the username {0:?} is taken")]
    Taken(String),
    #[error("the username {0:?} looks too much like an existing one")]
    LookAlike(String),
    #[error("there is no user {0:?}")]
    NoSuchUser(String),
    #[error("the username or password is wrong")]
    InvalidCredentials,
    #[error("{0}")]
    WeakPassword(String),
    #[error("this account signs in with Google or Facebook and has no password")]
    NoPassword,
    #[error("this account is disabled; please contact the shop")]
    Disabled,
    #[error("this password reset link is not valid any more; ask the shop for a new one")]
    InvalidResetLink,
    /// A reset link goes only to the account's own e-mail address; there is none to use.
    #[error(
        "the reset link can only be e-mailed to the customer, and e-mail is off or the account \
         has no address; the operator can run `kiosk user reset-password`"
    )]
    NoMailForReset,
    #[error("{0}")]
    Forbidden(String),
    #[error(transparent)]
    Busy(#[from] password::Busy),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<password::HashError> for AccountError {
    fn from(err: password::HashError) -> Self {
        match err {
            password::HashError::Busy(busy) => AccountError::Busy(busy),
            password::HashError::Failed(message) => AccountError::Invalid(message),
        }
    }
}

/// What is needed to create a local account.
pub struct NewLocalUser<'a> {
    pub username: &'a str,
    pub name: &'a str,
    pub password: &'a str,
    pub role: &'a str,
}

/// Optional contact details given at registration.
#[derive(Default)]
pub struct Contact<'a> {
    pub email: &'a str,
    pub phone: &'a str,
    pub kcard: &'a str,
    /// Who creates the account when it is not the person themselves (staff, `cli`).
    pub added_by: &'a str,
}

/// Creates a local account with an Argon2id password hash, in one write transaction.
pub fn create_local_user(store: &Store, new: &NewLocalUser) -> Result<User, AccountError> {
    register_local_user(store, new, &Contact::default())
}

/// Registration: validates everything, hashes the password, creates the user and logs it.
pub fn register_local_user(
    store: &Store,
    new: &NewLocalUser,
    contact: &Contact,
) -> Result<User, AccountError> {
    let checked = check_new_user(new, contact)?;
    let hash = password::hash(new.password)?;
    insert_local_user(store, checked, hash, contact)
}

/// A new local account that passed every check but the database's (name taken, look-alike).
pub struct CheckedUser {
    username: Username,
    role: Role,
    name: String,
    email: String,
    phone: String,
}

/// Everything about a new account that can be checked without the database or the hash.
pub fn check_new_user(new: &NewLocalUser, contact: &Contact) -> Result<CheckedUser, AccountError> {
    let username = Username::parse(new.username).map_err(AccountError::Invalid)?;
    let role = Role::parse(new.role).map_err(AccountError::Invalid)?;
    password::check_strength(new.password).map_err(AccountError::WeakPassword)?;
    let email = contact.email.trim();
    if !email.is_empty() && !is_email(email) {
        return Err(AccountError::Invalid(format!(
            "{email:?} is not an email address"
        )));
    }
    let phone = contact.phone.trim();
    if !phone.is_empty() && !super::model::is_thai_phone(phone) {
        return Err(AccountError::Invalid(format!(
            "{phone:?} is not a Thai phone number"
        )));
    }
    if new.name.chars().count() > 100 {
        return Err(AccountError::Invalid(
            "the name must have at most 100 characters".into(),
        ));
    }
    let name = if new.name.trim().is_empty() {
        username.as_str().to_string()
    } else {
        new.name.trim().to_string()
    };
    Ok(CheckedUser {
        username,
        role,
        name,
        email: email.into(),
        phone: phone.into(),
    })
}

/// Creates a checked account with its password hash (made beforehand, so the hashing can be
/// awaited without holding a blocking thread) and logs it, in one write transaction.
pub fn insert_local_user(
    store: &Store,
    checked: CheckedUser,
    hash: String,
    contact: &Contact,
) -> Result<User, AccountError> {
    let CheckedUser {
        username,
        role,
        name,
        email,
        phone,
    } = checked;
    store.write(|txn| {
        let mut index = USERNAME_TO_USER_ID.write(txn)?;
        if index.get(username.key().as_str())?.is_some() {
            return Err(AccountError::Taken(username.as_str().into()));
        }
        // A name that looks like an existing one (UTS #39 skeletons: `b0ss`, `bοss` with a
        // Greek ο) would let a shopper pass for someone else. Shops have thousands of
        // accounts, not millions: one pass over the index, linear in their number.
        let wanted = super::model::skeleton(&username.key());
        index.try_for_each(|key, _| {
            if super::model::skeleton(key) == wanted {
                Err(AccountError::LookAlike(username.as_str().into()))
            } else {
                Ok(())
            }
        })?;
        let mut user = new_user(txn, username.as_str(), &name, role, Provider::Local, None)?;
        user.password_hash = Some(hash);
        user.email = email;
        user.phone = phone;
        index.put(username.key().as_str(), user.id.get())?;
        put_in(txn, &user)?;
        let (actor, action) = if contact.added_by.is_empty() {
            (user.username.as_str(), "registered")
        } else {
            (contact.added_by, "account added")
        };
        activity::log(
            txn,
            &activity::Event {
                actor,
                kcard: contact.kcard,
                action,
                target: &format!("user {}", user.username),
                details: &format!("role {}", user.role.as_str()),
            },
        )?;
        Ok(user)
    })
}

pub(super) fn new_user(
    txn: &WriteTransaction,
    username: &str,
    name: &str,
    role: Role,
    provider: Provider,
    subject: Option<String>,
) -> Result<User, AccountError> {
    Ok(User {
        id: UserId(next_id(txn, USER_SEQUENCE)?),
        username: username.into(),
        name: name.into(),
        email: String::new(),
        phone: String::new(),
        role,
        provider,
        provider_subject: subject,
        password_hash: None,
        token_version: 0,
        coin: Coins::ZERO,
        add_info: Vec::new(),
        vat_info: None,
        created_at: time::OffsetDateTime::now_utc().unix_timestamp(),
        last_login_at: None,
        disabled: false,
        line_friend: false,
        line_updates_off: false,
        order_mail_off: false,
    })
}

/// Checks a local sign-in. Unknown users cost a hash too, so timing does not reveal which
/// usernames exist; both cases answer [`AccountError::InvalidCredentials`].
pub fn verify_login(
    store: &Store,
    username: &str,
    candidate: &str,
    kcard: &str,
) -> Result<User, AccountError> {
    let found = find_by_username(store, username)?;
    let stored_hash = found.as_ref().and_then(|u| u.password_hash.clone());
    let ok = match &stored_hash {
        Some(hash) => password::verify(candidate, hash)?,
        None => {
            password::verify(candidate, DUMMY_HASH)?;
            false
        }
    };
    // A failed attempt commits too: its activity-log line is the point.
    store.write(|txn| {
        Ok::<_, AccountError>(match (ok, found) {
            (true, Some(user)) if user.disabled => {
                activity::append(txn, &user.username, "refused sign-in (disabled)", kcard)?;
                Err(AccountError::Disabled)
            }
            (true, Some(mut user)) => {
                user.last_login_at = Some(time::OffsetDateTime::now_utc().unix_timestamp());
                put_in(txn, &user)?;
                activity::append(txn, &user.username, "signed in (local)", kcard)?;
                Ok(user)
            }
            _ => {
                activity::append(txn, username.trim(), "failed sign-in (local)", kcard)?;
                Err(AccountError::InvalidCredentials)
            }
        })
    })?
}

/// A valid Argon2id hash of a random string, verified against when the user does not exist.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0x0TnZ3l4sYhN0nYXGbD1JrP5dbvTNKm9m4bKmN4Pfo";

/// Changes the password after checking the old one; every older token stops working.
pub fn change_password(
    store: &Store,
    user_id: UserId,
    old: &str,
    new: &str,
    kcard: &str,
) -> Result<User, AccountError> {
    let user =
        find_by_id(store, user_id)?.ok_or_else(|| AccountError::NoSuchUser(user_id.to_string()))?;
    let Some(hash) = user.password_hash.as_deref() else {
        return Err(AccountError::NoPassword);
    };
    if !password::verify(old, hash)? {
        return Err(AccountError::InvalidCredentials);
    }
    password::check_strength(new).map_err(AccountError::WeakPassword)?;
    let hash = password::hash(new)?;
    update(store, user_id, kcard, "changed password", |user| {
        user.password_hash = Some(hash);
        user.token_version += 1;
        Ok(())
    })
}

/// Changes a user's role (the operator's `kiosk user set-role`); older tokens (which carry the
/// old role) stop working.
pub fn set_role(store: &Store, username: &str, role: &str) -> Result<User, AccountError> {
    let id = id_of(store, username)?;
    set_role_of(store, id, role, "cli", "cli", |_| Ok(()))
}

/// Changes the role of the user `id`, logged as done by `actor`: the use case behind both
/// `kiosk user set-role` and the staff page. Older tokens stop working at once. `allowed`
/// sees the account as stored, inside the transaction, and may refuse (the staff page keeps
/// the owner's accounts out of a lesser admin's reach).
pub fn set_role_of(
    store: &Store,
    id: UserId,
    role: &str,
    actor: &str,
    kcard: &str,
    allowed: impl FnOnce(&User) -> Result<(), AccountError>,
) -> Result<User, AccountError> {
    let role = Role::parse(role).map_err(AccountError::Invalid)?;
    store.write(|txn| {
        let mut user = load(txn, id)?;
        allowed(&user)?;
        let details = format!("{} → {}", user.role.as_str(), role.as_str());
        let target = format!("user {}", user.username);
        user.role = role;
        user.token_version += 1;
        put_in(txn, &user)?;
        activity::log(
            txn,
            &activity::Event {
                actor,
                kcard,
                action: "role changed",
                target: &target,
                details: &details,
            },
        )?;
        Ok(user)
    })
}

/// Sets a new password (operator); every older token stops working.
pub fn reset_password(
    store: &Store,
    username: &str,
    new_password: &str,
) -> Result<User, AccountError> {
    password::check_strength(new_password).map_err(AccountError::WeakPassword)?;
    let hash = password::hash(new_password)?;
    let id = id_of(store, username)?;
    update(store, id, "cli", "password reset by an operator", |user| {
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

/// Disables or enables an account (staff). Disabling bumps the token version, so every
/// token the user holds stops working at once. `allowed` sees the account as stored, inside
/// the transaction, and may refuse (the customers page reaches shoppers only, the staff page
/// staff only).
pub fn set_disabled(
    store: &Store,
    user_id: UserId,
    disabled: bool,
    actor: &str,
    kcard: &str,
    allowed: impl FnOnce(&User) -> Result<(), AccountError>,
) -> Result<User, AccountError> {
    store.write(|txn| {
        let mut user = load(txn, user_id)?;
        allowed(&user)?;
        if user.disabled != disabled {
            user.disabled = disabled;
            user.token_version += 1;
            put_in(txn, &user)?;
        }
        activity::log(
            txn,
            &activity::Event {
                actor,
                kcard,
                action: if disabled {
                    "account disabled"
                } else {
                    "account enabled"
                },
                target: &format!("user {}", user.username),
                details: "",
            },
        )?;
        Ok(user)
    })
}

/// Replaces the delivery addresses and tax-invoice details, after checking every field.
/// What the shopper's details page saves.
pub struct UserInfoChange {
    pub add_info: Vec<Address>,
    pub vat_info: Option<VatInfo>,
    /// `None` keeps the address; `Some("")` removes it.
    pub email: Option<String>,
    /// `None` keeps the choice; `Some(false)` turns order updates on LINE off.
    pub line_updates: Option<bool>,
}

pub fn update_user_info(
    store: &Store,
    user_id: UserId,
    change: UserInfoChange,
    kcard: &str,
) -> Result<User, AccountError> {
    let UserInfoChange {
        add_info,
        vat_info,
        email,
        line_updates,
    } = change;
    let email = email.map(|e| e.trim().to_string());
    let mut problems: Vec<String> = Vec::new();
    if let Some(email) = email.as_deref().filter(|e| !e.is_empty() && !is_email(e)) {
        problems.push(format!("email: {email:?} is not an e-mail address"));
    }
    if add_info.len() > 10 {
        problems.push("addInfo: at most 10 addresses".into());
    }
    for (i, address) in add_info.iter().enumerate() {
        problems.extend(address.problems(&format!("addInfo[{i}]")));
    }
    if let Some(vat) = &vat_info {
        problems.extend(vat.problems());
    }
    if !problems.is_empty() {
        return Err(AccountError::Invalid(problems.join("; ")));
    }
    update(
        store,
        user_id,
        kcard,
        "updated addresses and tax details",
        |user| {
            user.add_info = add_info;
            user.vat_info = vat_info;
            if let Some(email) = email {
                user.email = email;
            }
            if let Some(on) = line_updates {
                user.line_updates_off = !on;
            }
            Ok(())
        },
    )
}

/// Ends every sign-in of the user ("log out everywhere").
pub fn bump_token_version(
    store: &Store,
    user_id: UserId,
    kcard: &str,
) -> Result<User, AccountError> {
    update(store, user_id, kcard, "signed out everywhere", |user| {
        user.token_version += 1;
        Ok(())
    })
}

fn update(
    store: &Store,
    user_id: UserId,
    kcard: &str,
    action: &str,
    change: impl FnOnce(&mut User) -> Result<(), AccountError>,
) -> Result<User, AccountError> {
    store.write(|txn| {
        let mut user = load(txn, user_id)?;
        change(&mut user)?;
        put_in(txn, &user)?;
        activity::append(txn, &user.username, action, kcard)?;
        Ok(user)
    })
}

/// A user that must exist, read inside the caller's write transaction.
pub fn load(txn: &WriteTransaction, user_id: UserId) -> Result<User, AccountError> {
    find_in(txn, user_id)?.ok_or_else(|| AccountError::NoSuchUser(user_id.to_string()))
}

fn id_of(store: &Store, username: &str) -> Result<UserId, AccountError> {
    // Registration stored the NFKC form: `ｂｏｓｓ` signs in as `boss`.
    let key = unicode_normalization::UnicodeNormalization::nfkc(username.trim())
        .collect::<String>()
        .to_lowercase();
    let id = store.read(|txn| USERNAME_TO_USER_ID.read(txn)?.get(key.as_str()))?;
    id.map(UserId)
        .ok_or_else(|| AccountError::NoSuchUser(username.into()))
}

pub fn find_by_username(store: &Store, username: &str) -> Result<Option<User>, AccountError> {
    match id_of(store, username) {
        Ok(id) => find_by_id(store, id),
        Err(AccountError::NoSuchUser(_)) => Ok(None),
        Err(err) => Err(err),
    }
}

pub fn find_by_id(store: &Store, user_id: UserId) -> Result<Option<User>, AccountError> {
    Ok(store.read(|txn| find_in(txn, user_id))?)
}

/// Users matching `q` (part of the username, name, email or phone; empty matches all),
/// newest first, below the id `below`; staff accounts when `staff`, shoppers otherwise. Answers
/// the page and the cursor of the next one.
pub fn search_users(
    store: &Store,
    q: &str,
    staff: bool,
    limit: usize,
    below: UserId,
) -> Result<(Vec<User>, Option<UserId>), AccountError> {
    let q = q.trim().to_lowercase();
    let digits: String = q.chars().filter(char::is_ascii_digit).collect();
    let matches = |user: &User| {
        q.is_empty()
            || user.username.to_lowercase().contains(&q)
            || user.name.to_lowercase().contains(&q)
            || user.email.to_lowercase().contains(&q)
            || (digits.len() >= 3
                && user
                    .phone
                    .chars()
                    .filter(char::is_ascii_digit)
                    .collect::<String>()
                    .contains(&digits))
    };
    Ok(store.read(|txn| {
        let users = USER_ID_TO_USER.read(txn)?;
        let mut page = Vec::new();
        for id in users.keys_rev_in(..below.get())? {
            let Some(user) = users.get(id?)? else {
                continue;
            };
            if user.role.is_admin() == staff && matches(&user) {
                page.push(user);
                if page.len() > limit {
                    break;
                }
            }
        }
        let next = if page.len() > limit {
            page.truncate(limit);
            page.last().map(|u| u.id)
        } else {
            None
        };
        Ok::<_, StoreError>((page, next))
    })?)
}

/// Every user, by id.
pub fn list_users(store: &Store) -> Result<Vec<User>, AccountError> {
    Ok(store.read(|txn| USER_ID_TO_USER.read(txn)?.values())?)
}

/// Kept here too for the callers that know addresses as an accounts rule.
pub use crate::domain::email_address::is_email;
// The signing secret and revoked tokens, and social sign-in's users, are in their own files
// (`secrets.rs`, `social.rs`); their old paths here stay for callers and the migration tests.
pub use super::secrets::{
    REVOKED_TOKEN_TO_EXPIRY, SECRET_NAME_TO_BYTES, is_revoked, jwt_secret, revoke_token,
};
pub use super::social::{PROVIDER_SUBJECT_TO_USER_ID, find_or_create_social, provider_name};

/// A shopper's account, read inside the caller's transaction, for what staff do to customers
/// (read, coins, disable, password reset). A staff account is never a customer: it answers as
/// if absent, so `customers.*` permissions never reach staff accounts (those need
/// `staff.manage`, on the staff routes; see docs/STAFF.md).
pub fn customer_in(txn: &impl Txn, user_id: UserId) -> Result<User, AccountError> {
    find_in(txn, user_id)?
        .filter(|user| !user.role.is_admin())
        .ok_or_else(|| AccountError::NoSuchUser(user_id.to_string()))
}

/// Refuses a staff account where only customers are meant, as if it did not exist.
pub fn only_customers(user: &User) -> Result<(), AccountError> {
    if user.role.is_admin() {
        Err(AccountError::NoSuchUser(user.id.to_string()))
    } else {
        Ok(())
    }
}

/// A user read inside the caller's read or write transaction.
pub fn find_in(txn: &impl Txn, user_id: UserId) -> Result<Option<User>, StoreError> {
    USER_ID_TO_USER.read(txn)?.get(user_id.get())
}

/// Writes a user inside the caller's write transaction.
pub fn put_in(txn: &WriteTransaction, user: &User) -> Result<(), StoreError> {
    USER_ID_TO_USER.write(txn)?.put(user.id.get(), user)
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
