//! Turning a shopper's order mail off from the mail itself: every mail about an order carries
//! a signed link (in its footer and in the `List-Unsubscribe` header, with
//! `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, RFC 8058), which works without signing
//! in and takes effect at once:
//! - a shopper with an account (`u12`): their account's `orderMailOff` is set, and no mail
//!   about any of their orders is sent from then on (a password reset they ask for still is);
//! - a guest order (`o34`): the order's mail address is cleared (the guest's contact keeps it
//!   for the staff), so no further mail about that order is sent.
//!
//! The link is `/api/mail/unsubscribe?t=u12.th.<signature>`: the subject and the page's language,
//! signed with the guest links' secret (`orders::guest::LinkSecret::sign`), so it cannot be
//! made for someone else.

use crate::accounts::model::User;
use crate::activity::Actor;
use crate::domain::{OrderId, UserId};
use crate::i18n::Locale;
use crate::orders::guest::{GUEST, LinkSecret};
use crate::orders::model::Order;
use crate::store::{Store, StoreError};

/// Whose order mail a link turns off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    User(UserId),
    GuestOrder(OrderId),
}

/// The path under the shop's address the link opens (GET: a page with a button; POST: done).
pub const PATH: &str = "/api/mail/unsubscribe";

const PURPOSE: &str = "kiosk order mail unsubscribe";

impl Subject {
    /// The subject of an order's mail: its account, or the guest order itself.
    pub fn of(order: &Order) -> Subject {
        if order.user_id == GUEST {
            Subject::GuestOrder(order.id)
        } else {
            Subject::User(order.user_id)
        }
    }

    fn code(self) -> String {
        match self {
            Subject::User(id) => format!("u{}", id.get()),
            Subject::GuestOrder(id) => format!("o{}", id.get()),
        }
    }

    fn parse(code: &str) -> Option<Subject> {
        let (kind, id) = code.split_at_checked(1)?;
        let id: u64 = id.parse().ok().filter(|id| *id > 0)?;
        match kind {
            "u" => Some(Subject::User(UserId(id))),
            "o" => Some(Subject::GuestOrder(OrderId(id))),
            _ => None,
        }
    }
}

/// The signed token of a link: `u12.th.<32 hex>`.
pub fn token(secret: &LinkSecret, subject: Subject, lang: Locale) -> String {
    let text = format!("{}.{}", subject.code(), lang.code());
    let signature = secret.sign(PURPOSE, &text);
    format!("{text}.{signature}")
}

/// The full link for a mail.
pub fn url(public_url: &str, secret: &LinkSecret, subject: Subject, lang: Locale) -> String {
    format!(
        "{}{PATH}?t={}",
        public_url.trim_end_matches('/'),
        token(secret, subject, lang)
    )
}

