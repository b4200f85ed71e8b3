//! The cart table. Every change is one write transaction.

use redb::WriteTransaction;

use super::model::{Cart, CartOwner};
use crate::store::retention::{self, Found, Pruned};
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

/// Deletes anonymous carts untouched since `before` (unix seconds), in bounded batches
/// (`store::retention`): each write transaction removes at most `batch` carts, so a shop with
/// millions of abandoned carts keeps taking orders while they go. A cart touched again between
/// finding and removing it stays.
pub fn remove_expired(store: &Store, before: i64, batch: usize) -> Result<Pruned, StoreError> {
    retention::in_batches(
        store,
        batch,
        |txn, after: Option<&String>, batch| {
            let carts = CART_OWNER_TO_CART.read(txn)?;
            let (mut keys, mut next, mut looked) = (Vec::new(), None, 0);
            // Visitor keys are `v:<uuid>`; `v;` sorts right after the last of them.
            let start = after.map_or_else(|| "v:".to_string(), |a| format!("{a}\0"));
            carts.scan_in(start.as_str().."v;", |key, cart| {
                looked += 1;
                next = Some(key.to_string());
                if cart.updated_at < before {
                    keys.push(key.to_string());
                }
                Ok::<bool, StoreError>(keys.len() < batch && looked < retention::SCAN)
            })?;
            if keys.len() < batch && looked < retention::SCAN {
                next = None;
            }
            Ok(Found { keys, next })
        },
        |txn, keys| {
            let mut table = CART_OWNER_TO_CART.write(txn)?;
            let mut removed = 0;
            for key in keys {
                if table
                    .get(key.as_str())?
                    .is_some_and(|cart| cart.updated_at < before)
                {
                    table.remove(key.as_str())?;
                    removed += 1;
                }
            }
            Ok(removed)
        },
    )
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
            remove_expired(&store, now - 60, 500).unwrap().removed,
            0,
            "fresh carts stay"
        );
        assert_eq!(remove_expired(&store, now + 60, 500).unwrap().removed, 1);
        assert!(get(&store, &visitor).unwrap().lines.is_empty());
        assert_eq!(
            get(&store, &user).unwrap().amount(),
            1,
            "signed-in carts never expire"
        );
    }

    #[test]
    fn many_stale_carts_go_in_bounded_batches_and_fresh_ones_stay() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        store
            .write(|txn| {
                let mut table = CART_OWNER_TO_CART.write(txn)?;
                for n in 0..1_234u32 {
                    let mut cart = Cart::default();
                    cart.set("SF-1001", 1);
                    // Every fourth cart was touched an hour ago; the others 90 days ago.
                    cart.updated_at = if n % 4 == 0 {
                        now - 3_600
                    } else {
                        now - 90 * 86_400
                    };
                    table.put(
                        format!("v:{n:08}-0000-4000-8000-000000000000").as_str(),
                        &cart,
                    )?;
                }
                let mut mine = Cart::default();
                mine.set("SF-1001", 1);
                mine.updated_at = now - 400 * 86_400;
                table.put("u:7", &mine)?;
                Ok::<(), StoreError>(())
            })
            .unwrap();
        let pruned = remove_expired(&store, now - 60 * 86_400, 100).unwrap();
        assert_eq!(pruned.removed, 925);
        assert_eq!(pruned.batches, 10, "{pruned:?}");
        assert!(pruned.largest_batch <= 100, "{pruned:?}");
        let left = store
            .read(|txn| CART_OWNER_TO_CART.read(txn)?.len())
            .unwrap();
        assert_eq!(
            left,
            309 + 1,
            "fresh visitor carts and signed-in carts stay"
        );
    }
}
