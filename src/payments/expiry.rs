//! Unpaid orders do not hold stock for ever: an order still waiting for payment after the
//! configured time (`unpaid_order_expiry_hours`, 48 by default) is cancelled by the housekeeping
//! task like a staff cancellation — stock, coins and the coupon use come back, the sales and the
//! activity log record it. An order whose card payment was started in the last hour is left
//! alone until its answer can have arrived. A card payment that still arrives afterwards is
//! recorded and the order owes a refund (see `attempts`).

use crate::catalog::cache::CatalogCache;
use crate::domain::{OrderId, UserId};
use crate::orders::desk::{ORDER_STATUS_TO_ORDER, status_code};
use crate::orders::model::Status;
use crate::orders::store::{ORDER_ID_TO_ORDER, OrderError, OrderMover, Rewards, StatusDetails};
use crate::store::Store;

/// How long a started card payment keeps an order from expiring.
const CARD_GRACE_MS: u64 = 60 * 60 * 1000;

/// Cancels the orders placed before `before_ms` (unix milliseconds) that still wait for
/// payment; answers their numbers.
pub fn cancel_expired(
    store: &Store,
    catalog: &CatalogCache,
    paperwork: &crate::documents::paperwork::Paperwork,
    before_ms: u64,
    now_ms: u64,
) -> Result<Vec<String>, OrderError> {
    let waiting = status_code(Status::PendingPayment);
    let due: Vec<OrderId> = store.read(|txn| {
        let orders = ORDER_ID_TO_ORDER.read(txn)?;
        let mut due = Vec::new();
        for (_, id) in ORDER_STATUS_TO_ORDER
            .read(txn)?
            .keys_in((waiting, 0)..=(waiting, u64::MAX))?
        {
            let Some(order) = orders.get(id)? else {
                continue;
            };
            let card_in_progress = order
                .payment
                .attempts
                .last()
                .is_some_and(|a| a.created_at + CARD_GRACE_MS > now_ms);
            if order.status == Status::PendingPayment
                && order.created_at < before_ms
                && !card_in_progress
            {
                due.push(order.id);
            }
        }
        Ok::<_, OrderError>(due)
    })?;
    let actor = OrderMover {
        user_id: UserId(0),
        username: "kiosk".into(),
        staff: true,
        kcard: String::new(),
    };
    let details = StatusDetails {
        reason: Some("not paid in time: cancelled automatically".into()),
        ..StatusDetails::default()
    };
    let rewards = Rewards {
        earn_percent: 0,
        review_reward: 0,
    };
    let mut cancelled = Vec::new();
    for id in due {
        match super::status::change_status(
            store,
            id,
            Status::Cancelled,
            &details,
            &actor,
            rewards,
            paperwork,
        ) {
            Ok((order, restocked)) => {
                if !restocked.is_empty() {
                    catalog.refresh_stock(store, &restocked)?;
                }
                cancelled.push(order.number);
            }
            // Paid or cancelled meanwhile: nothing to do.
            Err(OrderError::Conflict { .. }) => {}
            Err(err) => return Err(err),
        }
    }
    Ok(cancelled)
}
