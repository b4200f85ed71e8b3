//! The running shop as one value: what `kiosk serve` starts and what the integration tests
//! start, so that tests exercise the same start-up (listener, public URL, control socket,
//! housekeeping, graceful stop) as production.

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use tokio::net::{TcpListener, UnixListener};

mod jobs;
mod start;

pub use jobs::{flush_misses, spawn_housekeeping, spawn_miss_flush};
pub use start::{StartError, seed_store};

use crate::config::Config;
use crate::ops::socket;
use crate::state::AppState;

/// Requests still running this long after a stop signal are abandoned.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// A shop that is ready to serve: database open and migrated, snapshots loaded, the HTTP
/// listener and the control socket bound.
pub struct Application {
    state: AppState,
    listener: start::Listening,
    control: UnixListener,
    address: SocketAddr,
    /// `[metrics] listen`, bound: its own listener and the recorder it renders.
    metrics: Option<MetricsListener>,
}

/// The metrics address, bound at start-up like the shop's.
struct MetricsListener {
    listener: TcpListener,
    address: SocketAddr,
    handle: metrics_exporter_prometheus::PrometheusHandle,
}

impl Application {
    /// Opens everything [`Application::run_until`] needs. When the configuration names no
    /// public URL, the shop's address is the one actually bound (port 0 picks a free port).
    pub async fn build(config: Config) -> Result<Application, StartError> {
        // Before start-up, so that the first catalogue snapshot's build is measured too.
        let recorder = config.metrics.listen.map(|_| crate::metrics::install());
        let mut state = tokio::task::spawn_blocking(move || AppState::init(config))
            .await
            .map_err(|err| StartError::Seed(format!("start-up task failed: {err}")))??;
        let (listener, address, derived_url) = start::Listening::bind(&state.config).await?;
        if state.config.public_url_derived
            && let Some(config) = state.config_mut()
        {
            config.public_url = derived_url;
        }
        // Bound before the caller announces readiness, so every operation sent after that works.
        let control =
            socket::bind(&state.config.data_dir).map_err(|source| StartError::ControlSocket {
                dir: state.config.data_dir.clone(),
                source,
            })?;
        let metrics = match (state.config.metrics.listen, recorder) {
            (Some(listen), Some(handle)) => {
                let bound = |source| StartError::Bind {
                    addr: listen,
                    source,
                };
                let listener = TcpListener::bind(listen).await.map_err(bound)?;
                let address = listener.local_addr().map_err(bound)?;
                Some(MetricsListener {
                    listener,
                    address,
                    handle,
                })
            }
            _ => None,
        };
        Ok(Application {
            state,
            listener,
            control,
            address,
            metrics,
        })
    }

    /// The address the shop answers on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Where `GET /metrics` answers, when `[metrics] listen` is set.
    pub fn metrics_address(&self) -> Option<SocketAddr> {
        self.metrics.as_ref().map(|m| m.address)
    }

    /// Serves HTTP and the control socket and runs housekeeping until `shutdown` resolves;
    /// then stops accepting, lets requests in flight finish for up to [`SHUTDOWN_GRACE`] and
    /// returns.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), String> {
        let Application {
            state,
            listener,
            control,
            metrics,
            ..
        } = self;
        let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
        let stopped = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
            let _ = rx.wait_for(|stop| *stop).await;
        };
        let control_task = tokio::spawn(socket::serve(
            control,
            state.clone(),
            stopped(stop_rx.clone()),
        ));
        let housekeeping = spawn_housekeeping(state.clone());
        let sending = crate::notify::Sending {
            store: state.store.clone(),
            config: state.config.clone(),
            content: state.content.clone(),
        };
        let sender = crate::notify::sender::spawn(sending.clone());
        let disk_alert = crate::notify::disk_alert::spawn(sending);
        let catalogues = jobs::spawn_live_catalogue_refresh(state.clone());
        let misses = spawn_miss_flush(state.clone());
        let idle_trim = jobs::spawn_idle_trim(state.clone());
        let metrics = metrics.map(|m| {
            let gauges = state.clone();
            tokio::spawn(crate::metrics::serve(
                m.listener,
                m.handle,
                move || jobs::read_gauges(&gauges),
                stopped(stop_rx.clone()),
            ))
        });
        let offsite = jobs::spawn_offsite_copies(state.clone());
        let compaction = jobs::spawn_compaction(state.clone());
        let last_state = state.clone();
        let server = tokio::spawn(listener.serve(state, stopped(stop_rx)));
        shutdown.await;
        tracing::info!("stop signal received; finishing requests in flight");
        let _ = stop_tx.send(true);
        let _ = control_task.await;
        housekeeping.abort();
        sender.abort();
        if let Some(disk_alert) = disk_alert {
            disk_alert.abort();
        }
        catalogues.abort();
        misses.abort();
        idle_trim.abort();
        if let Some(metrics) = metrics {
            metrics.abort();
        }
        offsite.abort();
        compaction.abort();
        let stopped = tokio::time::timeout(SHUTDOWN_GRACE, server).await;
        flush_misses(&last_state).await;
        close_store(&last_state.store).await;
        match stopped {
            Ok(Ok(Ok(()))) => Ok(()),
            Ok(Ok(Err(err))) => Err(format!("server error: {err}")),
            Ok(Err(err)) => Err(format!("server task failed: {err}")),
            Err(_) => {
                tracing::warn!("requests still running after {SHUTDOWN_GRACE:?}; exiting anyway");
                Ok(())
            }
        }
    }
}

/// Closes the database file cleanly before the process ends (see [`crate::store::Store::close`]), giving
/// threads still in a transaction (the order desk's last commit, a large shop's search indexer)
/// a moment to finish.
async fn close_store(store: &crate::store::Store) {
    let store = store.clone();
    let closed = tokio::task::spawn_blocking(move || {
        (0..20).any(|attempt| {
            if attempt > 0 {
                std::thread::sleep(Duration::from_millis(50));
            }
            store.close()
        })
    })
    .await;
    if !matches!(closed, Ok(true)) {
        tracing::warn!("the database was still in use at exit; the next start checks the file");
    }
}
