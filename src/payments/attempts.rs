//! Card payment attempts of an order and the answers 2C2P posts back.
//!
//! An attempt is one signed form with its own 2C2P `order_id` (`K000012P1ABCD`: the order
//! number, `P`, the attempt's number and four random characters, so a retry or a restored
//! database never sends 2C2P an `order_id` twice). Answers are verified (signature, merchant,
//! currency, amount, attempt) and every one is stored on its attempt, verified or not. Only a
//! verified `000` server notification marks the order paid, in one transaction with the
//! payment record, the status index, the sales aggregates and the activity line; a repeat
//! changes nothing.

use std::collections::BTreeMap;

use redb::WriteTransaction;

use super::card_2c2p::{self as c2p, STATUS_CANCELLED, STATUS_PENDING, STATUS_SUCCESS};
use crate::activity::{self, Event};
use crate::config::{Card2c2p, Payments};
use crate::domain::OrderId;
use crate::notify::outbox::Plan;
use crate::orders::model::{
    AttemptStatus, CardAttempt, Order, PaymentMethod, PaymentNotice, PaymentStatus, Redirect,
    Status, StatusChange,
};
use crate::orders::store::{ORDER_ID_TO_ORDER, OrderError};
use crate::store::{Store, StoreError};

/// The paths 2C2P is given as result URLs, after the shop's public address.
pub const RETURN_PATH: &str = "/api/app/payment/2c2p/return";
pub const NOTIFY_PATH: &str = "/api/app/payment/2c2p/notify";
/// Answers kept per attempt; more are refused into the activity log only, so nobody can grow
/// an order without bound by posting at it.
const MAX_NOTICES: usize = 50;
/// The name answers from 2C2P carry in the activity log.
const PROVIDER: &str = "2c2p";

/// What the shop knows to sign and address a payment request.
#[derive(Debug, Clone, Copy)]
pub struct Shop<'a> {
    pub card: &'a Card2c2p,
    pub payments: &'a Payments,
    pub public_url: &'a str,
}

fn read(txn: &WriteTransaction, id: OrderId) -> Result<Order, OrderError> {
    ORDER_ID_TO_ORDER
        .read(txn)?
        .get(id.get())?
        .ok_or(OrderError::NotFound(id))
}

fn write(txn: &WriteTransaction, order: &Order) -> Result<(), StoreError> {
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

/// Which result URL an answer came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// `result_url_2`: 2C2P's server. The one trusted to mark an order paid.
    Notify,
    /// `result_url_1`: the shopper's browser.
    Return,
}

impl Channel {
    fn as_str(self) -> &'static str {
        match self {
            Channel::Notify => "notify",
            Channel::Return => "return",
        }
    }
}

/// What the shop did with an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Verified and it changed the order (paid, failed, cancelled).
    Applied,
    /// Verified; it had been applied before, or it only confirms what is known.
    Recorded,
    /// Refused (400): `invalid_signature`, `amount_mismatch` or `unknown_attempt`.
    Refused { code: &'static str, message: String },
}

/// The answer's verdict and the order it concerned, when known.
#[derive(Debug, Clone)]
pub struct Received {
    pub verdict: Verdict,
    pub order: Option<Order>,
}

fn refused(code: &'static str, message: impl Into<String>) -> Verdict {
    Verdict::Refused {
        code,
        message: message.into(),
    }
}

/// Checks an answer against the attempt it names; `Ok` when it is genuine and for this attempt.
fn verify(
    card: &Card2c2p,
    attempt: &CardAttempt,
    fields: &BTreeMap<String, String>,
) -> Result<(), Verdict> {
    let Some(merchant) = card.merchant_by_id(&attempt.merchant_id) else {
        return Err(refused(
            "invalid_signature",
            "the attempt's merchant is no longer configured",
        ));
    };
    if !c2p::response_is_signed(merchant.secret_key.expose(), fields) {
        return Err(refused(
            "invalid_signature",
            "hash_value does not match the fields",
        ));
    }
    let field = |name: &str| fields.get(name).map(String::as_str).unwrap_or_default();
    if field("merchant_id") != attempt.merchant_id {
        return Err(refused(
            "invalid_signature",
            "merchant_id is not the attempt's merchant",
        ));
    }
    if field("currency") != c2p::CURRENCY_THB {
        return Err(refused(
            "amount_mismatch",
            "currency is not 764 (Thai baht)",
        ));
    }
    if field("amount") != c2p::amount_field(attempt.amount) {
        return Err(refused(
            "amount_mismatch",
            format!(
                "amount {} is not the attempt's {}",
                field("amount"),
                c2p::amount_field(attempt.amount)
            ),
        ));
    }
    Ok(())
}

