//! Orders without an account: the contact a guest gives at checkout, the secret order keys
//! that open a guest's order, and taking a guest order over into an account.
//!
//! A guest order belongs to [`GUEST`] (no account has id 0). Whoever holds one of its keys may
//! see and pay it. A key is 128 bits shown to the guest only (in the placement answer and in
//! each order mail); the database keeps only its SHA-256, so a copy of the file, or its freed
//! pages, open no order, and a presented key is compared with the stored digests in constant
//! time.
//!
//! A mail waits in the outbox before it is sent, so its key cannot be written down with it.
//! The waiting message holds a random nonce instead; when the mail goes out, the sender derives
//! the key as HMAC-SHA256(link secret, order id ‖ nonce) and registers its digest just before
//! sending. The link secret lives in a file beside the database ([`LINK_SECRET_FILE`]), never
//! in it; `docs/guest-order-keys.md` says why it is not in backups and what losing it costs.

use std::io::Write;
use std::path::Path;

use hmac::{Hmac, Mac};
use redb::WriteTransaction;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use ts_rs::TS;
use utoipa::ToSchema;

use super::model::{Order, Status};
use super::store::{self as orders, ORDER_USER_TO_ORDER, OrderError};
use crate::accounts::coins::{self, CoinChange};
use crate::domain::{Coins, OrderId, UserId};
use crate::store::{JsonTable, Store, Txn};

/// The owner of guest orders: no account has this id (ids start at 1).
pub const GUEST: UserId = UserId(0);

/// Order id → the digests of the keys that open it.
pub const ORDER_ID_TO_GUEST_KEYS: JsonTable<u64, GuestKeys> =
    JsonTable::new("order_id_to_guest_keys");

/// Keys one order may collect (one per placement answer and per mail); the oldest made after
/// the first is dropped beyond this, the first (the placement's) is kept.
const MAX_KEYS: usize = 32;

/// The SHA-256 digests (hex) of an order's keys, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuestKeys {
    pub digests: Vec<String>,
}

/// Who to reach about a guest order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Contact {
    /// 1 to 100 characters.
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    pub name: String,
    /// A Thai number (0XXXXXXXX(X), +66…) or an international one (+ and 8–15 digits).
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    pub phone: String,
    /// Where the order mail goes (with the order's secret link).
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    pub email: String,
}

/// The longest name and e-mail address, in characters.
pub const MAX_NAME: usize = 100;
pub const MAX_EMAIL: usize = 254;

impl Contact {
    /// The guest as a coupon's per-shopper limit counts them (their e-mail and phone).
    pub fn shopper(&self) -> crate::pricing::store::Shopper<'_> {
        crate::pricing::store::Shopper::Guest {
            email: &self.email,
            phone: &self.phone,
        }
    }

    /// The contact trimmed, or every problem, each naming its field (`contact.phone: …`).
    pub fn parse(self) -> Result<Contact, Vec<String>> {
        let contact = Contact {
            name: self.name.trim().to_string(),
            phone: self.phone.trim().to_string(),
            email: self.email.trim().to_string(),
        };
        let mut problems = Vec::new();
        if contact.name.is_empty() || contact.name.chars().count() > MAX_NAME {
            problems.push(format!("contact.name: must be 1 to {MAX_NAME} characters"));
        }
        if !is_phone(&contact.phone) {
            problems.push(
                "contact.phone: must be a phone number such as 081-234-5678 or +60 12 345 6789"
                    .into(),
            );
        }
        if contact.email.chars().count() > MAX_EMAIL
            || !crate::accounts::store::is_email(&contact.email)
        {
            problems.push(format!(
                "contact.email: {:?} is not an e-mail address",
                contact.email.chars().take(60).collect::<String>()
            ));
        }
        if problems.is_empty() {
            Ok(contact)
        } else {
            Err(problems)
        }
    }
}

/// A Thai number, or an international one: `+`, then 8 to 15 digits (E.164), spaces and
/// dashes allowed. Shoppers from Malaysia, Cambodia and Indonesia order too.
pub fn is_phone(phone: &str) -> bool {
    if phone.chars().count() > 30 {
        return false;
    }
    if crate::accounts::model::is_thai_phone(phone) {
        return true;
    }
    let Some(rest) = phone.strip_prefix('+') else {
        return false;
    };
    let digits = rest.chars().filter(char::is_ascii_digit).count();
    rest.chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-'))
        && (8..=15).contains(&digits)
}

/// A new key: 128 random bits as 32 hex characters.
pub fn new_key() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

fn digest(key: &str) -> String {
    hex::encode(Sha256::digest(key.as_bytes()))
}

