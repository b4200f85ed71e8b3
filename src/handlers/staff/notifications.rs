//! What the shop told people about an order: each message with its channel, state and last
//! error, and "send again" for one that failed. Rows are written by the outbox
//! (`outbox`) with the event; this only reads them and re-queues.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::permissions::need;
use crate::activity;
use crate::domain::OrderId;
use crate::handlers::auth::Can;
use crate::handlers::staff::who;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::{AppError, blocking};
use crate::outbox::{self, NotificationView};
use crate::state::AppState;

/// `{status, notifications}`: an order's messages, oldest first.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct NotificationsAnswer {
    pub status: SuccessStatus,
    pub notifications: Vec<NotificationView>,
}

/// The messages about one order (staff with `orders.read`).
#[utoipa::path(
    get,
    path = "/api/admin/order/{id}/notifications",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "order id")),
    responses(
        (status = 200, description = "Maybe none (e-mail and LINE off, or no address)", body = NotificationsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs orders.read", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn list(
    State(state): State<AppState>,
    _staff: Can<need::OrdersRead>,
    Path(id): Path<OrderId>,
) -> Result<Json<NotificationsAnswer>, AppError> {
    let db = state.store.clone();
    let notifications = blocking("reading notifications", move || {
        crate::orders::store::get(&db, id)?;
        let rows = db.read(|txn| outbox::for_order(txn, id))?;
        Ok::<_, AppError>(rows.into_iter().map(NotificationView::from).collect())
    })
    .await?;
    Ok(Json(NotificationsAnswer {
        status: SuccessStatus::Success,
        notifications,
    }))
}

/// Send a failed message again (staff with `orders.write`): it goes back in the queue with
/// fresh attempts. A pending or sent message is left as it is.
#[utoipa::path(
    post,
    path = "/api/admin/order/{id}/notifications/{message}/retry",
    tag = "admin",
    security(("bearer" = [])),
    params(
        ("id" = u64, Path, description = "order id"),
        ("message" = u64, Path, description = "notification id"),
    ),
    responses(
        (status = 200, description = "The order's messages after the change", body = NotificationsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs orders.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`: no such order, or the message is not the order's", body = ErrorAnswer),
    ),
)]
pub async fn retry(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::OrdersWrite>,
    Path((id, message)): Path<(OrderId, u64)>,
) -> Result<Json<NotificationsAnswer>, AppError> {
    let db = state.store.clone();
    let (actor, channel) = who(&staff, &headers);
    let notifications = blocking("re-sending a notification", move || {
        let order = crate::orders::store::get(&db, id)?;
        db.write(|txn| {
            let mine = outbox::for_order(txn, id)?.iter().any(|m| m.id == message);
            if !mine {
                return Err(AppError::NotFound(format!(
                    "order {} has no message {message}",
                    order.number
                )));
            }
            crate::notify::retry_now(txn, message, activity::now_millis())?;
            activity::log(
                txn,
                &activity::Event {
                    actor: &actor,
                    kcard: &channel,
                    action: "notification queued again",
                    target: &format!("order {}", order.number),
                    details: &format!("message {message}"),
                },
            )?;
            Ok(outbox::for_order(txn, id)?
                .into_iter()
                .map(NotificationView::from)
                .collect())
        })
    })
    .await?;
    Ok(Json(NotificationsAnswer {
        status: SuccessStatus::Success,
        notifications,
    }))
}
