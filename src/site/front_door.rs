//! The answers that need no routing, served before the router and its layers: hashed UI
//! bundles and catalogue list answers already remembered for the current catalogue. These are
//! most of a shop's requests (every page view loads the bundles, every listing a list answer),
//! and each is a lookup of stored bytes; the layer stack around the router (request id, access
//! log span, compression, error shape, timeouts, body limits and routing itself) cost about as
//! much again per answer (`tests/load/catalog-vs-nginx.sh`).
//!
//! An answer from here carries exactly what the router's would: the same bytes, ETag, `Vary`,
//! `Cache-Control`, security headers and request id, and the same access-log line. Anything else
//! (HEAD, a missing file, a list not remembered yet) goes to the router, which answers and
//! remembers it.

use std::time::Instant;

use axum::http::{Method, Request};
use axum::response::Response;

use crate::http::encoded::Wanted;
use crate::http::server::EarlyAnswer;
use crate::http::{assets, layers};
use crate::state::AppState;

/// What the front door needs of the shop.
#[derive(Clone)]
pub struct FrontDoor {
    state: AppState,
}

/// The server loop of the HTTP kit asks this before the router (`http::server::serve`).
impl EarlyAnswer for FrontDoor {
    fn answer(&self, request: &Request<hyper::body::Incoming>) -> Option<Response> {
        FrontDoor::answer(self, request)
    }
}

impl FrontDoor {
    pub fn new(state: AppState) -> FrontDoor {
        FrontDoor { state }
    }

    /// The answer to `request` when it is one of the stored ones; `None` sends it on to the
    /// router.
    pub fn answer<B>(&self, request: &Request<B>) -> Option<Response> {
        let path = request.uri().path();
        let bundle = path.starts_with("/assets/");
        if request.method() != Method::GET || !(bundle || path == "/api/app/product/list") {
            return None;
        }
        let started = Instant::now();
        let wanted = Wanted::of(request.headers());
        let mut response = if bundle {
            assets::ui_asset(path, &wanted)?
        } else {
            crate::handlers::catalog::remembered_list(&self.state, request.uri(), &wanted)?
        };
        self.state.quiet.touch();
        let request_id = layers::request_id_of(request.headers());
        layers::finish_headers(response.headers_mut(), request_id.as_ref());
        layers::log_answer(
            request.method(),
            path,
            &request.headers().get(&layers::KCARD).cloned(),
            &request_id,
            response.status(),
            started.elapsed(),
        );
        Some(response)
    }
}
