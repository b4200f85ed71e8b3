//! Staff accounts and what their roles may do: the caller's own permissions (so the UI hides
//! what the role cannot do), the roles document, listing and adding staff, changing a role.
//! Adding staff and changing roles are the same use cases as `kiosk user add|set-role`.
//!
//! Every action on a staff account needs `staff.manage`; accounts holding the owner role, the
//! owner role itself and the roles document are changed by the owner role only. No route here
//! answers a credential: a staff password is reset with `kiosk user reset-password` on the
//! shop's machine (docs/STAFF.md).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::model::Role;
use crate::accounts::permissions::{self, Permission, ReplaceError, Roles, need};
use crate::accounts::staff_rules::{managed_by, owner_only};
use crate::accounts::store::{self, AccountError, Contact, NewLocalUser};
use crate::domain::UserId;
use crate::handlers::auth::{AdminUser, Can};
use crate::handlers::staff::customers::Customer;
use crate::handlers::staff::who;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::{AppError, blocking};
use crate::state::AppState;

/// `{status, role, permissions}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct MeAnswer {
    pub status: SuccessStatus,
    pub role: Role,
    /// What the caller's role may do.
    pub permissions: Vec<Permission>,
}

/// The signed-in staff member's own permissions.
#[utoipa::path(
    get,
    path = "/api/admin/me",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's role and permissions", body = MeAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: not staff", body = ErrorAnswer),
    ),
)]
pub async fn me(
    State(state): State<AppState>,
    AdminUser(caller): AdminUser,
) -> Result<Json<MeAnswer>, AppError> {
    let (db, role) = (state.store.clone(), caller.user.role.clone());
    let permissions = blocking("staff task", move || {
        let roles = permissions::load(&db)?;
        Ok::<_, crate::store::StoreError>(roles.get(role.as_str()).cloned().unwrap_or_default())
    })
    .await?;
    Ok(Json(MeAnswer {
        status: SuccessStatus::Success,
        role: caller.user.role,
        permissions: permissions.into_iter().collect(),
    }))
}

/// `{status, roles}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct RolesAnswer {
    pub status: SuccessStatus,
    /// Role name → its permissions.
    #[schema(value_type = HashMap<String, Vec<Permission>>)]
    #[ts(type = "Record<string, Array<Permission>>")]
    pub roles: Roles,
}

/// Every staff role and its permissions.
#[utoipa::path(
    get,
    path = "/api/admin/roles",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The roles document", body = RolesAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs staff.manage", body = ErrorAnswer),
    ),
)]
pub async fn get_roles(
    State(state): State<AppState>,
    _staff: Can<need::StaffManage>,
) -> Result<Json<RolesAnswer>, AppError> {
    let db = state.store.clone();
    let roles = blocking("staff task", move || permissions::load(&db)).await?;
    Ok(Json(RolesAnswer {
        status: SuccessStatus::Success,
        roles,
    }))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct RolesBody {
    /// Role name (beginning with `admin`) → its permissions; roles left out lose theirs.
    #[schema(value_type = HashMap<String, Vec<Permission>>)]
    #[ts(type = "Record<string, Array<Permission>>")]
    roles: Roles,
}

/// Replaces the roles document. The `admin` role always keeps every permission. Only the
/// owner role may: another role holding `staff.manage` could otherwise grant itself anything.
#[utoipa::path(
    put,
    path = "/api/admin/roles",
    tag = "admin",
    security(("bearer" = [])),
    request_body = RolesBody,
    responses(
        (status = 200, description = "The stored document", body = RolesAnswer),
        (status = 400, description = "`invalid_roles`, `invalid_json`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs staff.manage and the owner role (`admin`)", body = ErrorAnswer),
    ),
)]
pub async fn put_roles(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::StaffManage>,
    Json(body): Json<RolesBody>,
) -> Result<Json<RolesAnswer>, AppError> {
    owner_only(&staff.caller().user.role, "changing what roles may do")?;
    let db = state.store.clone();
    let (actor, channel) = who(&staff, &headers);
    let roles = blocking("staff task", move || {
        permissions::replace(&db, &body.roles, &actor, &channel)?;
        Ok::<_, ReplaceError>(permissions::load(&db)?)
    })
    .await?;
    Ok(Json(RolesAnswer {
        status: SuccessStatus::Success,
        roles,
    }))
}

/// `{status, staff}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct StaffAnswer {
    pub status: SuccessStatus,
    /// Every staff account, newest first.
    pub staff: Vec<Customer>,
}

/// Every staff account.
#[utoipa::path(
    get,
    path = "/api/admin/staff",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Staff accounts", body = StaffAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs staff.manage", body = ErrorAnswer),
    ),
)]
pub async fn list_staff(
    State(state): State<AppState>,
    _staff: Can<need::StaffManage>,
) -> Result<Json<StaffAnswer>, AppError> {
    let db = state.store.clone();
    let (users, _) = blocking("staff task", move || {
        store::search_users(&db, "", true, 1000, UserId(u64::MAX))
    })
    .await?;
    Ok(Json(StaffAnswer {
        status: SuccessStatus::Success,
        staff: users.iter().map(Customer::from).collect(),
    }))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct NewStaffBody {
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    username: String,
    #[serde(default)]
    #[ts(optional)]
    #[serde(deserialize_with = "crate::domain::text::de::single_line_opt")]
    name: Option<String>,
    /// At least 8 characters, not a common one; the new staff member changes it after signing in.
    password: String,
    /// A staff role: `admin`, `admin-sales`, `admin-stock`…
    role: String,
}

/// `{status, user}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct StaffMemberAnswer {
    pub status: SuccessStatus,
    pub user: Customer,
}

