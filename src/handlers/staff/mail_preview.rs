//! The staff's preview of a sample order's mail and receipt in any language
//! (`notify::preview`): `GET /api/admin/mail-preview` answers the mail (subject, plain text,
//! HTML), `GET /api/admin/mail-preview/receipt.pdf` the receipt. Both need `settings.write`,
//! like the translations the preview shows the effect of.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use crate::accounts::permissions::need;
use crate::documents::Issuer;
use crate::handlers::auth::Can;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::query_string::Query;
use crate::http::{AppError, blocking};
use crate::i18n::Locale;
use crate::notify::preview;
use crate::outbox::Event;
use crate::state::AppState;

/// `?lang=th&event=orderPaid`: the language (default Thai) and the shopper's message
/// (`orderPlaced`, `orderPaid`, `orderShipped`, `orderDelivered`, `orderCancelled`; default
/// `orderPaid`).
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema, TS)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct MailPreviewQuery {
    #[ts(optional)]
    pub lang: Option<String>,
    #[ts(optional)]
    pub event: Option<String>,
}

impl MailPreviewQuery {
    fn parse(&self) -> Result<(Locale, Event), AppError> {
        let lang = match self.lang.as_deref() {
            None | Some("") => Locale::Th,
            Some(code) => Locale::parse(code).ok_or_else(|| {
                AppError::bad_request(
                    "invalid_query",
                    format!("lang: {code:?} is not a shop language (en, th, my, km, id)"),
                )
            })?,
        };
        let event = match self.event.as_deref() {
            None | Some("") => Event::OrderPaid,
            Some(name) => preview::event_named(name).ok_or_else(|| {
                AppError::bad_request(
                    "invalid_query",
                    format!(
                        "event: {name:?} is not one of orderPlaced, orderPaid, orderShipped, orderDelivered, orderCancelled"
                    ),
                )
            })?,
        };
        Ok((lang, event))
    }
}

/// `{status, lang, event, subject, text, html}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct MailPreviewAnswer {
    pub status: SuccessStatus,
    pub lang: Locale,
    /// The message previewed (`orderPaid`).
    pub event: String,
    pub subject: String,
    /// The plain-text part.
    pub text: String,
    /// The HTML part: a whole document, inline styles only.
    pub html: String,
}

/// A sample order's mail to the shopper, as it would be sent now.
#[utoipa::path(
    get,
    path = "/api/admin/mail-preview",
    tag = "admin",
    security(("bearer" = [])),
    params(MailPreviewQuery),
    responses(
        (status = 200, description = "The mail", body = MailPreviewAnswer),
        (status = 400, description = "`invalid_query`: an unknown language or message", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
    ),
)]
pub async fn mail(
    State(state): State<AppState>,
    _staff: Can<need::SettingsWrite>,
    Query(query): Query<MailPreviewQuery>,
) -> Result<Json<MailPreviewAnswer>, AppError> {
    let (lang, event) = query.parse()?;
    let content = state.content.current();
    let shop = preview::shop_info(&state.config, &content);
    let order = preview::sample_order(lang, crate::activity::now_millis());
    let mail = preview::mail(event, &content.words(lang), &shop, &order);
    Ok(Json(MailPreviewAnswer {
        status: SuccessStatus::Success,
        lang,
        event: event.as_str().to_string(),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
    }))
}

/// The sample order's receipt, as it would be issued now.
#[utoipa::path(
    get,
    path = "/api/admin/mail-preview/receipt.pdf",
    tag = "admin",
    security(("bearer" = [])),
    params(MailPreviewQuery),
    responses(
        (status = 200, description = "The receipt", content_type = "application/pdf"),
        (status = 400, description = "`invalid_query`: an unknown language", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
    ),
)]
pub async fn receipt(
    State(state): State<AppState>,
    _staff: Can<need::SettingsWrite>,
    Query(query): Query<MailPreviewQuery>,
) -> Result<Response, AppError> {
    let (lang, _) = query.parse()?;
    let (store, issuer) = (state.store.clone(), Issuer::from_config(&state.config));
    let pdf = blocking("preview task", move || {
        let order = preview::sample_order(lang, crate::activity::now_millis());
        preview::receipt(&store, &issuer, &order)
            .map_err(|err| AppError::internal("drawing the sample receipt", err))
    })
    .await?;
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
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_static("inline; filename=\"receipt-sample.pdf\""),
            ),
        ],
        pdf,
    )
        .into_response())
}
