//! The accounts use cases against a real database file.

use super::*;
use crate::accounts::coins::{self, CoinChange};

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
    assert!(
        password::verify(
            "another long secret",
            user.password_hash.as_deref().unwrap()
        )
        .unwrap()
    );
    assert!(matches!(
        set_role(&store, "ghost", "admin"),
        Err(AccountError::NoSuchUser(_))
    ));
    assert!(matches!(
        set_role(&store, "nok", "root"),
        Err(AccountError::Invalid(_))
    ));
}

#[test]
fn wrong_passwords_and_unknown_users_look_the_same_and_are_logged() {
    let (_dir, store) = store();
    create_local_user(&store, &new("nok", "user")).unwrap();
    assert!(matches!(
        verify_login(&store, "nok", "wrong password!", "web"),
        Err(AccountError::InvalidCredentials)
    ));
    assert!(matches!(
        verify_login(&store, "ghost", "wrong password!", "web"),
        Err(AccountError::InvalidCredentials)
    ));
    assert!(verify_login(&store, "NOK", "a long enough secret", "kiosk-2").is_ok());
    let log = activity::newest(&store, 10).unwrap();
    assert_eq!(log[0].action, "signed in (local)");
    assert_eq!(log[0].kcard, "kiosk-2");
    assert!(
        log.iter()
            .any(|l| l.user == "ghost" && l.action.starts_with("failed"))
    );
}

#[test]
fn the_coin_balance_always_equals_its_ledger() {
    let (_dir, store) = store();
    let user = create_local_user(&store, &new("nok", "user")).unwrap();
    let changes = [
        (Coins(500), "welcome bonus"),
        (Coins(-120), "spent on order"),
        (Coins(35), "review reward"),
    ];
    for (amount, reason) in changes {
        let txn = store.db().unwrap().begin_write().unwrap();
        coins::apply(
            &txn,
            user.id,
            &CoinChange {
                amount,
                reason,
                order_id: None,
                staff_id: Some(UserId(1)),
            },
        )
        .unwrap();
        txn.commit().unwrap();
    }
    let txn = store.db().unwrap().begin_write().unwrap();
    assert!(
        coins::apply(
            &txn,
            user.id,
            &CoinChange {
                amount: Coins(-1000),
                reason: "too much",
                order_id: None,
                staff_id: None
            }
        )
        .is_err()
    );
    drop(txn);
    let stored = find_by_id(&store, user.id).unwrap().unwrap();
    assert_eq!(stored.coin, Coins(415));
    assert_eq!(
        coins::recomputed_balance(&store, user.id).unwrap(),
        stored.coin
    );
    assert_eq!(
        coins::ledger(&store, user.id)
            .unwrap()
            .last()
            .unwrap()
            .balance,
        Coins(415)
    );
}

#[test]
fn a_social_identity_maps_to_one_user() {
    let (_dir, store) = store();
    let first = find_or_create_social(
        &store,
        Provider::Google,
        "1234567890",
        "Somchai",
        "s@example.com",
        None,
        "web",
    )
    .unwrap();
    let again = find_or_create_social(
        &store,
        Provider::Google,
        "1234567890",
        "Somchai J.",
        "",
        None,
        "web",
    )
    .unwrap();
    assert_eq!(first.id, again.id);
    assert_eq!(first.username, format!("google-{}", first.id));
    let other = find_or_create_social(
        &store,
        Provider::Facebook,
        "1234567890",
        "",
        "",
        None,
        "web",
    )
    .unwrap();
    assert_ne!(other.id, first.id);
    assert!(other.password_hash.is_none());
}
