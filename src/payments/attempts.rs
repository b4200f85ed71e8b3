//! Card payment attempts of an order: the first one at checkout, another on "pay again", or a
//! switch to another method while the order waits for payment. The answers 2C2P posts back
//! about them are taken by `answers`.
//!
//! An attempt is one signed form with its own 2C2P `order_id` (`K000012P1ABCD`: the order
//! number, `P`, the attempt's number and four random characters, so a retry or a restored
//! database never sends 2C2P an `order_id` twice). What a stranger can make the shop store is
//! bounded (docs/PAYMENTS.md, "Limits"), here by the attempts one order may open.

use redb::WriteTransaction;

use super::card_2c2p as c2p;
use crate::activity::{self, Event};
use crate::config::{Card2c2p, Payments};
use crate::domain::OrderId;
use crate::orders::model::{
    AttemptStatus, CardAttempt, Order, PaymentMethod, PaymentStatus, Redirect, Status,
};
use crate::orders::store::{ORDER_ID_TO_ORDER, OrderError};
use crate::store::{Store, StoreError};

/// The paths 2C2P is given as result URLs, after the shop's public address.
pub const RETURN_PATH: &str = "/api/app/payment/2c2p/return";
pub const NOTIFY_PATH: &str = "/api/app/payment/2c2p/notify";
/// Card attempts one order may open ("pay again"); each keeps its answers.
pub const MAX_ATTEMPTS: usize = 10;

/// What the shop knows to sign and address a payment request.
#[derive(Debug, Clone, Copy)]
pub struct Shop<'a> {
    pub card: &'a Card2c2p,
    pub payments: &'a Payments,
    pub public_url: &'a str,
}

pub(super) fn read(txn: &WriteTransaction, id: OrderId) -> Result<Order, OrderError> {
    ORDER_ID_TO_ORDER
        .read(txn)?
        .get(id.get())?
        .ok_or(OrderError::NotFound(id))
}

pub(super) fn write(txn: &WriteTransaction, order: &Order) -> Result<(), StoreError> {
    ORDER_ID_TO_ORDER.write(txn)?.put(order.id.get(), order)
}

/// A new attempt id for the order's `n`th attempt.
fn attempt_id(order: &Order, n: usize) -> String {
    const CHARS: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let random: [u8; 4] = rand::random();
    let suffix: String = random
        .iter()
        .map(|b| CHARS[usize::from(*b) % CHARS.len()] as char)
        .collect();
    let mut id = format!("{}P{n}{suffix}", order.number);
    id.truncate(c2p::MAX_ORDER_ID);
    id
}

/// The order an attempt id belongs to (`K000012P…` → 12).
pub fn order_of_attempt(attempt: &str) -> Option<OrderId> {
    let digits: String = attempt
        .strip_prefix('K')?
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok().map(OrderId)
}

/// Adds a new signed attempt to an unpaid order (in memory).
fn add_attempt(order: &mut Order, shop: Shop) -> Result<(), OrderError> {
    let merchant = shop.card.merchant_for(order.total).ok_or_else(|| {
        OrderError::invalid(
            "invalid_payment",
            "payment: this shop takes no card payment for this amount",
        )
    })?;
    if order.payment.attempts.len() >= MAX_ATTEMPTS {
        return Err(OrderError::conflict(
            "too_many_attempts",
            format!(
                "order {} has had {MAX_ATTEMPTS} card payment attempts; please pay another way or contact the shop",
                order.number
            ),
        ));
    }
    let id = attempt_id(order, order.payment.attempts.len() + 1);
    let return_url = format!("{}{RETURN_PATH}", shop.public_url);
    let notify_url = format!("{}{NOTIFY_PATH}", shop.public_url);
    let description = format!("Order {}", order.number);
    let fields = c2p::request_fields(&c2p::Request {
        merchant_id: &merchant.merchant_id,
        secret_key: merchant.secret_key.expose(),
        description: &description,
        order_id: &id,
        invoice_no: &order.number,
        amount: order.total,
        result_url_1: &return_url,
        result_url_2: &notify_url,
        payment_option: &merchant.payment_option,
        lang: order.lang,
    });
    order.payment.attempts.push(CardAttempt {
        id,
        merchant: merchant.name.clone(),
        merchant_id: merchant.merchant_id.clone(),
        amount: order.total,
        created_at: activity::now_millis(),
        status: AttemptStatus::Pending,
        result_code: None,
        transaction_ref: None,
        returned_at: None,
        notified_at: None,
        notices: Vec::new(),
        answers_not_kept: 0,
    });
    order.payment.redirect = Some(Redirect {
        url: shop.card.payment_url.clone(),
        fields,
    });
    order.payment.status = PaymentStatus::Pending;
    Ok(())
}

