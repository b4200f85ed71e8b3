//! Background jobs of the running shop: hourly housekeeping (expired carts, unpaid orders past
//! their time), the search-miss counter's flush, keeping the live e-catalogues current, and
//! dropping caches when the shop is quiet.

use crate::cart;
use crate::state::{AppState, idle};

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
                let paperwork = crate::documents::paperwork::Paperwork::from_config(&state.config);
                let now = crate::activity::now_millis();
                let before = now.saturating_sub(hours * 60 * 60 * 1000);
                match tokio::task::spawn_blocking(move || {
                    crate::payments::expiry::cancel_expired(
                        &store, &catalog, &paperwork, before, now,
                    )
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

/// Keeps the e-catalogues that were asked for up to date: after a catalogue change each is
/// rebuilt in the background within seconds, so the next visitor gets today's prices.
pub fn spawn_live_catalogue_refresh(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(3));
        loop {
            every.tick().await;
            let snapshot = state.catalog.current();
            for lang in state.catalogues.languages() {
                if state
                    .catalogues
                    .get(lang)
                    .is_some_and(|built| !built.is_current(&snapshot))
                {
                    crate::handlers::content::rebuild_in_background(&state, lang);
                }
            }
        }
    })
}

/// Checks every `idle::CHECK_EVERY` and drops the caches once per quiet spell
/// (`state::idle`).
pub fn spawn_idle_trim(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(idle::CHECK_EVERY);
        loop {
            every.tick().await;
            if !state.quiet.time_to_trim() {
                continue;
            }
            let state = state.clone();
            match tokio::task::spawn_blocking(move || idle::trim(&state)).await {
                Ok(trimmed) => {
                    tracing::debug!(?trimmed, "quiet: caches dropped");
                    // Wakes the other workers so that they collect before parking again.
                    for _ in 0..8 {
                        tokio::spawn(async { idle::collect_if_asked() });
                    }
                }
                Err(err) => tracing::warn!(%err, "dropping caches failed"),
            }
        }
    })
}

/// The gauges read when metrics are scraped: database size, notifications waiting, backup age,
/// the process's resident memory and the HTTPS certificate's expiry (`crate::metrics`).
pub fn read_gauges(state: &AppState) {
    use crate::metrics::{self, BACKUP_AGE, DATABASE_BYTES, OUTBOX_PENDING, PROCESS_RSS};
    let store = &state.store;
    if let Ok(meta) = std::fs::metadata(store.path()) {
        metrics::set(DATABASE_BYTES, meta.len() as f64);
    }
    if let Ok(pending) = store.read(|txn| crate::outbox::OUTBOX_DUE_TO_ID.read(txn)?.len()) {
        metrics::set(OUTBOX_PENDING, pending as f64);
    }
    if let Ok(Some(written)) =
        crate::store::backup::last_backup(store).map(|r| r.and_then(|r| r.last_written_at))
    {
        let now = time::OffsetDateTime::now_utc().unix_timestamp().max(0) as u64;
        metrics::set(BACKUP_AGE, now.saturating_sub(written) as f64);
    }
    if let Some(rss) = metrics::process_rss_bytes() {
        metrics::set(PROCESS_RSS, rss as f64);
    }
    // The certificate in force, as its keeper last recorded it (the owner's files or the ACME
    // one): absent until the shop serves HTTPS itself with a certificate.
    if state.config.tls.enabled()
        && let Some(not_after) = crate::ops::tls::files::TlsFiles::new(&state.config.data_dir)
            .status()
            .and_then(|status| status.not_after)
    {
        metrics::set(metrics::CERTIFICATE_EXPIRY, not_after as f64);
    }
}

/// Copies the backups to each off-site destination once a day at `backup.schedule` (shop
/// time), and at start when a night was missed; a failed copy is tried again the next day
/// (`ops::offsite`; its failure reaches the shop's alerts).
pub fn spawn_offsite_copies(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        if state.config.backup.destinations.is_empty()
            || state.config.backup.schedule_minutes().is_none()
        {
            return;
        }
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
        loop {
            every.tick().await;
            let state = state.clone();
            let copied = tokio::task::spawn_blocking(move || {
                let now = time::OffsetDateTime::now_utc();
                for name in crate::ops::offsite::due_destinations(&state.config, &state.store, now)
                {
                    // The outcome is recorded and a failure alerted inside.
                    let _ = crate::ops::offsite::copy_to(
                        &state.store,
                        &state.config.data_dir,
                        &state.config,
                        &name,
                    );
                }
            })
            .await;
            if let Err(err) = copied {
                tracing::warn!(%err, "off-site copies failed");
            }
        }
    })
}
