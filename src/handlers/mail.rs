//! The unsubscribe link of shoppers' order mail (`notify::unsubscribe`), without signing in:
//! `GET /api/mail/unsubscribe?t=…` shows a page with one button (so a mail scanner that
//! follows links turns nothing off); `POST` to the same address — the button, or a mail
//! client's one-click `List-Unsubscribe-Post` (RFC 8058) — turns the order mail off at once.
//! The pages are in the language the link names, from the translation store.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::domain::html::escape;
use crate::http::envelope::ErrorAnswer;
use crate::http::query_string::Query;
use crate::http::{AppError, blocking};
use crate::i18n::Locale;
use crate::notify::unsubscribe::{self, PATH};
use crate::orders::guest::LinkSecret;
use crate::state::AppState;

/// `?t=`: the signed token of the link.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// `u12.th.<signature>` (an account) or `o34.th.<signature>` (a guest order).
    pub t: String,
}

/// The page asking to confirm, with the one button.
#[utoipa::path(
    get,
    path = "/api/mail/unsubscribe",
    tag = "account",
    params(UnsubscribeQuery),
    responses(
        (status = 200, description = "An HTML page with the button that turns order mail off", content_type = "text/html", body = String),
        (status = 400, description = "The link is not valid: an HTML page saying so (a malformed query string: the plain error)", content(
            (ErrorAnswer = "application/json"),
            (String = "text/html")
        )),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn confirm(
    State(state): State<AppState>,
    Query(query): Query<UnsubscribeQuery>,
) -> Result<Response, AppError> {
    let Some((_, lang)) = checked(&state, &query.t).await? else {
        return Ok(invalid(&state));
    };
    let content = state.content.current();
    let w = content.words(lang);
    let shop = state.config.shop_name.as_str();
    let body = format!(
        "<p>{}</p><form method=\"post\" action=\"{PATH}?t={}\"><button type=\"submit\">{}</button></form>",
        escape(&w.fill("mail.unsubscribe.confirm", &[("shop", shop)])),
        escape(&query.t),
        escape(w.get("mail.unsubscribe.link")),
    );
    Ok(page(
        StatusCode::OK,
        lang,
        w.get("mail.unsubscribe.title"),
        &body,
    ))
}

/// Turns the order mail off: the page's button, or a mail client's one-click request.
#[utoipa::path(
    post,
    path = "/api/mail/unsubscribe",
    tag = "account",
    params(UnsubscribeQuery),
    responses(
        (status = 200, description = "An HTML page: order mail is off from now on", content_type = "text/html", body = String),
        (status = 400, description = "The link is not valid: an HTML page saying so (a malformed query string: the plain error)", content(
            (ErrorAnswer = "application/json"),
            (String = "text/html")
        )),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn unsubscribe(
    State(state): State<AppState>,
    Query(query): Query<UnsubscribeQuery>,
) -> Result<Response, AppError> {
    let Some((subject, lang)) = checked(&state, &query.t).await? else {
        return Ok(invalid(&state));
    };
    let store = state.store.clone();
    blocking("unsubscribe task", move || {
        unsubscribe::turn_off(&store, subject)
    })
    .await?;
    let content = state.content.current();
    let w = content.words(lang);
    let body = format!("<p>{}</p>", escape(w.get("mail.unsubscribe.done")));
    Ok(page(
        StatusCode::OK,
        lang,
        w.get("mail.unsubscribe.title"),
        &body,
    ))
}

async fn checked(
    state: &AppState,
    token: &str,
) -> Result<Option<(unsubscribe::Subject, Locale)>, AppError> {
    let (dir, token) = (state.config.data_dir.clone(), token.to_string());
    blocking("unsubscribe task", move || {
        let secret = LinkSecret::load_or_create(&dir)
            .map_err(|err| AppError::internal("the guest link secret", err))?;
        Ok::<_, AppError>(unsubscribe::parse(&secret, &token))
    })
    .await
}

fn invalid(state: &AppState) -> Response {
    let lang = Locale::parse(&state.config.notifications.shop_lang).unwrap_or(Locale::Th);
    let content = state.content.current();
    let w = content.words(lang);
    let body = format!("<p>{}</p>", escape(w.get("mail.unsubscribe.invalid")));
    page(
        StatusCode::BAD_REQUEST,
        lang,
        w.get("mail.unsubscribe.title"),
        &body,
    )
}

fn page(status: StatusCode, lang: Locale, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"robots\" content=\"noindex\"><title>{}</title></head><body><h1>{}</h1>{body}</body></html>",
        lang.html_lang(),
        escape(title),
        escape(title),
    );
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        html,
    )
        .into_response()
}
