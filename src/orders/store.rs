//! The order tables, and every change to an order after it was placed. Each change — the order,
//! its stock, coins, coupon uses and log line — is one write transaction.

use redb::WriteTransaction;

use super::model::{Note, Order, Review, Shipment, Status, StatusChange};
use crate::accounts::coins::{self, CoinChange};
use crate::accounts::store::AccountError;
use crate::activity;
use crate::catalog::stock::STOCK_CODE_TO_LEVEL;
use crate::domain::{Coins, OrderId, UserId};
use crate::store::{JsonTable, Store, StoreError, Txn, ValueTable};

/// Order id → [`Order`].
pub const ORDER_ID_TO_ORDER: JsonTable<u64, Order> = JsonTable::new("order_id_to_order");
/// (user id, order id) → nothing: a shopper's orders in the order they were placed.
pub const ORDER_USER_TO_ORDER: ValueTable<(u64, u64), &[u8]> =
    ValueTable::new("order_user_to_order");
/// `<user id>:<idempotency key>` → order id: a repeated placement answers the first order.
pub const ORDER_KEY_TO_ORDER: ValueTable<&str, u64> = ValueTable::new("order_key_to_order");
/// Order id → nothing: the orders that owe their shopper money back (`payment.refundDue`), so
/// the dashboard counts them without reading every order.
pub const REFUND_DUE_TO_ORDER: ValueTable<u64, &[u8]> = ValueTable::new("refund_due_to_order");

/// Sets `payment.refund_due` from the order's money and keeps [`REFUND_DUE_TO_ORDER`] in step.
/// Called in the transaction that writes the order, wherever its money changes (a payment,
/// a cancellation, a refund), so the flag and the index never disagree with the payment.
pub fn note_refund_state(txn: &WriteTransaction, order: &mut Order) -> Result<(), StoreError> {
    order.payment.refund_due = order.payment.owes_refund();
    let mut index = REFUND_DUE_TO_ORDER.write(txn)?;
    if order.payment.refund_due {
        index.put(order.id.get(), [].as_slice())?;
    } else {
        index.remove(order.id.get())?;
    }
    Ok(())
}

