//! Application state and the router: the one place that lists every route.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::extract::State;
use axum::routing::{any, get, post, put};
use serde::Serialize;
use tokio::net::TcpListener;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::social::PendingLogins;
use crate::accounts::throttle::LoginThrottle;
use crate::accounts::token::Tokens;
use crate::catalog::cache::CatalogCache;
use crate::config::Config;
use crate::content::cache::ContentCache;
use crate::embedded::UiDist;
use crate::http::envelope::SuccessStatus;
use crate::http::json::Json;
use crate::http::shell::ShellTemplate;
use crate::http::{AppError, assets, error, layers, openapi, pages, sitemap};
use crate::orders::place::{OrderDesk, Terms};
use crate::store::{Store, StoreError, migrate, seed};
use crate::{accounts, admin, cart, catalog, content, orders, pricing};

/// Everything a handler may need, behind one `Arc`: axum clones the state for every request
/// (and every extractor), so a clone is one reference count, not fourteen (it was 3.6 % of a
/// cached list request's CPU).
#[derive(Clone)]
pub struct AppState(Arc<Shop>);

impl std::ops::Deref for AppState {
    type Target = Shop;

    fn deref(&self) -> &Shop {
        &self.0
    }
}

impl AppState {
    /// The configuration, changeable only while nothing else holds the state (start-up).
    pub fn config_mut(&mut self) -> Option<&mut Config> {
        Arc::get_mut(&mut self.0).map(|shop| Arc::make_mut(&mut shop.config))
    }
}

/// What [`AppState`] shares.
pub struct Shop {
    pub config: Arc<Config>,
    pub store: Store,
    pub tokens: Arc<Tokens>,
    pub content: Arc<ContentCache>,
    pub catalog: Arc<CatalogCache>,
    pub shell: Arc<ShellTemplate>,
    /// Rendered page shells with their compressed forms, per snapshot.
    pub pages: Arc<crate::http::pages::PageCache>,
    pub throttle: Arc<LoginThrottle>,
    pub pending_logins: Arc<PendingLogins>,
    /// Places orders (group commit on its own thread).
    pub orders: OrderDesk,
    /// The live e-catalogue PDFs, per language.
    pub catalogues: Arc<crate::documents::catalogue::LiveCatalogues>,
    /// Synonyms in force and searches that found too little.
    pub search: Arc<crate::search::live::SearchSettings>,
    /// Shoppers' ratings per product, from reviewed delivered orders.
    pub ratings: Arc<crate::catalog::ratings::Ratings>,
    pub started: Instant,
    /// When the last request came (the caches are dropped when the shop is quiet).
    pub quiet: Arc<crate::idle::Quiet>,
    /// Card payment answers naming no attempt, counted so they log one line a minute.
    pub payment_noise: Arc<crate::payments::attempts::Noise>,
}

/// Why the shop could not start; each says what to do in one line.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("the seed data built into this binary is broken: {0}")]
    Seed(String),
    #[error("invalid configuration: {0}")]
    Mail(String),
    #[error("the built-in UI is broken: {0}")]
    Shell(String),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot create the control socket in {}: {source}", dir.display())]
    ControlSocket {
        dir: std::path::PathBuf,
        source: std::io::Error,
    },
}

