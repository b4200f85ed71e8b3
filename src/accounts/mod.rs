//! Customer and staff accounts: users, passwords, roles and the tokens that prove them.

pub mod model;
pub mod password;
pub mod store;
pub mod token;
