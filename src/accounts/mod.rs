//! The accounts domain: customer and staff accounts, their passwords, roles and the tokens
//! that prove them. It stands on the ground and on the domains before it (activity for its
//! log lines, outbox for the reset mail) and knows no HTTP: its handlers are
//! `handlers/accounts.rs`, `handlers/auth.rs` and `handlers/social.rs` (docs/STAFF.md for
//! staff roles and permissions).
//!
//! - `model`: the user, roles, providers, addresses; `store`: the users' tables and use cases
//!   (register, sign in, roles, details, lookups); `password`: hashing;
//! - `token`: issuing and checking JWTs; `secrets`: the signing secret and revoked tokens;
//!   `throttle`: the sign-in and registration limits;
//! - `social`: Google, Facebook and LINE sign-in without its HTTP part, `id_token`: checking
//!   their OpenID Connect ID tokens; `reset`: password reset
//!   links; `coins`: the coin ledger;
//! - `permissions`, `menus`, `menu_store`: what each staff role may do and sees.

pub mod coins;
pub mod id_token;
pub mod menu_store;
pub mod menus;
pub mod model;
pub mod password;
pub mod permissions;
pub mod reset;
pub mod secrets;
pub mod social;
pub mod staff_rules;
pub mod store;
pub mod throttle;
pub mod token;