#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    /// 400: the request is wrong; the message names the field.
    #[error("{message}")]
    Invalid { code: &'static str, message: String },
    /// 409: the request is fine but the shop's state refuses it (stock, status).
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    #[error("there is no order {0}")]
    NotFound(OrderId),
    #[error("{0}")]
    Forbidden(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl OrderError {
    pub fn invalid(code: &'static str, message: impl Into<String>) -> Self {
        OrderError::Invalid {
            code,
            message: message.into(),
        }
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        OrderError::Conflict {
            code,
            message: message.into(),
        }
    }
}

impl From<AccountError> for OrderError {
    fn from(err: AccountError) -> Self {
        match err {
            AccountError::Store(err) => OrderError::Store(err),
            other => OrderError::invalid("invalid_input", other.to_string()),
        }
    }
}

pub(super) fn write(txn: &WriteTransaction, order: &Order) -> Result<(), StoreError> {
    ORDER_ID_TO_ORDER.write(txn)?.put(order.id.get(), order)
}

/// An order that must exist, in a read or a write transaction.
pub(super) fn read_in(txn: &impl Txn, id: OrderId) -> Result<Order, OrderError> {
    ORDER_ID_TO_ORDER
        .read(txn)?
        .get(id.get())?
        .ok_or(OrderError::NotFound(id))
}

/// [`get`] inside a transaction the caller holds.
pub fn get_in(txn: &impl Txn, id: OrderId) -> Result<Order, OrderError> {
    read_in(txn, id)
}

pub fn get(store: &Store, id: OrderId) -> Result<Order, OrderError> {
    store.read(|txn| read_in(txn, id))
}

/// A shopper's orders, newest first.
pub fn list_for_user(store: &Store, user_id: UserId) -> Result<Vec<Order>, OrderError> {
    let user = user_id.get();
    store.read(|txn| {
        let orders = ORDER_ID_TO_ORDER.read(txn)?;
        let mut out = Vec::new();
        for (_, id) in ORDER_USER_TO_ORDER
            .read(txn)?
            .keys_in((user, 0)..=(user, u64::MAX))?
            .into_iter()
            .rev()
        {
            if let Some(order) = orders.get(id)? {
                out.push(order);
            }
        }
        Ok(out)
    })
}

/// Delivered orders the shopper has not reviewed yet.
pub fn need_review_count(store: &Store, user_id: UserId) -> Result<usize, OrderError> {
    Ok(list_for_user(store, user_id)?
        .iter()
        .filter(|o| o.needs_review())
        .count())
}

/// Who moves an order along: staff, or the shopper cancelling their own unpaid order.
pub struct OrderMover {
    pub user_id: UserId,
    pub username: String,
    pub staff: bool,
    /// The channel the request came through (the `kcard` header), for the log line.
    pub kcard: String,
}

/// What staff add to a status change: the carrier and tracking number for `shipped`, the
/// reason for `cancelled`, a payment reference for `paid`.
#[derive(Debug, Clone, Default)]
pub struct StatusDetails {
    pub carrier: Option<String>,
    pub tracking: Option<String>,
    pub reason: Option<String>,
    pub reference: Option<String>,
}

/// What delivery and reviews earn.
#[derive(Debug, Clone, Copy)]
pub struct Rewards {
    pub earn_percent: u32,
    pub review_reward: u32,
}

/// Moves an order to `next` if the rules allow it. Cancelling puts the stock back, returns the
/// coins and the coupon use; delivery awards purchase coins. Returns the order and the codes
/// whose stock changed.
///
/// `settle` is what the floors above make of the move, run in the same transaction once the
/// order has its new status and before it is written: the slip a payment accepts, the money
/// documents and the messages (`payments::status::change_status` composes them). Orders know
/// none of those, so a move stays one atomic change without orders calling up.
pub fn change_status(
    store: &Store,
    id: OrderId,
    next: Status,
    details: &StatusDetails,
    actor: &OrderMover,
    rewards: Rewards,
    settle: impl FnOnce(&WriteTransaction, &mut Order) -> Result<(), StoreError>,
) -> Result<(Order, Vec<String>), OrderError> {
    store.write(|txn| {
    let mut order = read_in(txn, id)?;
    if !actor.staff && (order.user_id != actor.user_id || next != Status::Cancelled) {
        return Err(OrderError::Forbidden(
            "only staff can change this order".into(),
        ));
    }
    if !actor.staff && order.status != Status::PendingPayment {
        return Err(OrderError::conflict(
            "invalid_transition",
            format!(
                "order {} is {}: only an unpaid order can be cancelled by the shopper; please contact the shop",
                order.number,
                order.status.as_str()
            ),
        ));
    }
    if !order.status.can_move_to(next) {
        return Err(OrderError::conflict(
            "invalid_transition",
            format!(
                "order {} is {} and cannot become {}",
                order.number,
                order.status.as_str(),
                next.as_str()
            ),
        ));
    }
    let shipment = match next {
        Status::Shipped => Some(
            Shipment::new(
                details.carrier.as_deref().unwrap_or_default(),
                details.tracking.as_deref().unwrap_or_default(),
            )
            .map_err(|message| OrderError::invalid("invalid_shipment", message))?,
        ),
        _ => None,
    };
    let reason = text_field("reason", details.reason.as_deref(), 500)?;
    if next == Status::Cancelled && actor.staff && reason.is_none() {
        return Err(OrderError::invalid(
            "reason_required",
            "reason: say why the order is cancelled",
        ));
    }
    let reference = text_field("reference", details.reference.as_deref(), 200)?;
    let mut restocked = Vec::new();
    match next {
        Status::Cancelled => {
            super::sales::record(txn, &order, false)?;
            // Money received for it is owed back until staff record the refund.
            if order.payment.status == super::model::PaymentStatus::Paid {
                order.payment.status = super::model::PaymentStatus::RefundDue;
            }
            order.payment.redirect = None;
            order.cancel_reason = Some(reason.clone().unwrap_or_else(|| "cancelled by the shopper".into()));
            let mut stock = STOCK_CODE_TO_LEVEL.write(txn)?;
            for line in &order.lines {
                let level = stock.get(line.code.as_str())?.unwrap_or(0);
                stock.put(line.code.as_str(), level + u64::from(line.qty))?;
                restocked.push(line.code.clone());
            }
            drop(stock);
            if order.coins_used > Coins::ZERO {
                coins::apply(
                    txn,
                    order.user_id,
                    &CoinChange {
                        amount: order.coins_used,
                        reason: &format!("order {} cancelled: coins returned", order.number),
                        order_id: Some(order.id),
                        staff_id: actor.staff.then_some(actor.user_id),
                    },
                )?;
            }
            if let Some(code) = &order.coupon {
                crate::pricing::store::record_use(txn, code, order.coupon_shopper(), false)?;
            }
        }
        // A guest order earns its coins when an account takes it over (`guest::claim`).
        Status::Delivered if order.is_guest() => {}
        Status::Delivered => {
            let earned = super::guest::earned_on_delivery(&order, rewards.earn_percent);
            if earned > Coins::ZERO {
                coins::apply(
                    txn,
                    order.user_id,
                    &CoinChange {
                        amount: earned,
                        reason: &format!("order {} delivered", order.number),
                        order_id: Some(order.id),
                        staff_id: actor.staff.then_some(actor.user_id),
                    },
                )?;
            }
            order.coins_earned = earned;
        }
        Status::Shipped => order.shipment = shipment.clone(),
        Status::Paid => {
            order.payment_reference = reference.clone();
            order.payment.status = super::model::PaymentStatus::Paid;
            order.payment.redirect = None;
            super::sales::record_payment(txn, &order, true)?;
        }
        _ => {}
    }
    super::desk::reindex_status(txn, order.id, order.status, next)?;
    order.status = next;
    order.history.push(StatusChange {
        status: next,
        at: activity::now_millis(),
    });
    settle(txn, &mut order)?;
    note_refund_state(txn, &mut order)?;
    write(txn, &order)?;
    let details = status_details(shipment.as_ref(), reason.as_deref(), reference.as_deref());
    activity::log(
        txn,
        &activity::Event {
            actor: &actor.username,
            kcard: &actor.kcard,
            action: &format!("order {}", next.as_str()),
            target: &format!("order {}", order.number),
            details: &details,
        },
    )?;
    Ok((order, restocked))
    })
}

/// The activity-log line of a status change, with what staff added to it.
/// What the activity line says beyond the new status: the parcel, the reason or the
/// payment reference.
fn status_details(
    shipment: Option<&Shipment>,
    reason: Option<&str>,
    reference: Option<&str>,
) -> String {
    let parts: Vec<String> = shipment
        .map(|s| format!("{}, {}", s.carrier, s.tracking))
        .into_iter()
        .chain(reason.or(reference).map(str::to_string))
        .collect();
    parts.join(": ")
}

/// An optional free-text field: trimmed, empty as none, at most `max` characters.
fn text_field(name: &str, value: Option<&str>, max: usize) -> Result<Option<String>, OrderError> {
    let Some(text) = value.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    if text.chars().count() > max {
        return Err(OrderError::invalid(
            "invalid_input",
            format!("{name}: at most {max} characters"),
        ));
    }
    Ok(Some(text.to_string()))
}

/// Adds a staff note to an order.
pub fn add_note(
    store: &Store,
    id: OrderId,
    text: &str,
    actor: &OrderMover,
) -> Result<Order, OrderError> {
    let text = text_field("text", Some(text), 1000)?
        .ok_or_else(|| OrderError::invalid("invalid_input", "text: write the note"))?;
    store.write(|txn| {
        let mut order = read_in(txn, id)?;
        order.notes.push(Note {
            at: activity::now_millis(),
            author: actor.username.clone(),
            text: text.clone(),
        });
        write(txn, &order)?;
        activity::log(
            txn,
            &activity::Event {
                actor: &actor.username,
                kcard: &actor.kcard,
                action: "order note added",
                target: &format!("order {}", order.number),
                details: &text,
            },
        )?;
        Ok(order)
    })
}

/// The shopper's review of a delivered order, once; it earns the review reward.
pub fn review(
    store: &Store,
    id: OrderId,
    actor: &OrderMover,
    rating: u8,
    comment: &str,
    rewards: Rewards,
) -> Result<(Order, Coins), OrderError> {
    store.write(|txn| {
        let mut order = read_in(txn, id)?;
        if order.user_id != actor.user_id {
            return Err(OrderError::Forbidden(
                "only the shopper who placed an order can review it".into(),
            ));
        }
        if order.review.is_some() {
            return Err(OrderError::conflict(
                "already_reviewed",
                format!("order {} has already been reviewed", order.number),
            ));
        }
        if order.status != Status::Delivered {
            return Err(OrderError::conflict(
                "not_delivered",
                format!(
                    "order {} is {}: it can be reviewed once it is delivered",
                    order.number,
                    order.status.as_str()
                ),
            ));
        }
        order.review = Some(Review {
            rating,
            comment: comment.trim().into(),
            at: activity::now_millis(),
        });
        write(txn, &order)?;
        let coin = if rewards.review_reward > 0 {
            coins::apply(
                txn,
                order.user_id,
                &CoinChange {
                    amount: Coins(i64::from(rewards.review_reward)),
                    reason: &format!("review of order {}", order.number),
                    order_id: Some(order.id),
                    staff_id: None,
                },
            )?
            .coin
        } else {
            crate::accounts::store::find_in(txn, order.user_id)?.map_or(Coins::ZERO, |u| u.coin)
        };
        activity::log(
            txn,
            &activity::Event {
                actor: &actor.username,
                kcard: &actor.kcard,
                action: "order reviewed",
                target: &format!("order {}", order.number),
                details: &format!("{rating}/5"),
            },
        )?;
        Ok((order, coin))
    })
}