/// Makes a key for the order and stores its digest; answers the key.
pub fn mint_key(txn: &WriteTransaction, id: OrderId) -> Result<String, crate::store::StoreError> {
    let key = new_key();
    arm(txn, id, &key)?;
    Ok(key)
}

/// Lets `key` open the order from now on (stores its digest), unless it does already; the
/// sender calls it with a mail's derived key just before the mail goes out.
pub fn arm(txn: &WriteTransaction, id: OrderId, key: &str) -> Result<(), crate::store::StoreError> {
    let mut table = ORDER_ID_TO_GUEST_KEYS.write(txn)?;
    let mut keys = table.get(id.get())?.unwrap_or_default();
    let wanted = digest(key);
    if keys.digests.contains(&wanted) {
        return Ok(());
    }
    if keys.digests.len() >= MAX_KEYS {
        keys.digests.remove(1);
    }
    keys.digests.push(wanted);
    table.put(id.get(), &keys)
}

/// The file in the data folder holding the [`LinkSecret`].
pub const LINK_SECRET_FILE: &str = "guest-links.key";

/// The secret a mail's key is derived from (32 random bytes). It is kept out of the database
/// file on purpose: the database holds each waiting mail's nonce, and nonce plus secret make
/// the key.
#[derive(Clone)]
pub struct LinkSecret([u8; 32]);

impl LinkSecret {
    /// Reads `<data_dir>/guest-links.key`, or creates it (owner-only) on the first start.
    pub fn load_or_create(data_dir: &Path) -> std::io::Result<LinkSecret> {
        let path = data_dir.join(LINK_SECRET_FILE);
        match std::fs::read(&path) {
            Ok(bytes) => <[u8; 32]>::try_from(bytes.as_slice())
                .map(LinkSecret)
                .map_err(|_| {
                    std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        format!(
                            "{} must hold exactly 32 bytes; delete it to make a new one",
                            path.display()
                        ),
                    )
                }),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Self::create(&path),
            Err(err) => Err(err),
        }
    }

    fn create(path: &Path) -> std::io::Result<LinkSecret> {
        let secret = rand::random::<[u8; 32]>();
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(path)?;
        file.write_all(&secret)?;
        file.sync_all()?;
        Ok(LinkSecret(secret))
    }

    /// The key of the mail whose outbox row holds `nonce`: HMAC-SHA256 over the order id and
    /// the nonce, cut to 128 bits and written as 32 hex characters like every order key. The
    /// same message gives the same key on every try, so a retried mail does not pile up keys.
    pub fn mail_key(&self, id: OrderId, nonce: &str) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes keys of any size");
        mac.update(b"kiosk guest order mail key\0");
        mac.update(&id.get().to_be_bytes());
        mac.update(nonce.as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..16])
    }

    /// A signature of `text` for another signed link (`purpose` keeps the uses apart), 32 hex
    /// characters: the unsubscribe links of order mail (`notify::unsubscribe`).
    pub fn sign(&self, purpose: &str, text: &str) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes keys of any size");
        mac.update(purpose.as_bytes());
        mac.update(b"\0");
        mac.update(text.as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..16])
    }
}

/// Whether `key` opens the order. Every stored digest is compared, in constant time, and a
/// presented key is always hashed, so a wrong key costs the same whether the order exists,
/// has keys, or not.
pub fn key_opens(txn: &impl Txn, id: OrderId, key: &str) -> Result<bool, OrderError> {
    let key = key.trim();
    let usable = !key.is_empty() && key.len() <= 128;
    let wanted = digest(if usable { key } else { "" });
    let keys = ORDER_ID_TO_GUEST_KEYS.read(txn)?.get(id.get())?;
    if !usable {
        return Ok(false);
    }
    let mut found = subtle::Choice::from(0);
    for stored in keys.iter().flat_map(|k| &k.digests) {
        found |= stored.as_bytes().ct_eq(wanted.as_bytes());
    }
    Ok(bool::from(found))
}

/// Who asks to act on an order: a signed-in account, or whoever holds one of its keys.
#[derive(Debug, Clone)]
pub enum Holder {
    Account(UserId),
    Key(String),
}

impl Holder {
    /// Whether this holder may see and pay `order` (staff rights are the caller's business).
    pub fn opens(&self, txn: &impl Txn, order: &Order) -> Result<bool, OrderError> {
        match self {
            Holder::Account(user_id) => Ok(order.user_id == *user_id),
            Holder::Key(key) => key_opens(txn, order.id, key),
        }
    }
}

