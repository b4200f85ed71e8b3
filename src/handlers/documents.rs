//! The order's money documents as PDF: the receipt once it is paid, the full tax invoice
//! when the shopper asked for one, the credit note when an invoiced order was cancelled.
//! Its shopper (a guest with `?key=`) and staff who may read orders get them; anyone else gets
//! the same 404 as for an order that does not exist.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::accounts::permissions::{self, Permission};
use crate::documents::DocumentKind;
use crate::domain::OrderId;
use crate::handlers::auth::authenticate;
use crate::handlers::orders::{KeyQuery, hidden_order};
use crate::http::envelope::ErrorAnswer;
use crate::http::{AppError, blocking};
use crate::orders::store;
use crate::state::AppState;

/// Which document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Receipt,
    TaxInvoice,
    CreditNote,
}

impl Kind {
    fn document(self) -> DocumentKind {
        match self {
            Kind::Receipt => DocumentKind::Receipt,
            Kind::TaxInvoice => DocumentKind::TaxInvoice,
            Kind::CreditNote => DocumentKind::CreditNote,
        }
    }
}

/// The order's receipt (its shopper, or staff with `orders.read`).
#[utoipa::path(
    get,
    path = "/api/app/order/{id}/receipt.pdf",
    tag = "order",
    security((), ("bearer" = [])),
    params(("id" = u64, Path, description = "order id"), KeyQuery),
    responses(
        (status = 200, description = "The receipt", content_type = "application/pdf"),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 404, description = "`not_found`: no such order, someone else's, or not paid yet", body = ErrorAnswer),
        (status = 429, description = "`too_many_attempts`: too many wrong order keys from this address; `Retry-After` says when to try again", body = ErrorAnswer),
    ),
)]
pub async fn receipt(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<OrderId>,
    Query(query): Query<KeyQuery>,
) -> Result<Response, AppError> {
    document(&state, &headers, id, query, Kind::Receipt).await
}

/// The order's full tax invoice (ใบกำกับภาษีเต็มรูป), when it was asked for at checkout.
#[utoipa::path(
    get,
    path = "/api/app/order/{id}/tax-invoice.pdf",
    tag = "order",
    security((), ("bearer" = [])),
    params(("id" = u64, Path, description = "order id"), KeyQuery),
    responses(
        (status = 200, description = "The tax invoice", content_type = "application/pdf"),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 404, description = "`not_found`: no such order, someone else's, not paid yet, or no tax invoice asked for", body = ErrorAnswer),
        (status = 429, description = "`too_many_attempts`: too many wrong order keys from this address; `Retry-After` says when to try again", body = ErrorAnswer),
    ),
)]
pub async fn tax_invoice(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<OrderId>,
    Query(query): Query<KeyQuery>,
) -> Result<Response, AppError> {
    document(&state, &headers, id, query, Kind::TaxInvoice).await
}

/// The credit note (ใบลดหนี้) reversing the tax invoice of a cancelled order.
#[utoipa::path(
    get,
    path = "/api/app/order/{id}/credit-note.pdf",
    tag = "order",
    security((), ("bearer" = [])),
    params(("id" = u64, Path, description = "order id"), KeyQuery),
    responses(
        (status = 200, description = "The credit note", content_type = "application/pdf"),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 404, description = "`not_found`: no such order, someone else's, or no credit note issued", body = ErrorAnswer),
        (status = 429, description = "`too_many_attempts`: too many wrong order keys from this address; `Retry-After` says when to try again", body = ErrorAnswer),
    ),
)]
pub async fn credit_note(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<OrderId>,
    Query(query): Query<KeyQuery>,
) -> Result<Response, AppError> {
    document(&state, &headers, id, query, Kind::CreditNote).await
}

async fn document(
    state: &AppState,
    headers: &HeaderMap,
    id: OrderId,
    query: KeyQuery,
    kind: Kind,
) -> Result<Response, AppError> {
    let caller = authenticate(state, headers).await?;
    let db = state.store.clone();
    let role = caller.as_ref().map(|c| c.user.role.clone());
    let account = caller.as_ref().map(|c| c.user.id);
    let etax = state.config.etax.enabled;
    let (name, pdf) = blocking("rendering a document", move || -> Result<_, AppError> {
        let staff = match &role {
            Some(role) if role.is_admin() => {
                permissions::allows(&db, role, Permission::OrdersRead)?
            }
            _ => false,
        };
        let order = db.read(|txn| -> Result<_, store::OrderError> {
            if staff {
                return Ok(store::ORDER_ID_TO_ORDER.read(txn)?.get(id.get())?);
            }
            crate::orders::guest::open_in(txn, id, account, query.key.as_deref())
        })?;
        let order = order.ok_or_else(hidden_order)?;
        // Drawn from the print stored when the document was issued, never from today's
        // settings: an issued document does not change (docs/DOCUMENTS.md).
        let kind = kind.document();
        // With e-Tax Invoice by Email on, the tax documents are the PDF/A-3 the buyer was mailed.
        // A print PDF/A cannot hold (a character none of the fonts has) is served as plain PDF;
        // its e-Tax mail says why it was not sent.
        let archived = if etax && crate::documents::etax::is_etax(kind) {
            match crate::documents::etax::pdf(&db, &order, kind) {
                Err(crate::documents::DocumentError::Render(why)) => {
                    tracing::warn!(order = %order.number, %why, "served as plain PDF");
                    None
                }
                other => Some(other),
            }
        } else {
            None
        };
        let pdf = archived
            .unwrap_or_else(|| crate::documents::issued::pdf(&db, &order, kind))
            .map_err(|err| AppError::internal("drawing a document", err))?;
        let (Some(name), Some(pdf)) = (kind.file_name(&order), pdf) else {
            let why = if kind == DocumentKind::Receipt {
                "receipt: it is not paid"
            } else {
                kind.what()
            };
            return Err(AppError::NotFound(format!(
                "order {} has no {why}",
                order.number
            )));
        };
        Ok((name, pdf))
    })
    .await?;
    let disposition = format!("inline; filename=\"{name}\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/pdf"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("private, no-store"),
            ),
        ],
        [(
            header::CONTENT_DISPOSITION,
            HeaderValue::from_str(&disposition)
                .unwrap_or_else(|_| HeaderValue::from_static("inline")),
        )],
        pdf,
    )
        .into_response())
}
