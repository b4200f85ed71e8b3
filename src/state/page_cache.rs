//! The rendered page shells, per path, and the promotions they were drawn with: held by the
//! shared state (and cleared when the shop is quiet, `state::idle`), filled by the site's page
//! handler (`site::pages`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::HeaderValue;

use super::AppState;
use crate::catalog::cache::CatalogSnapshot;
use crate::content::cache::ContentSnapshot;
use crate::http::encoded::Encoded;
use crate::pricing::promotion::Promotion;

/// Rendered page shells by path, for the content and catalogue snapshots they were made from
/// (a newer snapshot starts the cache afresh). A page carries the catalogue answers of its first
/// paint, which belong to the same snapshots; compressing per request was the cost before that.
#[derive(Default)]
pub struct PageCache {
    rendered: Mutex<RenderedPages>,
    /// The promotions running now, read at most every `PROMOTIONS_FOR` (a page view must not
    /// cost a database read; a staff edit or a start time shows within seconds).
    promotions: Mutex<Option<(Instant, Arc<RunningPromotions>)>>,
}

/// The promotions running now and a fingerprint of them for the cache key.
#[derive(Default)]
pub(crate) struct RunningPromotions {
    pub(crate) list: Vec<Promotion>,
    pub(crate) fingerprint: u64,
}

const PROMOTIONS_FOR: Duration = Duration::from_secs(5);

#[derive(Default)]
struct RenderedPages {
    /// Held so that their addresses cannot be reused by newer snapshots while compared.
    made_from: Option<(Arc<ContentSnapshot>, Arc<CatalogSnapshot>)>,
    pages: HashMap<String, Arc<Encoded>>,
    bytes: usize,
}

/// Paths and bytes remembered before the cache starts over (a shell is 5–40 KB).
const PAGE_CACHE_ENTRIES: usize = 4_000;
const PAGE_CACHE_BYTES: usize = 16 * 1024 * 1024;

impl PageCache {
    /// The displayed promotions whose dates include now (what `/api/app/promotions` answers);
    /// none when they cannot be read (the app shows the right prices once it has them).
    pub(crate) async fn running_promotions(&self, state: &AppState) -> Arc<RunningPromotions> {
        if let Some((read, promotions)) =
            &*self.promotions.lock().unwrap_or_else(|p| p.into_inner())
            && read.elapsed() < PROMOTIONS_FOR
        {
            return Arc::clone(promotions);
        }
        let store = state.store.clone();
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        let running: Vec<Promotion> =
            match tokio::task::spawn_blocking(move || crate::pricing::store::promotions(&store))
                .await
            {
                Ok(Ok(all)) => all
                    .into_iter()
                    .filter(|p| p.display && p.runs_at(now))
                    .collect(),
                _ => Vec::new(),
            };
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        std::hash::Hash::hash(
            &serde_json::to_string(&running).unwrap_or_default(),
            &mut hasher,
        );
        let running = Arc::new(RunningPromotions {
            list: running,
            fingerprint: std::hash::Hasher::finish(&hasher),
        });
        *self.promotions.lock().unwrap_or_else(|p| p.into_inner()) =
            Some((Instant::now(), Arc::clone(&running)));
        running
    }

    /// Drops the rendered pages (when the shop is quiet, see `crate::state::idle`); returns the
    /// uncompressed bytes they held.
    pub fn clear(&self) -> usize {
        let mut pages = self.rendered.lock().unwrap_or_else(|p| p.into_inner());
        std::mem::take(&mut *pages).bytes
    }

    fn current(
        pages: &RenderedPages,
        content: &Arc<ContentSnapshot>,
        catalog: &Arc<CatalogSnapshot>,
    ) -> bool {
        pages
            .made_from
            .as_ref()
            .is_some_and(|(c, k)| Arc::ptr_eq(c, content) && Arc::ptr_eq(k, catalog))
    }

    pub(crate) fn get(
        &self,
        content: &Arc<ContentSnapshot>,
        catalog: &Arc<CatalogSnapshot>,
        key: &str,
    ) -> Option<Arc<Encoded>> {
        let pages = self.rendered.lock().unwrap_or_else(|p| p.into_inner());
        if !Self::current(&pages, content, catalog) {
            return None;
        }
        pages.pages.get(key).map(Arc::clone)
    }

    pub(crate) fn insert(
        &self,
        content: &Arc<ContentSnapshot>,
        catalog: &Arc<CatalogSnapshot>,
        key: String,
        html: String,
    ) -> Arc<Encoded> {
        let made = Arc::new(Encoded::new(
            Bytes::from(html),
            HeaderValue::from_static("text/html; charset=utf-8"),
        ));
        let mut pages = self.rendered.lock().unwrap_or_else(|p| p.into_inner());
        if !Self::current(&pages, content, catalog)
            || pages.pages.len() >= PAGE_CACHE_ENTRIES
            || pages.bytes >= PAGE_CACHE_BYTES
        {
            *pages = RenderedPages {
                made_from: Some((Arc::clone(content), Arc::clone(catalog))),
                ..RenderedPages::default()
            };
        }
        pages.bytes += made.raw().len();
        pages.pages.insert(key, Arc::clone(&made));
        made
    }
}
