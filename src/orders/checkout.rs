//! The checks of a checkout, before an order is placed: whose cart it is (the signed-in
//! shopper's own, or a guest's visitor cart with a contact), the address, the VAT details, the
//! payment method, the idempotency key and the coins. The handler parses the JSON, hands it
//! over as a [`Checkout`] and gets back the [`PlaceRequest`] the order desk places, so every
//! rule of a checkout lives in the orders domain.
//!
//! It takes two steps because a guest's checkout is rate limited between them: [`Checkout::check`]
//! refuses a malformed request before it counts against the address's limit, and
//! [`Checked::into_request`] finishes it (trimming, the e-mail address) once it is let through.

use serde_json::Value;

use super::guest::{Contact, GUEST};
use super::model::PaymentMethod;
use super::place::{GuestOrder, PlaceRequest};
use super::store::OrderError;
use crate::accounts::model::{Address, VatInfo};
use crate::cart::model::CartOwner;
use crate::domain::{Coins, IdempotencyKey, UserId};
use crate::i18n::Locale;

/// A checkout as the shopper sent it, with who sends it.
pub struct Checkout {
    /// The signed-in shopper (id and username); `None` for a guest.
    pub caller: Option<(UserId, String)>,
    /// The cart's id as sent: the shopper's own id, or a guest's visitor id (a UUID).
    pub id: Value,
    pub address: Address,
    pub coupon: Option<String>,
    pub coins: Option<i64>,
    pub payment: String,
    pub idempotency_key: String,
    pub vat_info: Option<VatInfo>,
    pub lang: Option<String>,
    pub email: Option<String>,
    pub contact: Option<Contact>,
    pub kcard: String,
}

/// A checkout whose shape is good, waiting for the guest limit.
pub struct Checked {
    user_id: UserId,
    username: String,
    guest: Option<GuestOrder>,
    address: Address,
    vat_info: Option<VatInfo>,
    coupon: Option<String>,
    coins: Coins,
    payment: PaymentMethod,
    idempotency_key: IdempotencyKey,
    lang: Option<String>,
    email: Option<String>,
    kcard: String,
}

impl Checkout {
    /// Checks the request, in the order its answers name the first problem: the cart's owner
    /// (403 for another shopper's cart), the guest's contact and coins, the address (its
    /// province one of `is_province`), the VAT details, the payment, the key and the coins.
    pub fn check(self, is_province: impl Fn(&str) -> bool) -> Result<Checked, OrderError> {
        let (user_id, username, guest) = match self.caller {
            Some((caller, username)) => {
                let user_id = user_id_from(&self.id, "id")?;
                if user_id != caller {
                    return Err(OrderError::Forbidden(
                        "you can only order from your own cart".into(),
                    ));
                }
                (user_id, username, None)
            }
            None => {
                let visitor = match self.id.as_str().map(CartOwner::parse) {
                    Some(Ok(CartOwner::Visitor(visitor))) => visitor,
                    _ => {
                        return Err(OrderError::invalid(
                            "invalid_cart_id",
                            "id: without signing in, must be the visitor id (a UUID)",
                        ));
                    }
                };
                let contact = self
                    .contact
                    .clone()
                    .ok_or_else(|| {
                        vec!["contact: give a name, phone and e-mail, or sign in".to_string()]
                    })
                    .and_then(Contact::parse)
                    .map_err(|problems| {
                        OrderError::invalid("invalid_contact", problems.join("; "))
                    })?;
                if self.coins.unwrap_or(0) > 0 {
                    return Err(OrderError::invalid(
                        "coins_need_sign_in",
                        "coins: sign in to use coins",
                    ));
                }
                (
                    GUEST,
                    "guest".to_string(),
                    Some(GuestOrder { visitor, contact }),
                )
            }
        };
        let mut problems = self.address.problems("address");
        if problems.is_empty() && !is_province(&self.address.province) {
            problems.push(format!(
                "address.province: {:?} is not a Thai province key such as bangkok",
                self.address.province
            ));
        }
        if !problems.is_empty() {
            return Err(OrderError::invalid("invalid_address", problems.join("; ")));
        }
        if let Some(vat) = &self.vat_info {
            let problems = vat.problems();
            if !problems.is_empty() {
                return Err(OrderError::invalid("invalid_vat_info", problems.join("; ")));
            }
        }
        let payment = PaymentMethod::parse(&self.payment).ok_or_else(|| {
            OrderError::invalid(
                "invalid_payment",
                "payment: must be promptpay, bank_transfer or card_2c2p",
            )
        })?;
        let idempotency_key = IdempotencyKey::parse(&self.idempotency_key)
            .map_err(|message| OrderError::invalid("invalid_idempotency_key", message))?;
        let coins = Coins(self.coins.unwrap_or(0));
        if coins.is_negative() {
            return Err(OrderError::invalid(
                "invalid_input",
                "coins: must not be negative",
            ));
        }
        Ok(Checked {
            user_id,
            username,
            guest,
            address: self.address,
            vat_info: self.vat_info,
            coupon: self.coupon,
            coins,
            payment,
            idempotency_key,
            lang: self.lang,
            email: self.email,
            kcard: self.kcard,
        })
    }
}

impl Checked {
    /// Whether it is a guest's checkout (limited per address).
    pub fn is_guest(&self) -> bool {
        self.guest.is_some()
    }

    /// The request the order desk places: the address and coupon trimmed, the language, and
    /// the e-mail address checked.
    pub fn into_request(self) -> Result<PlaceRequest, OrderError> {
        Ok(PlaceRequest {
            user_id: self.user_id,
            username: self.username,
            address: trimmed(self.address),
            vat_info: self.vat_info,
            coupon: self
                .coupon
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty()),
            coins: self.coins,
            payment: self.payment,
            idempotency_key: self.idempotency_key,
            lang: self
                .lang
                .as_deref()
                .and_then(Locale::parse)
                .unwrap_or(Locale::En),
            kcard: self.kcard,
            email: checkout_email(self.email)?,
            guest: self.guest,
        })
    }
}

fn user_id_from(value: &Value, field: &str) -> Result<UserId, OrderError> {
    match value {
        Value::Number(n) => n.as_u64().map(UserId),
        Value::String(s) => UserId::parse(s).ok(),
        _ => None,
    }
    .ok_or_else(|| {
        OrderError::invalid(
            "invalid_cart_id",
            format!("{field}: must be the signed-in user's id"),
        )
    })
}

fn trimmed(address: Address) -> Address {
    Address {
        name: address.name.trim().into(),
        phone: address.phone.trim().into(),
        line1: address.line1.trim().into(),
        district: address.district.trim().into(),
        province: address.province.trim().into(),
        postcode: address.postcode.trim().into(),
    }
}

/// The checkout's e-mail field: trimmed, empty as not given, else a plausible address.
fn checkout_email(email: Option<String>) -> Result<Option<String>, OrderError> {
    let Some(email) = email
        .map(|e| e.trim().to_string())
        .filter(|e| !e.is_empty())
    else {
        return Ok(None);
    };
    if !crate::accounts::store::is_email(&email) {
        return Err(OrderError::invalid(
            "invalid_input",
            format!("email: {email:?} is not an e-mail address"),
        ));
    }
    Ok(Some(email))
}
