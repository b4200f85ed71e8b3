//! Code tables (staff, `settings.write`): groups with translated titles, entries with titles in
//! five languages; add, retitle, deactivate, remove while unused. Thin handlers over
//! `content::labels`; each change goes through one `change` helper that records who made it
//! and reloads the content snapshot so labels are live at once (docs/STAFF.md).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::permissions::need;
use crate::activity::Actor;
use crate::content::labels::{self, CodeError, Entry, Group};
use crate::content::model::Localized;
use crate::handlers::auth::{AdminUser, Can};
use crate::handlers::staff::who;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::{AppError, blocking};
use crate::i18n::Locale;
use crate::orders::code_usage::RecordsUsingCodes;
use crate::state::AppState;
use crate::store::Store;

/// One key of a code table.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct CodeEntry {
    /// Immutable: products and orders store it.
    pub key: String,
    pub title: Localized,
    /// Off: kept for old records, no longer offered.
    pub active: bool,
    /// Records using the key (products for material/colour, orders for carrier/province);
    /// counted on the one-group answer, 0 in the list of all groups.
    pub used: u32,
}

impl From<Entry> for CodeEntry {
    fn from(e: Entry) -> Self {
        CodeEntry {
            key: e.key,
            title: e.title,
            active: e.active,
            used: e.used,
        }
    }
}

/// One code table.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct CodeGroup {
    /// The group key (`material`).
    pub group: String,
    /// Its name in each language (messages `admin.codes.groups.<group>`; the key when none).
    pub title: Localized,
    /// Keys defined by the program (order states, payment methods…): titles only.
    pub system: bool,
    /// By key.
    pub entries: Vec<CodeEntry>,
}

/// `{status, groups}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CodeGroupsAnswer {
    pub status: SuccessStatus,
    pub groups: Vec<CodeGroup>,
}

/// `{status, group}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CodeGroupAnswer {
    pub status: SuccessStatus,
    pub group: CodeGroup,
}

/// `{status, entry}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CodeEntryAnswer {
    pub status: SuccessStatus,
    pub entry: CodeEntry,
}

/// `{status}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CodeRemovedAnswer {
    pub status: SuccessStatus,
}

/// A new key with its titles.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct NewCodeBody {
    pub key: String,
    #[serde(deserialize_with = "crate::content::model::one_line_each")]
    pub title: Localized,
}

/// New titles and state of a key (the key itself never changes).
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct CodeBody {
    #[serde(deserialize_with = "crate::content::model::one_line_each")]
    pub title: Localized,
    #[serde(default = "yes")]
    #[ts(optional, as = "Option<bool>")]
    pub active: bool,
}

fn yes() -> bool {
    true
}

fn group_title(state: &AppState, group: &str) -> Localized {
    let content = state.content.current();
    let path = format!("admin.codes.groups.{group}");
    let text = |locale: Locale| {
        let t = content.messages(locale).text(&path);
        if t.is_empty() {
            group.to_string()
        } else {
            t.to_string()
        }
    };
    Localized {
        en: text(Locale::En),
        th: text(Locale::Th),
        my: text(Locale::My),
        km: text(Locale::Km),
        id: text(Locale::Id),
    }
}

fn answer_group(state: &AppState, group: Group) -> CodeGroup {
    CodeGroup {
        title: group_title(state, &group.group),
        group: group.group,
        system: group.system,
        entries: group.entries.into_iter().map(CodeEntry::from).collect(),
    }
}

/// One change to a code table, recorded as the caller's, off the async workers; the content
/// snapshot is reloaded afterwards so the new labels are live at once.
async fn change<T: Send + 'static>(
    state: &AppState,
    staff: &Can<need::SettingsWrite>,
    headers: &HeaderMap,
    work: impl FnOnce(&Store, Actor) -> Result<T, CodeError> + Send + 'static,
) -> Result<T, AppError> {
    let (name, channel) = who(staff, headers);
    let (store, content) = (state.store.clone(), state.content.clone());
    blocking("changing a code table", move || {
        let actor = Actor {
            name: &name,
            kcard: &channel,
        };
        let out = work(&store, actor)?;
        content.reload(&store)?;
        Ok::<T, CodeError>(out)
    })
    .await
}

/// Every code table with its entries, for any staff role (pickers offer only active keys;
/// changes need settings.write).
#[utoipa::path(
    get,
    path = "/api/admin/codes",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Code tables", body = CodeGroupsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: not staff", body = ErrorAnswer),
    ),
)]
pub async fn list_groups(
    State(state): State<AppState>,
    _staff: AdminUser,
) -> Result<Json<CodeGroupsAnswer>, AppError> {
    let db = state.store.clone();
    let groups = blocking("code tables", move || {
        labels::groups(&db, None, &RecordsUsingCodes)
    })
    .await?;
    Ok(Json(CodeGroupsAnswer {
        status: SuccessStatus::Success,
        groups: groups
            .into_iter()
            .map(|g| answer_group(&state, g))
            .collect(),
    }))
}

