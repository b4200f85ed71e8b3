//! The catalogue: products, rooms and the category tree, as stored (`model`, `store`, `stock`)
//! and as the running shop reads them — one immutable snapshot (`snapshot`) with its search
//! index and remembered answers (`remembered`), the one in force held by `cache`.
//!
//! Every change goes through `writer::CatalogWriter`, so the use cases that change the
//! catalogue (`edit` for products and stock, `import`, `taxonomy`, `uploads` for images) put
//! the new snapshot in force themselves. Reading: `query` (a list's parameters),
//! `shopper_search` (keyword search as shoppers use it), `listed`, `image_urls`; images are
//! checked and resized by `image_decode`, `image_gate` and `image_variants`.
//!
//! On the floors (docs/ARCHITECTURE.md) the catalogue stands above activity, content and
//! search; what higher domains know of it (promotions naming a room, code-table usage) they
//! hand in through `taxonomy::NamedElsewhere` and `content::labels::KeyUsage`.

pub mod bulk_edit;
pub mod cache;
pub mod edit;
pub mod image_clean;
pub mod image_decode;
pub mod image_gate;
pub mod image_urls;
pub mod image_variants;
pub mod import;
pub mod import_file;
pub mod import_foreign;
pub mod import_shopify;
pub mod import_woo;
pub mod listed;
pub mod model;
pub mod query;
#[cfg(test)]
mod relevance_tests;
pub mod remembered;
pub mod shopper_search;
pub mod snapshot;
pub mod staff_list;
pub mod staff_pages;
pub mod stock;
pub mod stock_ledger;
pub mod store;
pub mod taxonomy;
pub mod uploads;
pub mod variants;
pub mod writer;
