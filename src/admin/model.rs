//! Admin menu types.

use serde::{Deserialize, Serialize};

/// One entry of a role's horizontal admin menu.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AdminMenuItem {
    pub name: String,
    pub icon: String,
    pub link: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sub_menus: Vec<AdminMenuItem>,
}
