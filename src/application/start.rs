//! Start-up: open and migrate the database, bring the built-in documents up to date, seed the
//! demo shop on first start, freeze earlier documents and load the in-memory snapshots into
//! the shared state.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use tokio::net::TcpListener;

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
    #[error("cannot serve HTTPS: {0}")]
    Tls(String),
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
        let config_crawler_pages_per_minute = config.insights.crawler_pages_per_minute;
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
            insights: Arc::new(crate::insights::Insights::new(
                config_crawler_pages_per_minute,
            )),
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

/// The listeners the shop serves on: plain HTTP on `listen`, or with `[tls]` on HTTPS on
/// `tls.https_listen` and the redirecting plain port on `tls.http_listen`.
pub(super) enum Listening {
    Plain(TcpListener),
    Https {
        https: TcpListener,
        http: TcpListener,
        tls: crate::ops::tls::Https,
    },
}

async fn bind_one(addr: SocketAddr) -> Result<(TcpListener, SocketAddr), StartError> {
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|source| StartError::Bind { addr, source })?;
    let bound = listener
        .local_addr()
        .map_err(|source| StartError::Bind { addr, source })?;
    Ok((listener, bound))
}

impl Listening {
    /// Binds what `config` asks for and puts the certificate in force; returns the address the
    /// shop answers on and the public URL it derives from it (when the URL is derived).
    pub(super) async fn bind(
        config: &Config,
    ) -> Result<(Listening, SocketAddr, String), StartError> {
        if !config.tls.enabled() {
            let (listener, address) = bind_one(config.listen).await?;
            return Ok((
                Listening::Plain(listener),
                address,
                format!("http://{address}"),
            ));
        }
        let tls = crate::ops::tls::prepare(config).map_err(StartError::Tls)?;
        let (https, address) = bind_one(config.tls.https_listen).await?;
        let (http, _) = bind_one(config.tls.http_listen).await?;
        let url = config
            .tls
            .public_url(address.port())
            .unwrap_or_else(|| format!("https://{address}"));
        Ok((Listening::Https { https, http, tls }, address, url))
    }

    /// Serves until `shutdown` resolves, then lets requests in flight finish. With HTTPS, the
    /// certificate keeper runs alongside and stops with the listeners.
    pub(super) async fn serve(
        self,
        state: AppState,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let (https, http, tls) = match self {
            Listening::Plain(listener) => {
                return crate::app::serve(listener, state, shutdown).await;
            }
            Listening::Https { https, http, tls } => (https, http, tls),
        };
        let limits = crate::http::server::ConnectionLimits {
            max_connections: state.config.limits.max_connections,
            header_timeout: std::time::Duration::from_secs(state.config.limits.header_timeout_secs),
        }
        .fitted();
        let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
        let stopped = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
            let _ = rx.wait_for(|stop| *stop).await;
        };
        let keeper = crate::ops::tls::spawn_keeper(
            state.config.clone(),
            state.store.clone(),
            tls.certificates.clone(),
        );
        let redirects = crate::http::tls_redirect::Redirects {
            certificates: tls.certificates.clone(),
            https_port: https.local_addr()?.port(),
            hosts: state.config.tls.domains.clone(),
        };
        let plain = tokio::spawn(crate::http::tls_redirect::serve_redirects(
            http,
            redirects,
            limits,
            stopped(stop_rx.clone()),
        ));
        let front_door = crate::site::front_door::FrontDoor::new(state.clone());
        let served = tokio::spawn(crate::http::server::serve_tls(
            https,
            crate::app::app(state),
            front_door,
            limits,
            tls.server_config,
            stopped(stop_rx),
        ));
        shutdown.await;
        let _ = stop_tx.send(true);
        keeper.abort();
        let _ = plain.await;
        served
            .await
            .unwrap_or_else(|err| Err(std::io::Error::other(err)))
    }
}
