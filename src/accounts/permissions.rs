//! What each staff role may do: named permissions, granted per role in one document (the
//! `role_name_to_permissions` table, seeded from `assets/seed/roles.json` and editable by
//! whoever holds `staff.manage`). Every staff route names the permission it needs and the
//! staff handlers check it on the server (docs/STAFF.md); the UI only hides what the server
//! refuses anyway.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::model::Role;
use crate::embedded::{Assets, embedded_json};
use crate::store::seed::SeedDocument;
use crate::store::{JsonTable, Store, StoreError};

/// Role name (`admin-sales`…) → the permissions it grants.
pub const ROLE_NAME_TO_PERMISSIONS: JsonTable<&str, BTreeSet<Permission>> =
    JsonTable::new("role_name_to_permissions");

/// The role that always holds every permission, so the shop can never lock itself out.
pub const OWNER_ROLE: &str = "admin";

/// One thing staff may be allowed to do (docs/STAFF.md).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema, TS,
)]
pub enum Permission {
    #[serde(rename = "orders.read")]
    OrdersRead,
    #[serde(rename = "orders.write")]
    OrdersWrite,
    #[serde(rename = "customers.read")]
    CustomersRead,
    #[serde(rename = "customers.write")]
    CustomersWrite,
    #[serde(rename = "staff.manage")]
    StaffManage,
    #[serde(rename = "catalog.write")]
    CatalogWrite,
    #[serde(rename = "settings.write")]
    SettingsWrite,
    #[serde(rename = "reports.read")]
    ReportsRead,
    #[serde(rename = "activity.read")]
    ActivityRead,
}

impl Permission {
    pub const ALL: [Permission; 9] = [
        Permission::OrdersRead,
        Permission::OrdersWrite,
        Permission::CustomersRead,
        Permission::CustomersWrite,
        Permission::StaffManage,
        Permission::CatalogWrite,
        Permission::SettingsWrite,
        Permission::ReportsRead,
        Permission::ActivityRead,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Permission::OrdersRead => "orders.read",
            Permission::OrdersWrite => "orders.write",
            Permission::CustomersRead => "customers.read",
            Permission::CustomersWrite => "customers.write",
            Permission::StaffManage => "staff.manage",
            Permission::CatalogWrite => "catalog.write",
            Permission::SettingsWrite => "settings.write",
            Permission::ReportsRead => "reports.read",
            Permission::ActivityRead => "activity.read",
        }
    }
}

/// Every role's permissions.
pub type Roles = BTreeMap<String, BTreeSet<Permission>>;

/// The default roles, as seed documents: a release can improve the defaults of shops that
/// never edited them, and leaves an edited role alone.
pub fn seed_documents() -> Result<Vec<SeedDocument>, String> {
    let roles = embedded_json::<Assets>("seed/roles.json")?;
    let parsed: Roles =
        serde_json::from_value(roles.clone()).map_err(|err| format!("seed/roles.json: {err}"))?;
    let mut docs = Vec::new();
    for (role, permissions) in &parsed {
        let value = serde_json::to_value(permissions)
            .map_err(|err| format!("seed/roles.json, role {role}: {err}"))?;
        docs.push(SeedDocument::new(
            ROLE_NAME_TO_PERMISSIONS.definition(),
            role.as_str(),
            &value,
        )?);
    }
    Ok(docs)
}

/// Every role's permissions, with the owner role holding all of them whatever is stored.
pub fn load(store: &Store) -> Result<Roles, StoreError> {
    let mut roles = store.read(|txn| {
        let mut roles = Roles::new();
        ROLE_NAME_TO_PERMISSIONS
            .read(txn)?
            .try_for_each(|role, permissions| {
                roles.insert(role.to_string(), permissions);
                Ok::<(), StoreError>(())
            })?;
        Ok::<Roles, StoreError>(roles)
    })?;
    roles.insert(OWNER_ROLE.into(), Permission::ALL.into_iter().collect());
    Ok(roles)
}

/// Whether `role` grants `permission`. Only staff roles (beginning with `admin`) grant
/// anything; a staff role missing from the document grants nothing.
pub fn allows(store: &Store, role: &Role, permission: Permission) -> Result<bool, StoreError> {
    if !role.is_admin() {
        return Ok(false);
    }
    if role.as_str() == OWNER_ROLE {
        return Ok(true);
    }
    let granted = store.read(|txn| ROLE_NAME_TO_PERMISSIONS.read(txn)?.get(role.as_str()))?;
    Ok(granted.is_some_and(|set| set.contains(&permission)))
}

