//! The cart table. Every change is one write transaction.

use redb::{ReadableDatabase, ReadableTable, TableDefinition};

use super::model::{Cart, CartOwner};
use crate::store::{Store, StoreError};

/// `v:<visitor uuid>` or `u:<user id>` → [`Cart`] (JSON).
pub const CART_OWNER_TO_CART: TableDefinition<&str, &[u8]> =
    TableDefinition::new("cart_owner_to_cart");

pub fn get(store: &Store, owner: &CartOwner) -> Result<Cart, StoreError> {
    let read = store.db().begin_read()?;
    let table = read.open_table(CART_OWNER_TO_CART)?;
    let cart = table
        .get(owner.key().as_str())?
        .map(|v| serde_json::from_slice(v.value()))
        .transpose();
    cart.map(Option::unwrap_or_default)
        .map_err(|source| StoreError::BadDocument {
            key: owner.key(),
            source,
        })
}

/// Reads, changes and writes a cart in one transaction; the change may refuse.
pub fn update<E: From<StoreError>>(
    store: &Store,
    owner: &CartOwner,
    change: impl FnOnce(&mut Cart) -> Result<(), E>,
) -> Result<Cart, E> {
    let txn = store.db().begin_write().map_err(StoreError::from)?;
    let cart = {
        let mut table = txn
            .open_table(CART_OWNER_TO_CART)
            .map_err(StoreError::from)?;
        let key = owner.key();
        let mut cart: Cart = match table.get(key.as_str()).map_err(StoreError::from)? {
            Some(v) => {
                serde_json::from_slice(v.value()).map_err(|source| StoreError::BadDocument {
                    key: key.clone(),
                    source,
                })?
            }
            None => Cart::default(),
        };
        change(&mut cart)?;
        cart.updated_at = time::OffsetDateTime::now_utc().unix_timestamp();
        if cart.lines.is_empty() {
            table.remove(key.as_str()).map_err(StoreError::from)?;
        } else {
            table
                .insert(
                    key.as_str(),
                    serde_json::to_vec(&cart).unwrap_or_default().as_slice(),
                )
                .map_err(StoreError::from)?;
        }
        cart
    };
    txn.commit().map_err(StoreError::from)?;
    Ok(cart)
}

/// Moves the visitor's lines into the user's cart (quantities added, each capped by `cap`) and
/// deletes the visitor's cart, in one transaction.
pub fn merge(
    store: &Store,
    visitor: &CartOwner,
    user: &CartOwner,
    cap: impl Fn(&str, u32) -> u32,
) -> Result<Cart, StoreError> {
    let txn = store.db().begin_write()?;
    let cart = {
        let mut table = txn.open_table(CART_OWNER_TO_CART)?;
        let read = |key: &str| -> Result<Cart, StoreError> {
            match table.get(key)? {
                Some(v) => {
                    serde_json::from_slice(v.value()).map_err(|source| StoreError::BadDocument {
                        key: key.into(),
                        source,
                    })
                }
                None => Ok(Cart::default()),
            }
        };
        let from = read(&visitor.key())?;
        let mut into = read(&user.key())?;
        for line in &from.lines {
            let wanted = into.qty(&line.code).saturating_add(line.qty);
            into.set(&line.code, cap(&line.code, wanted));
        }
        into.updated_at = time::OffsetDateTime::now_utc().unix_timestamp();
        table.remove(visitor.key().as_str())?;
        if into.lines.is_empty() {
            table.remove(user.key().as_str())?;
        } else {
            table.insert(
                user.key().as_str(),
                serde_json::to_vec(&into).unwrap_or_default().as_slice(),
            )?;
        }
        into
    };
    txn.commit()?;
    Ok(cart)
}

/// Deletes anonymous carts untouched since `before` (unix seconds); returns how many.
pub fn remove_expired(store: &Store, before: i64) -> Result<usize, StoreError> {
    let txn = store.db().begin_write()?;
    let removed = {
        let mut table = txn.open_table(CART_OWNER_TO_CART)?;
        let mut expired = Vec::new();
        for entry in table.iter()? {
            let (key, value) = entry?;
            let stale = key.value().starts_with("v:")
                && serde_json::from_slice::<Cart>(value.value())
                    .map_or(true, |c| c.updated_at < before);
            if stale {
                expired.push(key.value().to_string());
            }
        }
        for key in &expired {
            table.remove(key.as_str())?;
        }
        expired.len()
    };
    txn.commit()?;
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_stale_anonymous_carts_expire() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let visitor = CartOwner::parse("3f2504e0-4f89-41d3-9a0c-0305e82c3301").unwrap();
        let user = CartOwner::User(7);
        for owner in [&visitor, &user] {
            update(&store, owner, |cart: &mut Cart| -> Result<(), StoreError> {
                cart.set("SF-1001", 1);
                Ok(())
            })
            .unwrap();
        }
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        assert_eq!(
            remove_expired(&store, now - 60).unwrap(),
            0,
            "fresh carts stay"
        );
        assert_eq!(remove_expired(&store, now + 60).unwrap(), 1);
        assert!(get(&store, &visitor).unwrap().lines.is_empty());
        assert_eq!(
            get(&store, &user).unwrap().amount(),
            1,
            "signed-in carts never expire"
        );
    }
}
