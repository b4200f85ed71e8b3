//! The catalogue: rooms and the category tree (products build on these).

pub mod cache;
pub mod edit;
pub mod image_decode;
pub mod image_gate;
pub mod image_urls;
pub mod image_variants;
pub mod import;
pub mod listed;
pub mod model;
pub mod query;
#[cfg(test)]
mod relevance_tests;
pub mod search;
pub mod staff_pages;
pub mod stock;
pub mod store;
pub mod taxonomy;
pub mod uploads;
