//! HTTPS served by the shop itself (`[tls]`, docs/OPERATING.md "HTTPS"): the certificate put
//! in force at start (the stored one, or the owner's files), and the keeper that runs beside
//! the listeners — ordering and renewing certificates over ACME 30 days before they expire,
//! with back-off after a failure while the current certificate is still served, or reloading
//! the owner's files when they change. Each issuance, renewal and failure is an activity line,
//! and `files/tls/status.json` tells the dashboard and `kiosk check` how things stand.

pub mod acme;
mod client;
pub mod files;

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use rustls::ServerConfig;

use crate::config::{Config, Tls};
use crate::http::tls::{CertificateStatus, Certificates, certified_key, server_config};
use crate::store::Store;
use files::TlsFiles;

/// A certificate is renewed when it has less than this left.
pub const RENEW_BEFORE: Duration = Duration::from_secs(30 * 86_400);
/// The first wait after a failed order; it doubles with each failure in a row, up to
/// [`LONGEST_RETRY`] (Let's Encrypt allows five failed validations per name an hour).
const FIRST_RETRY: Duration = Duration::from_secs(30);
const LONGEST_RETRY: Duration = Duration::from_secs(6 * 3600);
/// While nothing is due, the keeper looks again at least this often (clock changes, restores).
const RECHECK: Duration = Duration::from_secs(12 * 3600);
/// How often the owner's certificate files are looked at for a change.
const FILE_POLL: Duration = Duration::from_secs(5);

/// What the HTTPS listener serves with.
pub struct Https {
    pub certificates: Arc<Certificates>,
    pub server_config: Arc<ServerConfig>,
}

/// The names and validity of a certificate chain's first certificate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertificateInfo {
    pub names: Vec<String>,
    /// Unix seconds.
    pub not_after: u64,
    pub issuer: String,
}

/// Reads the first certificate of a PEM chain.
pub fn inspect(chain_pem: &[u8]) -> Result<CertificateInfo, String> {
    let (_, pem) = x509_parser::pem::parse_x509_pem(chain_pem)
        .map_err(|e| format!("the certificate is not PEM: {e}"))?;
    let certificate = pem
        .parse_x509()
        .map_err(|e| format!("the certificate cannot be read: {e}"))?;
    let mut names = Vec::new();
    if let Ok(Some(san)) = certificate.subject_alternative_name() {
        for name in &san.value.general_names {
            match name {
                x509_parser::extensions::GeneralName::DNSName(dns) => names.push(dns.to_string()),
                x509_parser::extensions::GeneralName::IPAddress(ip) => {
                    let address = match ip.len() {
                        4 => <[u8; 4]>::try_from(*ip).ok().map(std::net::IpAddr::from),
                        16 => <[u8; 16]>::try_from(*ip).ok().map(std::net::IpAddr::from),
                        _ => None,
                    };
                    names.extend(address.map(|a| a.to_string()));
                }
                _ => {}
            }
        }
    }
    if names.is_empty() {
        for cn in certificate.subject().iter_common_name() {
            if let Ok(cn) = cn.as_str() {
                names.push(cn.to_string());
            }
        }
    }
    Ok(CertificateInfo {
        names,
        not_after: u64::try_from(certificate.validity().not_after.timestamp()).unwrap_or(0),
        issuer: certificate.issuer().to_string(),
    })
}

fn now_unix() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Whether `info` needs a new certificate for `domains` at `now`: near its end, or missing a
/// name the configuration lists.
fn due(info: Option<&CertificateInfo>, domains: &[String], now: u64) -> bool {
    match info {
        None => true,
        Some(info) => {
            info.not_after <= now + RENEW_BEFORE.as_secs()
                || domains.iter().any(|d| !info.names.contains(d))
        }
    }
}

