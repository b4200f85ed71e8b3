//! Background jobs of the running shop: hourly housekeeping (expired carts, unpaid orders past
//! their time) and the search-miss counter's flush.

use crate::cart;
use crate::state::AppState;

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
