//! Handlers of the staff area (`/api/admin/…`): each file is one menu of the admin area. Every
//! route names the permission it needs through `handlers::auth::Can` (docs/STAFF.md).

pub mod codes;
pub mod content;
pub mod customers;
pub mod images;
pub mod menus;
pub mod notifications;
pub mod orders;
pub mod products;
pub mod promotions;
pub mod reports;
pub mod search;
pub mod staff;
pub mod taxonomy;
