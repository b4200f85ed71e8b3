//! Plumbing shared by every domain: errors, extractors, page shells, embedded files, layers.

pub mod assets;
pub mod auth;
pub mod error;
pub mod json;
pub mod layers;
pub mod openapi;
pub mod page_routes;
pub mod pages;
pub mod shell;
pub mod sitemap;

pub use error::AppError;