impl AppState {
    /// Opens and migrates the database, brings seed documents up to date, seeds the demo
    /// catalogue on first start, and loads the in-memory snapshots. Blocking: call it before
    /// the server runs, or from `spawn_blocking`.
    pub fn init(config: Config) -> Result<AppState, StartError> {
        let started = Instant::now();
        if config.notifications.email.enabled() {
            // Checked before anything opens, so a typo in the sender stops the start with
            // one line rather than leaving every mail waiting.
            crate::notify::email::Mailer::new(&config.notifications.email)
                .map_err(StartError::Mail)?;
        }
        let store = Store::open(&config.data_dir)?;
        seed_store(&store, config.demo)?;
        // Documents issued before their prints were stored are frozen as they show now, once.
        crate::documents::issued::freeze_earlier(
            &store,
            &crate::documents::Issuer::from_config(&config),
        )?;

        let index = UiDist::get("index.html")
            .ok_or_else(|| StartError::Shell("ui/dist/index.html is not embedded".into()))?;
        let shell = ShellTemplate::parse(&String::from_utf8_lossy(&index.data))
            .map_err(StartError::Shell)?
            .with_manifest(
                UiDist::get(".vite/manifest.json")
                    .map(|f| f.data)
                    .as_deref(),
            )
            .with_fonts(
                UiDist::iter()
                    .collect::<Vec<_>>()
                    .iter()
                    .map(|f| f.as_ref()),
            );
        let tokens = Tokens::new(&accounts::store::jwt_secret(&store)?);
        let catalog = Arc::new(CatalogCache::load(&store)?);
        // A large catalogue answers lists at once and searches when its words are indexed.
        catalog.index_words_in_background(&store);
        let content = Arc::new(ContentCache::load(&store)?);
        let orders = OrderDesk::start(
            store.clone(),
            catalog.clone(),
            Terms {
                shipping: crate::pricing::Shipping {
                    flat_rate: config.shipping_flat_rate,
                    free_over: config.free_shipping_over,
                },
                payments: config.payments.clone(),
                content: Some(content.clone()),
                plan: crate::notify::outbox::Plan::from_config(&config),
            },
        );
        let search = Arc::new(crate::search::live::SearchSettings::load(&store)?);
        let ratings = crate::catalog::ratings::Ratings::load_in_background(store.clone());
        Ok(AppState(Arc::new(Shop {
            content,
            catalog,
            orders,
            config: Arc::new(config),
            store,
            tokens: Arc::new(tokens),
            shell: Arc::new(shell),
            pages: Arc::default(),
            throttle: Arc::default(),
            pending_logins: Arc::default(),
            catalogues: Arc::default(),
            search,
            ratings,
            started,
            quiet: Arc::new(crate::idle::Quiet::default()),
            payment_noise: Arc::default(),
        })))
    }
}

/// Brings the built-in documents (translations, labels, pages, staff menus) up to date and,
/// on first start, seeds the demo catalogue. Shared by `serve` and `setup`.
pub fn seed_store(store: &Store, demo: bool) -> Result<(), StartError> {
    let mut documents = content::store::seed_documents().map_err(StartError::Seed)?;
    documents.extend(admin::store::seed_documents().map_err(StartError::Seed)?);
    documents.extend(admin::permissions::seed_documents().map_err(StartError::Seed)?);
    let report = seed::sync(store, &documents)?;
    tracing::info!(
        inserted = report.inserted,
        updated = report.updated,
        kept_edited = report.kept_edited,
        "seed documents synced"
    );
    if demo && catalog::store::seed_demo(store).map_err(StartError::Seed)? {
        tracing::info!("demo catalogue seeded");
    }
    if demo && crate::pricing::store::seed_demo(store).map_err(StartError::Seed)? {
        tracing::info!("demo promotions and coupons seeded");
    }
    Ok(())
}