/// Puts the certificate to serve in force before the listeners open: the owner's files
/// (refusing to start when they are unusable), or the stored ACME certificate when it still
/// fits (otherwise the keeper orders one at once, and TLS handshakes fail until then).
pub fn prepare(config: &Config) -> Result<Https, String> {
    let tls = &config.tls;
    let certificates = Arc::new(Certificates::default());
    let files = TlsFiles::new(&config.data_dir);
    files.prepare()?;
    let mut status = files.status().unwrap_or_default();
    if tls.acme() {
        match files.certificate() {
            Some((chain, key)) => match (certified_key(&chain, &key), inspect(&chain)) {
                (Ok(key), Ok(info)) => {
                    certificates.install(Arc::new(key));
                    if !due(Some(&info), &tls.domains, now_unix()) {
                        // Nothing to renew: an old failure is no longer news.
                        status.last_error = None;
                    }
                    status.names = info.names;
                    status.not_after = Some(info.not_after);
                }
                (Err(problem), _) | (_, Err(problem)) => tracing::warn!(
                    dir = %files.dir().display(),
                    %problem,
                    "the stored certificate is unusable; a new one is ordered"
                ),
            },
            None => {
                status = CertificateStatus::default();
                tracing::info!(domains = ?tls.domains, "no certificate yet; one is ordered");
            }
        }
    } else {
        let (info, key) = read_owner_files(tls)?;
        certificates.install(Arc::new(key));
        status = CertificateStatus {
            names: info.names,
            not_after: Some(info.not_after),
            ..CertificateStatus::default()
        };
    }
    files.save_status(&status)?;
    let server_config = server_config(certificates.clone())?;
    Ok(Https {
        certificates,
        server_config,
    })
}

fn read_owner_files(tls: &Tls) -> Result<(CertificateInfo, rustls::sign::CertifiedKey), String> {
    let chain = std::fs::read(&tls.cert_file)
        .map_err(|e| format!("tls.cert_file {}: {e}", tls.cert_file))?;
    let key =
        std::fs::read(&tls.key_file).map_err(|e| format!("tls.key_file {}: {e}", tls.key_file))?;
    let certified =
        certified_key(&chain, &key).map_err(|e| format!("tls.cert_file {}: {e}", tls.cert_file))?;
    let info = inspect(&chain).map_err(|e| format!("tls.cert_file {}: {e}", tls.cert_file))?;
    Ok((info, certified))
}

/// Starts the keeper: ACME orders and renewals, or the owner's files watched for changes.
pub fn spawn_keeper(
    config: Arc<Config>,
    store: Store,
    certificates: Arc<Certificates>,
) -> tokio::task::JoinHandle<()> {
    if config.tls.acme() {
        tokio::spawn(keep_acme(config, store, certificates))
    } else {
        tokio::spawn(watch_owner_files(config, certificates))
    }
}

