//! Handler pieces the shopper's order routes (`handlers::orders`) and the staff order desk
//! (`handlers::staff::orders`) share: the one-order answer, who acts on an order, the coin
//! rewards in force, and moving an order to its next status. They live in their own file so
//! that neither area imports the other's handlers (docs/API.md, docs/STAFF.md).

use axum::http::HeaderMap;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::domain::{Coins, OrderId};
use crate::handlers::auth::AuthUser;
use crate::http::envelope::SuccessStatus;
use crate::http::{AppError, blocking, kcard};
use crate::orders::model::{Order, Status};
use crate::orders::store::{OrderError, OrderMover, Rewards, StatusDetails};
use crate::state::AppState;

/// `{status, order}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct OrderAnswer {
    pub status: SuccessStatus,
    pub order: Order,
}

/// The coins an order earns and a review rewards, from the configuration.
pub(crate) fn rewards(state: &AppState) -> Rewards {
    Rewards {
        earn_percent: state.config.coins.earn_percent,
        review_reward: state.config.coins.review_reward,
    }
}

/// Who acts on an order, as the order's history records it.
pub(crate) fn actor(caller: &AuthUser, staff: bool, headers: &HeaderMap) -> OrderMover {
    OrderMover {
        user_id: caller.user.id,
        username: caller.user.username.clone(),
        staff,
        kcard: kcard(headers),
    }
}

/// Moves an order (staff, or the shopper cancelling an unpaid order), then lets the catalogue
/// snapshot take the stock that came back. Shared by the shopper's cancel and the order desk.
pub(crate) async fn move_order(
    state: &AppState,
    headers: &HeaderMap,
    caller: &AuthUser,
    id: OrderId,
    next: Status,
    details: StatusDetails,
    staff: bool,
) -> Result<(Order, Coins), AppError> {
    let (db, rewards) = (state.store.clone(), rewards(state));
    let actor = actor(caller, staff, headers);
    let catalog = state.catalog.clone();
    let paperwork = crate::documents::paperwork::Paperwork::from_config(&state.config);
    blocking("order task", move || {
        let (order, restocked) = match crate::payments::status::change_status(
            &db, id, next, &details, &actor, rewards, &paperwork,
        ) {
            // A stranger learns nothing about someone else's order.
            Err(OrderError::Forbidden(_)) if !staff => Err(OrderError::NotFound(id)),
            other => other,
        }?;
        if !restocked.is_empty() {
            catalog.refresh_stock(&db, &restocked)?;
        }
        let coin =
            crate::accounts::store::find_by_id(&db, order.user_id)?.map_or(Coins::ZERO, |u| u.coin);
        Ok::<_, OrderError>((order, coin))
    })
    .await
}
