//! The catalogue: rooms and the category tree (products build on these).

pub mod cache;
pub mod model;
pub mod routes;
pub mod store;