/// The subject and language of a token whose signature holds; `None` for anything else.
pub fn parse(secret: &LinkSecret, token: &str) -> Option<(Subject, Locale)> {
    let mut parts = token.trim().splitn(3, '.');
    let (code, lang, signature) = (parts.next()?, parts.next()?, parts.next()?);
    let subject = Subject::parse(code)?;
    let lang = Locale::parse(lang)?;
    let expected = secret.sign(PURPOSE, &format!("{code}.{}", lang.code()));
    let same = expected.len() == signature.len()
        && expected
            .bytes()
            .zip(signature.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0;
    same.then_some((subject, lang))
}

/// Turns the subject's order mail off, with its activity line. Turning it off twice, or for
/// an account or order that is gone, changes nothing and is no error: the link is done.
pub fn turn_off(store: &Store, subject: Subject) -> Result<(), StoreError> {
    let actor = Actor {
        name: "shopper (mail link)",
        kcard: "",
    };
    store.write(|txn| {
        match subject {
            Subject::User(id) => {
                let Some(mut user): Option<User> = crate::accounts::store::find_in(txn, id)? else {
                    return Ok(());
                };
                if user.order_mail_off {
                    return Ok(());
                }
                user.order_mail_off = true;
                crate::accounts::store::put_in(txn, &user)?;
                actor.log(
                    txn,
                    "order mail turned off",
                    &format!("user {}", id.get()),
                    "by the link in an order mail",
                )?;
            }
            Subject::GuestOrder(id) => {
                let table = crate::orders::store::ORDER_ID_TO_ORDER;
                let Some(mut order) = table.read(txn)?.get(id.get())? else {
                    return Ok(());
                };
                if order.user_id != GUEST || order.email.is_empty() {
                    return Ok(());
                }
                order.email.clear();
                table.write(txn)?.put(id.get(), &order)?;
                actor.log(
                    txn,
                    "order mail turned off",
                    &format!("order {}", order.number),
                    "by the link in an order mail",
                )?;
            }
        }
        Ok(())
    })
}

/// Whether mail about `order` to its shopper is off: the guest order's address was cleared,
/// or the account turned order mail off.
pub fn is_off(store: &Store, order: &Order) -> Result<bool, StoreError> {
    if order.user_id == GUEST {
        return Ok(order.email.is_empty());
    }
    let user = store.read(|txn| crate::accounts::store::find_in(txn, order.user_id))?;
    Ok(user.is_some_and(|user| user.order_mail_off))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::store::ORDER_ID_TO_ORDER;

    #[test]
    fn turning_off_stops_a_guest_orders_mail_and_an_accounts_for_all_its_orders() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        crate::store::migrate::migrate(&store).unwrap();
        let mut guest = crate::notify::preview::sample_order(Locale::Th, 1_795_533_000_000);
        guest.id = OrderId(7);
        guest.user_id = GUEST;
        store
            .write(|txn| ORDER_ID_TO_ORDER.write(txn)?.put(7, &guest))
            .unwrap();
        assert!(!is_off(&store, &guest).unwrap());
        turn_off(&store, Subject::of(&guest)).unwrap();
        let stored = store
            .read(|txn| ORDER_ID_TO_ORDER.read(txn)?.get(7))
            .unwrap()
            .unwrap();
        assert!(stored.email.is_empty());
        assert!(is_off(&store, &stored).unwrap());
        // Twice is no error.
        turn_off(&store, Subject::of(&guest)).unwrap();

        let user = crate::accounts::store::create_local_user(
            &store,
            &crate::accounts::store::NewLocalUser {
                username: "malee",
                name: "Malee",
                password: "teak-sofa-42-long",
                role: "user",
            },
        )
        .unwrap();
        let mut order = guest.clone();
        order.user_id = user.id;
        order.email = "malee@example.com".into();
        assert!(!is_off(&store, &order).unwrap());
        turn_off(&store, Subject::of(&order)).unwrap();
        assert!(is_off(&store, &order).unwrap());
        // Turning off for an account that does not exist changes nothing.
        turn_off(&store, Subject::User(UserId(999))).unwrap();
    }

    #[test]
    fn a_link_names_its_subject_and_language_and_cannot_be_forged() {
        let dir = tempfile::tempdir().unwrap();
        let secret = LinkSecret::load_or_create(dir.path()).unwrap();
        let t = token(&secret, Subject::User(UserId(12)), Locale::Th);
        assert!(t.starts_with("u12.th."), "{t}");
        assert_eq!(
            parse(&secret, &t),
            Some((Subject::User(UserId(12)), Locale::Th))
        );
        let forged = t.replacen("u12", "u13", 1);
        assert_eq!(parse(&secret, &forged), None);
        let other = tempfile::tempdir().unwrap();
        let other = LinkSecret::load_or_create(other.path()).unwrap();
        assert_eq!(parse(&other, &t), None);
        assert_eq!(parse(&secret, "u12.th"), None);
        assert_eq!(parse(&secret, ""), None);
        let order = token(&secret, Subject::GuestOrder(OrderId(7)), Locale::Km);
        assert_eq!(
            parse(&secret, &order),
            Some((Subject::GuestOrder(OrderId(7)), Locale::Km))
        );
    }
}
