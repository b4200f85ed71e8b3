//! Kiosk: a self-hosted furniture shop in one binary.
//!
//! The modules stand on floors, lowest first, and code imports only what stands at or below
//! its own floor (docs/ARCHITECTURE.md; `tests/floors.rs` checks every import):
//!
//! 0. ground — `domain` (shared values: money, ids, free text, e-mail, HTML escaping),
//!    `embedded` and `i18n` (files inside the binary, languages), `config`, and `store` (the
//!    redb file, typed tables, migrations, backups; it knows its tables from its migrations,
//!    not from the domains), with `metrics` (Prometheus names and counters) between them;
//! 1. the domains, each knowing only ground and the domains before it: `activity`, `content`,
//!    `search`, `outbox`, `accounts`, `catalog`, `pricing`, `cart`, `orders`, `documents`,
//!    `payments`, `notify`, `insights` (visits and the funnel, counted without personal data);
//! 2. `http`, the HTTP kit (errors as JSON, extractors, layers, the server loop, compressed
//!    answers, assets), which knows no shop state;
//! 3. `state`, the shared `AppState` and what only it holds (the parsed page shell, the page
//!    cache, the quiet-time tracker);
//! 4. `handlers`, thin handlers per area (`handlers/staff` for the staff area);
//! 5. `site`, the pages, their shell and first paint, the sitemap, the front door and the
//!    OpenAPI document;
//! 6. `ops` (what the CLI and the control socket both do), `app` (the route table) and
//!    `application` (start-up and background jobs);
//! 7. `cli` and `main`.

pub mod accounts;
pub mod activity;
pub mod app;
pub mod application;
pub mod cart;
pub mod catalog;
pub mod cli;
pub mod config;
pub mod content;
pub mod documents;
pub mod domain;
pub mod embedded;
pub mod handlers;
pub mod http;
pub mod i18n;
pub mod insights;
pub mod metrics;
pub mod notify;
pub mod ops;
pub mod orders;
pub mod outbox;
pub mod payments;
pub mod pricing;
pub mod search;
pub mod site;
pub mod state;
pub mod store;
