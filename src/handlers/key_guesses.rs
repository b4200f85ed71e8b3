//! A limit on guesses at guest order keys, per client address.
//!
//! A guest order opens with its 128-bit key, which no one guesses; the limit is there so that a
//! stranger cannot hammer the order routes with keys (1 000 guesses ran at ~820/s before it),
//! filling logs and stealing time from shoppers. Every request that presents a key — `?key=` on
//! an order route (the order, its PDFs, paying, slips) or a claim — is counted *before* it is
//! checked, so concurrent guesses cannot all slip through, and given back unless it answered
//! 404 (the one answer a wrong key gets). A guest polling their own order with the right key
//! therefore never runs out. Past the limit the answer is 429 `too_many_attempts` with
//! `Retry-After`.
//!
//! Kept in memory, like the sign-in throttle (`crate::accounts::throttle`): a restart forgives.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::http::AppError;
use crate::state::AppState;

/// Wrong keys an address may present in a burst.
pub const BURST: f64 = 20.0;
/// The allowance comes back at one wrong key per this time (10 a minute).
pub const REFILL_EVERY: Duration = Duration::from_secs(6);
/// Addresses idle this long are forgotten.
const FORGET_AFTER: Duration = Duration::from_secs(60 * 60);
/// Addresses kept before idle ones are swept (bounds memory under a flood of addresses).
const MAX_ENTRIES: usize = 50_000;

/// Wrong-key allowances per client address: refilling buckets of [`BURST`].
#[derive(Default)]
pub struct KeyGuesses {
    buckets: Mutex<HashMap<String, Bucket>>,
}

struct Bucket {
    left: f64,
    last: Instant,
}

impl KeyGuesses {
    /// Counts one guess from `address`; `Err(wait)` when its allowance is used up.
    pub fn begin(&self, address: &str) -> Result<(), Duration> {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() > MAX_ENTRIES {
            buckets.retain(|_, b| now.duration_since(b.last) < FORGET_AFTER);
        }
        let bucket = buckets.entry(address.to_string()).or_insert(Bucket {
            left: BURST,
            last: now,
        });
        let refilled = now.duration_since(bucket.last).as_secs_f64() / REFILL_EVERY.as_secs_f64();
        bucket.left = (bucket.left + refilled).min(BURST);
        bucket.last = now;
        if bucket.left < 1.0 {
            let wait = REFILL_EVERY.mul_f64(1.0 - bucket.left);
            return Err(wait.max(Duration::from_secs(1)));
        }
        bucket.left -= 1.0;
        Ok(())
    }

    /// The guess was right: [`KeyGuesses::begin`]'s count is given back.
    pub fn give_back(&self, address: &str) {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(bucket) = buckets.get_mut(address) {
            bucket.left = (bucket.left + 1.0).min(BURST);
        }
    }
}

/// `router` with every key-presenting request counted against its address.
pub fn guarded(router: Router<AppState>, state: &AppState) -> Router<AppState> {
    let guesses = Arc::new(KeyGuesses::default());
    router.layer(axum::middleware::from_fn_with_state(
        (state.clone(), guesses),
        guard,
    ))
}

/// Whether the request presents a guest order key.
fn presents_key(request: &Request) -> bool {
    let uri = request.uri();
    let Some(rest) = uri.path().strip_prefix("/api/app/order/") else {
        return false;
    };
    // A claim is answered 401 before its key is read unless it is signed in: only signed-in
    // claims can guess, and only they are counted (so a stranger's unsigned claim still gets
    // the 401 the route documents, not a 429).
    (rest.starts_with("claim/")
        && request
            .headers()
            .contains_key(axum::http::header::AUTHORIZATION))
        || uri.query().is_some_and(|query| {
            query
                .split('&')
                .any(|pair| pair.strip_prefix("key=").is_some_and(|v| !v.is_empty()))
        })
}

async fn guard(
    State((state, guesses)): State<(AppState, Arc<KeyGuesses>)>,
    request: Request,
    next: Next,
) -> Response {
    if !presents_key(&request) {
        return next.run(request).await;
    }
    let address = match request.extensions().get::<ConnectInfo<SocketAddr>>() {
        Some(ConnectInfo(peer)) => {
            crate::handlers::auth::client_ip(&state, *peer, request.headers())
        }
        None => "unknown".to_string(),
    };
    if let Err(wait) = guesses.begin(&address) {
        return AppError::TooManyAttempts(wait.as_secs().max(1)).into_response();
    }
    let response = next.run(request).await;
    if response.status() != StatusCode::NOT_FOUND {
        guesses.give_back(&address);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_runs_out_of_wrong_keys_and_others_do_not() {
        let guesses = KeyGuesses::default();
        for _ in 0..BURST as usize {
            guesses.begin("203.0.113.9").unwrap();
        }
        let wait = guesses.begin("203.0.113.9").unwrap_err();
        assert!(
            wait >= Duration::from_secs(1) && wait <= REFILL_EVERY,
            "{wait:?}"
        );
        assert!(guesses.begin("10.0.0.1").is_ok());
    }

    #[test]
    fn right_keys_are_given_back_so_a_polling_guest_never_runs_out() {
        let guesses = KeyGuesses::default();
        for _ in 0..1_000 {
            guesses.begin("10.0.0.2").unwrap();
            guesses.give_back("10.0.0.2");
        }
    }
}
