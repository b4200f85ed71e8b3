//! The answers 2C2P posts back about a card payment attempt (`attempts`).
//!
//! Answers are checked field by field (`answer_format`), then their signature, then that they
//! echo what the attempt sent (merchant, attempt, invoice, currency, amount). Only a verified
//! `000` server notification marks the order paid, in one transaction with the payment record,
//! the status index, the sales aggregates, the money documents and messages
//! (`documents::paperwork`) and the activity line; a repeat changes nothing. Money for an order
//! that already has its payment is recorded as an extra payment the shop owes back.
//!
//! What a stranger can make the shop store is bounded (docs/PAYMENTS.md, "Limits"): answers
//! kept per attempt and per order, a digest instead of a refused answer's body, and one
//! activity line per minute for answers naming no attempt.

use std::collections::BTreeMap;
use std::sync::Mutex;

use redb::WriteTransaction;

use super::answer_format::{self, Refusal, Sent};
use super::attempts::{order_of_attempt, write};
use super::card_2c2p::{
    self as c2p, RESPONSE_FIELDS, STATUS_CANCELLED, STATUS_PENDING, STATUS_SUCCESS,
};
use crate::activity::{self, Event};
use crate::config::Card2c2p;
use crate::documents::paperwork::Paperwork;
use crate::orders::model::{
    AttemptStatus, CardAttempt, ExtraPayment, Order, PaymentMethod, PaymentNotice, PaymentStatus,
    Status, StatusChange,
};
use crate::orders::store::{ORDER_ID_TO_ORDER, OrderError};
use crate::store::{Store, StoreError};

/// Answers kept per attempt, and refused ones per attempt and per order; more are only
/// counted (`answersNotKept`), so nobody can grow an order by posting at it.
const MAX_NOTICES_PER_ATTEMPT: usize = 12;
const MAX_REFUSED_PER_ATTEMPT: usize = 8;
const MAX_REFUSED_PER_ORDER: usize = 24;
/// At most one activity line per this many milliseconds for answers naming no attempt.
const NOISE_WINDOW_MS: u64 = 60_000;
/// The name answers from 2C2P carry in the activity log.
const PROVIDER: &str = "2c2p";

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
    /// Refused (400): `malformed_field`, `invalid_signature`, `attempt_mismatch`,
    /// `amount_mismatch` or `unknown_attempt`.
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

impl From<Refusal> for Verdict {
    fn from(refusal: Refusal) -> Verdict {
        refused(refusal.code, refusal.message)
    }
}

/// Counts refusals of answers that name no attempt, so that such noise writes at most one
/// activity line per minute (with the count held back since the last one) however fast it
/// comes. In memory: a restart only starts a new minute.
#[derive(Debug, Default)]
pub struct Noise {
    window: Mutex<NoiseWindow>,
}

#[derive(Debug, Default)]
struct NoiseWindow {
    /// When the last line was written (unix milliseconds; 0 before the first).
    since: u64,
    held_back: u64,
}

impl Noise {
    /// `Some(held back since the last line)` when this refusal may write a line now.
    fn admit(&self, now: u64) -> Option<u64> {
        let mut window = self.window.lock().unwrap_or_else(|e| e.into_inner());
        if window.since == 0 || now >= window.since + NOISE_WINDOW_MS {
            window.since = now;
            Some(std::mem::take(&mut window.held_back))
        } else {
            window.held_back += 1;
            None
        }
    }
}

/// The answer as it came: its fields, and the digest and size of its body.
pub struct Answer {
    pub fields: BTreeMap<String, String>,
    pub digest: String,
    pub bytes: u64,
}

impl Answer {
    /// Parses a form body (`application/x-www-form-urlencoded`).
    pub fn parse(body: &[u8]) -> Answer {
        use sha2::Digest;
        let digest = hex::encode(sha2::Sha256::digest(body));
        Answer {
            fields: c2p::parse_form(body),
            digest: digest[..16].to_string(),
            bytes: body.len() as u64,
        }
    }

