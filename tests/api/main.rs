//! Integration tests: the real server on 127.0.0.1:0 with a fresh data folder and a real
//! redb file per test, spoken to over HTTP.

mod accounts;
mod admin;
mod admin_codes;
mod admin_content;
mod admin_images;
mod admin_products;
mod admin_promotions;
mod admin_taxonomy;
mod api_files;
mod cart;
mod catalog;
mod catalog_import_large;
mod cli;
mod compression;
mod connections;
mod documents_catalogue;
mod first_paint;
mod fuzz;
mod guest_checkout;
mod hardening;
mod helpers;
mod idle;
mod image_variants;
mod notifications;
mod ops;
mod orders;
mod pages;
mod payment_proofs;
mod payments_2c2p;
mod search;
mod security;
mod shopping_details;
mod sitemap_index;
mod social;
mod standins;
