//! The cart table. Every change is one write transaction.

use redb::WriteTransaction;

use super::model::{Cart, CartOwner};
use crate::store::{JsonTable, Store, StoreError};

/// `v:<visitor uuid>` or `u:<user id>` → [`Cart`].
pub const CART_OWNER_TO_CART: JsonTable<&str, Cart> = JsonTable::new("cart_owner_to_cart");

pub fn get(store: &Store, owner: &CartOwner) -> Result<Cart, StoreError> {
    let key = owner.key();
    let cart = store.read(|txn| CART_OWNER_TO_CART.read(txn)?.get(key.as_str()))?;
    Ok(cart.unwrap_or_default())
}

/// Reads, changes and writes a cart; the change may refuse, and may read the transaction
/// (stock levels, variant codes). The write shares its durable commit with other cart changes
/// made at the same moment (the change refuses before anything is written, as grouped writes
/// require).
pub fn update<E: From<StoreError> + Send + 'static>(
    store: &Store,
    owner: &CartOwner,
    change: impl FnOnce(&WriteTransaction, &mut Cart) -> Result<(), E> + Send + 'static,
) -> Result<Cart, E> {
    let key = owner.key();
    store.write_grouped(move |txn| {
        let mut cart = CART_OWNER_TO_CART
            .read(txn)?
            .get(key.as_str())?
            .unwrap_or_default();
        change(txn, &mut cart)?;
        let mut table = CART_OWNER_TO_CART.write(txn)?;
        cart.updated_at = time::OffsetDateTime::now_utc().unix_timestamp();
        if cart.lines.is_empty() {
            table.remove(key.as_str())?;
        } else {
            table.put(key.as_str(), &cart)?;
        }
        Ok(cart)
    })
}

/// Moves the visitor's lines into the user's cart (quantities added, each capped by `cap`,
/// which may read the transaction) and deletes the visitor's cart, in one transaction.
pub fn merge(
    store: &Store,
    visitor: &CartOwner,
    user: &CartOwner,
    cap: impl Fn(&WriteTransaction, &str, u32) -> Result<u32, StoreError>,
) -> Result<Cart, StoreError> {
    store.write(|txn| {
        let (from, mut into) = {
            let table = CART_OWNER_TO_CART.read(txn)?;
            (
                table.get(visitor.key().as_str())?.unwrap_or_default(),
                table.get(user.key().as_str())?.unwrap_or_default(),
            )
        };
        for line in &from.lines {
            let wanted = into.qty(&line.code).saturating_add(line.qty);
            let capped = cap(txn, &line.code, wanted)?;
            into.set(&line.code, capped);
        }
        let mut table = CART_OWNER_TO_CART.write(txn)?;
        into.updated_at = time::OffsetDateTime::now_utc().unix_timestamp();
        table.remove(visitor.key().as_str())?;
        if into.lines.is_empty() {
            table.remove(user.key().as_str())?;
        } else {
            table.put(user.key().as_str(), &into)?;
        }
        Ok(into)
    })
}

/// Deletes anonymous carts untouched since `before` (unix seconds); returns how many.
pub fn remove_expired(store: &Store, before: i64) -> Result<usize, StoreError> {
    store.write(|txn| {
        let mut table = CART_OWNER_TO_CART.write(txn)?;
        let mut expired = Vec::new();
        table.try_for_each(|key, cart| {
            if key.starts_with("v:") && cart.updated_at < before {
                expired.push(key.to_string());
            }
            Ok::<(), StoreError>(())
        })?;
        for key in &expired {
            table.remove(key.as_str())?;
        }
        Ok(expired.len())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::UserId;

    #[test]
    fn only_stale_anonymous_carts_expire() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let visitor = CartOwner::parse("3f2504e0-4f89-41d3-9a0c-0305e82c3301").unwrap();
        let user = CartOwner::User(UserId(7));
        for owner in [&visitor, &user] {
            update(
                &store,
                owner,
                |_, cart: &mut Cart| -> Result<(), StoreError> {
                    cart.set("SF-1001", 1);
                    Ok(())
                },
            )
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