    fn field(&self, name: &str) -> &str {
        self.fields
            .get(name)
            .map(String::as_str)
            .unwrap_or_default()
    }
}

/// Checks an answer against the attempt it names; `Ok` when it is genuine and for this attempt.
/// Shapes first, so a re-cut answer is refused before its signature is computed.
fn verify(
    card: &Card2c2p,
    order: &Order,
    attempt: &CardAttempt,
    fields: &BTreeMap<String, String>,
) -> Result<(), Verdict> {
    answer_format::check_shapes(fields)?;
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
    let amount = c2p::amount_field(attempt.amount);
    let sent = Sent {
        merchant_id: &attempt.merchant_id,
        order_id: &attempt.id,
        invoice_no: &order.number,
        amount: &amount,
    };
    answer_format::check_echoes(fields, &sent)?;
    Ok(())
}

/// Takes one answer from 2C2P: verifies it, keeps it on its attempt (within the limits), and
/// applies it. Refusals change nothing else.
pub fn receive(
    store: &Store,
    card: &Card2c2p,
    paperwork: &Paperwork,
    noise: &Noise,
    channel: Channel,
    answer: Answer,
) -> Result<Received, OrderError> {
    let attempt_id = answer.field("order_id").to_string();
    store.write(|txn| {
        let order = match order_of_attempt(&attempt_id) {
            Some(id) => ORDER_ID_TO_ORDER.read(txn)?.get(id.get())?,
            None => None,
        };
        let found = order.and_then(|order| {
            let index = order.payment.attempts.iter().position(|a| a.id == attempt_id)?;
            Some((order, index))
        });
        let Some((mut order, index)) = found else {
            refuse_unattached(txn, noise, channel, &attempt_id)?;
            return Ok(Received {
                verdict: refused("unknown_attempt", "order_id names no payment attempt"),
                order: None,
            });
        };
        let now = activity::now_millis();
        let checked = verify(card, &order, &order.payment.attempts[index], &answer.fields);
        let verdict = match &checked {
            Err(verdict) => verdict.clone(),
            Ok(()) => apply(txn, &mut order, index, channel, &answer.fields, now, paperwork)?,
        };
        let kept = keep(&mut order, index, channel, &answer, &verdict, now);
        write(txn, &order)?;
        if let (Verdict::Refused { code, message }, true) = (&verdict, kept) {
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

/// An answer naming no attempt: one activity line per minute at most, with how many were held
/// back since the previous one.
fn refuse_unattached(
    txn: &WriteTransaction,
    noise: &Noise,
    channel: Channel,
    attempt_id: &str,
) -> Result<(), StoreError> {
    let Some(held_back) = noise.admit(activity::now_millis()) else {
        return Ok(());
    };
    let named: String = attempt_id
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(20)
        .collect();
    tracing::warn!(attempt = %named, channel = channel.as_str(), held_back, "2C2P answer for no attempt refused");
    activity::log(
        txn,
        &Event {
            actor: PROVIDER,
            kcard: "",
            action: "card payment answer refused",
            target: &format!("payment {named}"),
            details: &format!(
                "unknown_attempt ({}): no such attempt; {held_back} more refused since the previous line",
                channel.as_str()
            ),
        },
    )
}

/// Keeps the answer on its attempt while the limits allow: a verified one with its signed
/// fields, a refused one as a digest. Over the limits it is only counted. Whether it was kept.
fn keep(
    order: &mut Order,
    index: usize,
    channel: Channel,
    answer: &Answer,
    verdict: &Verdict,
    now: u64,
) -> bool {
    let verified = !matches!(verdict, Verdict::Refused { .. });
    let refused_in_order: usize = order
        .payment
        .attempts
        .iter()
        .flat_map(|a| &a.notices)
        .filter(|n| !n.verified)
        .count();
    let attempt = &mut order.payment.attempts[index];
    let refused_in_attempt = attempt.notices.iter().filter(|n| !n.verified).count();
    let room = attempt.notices.len() < MAX_NOTICES_PER_ATTEMPT
        && (verified
            || (refused_in_attempt < MAX_REFUSED_PER_ATTEMPT
                && refused_in_order < MAX_REFUSED_PER_ORDER));
    if !room {
        attempt.answers_not_kept = attempt.answers_not_kept.saturating_add(1);
        return false;
    }
    let fields = if verified {
        // Checked shapes: every value is short and plain.
        RESPONSE_FIELDS
            .iter()
            .chain(&["hash_value"])
            .filter_map(|name| Some(((*name).to_string(), answer.fields.get(*name)?.clone())))
            .collect()
    } else {
        BTreeMap::new()
    };
    attempt.notices.push(PaymentNotice {
        at: now,
        channel: channel.as_str().into(),
        verified,
        verdict: match verdict {
            Verdict::Applied => "applied".to_string(),
            Verdict::Recorded => "recorded".to_string(),
            Verdict::Refused { code, .. } => (*code).to_string(),
        },
        payment_status: answer
            .field("payment_status")
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .take(8)
            .collect(),
        fields,
        digest: answer.digest.clone(),
        bytes: answer.bytes,
    });
    true
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
    paperwork: &Paperwork,
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
            mark_paid(
                txn,
                order,
                &attempt_id,
                transaction_ref.as_deref(),
                paperwork,
            )?;
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

/// A card payment for an order whose money had already come (another attempt, or staff
/// confirmed a transfer): kept as an extra payment the shop owes back, shown on the order
/// (`payment.refundDue`), counted on the dashboard, refundable at the desk.
fn record_extra(
    txn: &WriteTransaction,
    order: &mut Order,
    attempt_id: &str,
    transaction_ref: Option<&str>,
    details: &str,
) -> Result<(), OrderError> {
    let amount = order
        .payment
        .attempts
        .iter()
        .find(|a| a.id == attempt_id)
        .map_or(order.total, |a| a.amount);
    order.payment.extra_payments.push(ExtraPayment {
        amount,
        method: PaymentMethod::Card2c2p,
        reference: format!(
            "2C2P attempt {attempt_id}, transaction {}",
            transaction_ref.unwrap_or("-")
        ),
        received_at: activity::now_millis(),
        refund_reference: None,
        refunded_at: None,
    });
    crate::orders::store::note_refund_state(txn, order)?;
    activity::log(
        txn,
        &Event {
            actor: PROVIDER,
            kcard: &order.kcard,
            action: "card payment received twice",
            target: &format!("order {}", order.number),
            details: &format!("{details}; the order's money had already come: refund due"),
        },
    )?;
    Ok(())
}

/// The order is paid: status, history, index, payment record, sales and activity, in `txn`.
/// An order already cancelled (expired, or by staff) keeps its status and owes a refund; an
/// order whose money had already come owes this payment back.
fn mark_paid(
    txn: &WriteTransaction,
    order: &mut Order,
    attempt_id: &str,
    transaction_ref: Option<&str>,
    paperwork: &Paperwork,
) -> Result<(), OrderError> {
    let details = format!(
        "card via 2C2P, attempt {attempt_id}, transaction {}, {} satang",
        transaction_ref.unwrap_or("-"),
        order.total.get()
    );
    if order.payment.money_received() {
        return record_extra(txn, order, attempt_id, transaction_ref, &details);
    }
    if order.status != Status::PendingPayment {
        // Money came for an order that no longer waits for it (expired or cancelled unpaid).
        order.payment.status = PaymentStatus::RefundDue;
        crate::orders::store::note_refund_state(txn, order)?;
        activity::log(
            txn,
            &Event {
                actor: PROVIDER,
                kcard: &order.kcard,
                action: "card payment for an order not waiting for it",
                target: &format!("order {}", order.number),
                details: &format!("{details}; order is {}; refund due", order.status.as_str()),
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
    crate::documents::paperwork::settle(txn, order, Status::Paid, paperwork)?;
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
