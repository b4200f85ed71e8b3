//! The staff area: per-role admin menus (SPEC.md §3 "Admin menu").

pub mod codes;
pub mod content;
pub mod customers;
pub mod images;
pub mod model;
pub mod notifications;
pub mod orders;
pub mod permissions;
pub mod products;
pub mod promotions;
pub mod reports;
pub mod routes;
pub mod search;
pub mod staff;
pub mod store;
pub mod taxonomy;
