//! Which shoppers get their order updates in LINE chat: an account that signed in with LINE,
//! whose owner added the shop's LINE Official Account as a friend and did not turn the updates
//! off on their account page. Their order's events are written to the outbox as LINE pushes
//! instead of mail (the outbox is below accounts, so the user is read here).

use redb::WriteTransaction;

use super::model::Order;
use crate::outbox::{Event, Plan};
use crate::store::StoreError;

/// Writes the messages of `event` for `order`, as `outbox::order_event` does, with the
/// shopper's LINE user id when their updates go to LINE.
pub fn order_event(
    txn: &WriteTransaction,
    plan: &Plan,
    event: Event,
    order: &Order,
    note: Option<&str>,
) -> Result<(), StoreError> {
    let line_to = if plan.line_shoppers && !order.is_guest() && crate::outbox::line_update(event) {
        crate::accounts::store::USER_ID_TO_USER
            .read(txn)?
            .get(order.user_id.get())?
            .and_then(|user| user.line_updates_to().map(str::to_string))
    } else {
        None
    };
    let mut facts = order.outbox_facts();
    facts.line_to = line_to.as_deref();
    crate::outbox::order_event(txn, plan, event, &facts, note)
}
