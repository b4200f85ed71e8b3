//! Who manages staff accounts (docs/STAFF.md): the owner role alone changes what roles may do,
//! gives the owner role and manages the accounts holding it. The staff handlers ask these
//! before and inside their transactions; a refusal is `AccountError::Forbidden`.

use crate::accounts::model::{Role, User};
use crate::accounts::permissions;
use crate::accounts::store::AccountError;

/// Refuses what only the owner role may do, for a caller of another role.
pub fn owner_only(caller: &Role, what: &str) -> Result<(), AccountError> {
    if caller.as_str() == permissions::OWNER_ROLE {
        Ok(())
    } else {
        Err(AccountError::Forbidden(format!(
            "{what} is done by the owner (role {})",
            permissions::OWNER_ROLE
        )))
    }
}

/// The check every staff change to an existing account makes, inside its transaction: the
/// owner's accounts are out of a lesser role's reach.
pub fn managed_by(caller: Role) -> impl FnOnce(&User) -> Result<(), AccountError> {
    move |target| {
        if permissions::may_manage(&caller, &target.role) {
            Ok(())
        } else {
            Err(AccountError::Forbidden(format!(
                "{} holds the owner role; only the owner manages it",
                target.username
            )))
        }
    }
}
