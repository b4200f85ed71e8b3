//! Start-up: open and migrate the database, bring the built-in documents up to date, seed the
//! demo shop on first start, freeze earlier documents and load the in-memory snapshots into
//! the shared state.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use crate::accounts::token::Tokens;
use crate::catalog::cache::CatalogCache;
use crate::config::Config;
use crate::content::cache::ContentCache;
use crate::embedded::UiDist;
use crate::orders::place::{OrderDesk, Terms};
use crate::site::shell::ShellTemplate;
use crate::state::{AppState, Shop};
use crate::store::{Store, StoreError, seed};
use crate::{accounts, catalog, content};

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
                plan: crate::outbox::Plan::from_config(&config),
            },
        );
        let search = Arc::new(crate::search::live::SearchSettings::load(&store)?);
        let ratings = crate::orders::ratings::Ratings::load_in_background(store.clone());
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
            quiet: Arc::new(crate::state::idle::Quiet::default()),
            payment_noise: Arc::default(),
        })))
    }
}

/// Brings the built-in documents (translations, labels, pages, staff menus) up to date and,
/// on first start, seeds the demo catalogue. Shared by `serve` and `setup`.
pub fn seed_store(store: &Store, demo: bool) -> Result<(), StartError> {
    let mut documents = content::store::seed_documents().map_err(StartError::Seed)?;
    documents.extend(accounts::menu_store::seed_documents().map_err(StartError::Seed)?);
    documents.extend(accounts::permissions::seed_documents().map_err(StartError::Seed)?);
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
