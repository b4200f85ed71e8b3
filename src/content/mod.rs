//! Shop content that is not catalogue: translations, labels (code tables) and information pages.
//! Read often and changed rarely, so it is served from an in-memory snapshot of the database.

pub mod cache;
pub mod catalogue_upload;
pub mod edit;
pub mod labels;
pub mod markdown;
pub mod messages;
pub mod model;
pub mod settings;
pub mod store;
pub mod words;
