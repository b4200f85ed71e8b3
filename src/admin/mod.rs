//! The staff area: per-role admin menus (SPEC.md §3 "Admin menu").

pub mod model;
pub mod permissions;
pub mod routes;
pub mod store;
