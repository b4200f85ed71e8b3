//! `kiosk serve`: run the shop until SIGTERM or Ctrl-C.

use std::io::{IsTerminal, Write};
use std::net::SocketAddr;

use clap::Args;

use super::Cli;
use crate::application::Application;
use crate::config::{Config, LogFormat, LogOverride, Overrides};

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

/// Threads for blocking work (database transactions, a sign-in waiting for its hash). Tokio's
/// default of 512 let a burst of 100 registrations start 100 threads, each with its own
/// allocator heap: 150 MB more at the peak, kept afterwards (issue 15). Registration now awaits
/// its hash without a thread; this bounds what other bursts can start. Work beyond it waits its
/// turn in tokio's queue.
const BLOCKING_THREADS: usize = 64;

pub fn run(cli: &Cli, args: &ServeArgs) -> Result<(), String> {
    let overrides = Overrides {
        listen: args.listen,
        data_dir: cli.data_dir.clone(),
        public_url: args.public_url.clone(),
        demo: args.no_demo.then_some(false),
        log: args.log_format.map(|format| LogOverride { format }),
    };
    let config = Config::load(cli.config.as_deref(), &overrides).map_err(|e| e.to_string())?;
    // Held until the end of `run`: dropping it writes the lines still queued.
    let _log_writer = init_logging(&config);

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS)
        .on_thread_park(crate::state::idle::collect_if_asked)
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async move {
        let app = Application::build(config)
            .await
            .map_err(|e| e.to_string())?;
        // The one line on stdout: scripts and tests read the address from it.
        let scheme = if app.state().config.tls.enabled() {
            "https"
        } else {
            "http"
        };
        println!("listening on {scheme}://{}", app.address());
        let _ = std::io::stdout().flush();
        if let Some(metrics) = app.metrics_address() {
            tracing::info!(addr = %metrics, "metrics are served at /metrics on their own address");
        }
        tracing::info!(
            addr = %app.address(),
            startup_ms = app.state().started.elapsed().as_millis() as u64,
            "kiosk is serving"
        );
        app.run_until(stop_signal()).await
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

/// Log lines are queued and written to stderr by a background thread, so a request never waits
/// for a write(2); the queue blocks rather than drops when the disk cannot keep up (a line
/// lost is worse than a slower request under extreme load).
fn init_logging(config: &Config) -> tracing_appender::non_blocking::WorkerGuard {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(&config.log.level));
    let (writer, guard) = tracing_appender::non_blocking::NonBlockingBuilder::default()
        .lossy(false)
        .thread_name("kiosk-log")
        .finish(std::io::stderr());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(writer);
    let _ = match config.log.format {
        LogFormat::Json => builder.json().try_init(),
        LogFormat::Text => builder.try_init(),
    };
    guard
}