/// Deletes expired anonymous carts and cancels unpaid orders past their time, now and every
/// hour, in the background.
pub fn spawn_housekeeping(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every_hour = tokio::time::interval(std::time::Duration::from_secs(60 * 60));
        loop {
            every_hour.tick().await;
            let store = state.store.clone();
            let before = time::OffsetDateTime::now_utc().unix_timestamp()
                - i64::from(state.config.cart_expiry_days) * 86_400;
            match tokio::task::spawn_blocking(move || cart::store::remove_expired(&store, before))
                .await
            {
                Ok(Ok(0)) => {}
                Ok(Ok(removed)) => tracing::info!(removed, "expired anonymous carts deleted"),
                Ok(Err(err)) => tracing::warn!(%err, "cart housekeeping failed"),
                Err(err) => tracing::warn!(%err, "cart housekeeping failed"),
            }
            let hours = u64::from(state.config.unpaid_order_expiry_hours);
            if hours > 0 {
                let (store, catalog) = (state.store.clone(), state.catalog.clone());
                let plan = crate::notify::outbox::Plan::from_config(&state.config);
                let now = crate::activity::now_millis();
                let before = now.saturating_sub(hours * 60 * 60 * 1000);
                match tokio::task::spawn_blocking(move || {
                    crate::payments::expiry::cancel_expired(&store, &catalog, &plan, before, now)
                })
                .await
                {
                    Ok(Ok(numbers)) if numbers.is_empty() => {}
                    Ok(Ok(numbers)) => tracing::info!(?numbers, "unpaid orders cancelled"),
                    Ok(Err(err)) => tracing::warn!(%err, "unpaid order housekeeping failed"),
                    Err(err) => tracing::warn!(%err, "unpaid order housekeeping failed"),
                }
            }
        }
    })
}

/// How often counted search misses reach the database.
const MISS_FLUSH_EVERY: std::time::Duration = std::time::Duration::from_secs(10);

/// Writes counted search misses every few seconds (and once more when stopped).
pub fn spawn_miss_flush(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(MISS_FLUSH_EVERY);
        loop {
            every.tick().await;
            flush_misses(&state).await;
        }
    })
}

/// Writes the search misses waiting in memory.
pub async fn flush_misses(state: &AppState) {
    let (store, search) = (state.store.clone(), state.search.clone());
    match tokio::task::spawn_blocking(move || search.misses.flush(&store)).await {
        Ok(Ok(())) => {}
        Ok(Err(err)) => tracing::warn!(%err, "search misses not written; kept for the next try"),
        Err(err) => tracing::warn!(%err, "search misses not written"),
    }
}

