//! `kiosk serve`: run the shop until SIGTERM or Ctrl-C.

use std::io::{IsTerminal, Write};
use std::net::SocketAddr;
use std::time::Duration;

use clap::Args;
use tokio::net::TcpListener;

use super::Cli;
use crate::app::{AppState, StartError, serve};
use crate::config::{Config, LogFormat, LogOverride, Overrides};
use crate::ops::socket;

#[derive(Debug, Clone, Default, Args)]
pub struct ServeArgs {
    /// Address to listen on, e.g. 0.0.0.0:8080 (default: 127.0.0.1:8080). Port 0 picks a free port.
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<SocketAddr>,

    /// Public address shoppers use, for canonical links and the sitemap (e.g. https://shop.example.com).
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,

    /// Do not seed the demo catalogue on first start.
    #[arg(long)]
    pub no_demo: bool,

    /// Log format on stderr.
    #[arg(long, value_name = "FORMAT")]
    pub log_format: Option<LogFormat>,
}

/// Requests still running this long after a stop signal are abandoned.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

pub fn run(cli: &Cli, args: &ServeArgs) -> Result<(), String> {
    let overrides = Overrides {
        listen: args.listen,
        data_dir: cli.data_dir.clone(),
        public_url: args.public_url.clone(),
        demo: args.no_demo.then_some(false),
        log: args.log_format.map(|format| LogOverride { format }),
    };
    let config = Config::load(cli.config.as_deref(), &overrides).map_err(|e| e.to_string())?;
    init_logging(&config);

    let listen = config.listen;
    let mut state = AppState::init(config).map_err(|e| e.to_string())?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(listen).await.map_err(|source| StartError::Bind { addr: listen, source }.to_string())?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        if state.config.public_url_derived {
            std::sync::Arc::make_mut(&mut state.config).public_url = format!("http://{addr}");
        }
        // Bound before announcing readiness, so every operation sent after the line works.
        let control = socket::bind(&state.config.data_dir).map_err(|e| format!("cannot create the control socket in {}: {e}", state.config.data_dir.display()))?;
        // The one line on stdout: scripts and tests read the address from it.
        println!("listening on http://{addr}");
        let _ = std::io::stdout().flush();
        tracing::info!(%addr, startup_ms = state.started.elapsed().as_millis() as u64, "kiosk is serving");


        let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
        let stopped = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
            let _ = rx.wait_for(|s| *s).await;
        };
        let control_task = tokio::spawn(socket::serve(control, state.clone(), stopped(stop_rx.clone())));
        let housekeeping = crate::app::spawn_housekeeping(state.clone());
        let server = tokio::spawn(serve(listener, state, stopped(stop_rx)));
        stop_signal().await;
        tracing::info!("stop signal received; finishing requests in flight");
        let _ = stop_tx.send(true);
        let _ = control_task.await;
        housekeeping.abort();
        match tokio::time::timeout(SHUTDOWN_GRACE, server).await {
            Ok(Ok(Ok(()))) => Ok(()),
            Ok(Ok(Err(err))) => Err(format!("server error: {err}")),
            Ok(Err(err)) => Err(format!("server task failed: {err}")),
            Err(_) => {
                tracing::warn!("requests still running after {SHUTDOWN_GRACE:?}; exiting anyway");
                Ok(())
            }
        }
    })?;
    tracing::info!("stopped");
    Ok(())
}

async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}

fn init_logging(config: &Config) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(&config.log.level));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    let _ = match config.log.format {
        LogFormat::Json => builder.json().try_init(),
        LogFormat::Text => builder.try_init(),
    };
}
