//! Customer and staff accounts. For now: the token signing secret and token handling that the
//! admin-only API needs; registration and sign-in build on these.

pub mod store;
pub mod token;