/// The whole HTTP surface. API routes answer JSON (and JSON errors); everything else that is
/// not a file is a storefront page resolved by `http::page_routes`.
pub fn app(state: AppState) -> Router {
    let router = Router::new()
        // System
        .route("/api/health", get(health))
        .route("/api/openapi.json", get(openapi::openapi))
        // Content: translations, labels, information pages, the e-catalogue
        .route("/api/file/locales", get(content::routes::list_locales))
        .route("/api/file/locales/{code}", get(content::routes::get_locale))
        .route("/api/file/labels/{set}", get(content::routes::get_labels))
        .route("/api/file/pages/listdir", get(content::routes::list_pages))
        .route(
            "/api/file/pages/get/{*name}",
            get(content::routes::get_page),
        )
        .route("/api/file/pdf/get/{name}", get(content::routes::get_pdf))
        // Accounts (SPEC.md §7 names kept)
        .route("/api/auth/register", post(accounts::routes::register))
        .route("/api/auth/login", post(accounts::routes::login))
        .route("/api/auth/logout", post(accounts::routes::logout))
        .route("/api/auth/user", get(accounts::routes::current_user))
        .route(
            "/api/auth/password",
            post(accounts::routes::change_password),
        )
        .route(
            "/api/auth/userInfo/get/{userId}",
            get(accounts::routes::get_user_info),
        )
        .route("/api/auth/userInfo", put(accounts::routes::put_user_info))
        .route(
            "/api/auth/password/reset",
            post(accounts::routes::reset_password),
        )
        .route("/api/auth/providers", get(accounts::routes::list_providers))
        .route(
            "/api/auth/registerSocial",
            post(accounts::social::register_social),
        )
        .route(
            "/api/auth/oauth/{provider}/start",
            get(accounts::social::start),
        )
        .route(
            "/api/auth/oauth/{provider}/callback",
            get(accounts::social::callback),
        )
        // Staff
        .route("/api/file/menus/admin", get(admin::routes::get_admin_menus))
        .route("/api/admin/activity", get(admin::routes::list_activity))
        .route(
            "/api/admin/search/synonyms",
            get(admin::search::get_synonyms).put(admin::search::put_synonyms),
        )
        .route("/api/admin/search/misses", get(admin::search::get_misses))
        // Staff: the order desk (each route names its permission in its handler)
        .route("/api/admin/orders", get(admin::orders::list_orders))
        .route(
            "/api/admin/orders.csv",
            get(admin::orders::export_orders_csv),
        )
        .route("/api/admin/orders/status", post(admin::orders::bulk_status))
        .route(
            "/api/admin/order/{id}/status",
            post(admin::orders::set_order_status),
        )
        .route("/api/admin/order/{id}/notes", post(admin::orders::add_note))
        .route(
            "/api/admin/order/{id}/proof/reject",
            post(admin::orders::reject_proof),
        )
        .route(
            "/api/admin/order/{id}/refund",
            post(admin::orders::record_refund),
        )
        .route(
            "/api/admin/order/{id}/notifications",
            get(admin::notifications::list),
        )
        .route(
            "/api/admin/order/{id}/notifications/{message}/retry",
            post(admin::notifications::retry),
        )
        // Staff: who may do what, staff accounts
        .route("/api/admin/me", get(admin::staff::me))
        .route(
            "/api/admin/roles",
            get(admin::staff::get_roles).put(admin::staff::put_roles),
        )
        .route(
            "/api/admin/staff",
            get(admin::staff::list_staff).post(admin::staff::add_staff),
        )
        .route("/api/admin/staff/{id}/role", post(admin::staff::set_role))
        .route(
            "/api/admin/staff/{id}/disabled",
            post(admin::staff::set_staff_disabled),
        )
        // Staff: reports
        .route("/api/admin/dashboard", get(admin::reports::dashboard))
        .route(
            "/api/admin/reports/sales",
            get(admin::reports::sales_report),
        )
        .route(
            "/api/admin/reports/sales.csv",
            get(admin::reports::sales_report_csv),
        )
        // Staff: customers
        .route(
            "/api/admin/customers",
            get(admin::customers::list_customers),
        )
        .route(
            "/api/admin/customers/{id}",
            get(admin::customers::get_customer),
        )
        .route(
            "/api/admin/customers/{id}/coins",
            post(admin::customers::adjust_coins),
        )
        .route(
            "/api/admin/customers/{id}/disabled",
            post(admin::customers::set_disabled),
        )
        .route(
            "/api/admin/customers/{id}/password-reset",
            post(admin::customers::start_password_reset),
        )
        // Staff: promotions and coupons
        .route(
            "/api/admin/coupons",
            get(admin::promotions::list_coupons).post(admin::promotions::create_coupon),
        )
        .route(
            "/api/admin/coupons/{code}",
            put(admin::promotions::update_coupon),
        )
        .route(
            "/api/admin/promotions",
            get(admin::promotions::list_promotions).post(admin::promotions::create_promotion),
        )
        .route(
            "/api/admin/promotions/{id}",
            put(admin::promotions::update_promotion),
        )
        // Staff: rooms and categories
        .route(
            "/api/admin/rooms",
            get(admin::taxonomy::list_rooms).post(admin::taxonomy::create_room),
        )
        .route(
            "/api/admin/rooms/order",
            post(admin::taxonomy::reorder_rooms),
        )
        .route(
            "/api/admin/rooms/{key}",
            put(admin::taxonomy::update_room).delete(admin::taxonomy::delete_room),
        )
        .route(
            "/api/admin/categories",
            get(admin::taxonomy::list_categories).post(admin::taxonomy::create_category),
        )
        .route(
            "/api/admin/categories/order",
            post(admin::taxonomy::reorder_categories),
        )
        .route(
            "/api/admin/categories/{key}",
            put(admin::taxonomy::update_category).delete(admin::taxonomy::delete_category),
        )
        // Staff: code tables
        .route("/api/admin/codes", get(admin::codes::list_groups))
        .route(
            "/api/admin/codes/{group}",
            get(admin::codes::get_group).post(admin::codes::add_entry),
        )
        .route(
            "/api/admin/codes/{group}/{key}",
            put(admin::codes::update_entry).delete(admin::codes::remove_entry),
        )
        // Staff: content (pages, translations, site settings, the e-catalogue PDF)
        .route(
            "/api/admin/pages",
            get(admin::content::list_pages).post(admin::content::create_page),
        )
        .route("/api/admin/pages/{*name}", put(admin::content::update_page))
        .route(
            "/api/admin/translations",
            get(admin::content::list_translations).put(admin::content::save_translation),
        )
        .route(
            "/api/admin/settings",
            get(admin::content::get_settings).put(admin::content::put_settings),
        )
        .route(
            "/api/admin/catalogue-pdf",
            get(admin::content::get_catalogue).post(axum::handler::Handler::layer(
                admin::content::upload_catalogue,
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
                admin::images::upload_images,
                axum::extract::DefaultBodyLimit::max(state.config.uploads.image_request_limit()),
            ))
            .put(admin::images::set_images),
        )
        // Staff: products, stock and prices
        .route(
            "/api/admin/products",
            get(admin::products::list_products).post(admin::products::create_product),
        )
        .route(
            "/api/admin/products.csv",
            get(admin::products::export_products_csv),
        )
        .route(
            "/api/admin/products/{code}",
            get(admin::products::get_product).put(admin::products::update_product),
        )
        .route(
            "/api/admin/products/{code}/duplicate",
            post(admin::products::duplicate_product),
        )
        .route(
            "/api/admin/products/{code}/active",
            post(admin::products::set_active),
        )
        .route(
            "/api/admin/products/{code}/stock",
            post(admin::products::adjust_stock),
        )
        .route("/api/admin/catalog/bulk", post(admin::products::bulk_edit))
        .route(
            "/api/admin/catalog/import",
            post(admin::products::import_csv),
        )
        // Catalogue (the part a page's first paint also answers from)
        .merge(catalog::routes::first_answers())
        .route("/api/app/search/code", get(catalog::routes::search_code))
        .route("/api/file/images/{*path}", get(catalog::images::get_image))
        // Carts
        .route("/api/app/cart/get/{id}", get(cart::routes::get_cart))
        .route("/api/app/cart/add", post(cart::routes::add_to_cart))
        .route("/api/app/cart/set", post(cart::routes::set_cart_line))
        .route("/api/app/cart/merge/", post(cart::routes::merge_carts))
        .route("/api/app/cart/quote", post(cart::routes::quote_cart))
        .route("/api/app/promotions", get(pricing::routes::list_promotions))
        // Orders
        .route("/api/app/order/place", post(orders::routes::place_order))
        .route("/api/app/order/get/{id}", get(orders::routes::get_order))
        .route(
            "/api/app/order/list/{user_id}",
            get(orders::routes::list_orders),
        )
        .route(
            "/api/app/order/needreview/{user_id}",
            get(orders::routes::need_review),
        )
        .route(
            "/api/app/order/review/{id}",
            post(orders::routes::review_order),
        )
        .route(
            "/api/app/order/cancel/{id}",
            post(orders::routes::cancel_order),
        )
        .route("/api/app/order/pay/{id}", post(orders::routes::pay_order))
        .route(
            "/api/app/order/claim/{id}",
            post(orders::routes::claim_order),
        )
        .route(
            "/api/app/order/{id}/receipt.pdf",
            get(orders::document_routes::receipt),
        )
        .route(
            "/api/app/order/{id}/tax-invoice.pdf",
            get(orders::document_routes::tax_invoice),
        )
        .route(
            "/api/app/order/{id}/credit-note.pdf",
            get(orders::document_routes::credit_note),
        )
        // Payment slips: uploaded by the shopper, seen by the shopper and staff only.
        .route(
            "/api/app/order/{id}/proof",
            post(crate::payments::proof_routes::upload_proof).layer(
                axum::extract::DefaultBodyLimit::max(state.config.uploads.image_request_limit()),
            ),
        )
        .route(
            "/api/app/order/{id}/proof/{file}",
            get(crate::payments::proof_routes::get_proof),
        )
        // Card payment through 2C2P: the hand-over page and the two result URLs.
        .route(
            "/api/app/payment/2c2p/notify",
            post(crate::payments::routes::notify),
        )
        .route(
            "/api/app/payment/2c2p/return",
            post(crate::payments::routes::browser_return),
        )
        .route(
            "/api/app/payment/2c2p/go/{attempt}",
            get(crate::payments::routes::hand_over),
        )
        .route(
            "/api/app/payment/2c2p/submit.js",
            get(crate::payments::routes::submit_script),
        )
        .route(
            "/api/app/coupons",
            get(crate::pricing::routes::list_coupons),
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
    let router = crate::http::key_guesses::guarded(router, &state);
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

/// `{status, version, schemaVersion, uptimeSeconds}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct HealthAnswer {
    pub status: SuccessStatus,
    /// The version of this binary.
    pub version: &'static str,
    /// The database schema version this binary reads and writes.
    pub schema_version: u64,
    pub uptime_seconds: u64,
}

/// Liveness, version and whether the shop can save: a monitor (or the packaged watchdog)
/// learns from one request that the disk is full, not only that the process answers.
#[utoipa::path(
    get,
    path = "/api/health",
    tag = "system",
    responses(
        (status = 200, description = "The server is up and its database takes writes", body = HealthAnswer),
        (status = 503, description = "`storage_full`: the disk holding the database is full, so orders and every other write are refused until space is freed (`Retry-After` says when to ask again); `database_unavailable`: a write failed for another reason and the database could not be reopened yet. The message says why.", body = crate::http::envelope::ErrorAnswer,
            headers(("Retry-After" = u64, description = "Seconds before asking again"))),
    ),
)]
pub(crate) async fn health(State(state): State<AppState>) -> axum::response::Response {
    use axum::response::IntoResponse;
    if state.store.failure().is_some() || state.store.storage_full_since().is_some() {
        // Try to write now (the store reopens the file first if it must): success clears the
        // state, so the shop reports itself well as soon as space is back.
        let store = state.store.clone();
        let probed = tokio::task::spawn_blocking(move || store.probe_write()).await;
        if let Ok(Err(err)) = probed {
            return unhealthy(&err).into_response();
        }
    }
    Json(HealthAnswer {
        status: SuccessStatus::Success,
        version: env!("CARGO_PKG_VERSION"),
        schema_version: migrate::SCHEMA_VERSION,
        uptime_seconds: state.started.elapsed().as_secs(),
    })
    .into_response()
}

/// Health's 503: `storage_full` with `Retry-After`, or `database_unavailable`.
fn unhealthy(err: &crate::store::StoreError) -> axum::response::Response {
    use crate::http::error::{STORAGE_FULL, STORAGE_FULL_RETRY_SECONDS};
    use axum::response::IntoResponse;
    let (code, retry) = if err.is_storage_full() {
        (STORAGE_FULL, STORAGE_FULL_RETRY_SECONDS)
    } else {
        ("database_unavailable", 5)
    };
    let body = serde_json::json!({"status": "error",
        "error": {"code": code, "message": err.to_string()}});
    let mut response = (axum::http::StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response();
    response.headers_mut().insert(
        axum::http::header::RETRY_AFTER,
        axum::http::HeaderValue::from(retry),
    );
    response
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
    let front_door = crate::http::front_door::FrontDoor::new(state.clone());
    crate::http::server::serve(listener, app(state), front_door, limits, shutdown).await
}
