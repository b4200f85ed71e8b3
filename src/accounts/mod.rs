//! Customer and staff accounts: users, passwords, roles and the tokens that prove them.

pub mod coins;
pub mod model;
pub mod password;
pub mod reset;
pub mod routes;
pub mod social;
pub mod store;
pub mod throttle;
pub mod token;