/// The order, when its shopper's `account` asks or `key` opens it; `None` alike for a missing
/// order and a wrong key. A presented key is hashed and checked first, whether the order exists
/// or not, and a stranger's order is not even read, so the two cannot be told apart by the
/// answer nor by its time beyond a few microseconds.
pub fn open_in(
    txn: &impl Txn,
    id: OrderId,
    account: Option<UserId>,
    key: Option<&str>,
) -> Result<Option<Order>, OrderError> {
    let by_key = match key {
        Some(key) => key_opens(txn, id, key)?,
        None => false,
    };
    let account = account.filter(|a| *a != GUEST);
    if !by_key && account.is_none() {
        return Ok(None);
    }
    let order = orders::ORDER_ID_TO_ORDER.read(txn)?.get(id.get())?;
    Ok(order.filter(|o| by_key || account == Some(o.user_id)))
}

/// Makes a guest order the account's: it is listed under the account from now on, its
/// coupon use counts as the account's, and the purchase coins it already earned (delivered
/// before the account took it) are credited now; later it earns them on delivery like any
/// order. Taking one's own order again changes nothing. Answers the order and the balance.
pub fn claim(
    store: &Store,
    id: OrderId,
    key: &str,
    user_id: UserId,
    username: &str,
    earn_percent: u32,
) -> Result<(Order, Coins), OrderError> {
    store.write(|txn| {
        if !key_opens(txn, id, key)? {
            return Err(OrderError::NotFound(id));
        }
        let mut order = orders::read_in(txn, id)?;
        let balance = |txn: &WriteTransaction| -> Result<Coins, OrderError> {
            Ok(crate::accounts::store::find_in(txn, user_id)?.map_or(Coins::ZERO, |u| u.coin))
        };
        if order.user_id == user_id {
            return Ok((order, balance(txn)?));
        }
        if order.user_id != GUEST {
            return Err(OrderError::conflict(
                "already_claimed",
                format!("order {} already belongs to an account", order.number),
            ));
        }
        order.user_id = user_id;
        if let Some(code) = &order.coupon {
            use crate::pricing::store::{Shopper, record_use};
            let guest = order
                .contact
                .as_ref()
                .map_or(Shopper::Unknown, Contact::shopper);
            record_use(txn, code, guest, false)?;
            record_use(txn, code, Shopper::Account(user_id), true)?;
        }
        if order.status == Status::Delivered && order.coins_earned == Coins::ZERO {
            order.coins_earned = earned_on_delivery(&order, earn_percent);
            if order.coins_earned > Coins::ZERO {
                coins::apply(
                    txn,
                    user_id,
                    &CoinChange {
                        amount: order.coins_earned,
                        reason: &format!("order {} delivered", order.number),
                        order_id: Some(order.id),
                        staff_id: None,
                    },
                )?;
            }
        }
        orders::write(txn, &order)?;
        ORDER_USER_TO_ORDER
            .write(txn)?
            .put((user_id.get(), id.get()), [].as_slice())?;
        crate::activity::log(
            txn,
            &crate::activity::Event {
                actor: username,
                kcard: "",
                action: "guest order claimed",
                target: &format!("order {}", order.number),
                details: "",
            },
        )?;
        Ok((order.clone(), balance(txn)?))
    })
}

/// The purchase coins a delivered order earns: `earn_percent` of its whole-baht total.
pub fn earned_on_delivery(order: &Order, earn_percent: u32) -> Coins {
    Coins(order.total.whole_coins().get() * i64::from(earn_percent) / 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contact(name: &str, phone: &str, email: &str) -> Contact {
        Contact {
            name: name.into(),
            phone: phone.into(),
            email: email.into(),
        }
    }

    #[test]
    fn a_plausible_contact_is_trimmed() {
        let parsed = contact(" Nok ", " 081-234-5678 ", " nok@example.com ")
            .parse()
            .unwrap();
        assert_eq!(parsed, contact("Nok", "081-234-5678", "nok@example.com"));
        assert!(
            contact("Siti", "+60 12-345 6789", "siti@example.my")
                .parse()
                .is_ok()
        );
    }

    #[test]
    fn each_bad_field_is_named() {
        let problems = contact("", "12", "not-mail").parse().unwrap_err();
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("contact.name"));
        assert!(problems[1].starts_with("contact.phone"));
        assert!(problems[2].starts_with("contact.email"));
        let long = "n".repeat(MAX_NAME + 1);
        assert!(contact(&long, "0812345678", "a@b.co").parse().is_err());
        assert!(
            contact("A", "+1234567890123456", "a@b.co").parse().is_err(),
            "16 digits"
        );
        assert!(contact("A", "+66 81 234 5678x", "a@b.co").parse().is_err());
    }

    #[test]
    fn keys_are_128_bits_of_hex_and_differ() {
        let (a, b) = (new_key(), new_key());
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
