//! Kiosk: a self-hosted furniture shop in one binary.
//!
//! Folders are domains (`catalog`, `content`, `accounts`, `admin`); `http` holds the plumbing
//! every domain shares; `app` assembles the router and is the one list of every route.

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
pub mod notify;
pub mod ops;
pub mod orders;
pub mod payments;
pub mod pricing;
pub mod search;
pub mod site;
pub mod state;
pub mod store;
