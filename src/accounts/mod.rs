//! Customer and staff accounts: users, passwords, roles and the tokens that prove them.

pub mod coins;
pub mod menu_store;
pub mod menus;
pub mod model;
pub mod password;
pub mod permissions;
pub mod reset;
pub mod social;
pub mod store;
pub mod throttle;
pub mod token;