async fn keep_acme(config: Arc<Config>, store: Store, certificates: Arc<Certificates>) {
    let tls = &config.tls;
    let files = TlsFiles::new(&config.data_dir);
    let mut current = files
        .certificate()
        .filter(|(chain, key)| certified_key(chain, key).is_ok())
        .and_then(|(chain, _)| inspect(&chain).ok());
    let mut failures: u32 = 0;
    loop {
        let now = now_unix();
        if !due(current.as_ref(), &tls.domains, now) {
            let renew_at = current
                .as_ref()
                .map_or(now, |info| info.not_after - RENEW_BEFORE.as_secs());
            let wait = Duration::from_secs(renew_at.saturating_sub(now)).min(RECHECK);
            tokio::time::sleep(wait.max(Duration::from_secs(1))).await;
            continue;
        }
        // TLS-ALPN-01 first (it needs only the HTTPS port); after a failure, alternate with
        // HTTP-01 on the plain port, in case a firewall or proxy spoils one of them.
        let challenge = if failures.is_multiple_of(2) {
            acme::Challenge::TlsAlpn01
        } else {
            acme::Challenge::Http01
        };
        let renewal = current.is_some();
        tracing::info!(domains = ?tls.domains, ?challenge, renewal, "ordering a certificate");
        let outcome = match acme::order(tls, &files, &certificates, challenge).await {
            Ok(issued) => put_in_force(&files, &certificates, &issued),
            Err(problem) => Err(problem),
        };
        let mut status = files.status().unwrap_or_default();
        status.last_attempt_at = Some(now_unix());
        match outcome {
            Ok(info) => {
                failures = 0;
                tracing::info!(names = ?info.names, not_after = info.not_after, "certificate in force");
                status.names = info.names.clone();
                status.not_after = Some(info.not_after);
                status.last_error = None;
                let action = if renewal {
                    "certificate renewed"
                } else {
                    "certificate issued"
                };
                record(&store, action, &info.names, &expiry_text(info.not_after)).await;
                current = Some(info);
            }
            Err(problem) => {
                failures = failures.saturating_add(1);
                let wait = FIRST_RETRY
                    .saturating_mul(2u32.saturating_pow(failures.saturating_sub(1).min(16)))
                    .min(LONGEST_RETRY);
                tracing::warn!(%problem, retry_in = ?wait, "could not obtain a certificate; the current one is still served");
                status.last_error = Some(problem.clone());
                record(&store, "certificate renewal failed", &tls.domains, &problem).await;
                if let Err(err) = files.save_status(&status) {
                    tracing::warn!(%err, "cannot record the certificate status");
                }
                tokio::time::sleep(wait).await;
                continue;
            }
        }
        if let Err(err) = files.save_status(&status) {
            tracing::warn!(%err, "cannot record the certificate status");
        }
        if due(current.as_ref(), &tls.domains, now_unix()) {
            // A server issuing certificates shorter than the renewal window would otherwise
            // be asked again at once, for ever.
            tokio::time::sleep(FIRST_RETRY).await;
        }
    }
}

/// Checks and stores a newly issued certificate and serves it to new connections.
fn put_in_force(
    files: &TlsFiles,
    certificates: &Certificates,
    issued: &acme::Issued,
) -> Result<CertificateInfo, String> {
    let key = certified_key(issued.chain.as_bytes(), issued.key.as_bytes())?;
    let info = inspect(issued.chain.as_bytes())?;
    files.save_certificate(issued.chain.as_bytes(), issued.key.as_bytes())?;
    certificates.install(Arc::new(key));
    Ok(info)
}

fn expiry_text(not_after: u64) -> String {
    let at = time::OffsetDateTime::from_unix_timestamp(i64::try_from(not_after).unwrap_or(0))
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    format!(
        "expires {}",
        at.format(&time::format_description::well_known::Rfc3339)
            .unwrap_or_default()
    )
}

/// One activity line by the shop itself.
async fn record(store: &Store, action: &'static str, names: &[String], details: &str) {
    let store = store.clone();
    let target = format!("certificate {}", names.join(" "));
    let details = details.to_string();
    let written = tokio::task::spawn_blocking(move || {
        store.write(|txn| {
            crate::activity::log(
                txn,
                &crate::activity::Event {
                    actor: "kiosk",
                    kcard: "",
                    action,
                    target: &target,
                    details: &details,
                },
            )
        })
    })
    .await;
    if !matches!(written, Ok(Ok(()))) {
        tracing::warn!(action, "the certificate event could not be logged");
    }
}