/// One code table, with how many records use each key (any staff role).
#[utoipa::path(
    get,
    path = "/api/admin/codes/{group}",
    tag = "admin",
    security(("bearer" = [])),
    params(("group" = String, Path, description = "code table (`material`)")),
    responses(
        (status = 200, description = "The code table", body = CodeGroupAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: not staff", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn get_group(
    State(state): State<AppState>,
    _staff: AdminUser,
    Path(group): Path<String>,
) -> Result<Json<CodeGroupAnswer>, AppError> {
    let (db, name) = (state.store.clone(), group.clone());
    let groups = blocking("code tables", move || {
        labels::groups(&db, Some(&name), &RecordsUsingCodes)
    })
    .await?;
    let found = groups
        .into_iter()
        .find(|g| g.group == group)
        .ok_or_else(|| AppError::NotFound(format!("no code table {group}")))?;
    Ok(Json(CodeGroupAnswer {
        status: SuccessStatus::Success,
        group: answer_group(&state, found),
    }))
}

/// Adds a key to a code table (not to the program's own tables).
#[utoipa::path(
    post,
    path = "/api/admin/codes/{group}",
    tag = "admin",
    security(("bearer" = [])),
    params(("group" = String, Path, description = "code table")),
    request_body = NewCodeBody,
    responses(
        (status = 201, description = "The new entry", body = CodeEntryAnswer),
        (status = 400, description = "`invalid_input`: one `field: problem` per line", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
        (status = 409, description = "`already_exists`, or `in_use`: a table of the program", body = ErrorAnswer),
    ),
)]
pub async fn add_entry(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::SettingsWrite>,
    Path(group): Path<String>,
    Json(body): Json<NewCodeBody>,
) -> Result<(StatusCode, Json<CodeEntryAnswer>), AppError> {
    let entry = change(&state, &staff, &headers, move |db, actor| {
        labels::add_entry(db, &group, &body.key, body.title, actor)
    })
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(CodeEntryAnswer {
            status: SuccessStatus::Success,
            entry: entry.into(),
        }),
    ))
}

/// Retitles a key or turns it off/on; the key never changes.
#[utoipa::path(
    put,
    path = "/api/admin/codes/{group}/{key}",
    tag = "admin",
    security(("bearer" = [])),
    params(
        ("group" = String, Path, description = "code table"),
        ("key" = String, Path, description = "entry key"),
    ),
    request_body = CodeBody,
    responses(
        (status = 200, description = "The entry", body = CodeEntryAnswer),
        (status = 400, description = "`invalid_input`: one `field: problem` per line", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
        (status = 409, description = "`in_use`: a key of the program cannot be deactivated", body = ErrorAnswer),
    ),
)]
pub async fn update_entry(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::SettingsWrite>,
    Path((group, key)): Path<(String, String)>,
    Json(body): Json<CodeBody>,
) -> Result<Json<CodeEntryAnswer>, AppError> {
    let entry = change(&state, &staff, &headers, move |db, actor| {
        labels::update_entry(
            db,
            &group,
            &key,
            body.title,
            body.active,
            actor,
            &RecordsUsingCodes,
        )
    })
    .await?;
    Ok(Json(CodeEntryAnswer {
        status: SuccessStatus::Success,
        entry: entry.into(),
    }))
}

/// Removes a key nothing uses; a used key answers 409 `in_use` with the count (deactivate it).
#[utoipa::path(
    delete,
    path = "/api/admin/codes/{group}/{key}",
    tag = "admin",
    security(("bearer" = [])),
    params(
        ("group" = String, Path, description = "code table"),
        ("key" = String, Path, description = "entry key"),
    ),
    responses(
        (status = 200, description = "Removed", body = CodeRemovedAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
        (status = 409, description = "`in_use`: used by products or orders, or a key of the program", body = ErrorAnswer),
    ),
)]
pub async fn remove_entry(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::SettingsWrite>,
    Path((group, key)): Path<(String, String)>,
) -> Result<Json<CodeRemovedAnswer>, AppError> {
    change(&state, &staff, &headers, move |db, actor| {
        labels::remove_entry(db, &group, &key, actor, &RecordsUsingCodes)
    })
    .await?;
    Ok(Json(CodeRemovedAnswer {
        status: SuccessStatus::Success,
    }))
}