/// Takes one answer from 2C2P: verifies it, stores it on its attempt, and applies it. Refusals
/// are stored too (and logged) but change nothing else.
pub fn receive(
    store: &Store,
    card: &Card2c2p,
    plan: &Plan,
    channel: Channel,
    fields: BTreeMap<String, String>,
) -> Result<Received, OrderError> {
    let attempt_id = fields.get("order_id").cloned().unwrap_or_default();
    let status_code = fields.get("payment_status").cloned().unwrap_or_default();
    store.write(|txn| {
        let refuse_unattached = |txn: &WriteTransaction, message: &str| {
            tracing::warn!(attempt = %attempt_id, channel = channel.as_str(), "2C2P answer refused: {message}");
            activity::log(
                txn,
                &Event {
                    actor: PROVIDER,
                    kcard: "",
                    action: "card payment answer refused",
                    target: &format!("payment {}", attempt_id.chars().take(40).collect::<String>()),
                    details: &format!("unknown_attempt ({}): {message}", channel.as_str()),
                },
            )
        };
        let order = match order_of_attempt(&attempt_id) {
            Some(id) => ORDER_ID_TO_ORDER.read(txn)?.get(id.get())?,
            None => None,
        };
        let Some(mut order) = order else {
            refuse_unattached(txn, "no such order")?;
            return Ok(Received {
                verdict: refused("unknown_attempt", "order_id names no payment attempt"),
                order: None,
            });
        };
        let Some(index) = order.payment.attempts.iter().position(|a| a.id == attempt_id) else {
            refuse_unattached(txn, "no such attempt")?;
            return Ok(Received {
                verdict: refused("unknown_attempt", "order_id names no payment attempt"),
                order: None,
            });
        };
        let now = activity::now_millis();
        let checked = verify(card, &order.payment.attempts[index], &fields);
        let verdict = match &checked {
            Err(verdict) => verdict.clone(),
            Ok(()) => apply(txn, &mut order, index, channel, &fields, now, plan)?,
        };
        let verdict_text = match &verdict {
            Verdict::Applied => "applied".to_string(),
            Verdict::Recorded => "recorded".to_string(),
            Verdict::Refused { code, .. } => (*code).to_string(),
        };
        let attempt = &mut order.payment.attempts[index];
        if attempt.notices.len() < MAX_NOTICES {
            attempt.notices.push(PaymentNotice {
                at: now,
                channel: channel.as_str().into(),
                verified: checked.is_ok(),
                verdict: verdict_text.clone(),
                payment_status: status_code.chars().take(8).collect(),
                fields: fields
                    .iter()
                    .take(80)
                    .map(|(k, v)| (k.chars().take(64).collect(), v.chars().take(500).collect()))
                    .collect(),
            });
            write(txn, &order)?;
        }
        if let Verdict::Refused { code, message } = &verdict {
            tracing::warn!(order = %order.number, attempt = %attempt_id, channel = channel.as_str(), code, "2C2P answer refused: {message}");
            activity::log(
                txn,
                &Event {
                    actor: PROVIDER,
                    kcard: "",
                    action: "card payment answer refused",
                    target: &format!("order {}", order.number),
                    details: &format!("{code} ({}): {message}", channel.as_str()),
                },
            )?;
        }
        Ok(Received {
            verdict,
            order: Some(order),
        })
    })
}