/// Right after a card order is placed: its first attempt (a replayed placement keeps the open
/// one). Other orders come back as they are.
pub fn ensure_attempt(store: &Store, id: OrderId, shop: Shop) -> Result<Order, OrderError> {
    store.write(|txn| {
        let mut order = read(txn, id)?;
        let waiting = order.status == Status::PendingPayment
            && order.payment.method == PaymentMethod::Card2c2p
            && order.payment.redirect.is_none();
        if waiting {
            add_attempt(&mut order, shop)?;
            write(txn, &order)?;
            log_attempt(txn, &order, "")?;
        }
        Ok(order)
    })
}

fn log_attempt(txn: &WriteTransaction, order: &Order, actor: &str) -> Result<(), StoreError> {
    let attempt = order.payment.attempts.last();
    activity::log(
        txn,
        &Event {
            actor,
            kcard: &order.kcard,
            action: "card payment started",
            target: &format!("order {}", order.number),
            details: &attempt
                .map(|a| format!("attempt {} via {}", a.id, a.merchant))
                .unwrap_or_default(),
        },
    )
}

/// The shopper pays an unpaid order again: a new card attempt, or a switch to another method
/// the shop offers (the sales slices follow the switch).
pub fn pay_again(
    store: &Store,
    id: OrderId,
    holder: &crate::orders::guest::Holder,
    username: &str,
    method: PaymentMethod,
    shop: Shop,
) -> Result<Order, OrderError> {
    store.write(|txn| {
        let mut order = read(txn, id)?;
        if !holder.opens(txn, &order)? {
            return Err(OrderError::NotFound(id));
        }
        if order.status != Status::PendingPayment {
            return Err(OrderError::conflict(
                "not_payable",
                format!(
                    "order {} is {}: only an order waiting for payment can be paid",
                    order.number,
                    order.status.as_str()
                ),
            ));
        }
        if order.payment.method != method {
            let fresh = crate::orders::place::payment_for(method, shop.payments, order.total)?;
            crate::orders::sales::record(txn, &order, false)?;
            order.payment.method = fresh.method;
            order.payment.promptpay_id = fresh.promptpay_id;
            order.payment.promptpay_payload = fresh.promptpay_payload;
            order.payment.bank = fresh.bank;
            order.payment.redirect = None;
            order.payment.status = PaymentStatus::Pending;
            crate::orders::sales::record(txn, &order, true)?;
        }
        if method == PaymentMethod::Card2c2p {
            add_attempt(&mut order, shop)?;
        }
        write(txn, &order)?;
        if method == PaymentMethod::Card2c2p {
            log_attempt(txn, &order, username)?;
        } else {
            activity::log(
                txn,
                &Event {
                    actor: username,
                    kcard: &order.kcard,
                    action: "payment method changed",
                    target: &format!("order {}", order.number),
                    details: method.as_str(),
                },
            )?;
        }
        Ok(order)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempt_ids_name_their_order() {
        assert_eq!(order_of_attempt("K000012P1ABCD"), Some(OrderId(12)));
        assert_eq!(
            order_of_attempt("K1234567P12WXYZ"),
            Some(OrderId(1_234_567))
        );
        assert_eq!(order_of_attempt("X000012P1ABCD"), None);
        assert_eq!(order_of_attempt("KP1"), None);
    }
}