/// Reloads the owner's certificate when its files change; a broken pair is logged and the
/// one in force kept.
async fn watch_owner_files(config: Arc<Config>, certificates: Arc<Certificates>) {
    let tls = &config.tls;
    let files = TlsFiles::new(&config.data_dir);
    let signature = || {
        [&tls.cert_file, &tls.key_file].map(|path| {
            std::fs::metadata(path)
                .ok()
                .map(|m| (m.modified().ok(), m.len()))
        })
    };
    let mut seen = signature();
    loop {
        tokio::time::sleep(FILE_POLL).await;
        let now = signature();
        if now == seen {
            continue;
        }
        seen = now;
        match read_owner_files(tls) {
            Ok((info, key)) => {
                certificates.install(Arc::new(key));
                tracing::info!(names = ?info.names, not_after = info.not_after, "certificate files reloaded");
                let status = CertificateStatus {
                    names: info.names,
                    not_after: Some(info.not_after),
                    ..CertificateStatus::default()
                };
                if let Err(err) = files.save_status(&status) {
                    tracing::warn!(%err, "cannot record the certificate status");
                }
            }
            Err(problem) => {
                tracing::warn!(%problem, "the changed certificate files are unusable; the current certificate is still served");
            }
        }
    }
}

/// `kiosk check`'s lines about HTTPS: each certificate's names and expiry, or why none.
pub fn describe(config: &Config) -> Vec<String> {
    let tls = &config.tls;
    if !tls.enabled() {
        return vec!["https: off (plain HTTP on listen; see [tls] in the configuration)".into()];
    }
    let mut lines = vec![format!(
        "https: on {} (HTTP/2 and HTTP/1.1), plain port {} redirects",
        tls.https_listen, tls.http_listen
    )];
    let chain = if tls.acme() {
        lines.push(format!(
            "acme: {} for {}",
            tls.directory_url(),
            tls.domains.join(", ")
        ));
        TlsFiles::new(&config.data_dir)
            .certificate()
            .map(|(chain, _)| chain)
    } else {
        std::fs::read(&tls.cert_file).ok()
    };
    let now = now_unix();
    match chain.as_deref().map(inspect) {
        Some(Ok(info)) => {
            let days = (i128::from(info.not_after) - i128::from(now)) / 86_400;
            lines.push(format!(
                "certificate: {} — {} ({} days left), issuer {}",
                info.names.join(", "),
                expiry_text(info.not_after),
                days,
                info.issuer
            ));
        }
        Some(Err(problem)) => lines.push(format!("certificate: unusable: {problem}")),
        None => lines.push("certificate: none yet (ordered when the shop starts)".into()),
    }
    if let Some(error) = TlsFiles::new(&config.data_dir)
        .status()
        .and_then(|s| s.last_error)
    {
        lines.push(format!(
            "warning: the last certificate order failed: {error}"
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_certificate_is_due_thirty_days_before_its_end_or_when_a_name_is_missing() {
        let now = 1_000_000_000;
        let info = |days: u64, names: &[&str]| CertificateInfo {
            names: names.iter().map(|n| n.to_string()).collect(),
            not_after: now + days * 86_400,
            issuer: String::new(),
        };
        let domains = vec!["shop.example.com".to_string()];
        assert!(due(None, &domains, now));
        assert!(!due(Some(&info(31, &["shop.example.com"])), &domains, now));
        assert!(due(Some(&info(30, &["shop.example.com"])), &domains, now));
        assert!(due(Some(&info(80, &["other.example.com"])), &domains, now));
    }

    #[test]
    fn a_self_signed_pair_is_read_with_its_names_and_expiry() {
        let made =
            rcgen::generate_simple_self_signed(vec!["shop.example.com".to_string()]).unwrap();
        let chain = made.cert.pem();
        let info = inspect(chain.as_bytes()).unwrap();
        assert_eq!(info.names, ["shop.example.com"]);
        assert!(info.not_after > now_unix());
        assert!(
            certified_key(
                chain.as_bytes(),
                made.signing_key.serialize_pem().as_bytes()
            )
            .is_ok()
        );
        let other = rcgen::generate_simple_self_signed(vec!["x.example.com".to_string()]).unwrap();
        assert!(
            certified_key(
                chain.as_bytes(),
                other.signing_key.serialize_pem().as_bytes()
            )
            .is_err()
        );
    }
}
