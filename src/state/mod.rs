//! The shared state: the handles every handler and the site receive (database, snapshots,
//! caches, the order desk…), behind one `Arc`. Only handlers, the site and start-up take it;
//! domains get the narrow pieces they need (docs/ARCHITECTURE.md).
//!
//! The state stands below the site, so what it holds for the site is defined here: the parsed
//! page shell (`shell_template`) and the rendered pages (`page_cache`); the quiet-time tracker
//! is `idle` (its background job is in `application::jobs`).

pub mod idle;
pub mod page_cache;
pub mod shell_template;

use std::sync::Arc;
use std::time::Instant;

use crate::accounts::social::PendingLogins;
use crate::accounts::throttle::LoginThrottle;
use crate::accounts::token::Tokens;
use crate::catalog::cache::CatalogCache;
use crate::config::Config;
use crate::content::cache::ContentCache;
use crate::orders::place::OrderDesk;
use crate::store::Store;
use page_cache::PageCache;
use shell_template::ShellTemplate;

/// Everything a handler may need, behind one `Arc`: axum clones the state for every request
/// (and every extractor), so a clone is one reference count, not fourteen (it was 3.6 % of a
/// cached list request's CPU).
#[derive(Clone)]
pub struct AppState(pub(crate) Arc<Shop>);

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
    pub pages: Arc<PageCache>,
    pub throttle: Arc<LoginThrottle>,
    pub pending_logins: Arc<PendingLogins>,
    /// Places orders (group commit on its own thread).
    pub orders: OrderDesk,
    /// The live e-catalogue PDFs, per language.
    pub catalogues: Arc<crate::documents::catalogue::LiveCatalogues>,
    /// Synonyms in force and searches that found too little.
    pub search: Arc<crate::search::live::SearchSettings>,
    /// Shoppers' ratings per product, from reviewed delivered orders.
    pub ratings: Arc<crate::orders::ratings::Ratings>,
    pub started: Instant,
    /// When the last request came (the caches are dropped when the shop is quiet).
    pub quiet: Arc<idle::Quiet>,
    /// Card payment answers naming no attempt, counted so they log one line a minute.
    pub payment_noise: Arc<crate::payments::answers::Noise>,
    /// Visits and funnel steps counted today (in memory, written in batches).
    pub insights: Arc<crate::insights::Insights>,
}