/// Whether a staff member whose role is `caller` may manage (add, change the role of,
/// disable) an account whose role is `target`. `staff.manage` is needed first; on top of it,
/// accounts holding the owner role are managed by the owner role only, so a lesser role given
/// `staff.manage` cannot take over or lock out the shop's owner (docs/STAFF.md).
pub fn may_manage(caller: &Role, target: &Role) -> bool {
    target.as_str() != OWNER_ROLE || caller.as_str() == OWNER_ROLE
}

/// Checks a whole roles document; every problem is named.
pub fn validate(roles: &Roles) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    for role in roles.keys() {
        if Role::parse(role).map_or(true, |r| !r.is_admin()) {
            problems.push(format!(
                "roles.{role}: a staff role name begins with \"admin\" (admin, admin-sales, …)"
            ));
        }
    }
    if roles
        .get(OWNER_ROLE)
        .is_some_and(|set| set.len() != Permission::ALL.len())
    {
        problems.push(format!(
            "roles.{OWNER_ROLE}: the owner role always holds every permission"
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Replaces the whole document (roles absent from `roles` lose their permissions) and logs
/// it, in one transaction.
pub fn replace(store: &Store, roles: &Roles, actor: &str, kcard: &str) -> Result<(), ReplaceError> {
    validate(roles).map_err(ReplaceError::Invalid)?;
    store.write(|txn| {
        let mut table = ROLE_NAME_TO_PERMISSIONS.write(txn)?;
        table.retain(|_| false)?;
        for (role, permissions) in roles {
            table.put(role.as_str(), permissions)?;
        }
        drop(table);
        let summary: Vec<String> = roles
            .iter()
            .map(|(role, set)| format!("{role}: {}", set.len()))
            .collect();
        crate::activity::log(
            txn,
            &crate::activity::Event {
                actor,
                kcard,
                action: "roles changed",
                target: "roles",
                details: &summary.join(", "),
            },
        )?;
        Ok(())
    })
}

#[derive(Debug, thiserror::Error)]
pub enum ReplaceError {
    #[error("{}", .0.join("; "))]
    Invalid(Vec<String>),
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permissions_read_and_write_by_their_dotted_names() {
        for permission in Permission::ALL {
            let json = serde_json::to_value(permission).unwrap();
            assert_eq!(json, serde_json::json!(permission.as_str()));
            assert_eq!(
                serde_json::from_value::<Permission>(json).unwrap(),
                permission
            );
        }
    }

    #[test]
    fn the_shipped_roles_are_valid_and_the_owner_holds_everything() {
        let docs = seed_documents().unwrap();
        assert!(docs.len() >= 3);
        let roles: Roles =
            serde_json::from_value(embedded_json::<Assets>("seed/roles.json").unwrap()).unwrap();
        validate(&roles).unwrap();
        assert_eq!(roles[OWNER_ROLE].len(), Permission::ALL.len());
    }

    #[test]
    fn only_the_owner_role_manages_owner_accounts() {
        let owner = Role::parse(OWNER_ROLE).unwrap();
        let manager = Role::parse("admin-manager").unwrap();
        let sales = Role::parse("admin-sales").unwrap();
        assert!(may_manage(&owner, &owner));
        assert!(may_manage(&owner, &sales));
        assert!(may_manage(&manager, &sales));
        assert!(may_manage(&manager, &Role::user()));
        assert!(!may_manage(&manager, &owner));
    }

    #[test]
    fn role_documents_name_staff_roles_only() {
        let mut roles = Roles::new();
        roles.insert("user".into(), BTreeSet::from([Permission::OrdersRead]));
        roles.insert(OWNER_ROLE.into(), BTreeSet::from([Permission::OrdersRead]));
        let problems = validate(&roles).unwrap_err();
        assert!(problems.iter().any(|p| p.starts_with("roles.user")));
        assert!(problems.iter().any(|p| p.starts_with("roles.admin")));
    }
}

/// A permission as a type, so a handler states what it needs in its signature:
/// `Can(caller): Can<need::OrdersWrite>`.
pub trait Needed {
    const PERMISSION: Permission;
}

/// One marker type per [`Permission`], for [`Needed`].
pub mod need {
    use super::{Needed, Permission};

    macro_rules! markers {
        ($($name:ident),*) => {$(
            #[derive(Debug, Clone, Copy)]
            pub struct $name;
            impl Needed for $name {
                const PERMISSION: Permission = Permission::$name;
            }
        )*};
    }
    markers!(
        OrdersRead,
        OrdersWrite,
        CustomersRead,
        CustomersWrite,
        StaffManage,
        CatalogWrite,
        SettingsWrite,
        ReportsRead,
        ActivityRead
    );
}