/// Applies a verified answer to the order in memory (the caller writes it) and, for a payment,
/// the order's paid status with everything that goes with it.
fn apply(
    txn: &WriteTransaction,
    order: &mut Order,
    index: usize,
    channel: Channel,
    fields: &BTreeMap<String, String>,
    now: u64,
    plan: &Plan,
) -> Result<Verdict, OrderError> {
    let status_code = fields
        .get("payment_status")
        .map(String::as_str)
        .unwrap_or_default();
    let latest = index + 1 == order.payment.attempts.len();
    let attempt = &mut order.payment.attempts[index];
    if channel == Channel::Return && attempt.returned_at.is_none() {
        attempt.returned_at = Some(now);
    }
    if attempt.status == AttemptStatus::Paid {
        // Paid is final: a repeat, or a late answer, changes nothing.
        return Ok(Verdict::Recorded);
    }
    let transaction_ref = fields.get("transaction_ref").cloned();
    match status_code {
        STATUS_SUCCESS if channel == Channel::Notify => {
            attempt.status = AttemptStatus::Paid;
            attempt.result_code = Some(status_code.into());
            attempt.transaction_ref = transaction_ref.clone();
            attempt.notified_at = Some(now);
            let attempt_id = attempt.id.clone();
            mark_paid(txn, order, &attempt_id, transaction_ref.as_deref(), plan)?;
            Ok(Verdict::Applied)
        }
        // The browser's word is not enough to ship goods: the order waits for the server's.
        STATUS_SUCCESS | STATUS_PENDING => {
            attempt.result_code = Some(status_code.into());
            Ok(Verdict::Recorded)
        }
        _ => {
            if attempt.status != AttemptStatus::Pending {
                return Ok(Verdict::Recorded);
            }
            attempt.status = if status_code == STATUS_CANCELLED {
                AttemptStatus::Cancelled
            } else {
                AttemptStatus::Failed
            };
            attempt.result_code = Some(status_code.chars().take(8).collect());
            if channel == Channel::Notify {
                attempt.notified_at = Some(now);
            }
            let outcome = attempt.status;
            if latest && order.status == Status::PendingPayment {
                order.payment.status = PaymentStatus::Failed;
                order.payment.redirect = None;
            }
            activity::log(
                txn,
                &Event {
                    actor: PROVIDER,
                    kcard: &order.kcard,
                    action: if outcome == AttemptStatus::Cancelled {
                        "card payment cancelled"
                    } else {
                        "card payment failed"
                    },
                    target: &format!("order {}", order.number),
                    details: &format!(
                        "attempt {} status {status_code}",
                        order.payment.attempts[index].id
                    ),
                },
            )?;
            Ok(Verdict::Applied)
        }
    }
}

/// The order is paid: status, history, index, payment record, sales and activity, in `txn`.
/// An order already cancelled (expired, or by staff) keeps its status and owes a refund.
fn mark_paid(
    txn: &WriteTransaction,
    order: &mut Order,
    attempt_id: &str,
    transaction_ref: Option<&str>,
    plan: &Plan,
) -> Result<(), OrderError> {
    let details = format!(
        "card via 2C2P, attempt {attempt_id}, transaction {}, {} satang",
        transaction_ref.unwrap_or("-"),
        order.total.get()
    );
    if order.status != Status::PendingPayment {
        // Money came for an order that no longer waits for it.
        if order.payment.status != PaymentStatus::Paid {
            order.payment.status = PaymentStatus::RefundDue;
        }
        activity::log(
            txn,
            &Event {
                actor: PROVIDER,
                kcard: &order.kcard,
                action: "card payment for an order not waiting for it",
                target: &format!("order {}", order.number),
                details: &format!("{details}; order is {}", order.status.as_str()),
            },
        )?;
        return Ok(());
    }
    crate::orders::desk::reindex_status(txn, order.id, order.status, Status::Paid)?;
    order.status = Status::Paid;
    order.history.push(StatusChange {
        status: Status::Paid,
        at: activity::now_millis(),
    });
    order.payment.status = PaymentStatus::Paid;
    order.payment.redirect = None;
    order.payment_reference = transaction_ref.map(|r| format!("2C2P {r}"));
    crate::orders::sales::record_payment(txn, order, true)?;
    crate::orders::paperwork::issue_on_payment(txn, order, plan, activity::now_millis())?;
    crate::orders::paperwork::announce(txn, plan, order, Status::Paid)?;
    activity::log(
        txn,
        &Event {
            actor: PROVIDER,
            kcard: &order.kcard,
            action: "order paid",
            target: &format!("order {}", order.number),
            details: &details,
        },
    )?;
    Ok(())
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
