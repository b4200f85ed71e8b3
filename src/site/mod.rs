//! The site: what the shop answers as a web site rather than as an API — page shells with their
//! titles, alternates and JSON-LD, the first paint of the storefront, the sitemap and robots
//! file, the front door that answers remembered bytes before the router, and the OpenAPI
//! document. It sits above the handlers and below the route table (docs/ARCHITECTURE.md).

#[cfg(test)]
mod api_types;
pub mod first_paint;
pub mod front_door;
pub mod openapi;
pub mod page_routes;
pub mod pages;
pub mod shell;
pub mod sitemap;
