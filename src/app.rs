//! The route table: the one place that lists every route of the shop, and the serve loop that
//! puts the site's front door before it (the HTTP kit's server takes any `EarlyAnswer`, so it
//! knows no site). Handlers live in `crate::handlers`, pages in `crate::site`
//! (docs/ARCHITECTURE.md).

use std::future::Future;

use axum::Router;
use axum::routing::{any, get, post, put};
use tokio::net::TcpListener;

use crate::handlers;
use crate::handlers::health::health;
use crate::handlers::staff;
use crate::http::{AppError, assets, error, layers};
use crate::site::{openapi, pages, sitemap};
use crate::state::AppState;

/// The whole HTTP surface. API routes answer JSON (and JSON errors); everything else that is
/// not a file is a storefront page resolved by `site::page_routes`.
pub fn app(state: AppState) -> Router {
    let router = Router::new()
        // System
        .route("/api/health", get(health))
        .route("/api/openapi.json", get(openapi::openapi))
        // Content: translations, labels, information pages, the e-catalogue
        .route("/api/file/locales", get(handlers::content::list_locales))
        .route(
            "/api/file/locales/{code}",
            get(handlers::content::get_locale),
        )
        .route("/api/file/labels/{set}", get(handlers::content::get_labels))
        .route(
            "/api/file/pages/listdir",
            get(handlers::content::list_pages),
        )
        .route(
            "/api/file/pages/get/{*name}",
            get(handlers::content::get_page),
        )
        .route("/api/file/pdf/get/{name}", get(handlers::content::get_pdf))
        // Accounts (the route names the first shop's UI used are kept)
        .route("/api/auth/register", post(handlers::accounts::register))
        .route("/api/auth/login", post(handlers::accounts::login))
        .route("/api/auth/logout", post(handlers::accounts::logout))
        .route("/api/auth/user", get(handlers::accounts::current_user))
        .route(
            "/api/auth/password",
            post(handlers::accounts::change_password),
        )
        .route(
            "/api/auth/userInfo/get/{userId}",
            get(handlers::accounts::get_user_info),
        )
        .route("/api/auth/userInfo", put(handlers::accounts::put_user_info))
        .route(
            "/api/auth/password/reset",
            post(handlers::accounts::reset_password),
        )
        .route(
            "/api/auth/providers",
            get(handlers::accounts::list_providers),
        )
        .route(
            "/api/auth/registerSocial",
            post(crate::handlers::social::register_social),
        )
        .route(
            "/api/auth/oauth/{provider}/start",
            get(crate::handlers::social::start),
        )
        .route(
            "/api/auth/oauth/{provider}/callback",
            get(crate::handlers::social::callback),
        )
        // Staff
        .route("/api/file/menus/admin", get(staff::menus::get_admin_menus))
        .route("/api/admin/activity", get(staff::menus::list_activity))
        .route(
            "/api/admin/search/synonyms",
            get(staff::synonyms::get_synonyms).put(staff::synonyms::put_synonyms),
        )
        .route("/api/admin/search/misses", get(staff::synonyms::get_misses))
        .route("/api/admin/insights", get(staff::insights::get_insights))
        .route(
            "/api/admin/insights.csv",
            get(staff::insights::get_insights_csv),
        )
        .route("/api/insights/hit", post(handlers::insights::hit))
        // Staff: the order desk (each route names its permission in its handler)
        .route("/api/admin/orders", get(staff::orders::list_orders))
        .route(
            "/api/admin/orders.csv",
            get(staff::orders::export_orders_csv),
        )
        .route("/api/admin/orders/status", post(staff::orders::bulk_status))
        .route(
            "/api/admin/order/{id}/status",
            post(staff::orders::set_order_status),
        )
        .route("/api/admin/order/{id}/notes", post(staff::orders::add_note))
        .route(
            "/api/admin/order/{id}/proof/reject",
            post(staff::orders::reject_proof),
        )
        .route(
            "/api/admin/order/{id}/refund",
            post(staff::orders::record_refund),
        )
        .route(
            "/api/admin/order/{id}/notifications",
            get(staff::notifications::list),
        )
        .route(
            "/api/admin/order/{id}/notifications/{message}/retry",
            post(staff::notifications::retry),
        )
        // Staff: who may do what, staff accounts
        .route("/api/admin/me", get(staff::staff_accounts::me))
        .route(
            "/api/admin/roles",
            get(staff::staff_accounts::get_roles).put(staff::staff_accounts::put_roles),
        )
        .route(
            "/api/admin/staff",
            get(staff::staff_accounts::list_staff).post(staff::staff_accounts::add_staff),
        )
        .route(
            "/api/admin/staff/{id}/role",
            post(staff::staff_accounts::set_role),
        )
        .route(
            "/api/admin/staff/{id}/disabled",
            post(staff::staff_accounts::set_staff_disabled),
        )
        // Staff: reports
        .route("/api/admin/dashboard", get(staff::reports::dashboard))
        .route(
            "/api/admin/reports/sales",
            get(staff::reports::sales_report),
        )
        .route(
            "/api/admin/reports/sales.csv",
            get(staff::reports::sales_report_csv),
        )
        // Staff: customers
        .route(
            "/api/admin/customers",
            get(staff::customers::list_customers),
        )
        .route(
            "/api/admin/customers/{id}",
            get(staff::customers::get_customer),
        )
        .route(
            "/api/admin/customers/{id}/coins",
            post(staff::customers::adjust_coins),
        )
        .route(
            "/api/admin/customers/{id}/disabled",
            post(staff::customers::set_disabled),
        )
        .route(
            "/api/admin/customers/{id}/password-reset",
            post(staff::customers::start_password_reset),
        )
        // Staff: promotions and coupons
        .route(
            "/api/admin/coupons",
            get(staff::promotions::list_coupons).post(staff::promotions::create_coupon),
        )
        .route(
            "/api/admin/coupons/{code}",
            put(staff::promotions::update_coupon),
        )
        .route(
            "/api/admin/promotions",
            get(staff::promotions::list_promotions).post(staff::promotions::create_promotion),
        )
        .route(
            "/api/admin/promotions/{id}",
            put(staff::promotions::update_promotion),
        )
        // Staff: rooms and categories
        .route(
            "/api/admin/rooms",
            get(staff::taxonomy::list_rooms).post(staff::taxonomy::create_room),
        )
        .route(
            "/api/admin/rooms/order",
            post(staff::taxonomy::reorder_rooms),
        )
        .route(
            "/api/admin/rooms/{key}",
            put(staff::taxonomy::update_room).delete(staff::taxonomy::delete_room),
        )
        .route(
            "/api/admin/categories",
            get(staff::taxonomy::list_categories).post(staff::taxonomy::create_category),
        )
        .route(
            "/api/admin/categories/order",
            post(staff::taxonomy::reorder_categories),
        )
        .route(
            "/api/admin/categories/{key}",
            put(staff::taxonomy::update_category).delete(staff::taxonomy::delete_category),
        )
        // Staff: code tables
        .route("/api/admin/codes", get(staff::codes::list_groups))
        .route(
            "/api/admin/codes/{group}",
            get(staff::codes::get_group).post(staff::codes::add_entry),
        )
        .route(
            "/api/admin/codes/{group}/{key}",
            put(staff::codes::update_entry).delete(staff::codes::remove_entry),
        )
        // Staff: content (pages, translations, site settings, the e-catalogue PDF)
        .route(
            "/api/admin/pages",
            get(staff::content::list_pages).post(staff::content::create_page),
        )
        .route("/api/admin/pages/{*name}", put(staff::content::update_page))
        .route(
            "/api/admin/translations",
            get(staff::content::list_translations).put(staff::content::save_translation),
        )
        .route(
            "/api/admin/settings",
            get(staff::content::get_settings).put(staff::content::put_settings),
        )
        .route("/api/admin/mail-preview", get(staff::mail_preview::mail))
        .route(
            "/api/admin/mail-preview/receipt.pdf",
            get(staff::mail_preview::receipt),
        )
        // Shoppers' order mail: the unsubscribe link (signed, no sign-in)
        .route(
            "/api/mail/unsubscribe",
            get(handlers::mail::confirm).post(handlers::mail::unsubscribe),
        )
        .route(
            "/api/admin/catalogue-pdf",
            get(staff::content::get_catalogue).post(axum::handler::Handler::layer(
                staff::content::upload_catalogue,
                axum::extract::DefaultBodyLimit::max(
                    usize::try_from(state.config.uploads.pdf_max_bytes.saturating_add(64 * 1024))
                        .unwrap_or(usize::MAX),
                ),
            )),
        )
        // Staff: product images (uploads get their own body limit)
        .route(
            "/api/admin/products/{code}/images",
            post(axum::handler::Handler::layer(
                staff::images::upload_images,
                axum::extract::DefaultBodyLimit::max(state.config.uploads.image_request_limit()),
            ))
            .put(staff::images::set_images),
        )
        // Staff: products, stock and prices
        .route(
            "/api/admin/products",
            get(staff::products::list_products).post(staff::products::create_product),
        )
        .route(
            "/api/admin/products.csv",
            get(staff::products::export_products_csv),
        )
        .route(
            "/api/admin/products/{code}",
            get(staff::products::get_product).put(staff::products::update_product),
        )
        .route(
            "/api/admin/products/{code}/duplicate",
            post(staff::products::duplicate_product),
        )
        .route(
            "/api/admin/products/{code}/active",
            post(staff::products::set_active),
        )
        .route(
            "/api/admin/products/{code}/stock",
            post(staff::products::adjust_stock),
        )
        .route("/api/admin/catalog/bulk", post(staff::products::bulk_edit))
        .route(
            "/api/admin/catalog/import",
            post(staff::products::import_csv),
        )
        // Catalogue (the part a page's first paint also answers from)
        .merge(handlers::catalog::first_answers())
        .route("/api/app/search/code", get(handlers::catalog::search_code))
        .route("/api/file/images/{*path}", get(handlers::images::get_image))
        // Carts
        .route("/api/app/cart/get/{id}", get(handlers::cart::get_cart))
        .route("/api/app/cart/add", post(handlers::cart::add_to_cart))
        .route("/api/app/cart/set", post(handlers::cart::set_cart_line))
        .route("/api/app/cart/merge/", post(handlers::cart::merge_carts))
        .route("/api/app/cart/quote", post(handlers::cart::quote_cart))
        .route(
            "/api/app/promotions",
            get(handlers::pricing::list_promotions),
        )
        // Orders
        .route("/api/app/order/place", post(handlers::orders::place_order))
        .route("/api/app/order/get/{id}", get(handlers::orders::get_order))
        .route(
            "/api/app/order/list/{user_id}",
            get(handlers::orders::list_orders),
        )
        .route(
            "/api/app/order/needreview/{user_id}",
            get(handlers::orders::need_review),
        )
        .route(
            "/api/app/order/review/{id}",
            post(handlers::orders::review_order),
        )
        .route(
            "/api/app/order/cancel/{id}",
            post(handlers::orders::cancel_order),
        )
        .route(
            "/api/app/order/pay/{id}",
            post(handlers::payments::pay_order),
        )
        .route(
            "/api/app/order/claim/{id}",
            post(handlers::orders::claim_order),
        )
        .route(
            "/api/app/order/{id}/receipt.pdf",
            get(handlers::documents::receipt),
        )
        .route(
            "/api/app/order/{id}/tax-invoice.pdf",
            get(handlers::documents::tax_invoice),
        )
        .route(
            "/api/app/order/{id}/credit-note.pdf",
            get(handlers::documents::credit_note),
        )
        // Payment slips: uploaded by the shopper, seen by the shopper and staff only.
        .route(
            "/api/app/order/{id}/proof",
            post(crate::handlers::proofs::upload_proof).layer(
                axum::extract::DefaultBodyLimit::max(state.config.uploads.image_request_limit()),
            ),
        )
        .route(
            "/api/app/order/{id}/proof/{file}",
            get(crate::handlers::proofs::get_proof),
        )
        // Card payment through 2C2P: the hand-over page and the two result URLs.
        .route(
            "/api/app/payment/2c2p/notify",
            post(crate::handlers::payments::notify),
        )
        .route(
            "/api/app/payment/2c2p/return",
            post(crate::handlers::payments::browser_return),
        )
        .route(
            "/api/app/payment/2c2p/go/{attempt}",
            get(crate::handlers::payments::hand_over),
        )
        .route(
            "/api/app/payment/2c2p/submit.js",
            get(crate::handlers::payments::submit_script),
        )
        .route(
            "/api/app/coupons",
            get(crate::handlers::pricing::list_coupons),
        )
        // Any other API path is a JSON 404, never the app shell.
        .route("/api", any(error::api_not_found))
        .route("/api/{*rest}", any(error::api_not_found))
        // Files
        .route("/assets/{*path}", get(assets::serve_ui_asset))
        .route("/static/{*path}", get(assets::serve_static))
        .route("/favicon.ico", get(assets::serve_favicon))
        .route("/sw.js", get(assets::serve_service_worker))
        .route("/sitemap.xml", get(sitemap::sitemap_index))
        .route("/sitemap/{file}", get(sitemap::sitemap_child))
        .route("/robots.txt", get(sitemap::robots))
        // Storefront pages
        .fallback(pages::serve_page)
        .method_not_allowed_fallback(method_not_allowed);
    let body_timeout = std::time::Duration::from_secs(state.config.limits.body_timeout_secs);
    let router = crate::handlers::key_guesses::guarded(router, &state);
    let quiet = state.quiet.clone();
    let router = router.layer(tower::util::MapRequestLayer::new(
        move |request: axum::extract::Request| {
            quiet.touch();
            request
        },
    ));
    // A 500 while the disk is full is answered as what it is (507 `storage_full`).
    let router = router.layer(axum::middleware::from_fn_with_state(
        state.store.clone(),
        crate::http::error::storage_full_answers,
    ));
    layers::apply(router, body_timeout).with_state(state)
}

async fn method_not_allowed() -> AppError {
    AppError::MethodNotAllowed
}

/// Serves until `shutdown` resolves, then stops accepting and lets requests in flight finish.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = crate::http::server::ConnectionLimits {
        max_connections: state.config.limits.max_connections,
        header_timeout: std::time::Duration::from_secs(state.config.limits.header_timeout_secs),
    }
    .fitted();
    let front_door = crate::site::front_door::FrontDoor::new(state.clone());
    crate::http::server::serve(listener, app(state), front_door, limits, shutdown).await
}