/// Adds a staff account (the same use case as `kiosk user add`).
#[utoipa::path(
    post,
    path = "/api/admin/staff",
    tag = "admin",
    security(("bearer" = [])),
    request_body = NewStaffBody,
    responses(
        (status = 201, description = "The new account", body = StaffMemberAnswer),
        (status = 400, description = "`invalid_input`, `weak_password`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs staff.manage (and the owner role to add an `admin`)", body = ErrorAnswer),
        (status = 409, description = "`username_taken`", body = ErrorAnswer),
    ),
)]
pub async fn add_staff(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::StaffManage>,
    Json(body): Json<NewStaffBody>,
) -> Result<(StatusCode, Json<StaffMemberAnswer>), AppError> {
    let Some(role) = Role::parse(&body.role).ok().filter(Role::is_admin) else {
        return Err(AppError::bad_request(
            "invalid_input",
            "role: a staff role begins with admin (admin, admin-sales, admin-stock…)",
        ));
    };
    if !permissions::may_manage(&staff.caller().user.role, &role) {
        owner_only(&staff.caller().user.role, "adding an owner account")?;
    }
    let db = state.store.clone();
    let (actor, channel) = who(&staff, &headers);
    let user = blocking("staff task", move || {
        store::register_local_user(
            &db,
            &NewLocalUser {
                username: &body.username,
                name: body.name.as_deref().unwrap_or_default(),
                password: &body.password,
                role: &body.role,
            },
            &Contact {
                kcard: &channel,
                added_by: &actor,
                ..Contact::default()
            },
        )
    })
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(StaffMemberAnswer {
            status: SuccessStatus::Success,
            user: Customer::from(&user),
        }),
    ))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct RoleBody {
    /// The new role: a staff role, or `user` to take staff rights away.
    role: String,
}

/// Changes an account's role; its older tokens stop working at once (same use case as
/// `kiosk user set-role`).
#[utoipa::path(
    post,
    path = "/api/admin/staff/{id}/role",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "user id")),
    request_body = RoleBody,
    responses(
        (status = 200, description = "The account", body = StaffMemberAnswer),
        (status = 400, description = "`invalid_input`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs staff.manage (and the owner role to give or take the role `admin`)", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn set_role(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::StaffManage>,
    Path(id): Path<UserId>,
    Json(body): Json<RoleBody>,
) -> Result<Json<StaffMemberAnswer>, AppError> {
    if staff.caller().user.id == id {
        return Err(AppError::bad_request(
            "invalid_input",
            "you cannot change your own role; ask another owner",
        ));
    }
    let caller = staff.caller().user.role.clone();
    if let Ok(wanted) = Role::parse(&body.role)
        && !permissions::may_manage(&caller, &wanted)
    {
        owner_only(&caller, "giving the owner role")?;
    }
    let db = state.store.clone();
    let (actor, channel) = who(&staff, &headers);
    let user = blocking("staff task", move || {
        store::set_role_of(&db, id, &body.role, &actor, &channel, managed_by(caller))
    })
    .await
    .map_err(|err| match err {
        AppError::NotFound(_) => AppError::NotFound(format!("there is no user {id}")),
        other => other,
    })?;
    Ok(Json(StaffMemberAnswer {
        status: SuccessStatus::Success,
        user: Customer::from(&user),
    }))
}

/// Disables or enables a staff account (the same use case as `kiosk user disable|enable`); a
/// disabled account's tokens stop working at once. Nobody disables their own account, so a
/// shop always keeps someone who can undo it.
#[utoipa::path(
    post,
    path = "/api/admin/staff/{id}/disabled",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "user id")),
    request_body = crate::handlers::staff::customers::DisabledBody,
    responses(
        (status = 200, description = "The account", body = StaffMemberAnswer),
        (status = 400, description = "`invalid_input`: your own account, or not a staff account", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs staff.manage (and the owner role for an `admin` account)", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn set_staff_disabled(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::StaffManage>,
    Path(id): Path<UserId>,
    Json(body): Json<crate::handlers::staff::customers::DisabledBody>,
) -> Result<Json<StaffMemberAnswer>, AppError> {
    if staff.caller().user.id == id {
        return Err(AppError::bad_request(
            "invalid_input",
            "you cannot disable your own account; ask another owner",
        ));
    }
    let db = state.store.clone();
    let caller = staff.caller().user.role.clone();
    let (actor, channel) = who(&staff, &headers);
    let user = blocking("staff task", move || {
        store::set_disabled(&db, id, body.disabled, &actor, &channel, |target| {
            if !target.role.is_admin() {
                return Err(AccountError::Invalid(format!(
                    "{} is a customer account, not staff",
                    target.username
                )));
            }
            managed_by(caller)(target)
        })
    })
    .await
    .map_err(|err| match err {
        AppError::NotFound(_) => AppError::NotFound(format!("there is no user {id}")),
        other => other,
    })?;
    Ok(Json(StaffMemberAnswer {
        status: SuccessStatus::Success,
        user: Customer::from(&user),
    }))
}
