//! Background jobs of the running shop: hourly housekeeping (retention: expired carts, sent
//! messages, old search-miss days, reset links; unpaid orders past their time), compaction in
//! the maintenance window, the search-miss counter's flush, keeping the live e-catalogues current, and
//! dropping caches when the shop is quiet.

use crate::cart;
use crate::state::{AppState, idle};

/// The retention part of housekeeping (docs/OPERATING.md "Retention"): anonymous carts past
/// `cart_expiry_days`, sent messages past `retention.sent_message_days`, search-miss days past
/// `retention.search_miss_days`, expired reset links and revoked tokens. Each table goes in
/// bounded batches (`store::retention::BATCH` rows per write transaction).
pub fn prune(store: &crate::store::Store, config: &crate::config::Config) {
    use crate::store::retention::BATCH;
    let now = crate::activity::now_millis();
    let days = |n: u32| u64::from(n) * 86_400_000;
    let report = |what: &str, pruned: Result<crate::store::retention::Pruned, _>| match pruned {
        Ok(p) if p.removed == 0 => {}
        Ok(p) => tracing::info!(
            removed = p.removed,
            batches = p.batches,
            "{what}: forgotten by retention"
        ),
        Err(err) => tracing::warn!(%err, "{what}: retention failed"),
    };
    let cart_before = (now.saturating_sub(days(config.cart_expiry_days)) / 1000) as i64;
    report(
        "anonymous carts",
        cart::store::remove_expired(store, cart_before, BATCH),
    );
    let r = &config.retention;
    if r.sent_message_days > 0 {
        report(
            "sent messages",
            crate::outbox::prune_sent(store, now.saturating_sub(days(r.sent_message_days)), BATCH),
        );
    }
    if r.search_miss_days > 0 {
        let before = crate::domain::shop_day::day_key(crate::domain::shop_day::day_of(
            now.saturating_sub(days(r.search_miss_days)),
        ));
        report(
            "search-miss days",
            crate::search::misses::prune_days(store, &before, BATCH),
        );
    }
    match crate::accounts::reset::prune_expired(store) {
        Ok(0) => {}
        Ok(removed) => tracing::info!(removed, "expired reset links and revoked tokens forgotten"),
        Err(err) => tracing::warn!(%err, "reset link retention failed"),
    }
}

/// Forgets what retention drops (see [`prune`]) and cancels unpaid orders past their time,
/// now and every hour, in the background.
pub fn spawn_housekeeping(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every_hour = tokio::time::interval(std::time::Duration::from_secs(60 * 60));
        loop {
            every_hour.tick().await;
            let (store, config) = (state.store.clone(), state.config.clone());
            let started = std::time::Instant::now();
            if let Err(err) = tokio::task::spawn_blocking(move || prune(&store, &config)).await {
                tracing::warn!(%err, "retention failed");
            }
            // tests/load/five-years.sh reads this line for the housekeeping's time.
            tracing::info!(ms = started.elapsed().as_millis() as u64, "retention done");
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

/// Compacts the file once a day at `retention.compact_at` (shop time) when at least
/// `retention.compact_free_percent` of it is free; skipped when a transaction holds the
/// database at that minute (tried again the next minute of the window's hour).
pub fn spawn_compaction(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let Some(at) = state.config.retention.compact_minutes() else {
            return;
        };
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
        let mut done_on: Option<time::Date> = None;
        loop {
            every.tick().await;
            let shop_now =
                time::OffsetDateTime::now_utc().to_offset(crate::domain::shop_day::SHOP_OFFSET);
            let minutes = u32::from(shop_now.hour()) * 60 + u32::from(shop_now.minute());
            // The window is the hour from `compact_at`.
            let in_window = (minutes + 24 * 60 - at) % (24 * 60) < 60;
            if !in_window || done_on == Some(shop_now.date()) {
                continue;
            }
            let store = state.store.clone();
            let wanted = u64::from(state.config.retention.compact_free_percent);
            let outcome = tokio::task::spawn_blocking(move || {
                let space = store.space()?;
                if space.free_percent() < wanted {
                    return Ok::<_, crate::store::StoreError>(Some(None));
                }
                Ok(store.compact()?.map(Some))
            })
            .await;
            match outcome {
                Ok(Ok(Some(None))) => done_on = Some(shop_now.date()),
                Ok(Ok(Some(Some((before, after))))) => {
                    done_on = Some(shop_now.date());
                    tracing::info!(before, after, "database compacted");
                }
                Ok(Ok(None)) => {} // busy this minute; try the next
                Ok(Err(err)) => {
                    done_on = Some(shop_now.date());
                    tracing::warn!(%err, "compaction failed");
                }
                Err(err) => tracing::warn!(%err, "compaction failed"),
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

/// Writes the search misses and the visit counts waiting in memory.
pub async fn flush_misses(state: &AppState) {
    let (store, search) = (state.store.clone(), state.search.clone());
    match tokio::task::spawn_blocking(move || search.misses.flush(&store)).await {
        Ok(Ok(())) => {}
        Ok(Err(err)) => tracing::warn!(%err, "search misses not written; kept for the next try"),
        Err(err) => tracing::warn!(%err, "search misses not written"),
    }
    let (store, insights) = (state.store.clone(), state.insights.clone());
    match tokio::task::spawn_blocking(move || insights.flush(&store)).await {
        Ok(Ok(())) => {}
        Ok(Err(err)) => tracing::warn!(%err, "visit counts not written; kept for the next try"),
        Err(err) => tracing::warn!(%err, "visit counts not written"),
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
                if state.catalogues.get(lang).is_some_and(|built| {
                    let words = crate::handlers::content::catalogue_words(&state, lang);
                    !built.is_current(&snapshot, &words)
                }) {
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
