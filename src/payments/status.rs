//! An order's move as staff, the shopper and the expiry task make it: the status change of
//! the orders domain and, in the same write transaction, what the move means for the payment
//! (a move to `paid` accepts the slip waiting to be checked, `proofs::accept_pending`) and for
//! the money documents and messages (`documents::paperwork::settle`). It lives here, above
//! orders and documents, so that the orders domain calls neither; the change stays one
//! transaction because orders run this step before writing the order.

use crate::documents::paperwork::{self, Paperwork};
use crate::domain::OrderId;
use crate::orders::model::{Order, Status};
use crate::orders::store::{self as orders, OrderError, OrderMover, Rewards, StatusDetails};
use crate::store::Store;

/// Moves an order to `next` if the rules allow it (`orders::store::change_status`), accepting
/// its waiting slip when it is paid and issuing what the move issues. Returns the order and
/// the codes whose stock changed.
pub fn change_status(
    store: &Store,
    id: OrderId,
    next: Status,
    details: &StatusDetails,
    actor: &OrderMover,
    rewards: Rewards,
    paperwork: &Paperwork,
) -> Result<(Order, Vec<String>), OrderError> {
    let moved = orders::change_status(store, id, next, details, actor, rewards, |txn, order| {
        if next == Status::Paid {
            super::proofs::accept_pending(order);
        }
        paperwork::settle(txn, order, next, paperwork)
    });
    if next == Status::Paid && moved.is_ok() {
        crate::metrics::add(crate::metrics::ORDERS_PAID, 1);
    }
    moved
}
