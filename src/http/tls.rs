//! TLS for the server loop: the certificate in force (swapped whole when a renewal or a changed
//! file brings a new one, so connections never see a half-written pair), the answers to ACME
//! challenges (TLS-ALPN-01 certificates and HTTP-01 key authorizations), and the rustls server
//! configuration offering HTTP/2 and HTTP/1.1 by ALPN. Who obtains the certificates lives in
//! `ops::tls`; the kit only serves what it is given.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use rustls::ServerConfig;
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;

/// The ALPN protocol an ACME server offers for a TLS-ALPN-01 validation (RFC 8737); such a
/// connection gets the challenge certificate and is closed after the handshake.
pub const ACME_TLS_ALPN: &[u8] = b"acme-tls/1";
/// `Strict-Transport-Security` on every HTTPS answer: one year, this host only (the owner's
/// other subdomains may not have HTTPS).
pub const HSTS: &str = "max-age=31536000";

/// The certificate in force and the ACME challenges being answered. Reads take a read lock for
/// an `Arc` clone; writes happen once per renewal.
#[derive(Debug, Default)]
pub struct Certificates {
    current: RwLock<Option<Arc<CertifiedKey>>>,
    alpn_challenges: RwLock<HashMap<String, Arc<CertifiedKey>>>,
    http_challenges: RwLock<HashMap<String, String>>,
}

impl Certificates {
    /// Puts `key` in force for new connections; open connections keep the one they shook
    /// hands with.
    pub fn install(&self, key: Arc<CertifiedKey>) {
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some(key);
    }

    pub fn current(&self) -> Option<Arc<CertifiedKey>> {
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Answers a TLS-ALPN-01 validation of `name` with `key` until [`Self::clear_challenges`].
    pub fn add_alpn_challenge(&self, name: &str, key: Arc<CertifiedKey>) {
        self.alpn_challenges
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(name.to_ascii_lowercase(), key);
    }

    /// Answers `GET /.well-known/acme-challenge/<token>` on the plain port with
    /// `key_authorization` until [`Self::clear_challenges`].
    pub fn add_http_challenge(&self, token: &str, key_authorization: &str) {
        self.http_challenges
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(token.to_string(), key_authorization.to_string());
    }

    pub fn http_challenge(&self, token: &str) -> Option<String> {
        self.http_challenges
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(token)
            .cloned()
    }

    pub fn clear_challenges(&self) {
        self.alpn_challenges
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
        self.http_challenges
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
}

impl ResolvesServerCert for Certificates {
    fn resolve(&self, hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        let acme = hello
            .alpn()
            .is_some_and(|mut offered| offered.any(|p| p == ACME_TLS_ALPN));
        if acme {
            let name = hello.server_name()?.to_ascii_lowercase();
            return self
                .alpn_challenges
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .get(&name)
                .cloned();
        }
        self.current()
    }
}

/// The one crypto provider (ring, as reqwest and lettre use).
pub fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// A certificate chain and its private key from PEM text, checked to belong together.
pub fn certified_key(chain_pem: &[u8], key_pem: &[u8]) -> Result<CertifiedKey, String> {
    let chain = CertificateDer::pem_slice_iter(chain_pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("the certificate is not PEM: {e}"))?;
    if chain.is_empty() {
        return Err("the certificate file holds no CERTIFICATE block".into());
    }
    let key = PrivateKeyDer::from_pem_slice(key_pem)
        .map_err(|e| format!("the key is not a PEM private key: {e}"))?;
    let signing = provider()
        .key_provider
        .load_private_key(key)
        .map_err(|e| format!("the key cannot sign: {e}"))?;
    // The key must belong to the first certificate. (rustls's own check parses the certificate
    // with webpki, which refuses any critical extension it does not know, such as a critical
    // subjectAltName on a certificate with an empty subject, as ACME servers issue them.)
    let (_, leaf) = x509_parser::parse_x509_certificate(&chain[0])
        .map_err(|e| format!("the certificate cannot be read: {e}"))?;
    let fits = signing
        .public_key()
        .is_some_and(|public| public.as_ref() == leaf.public_key().raw);
    if !fits {
        return Err("the key does not fit the certificate".into());
    }
    Ok(CertifiedKey::new(chain, signing))
}

/// The TLS settings of the HTTPS listener: TLS 1.2 and 1.3, certificates from `certificates`,
/// ALPN `h2`, `http/1.1` (and `acme-tls/1` for validations).
pub fn server_config(certificates: Arc<Certificates>) -> Result<Arc<ServerConfig>, String> {
    let mut config = ServerConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_no_client_auth()
        .with_cert_resolver(certificates);
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec(), ACME_TLS_ALPN.to_vec()];
    // Returning browsers resume their session instead of a full handshake.
    config.session_storage = rustls::server::ServerSessionMemoryCache::new(16 * 1024);
    if let Ok(ticketer) = rustls::crypto::ring::Ticketer::new() {
        config.ticketer = ticketer;
    }
    Ok(Arc::new(config))
}

/// The file in the certificate folder (`files/tls/`) recording the certificate in force and
/// the last renewal attempt, written by `ops::tls` and read by the dashboard.
pub const STATUS_FILE: &str = "status.json";
/// Staff are warned this many days before the certificate in force expires.
pub const CERTIFICATE_WARNING_DAYS: u64 = 14;

/// The certificate the shop serves and how its last renewal went.
#[derive(
    Debug,
    Clone,
    Default,
    PartialEq,
    Eq,
    serde::Serialize,
    serde::Deserialize,
    utoipa::ToSchema,
    ts_rs::TS,
)]
#[serde(rename_all = "camelCase")]
pub struct CertificateStatus {
    /// The names the certificate in force covers.
    pub names: Vec<String>,
    /// When it expires (Unix seconds); absent before the first certificate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub not_after: Option<u64>,
    /// When a certificate was last asked for (Unix seconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub last_attempt_at: Option<u64>,
    /// Why that attempt failed; absent when it succeeded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_error: Option<String>,
}

/// What staff should be told about the shop's HTTPS certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum CertificateWarning {
    /// The certificate expires within 14 days (or has expired).
    Expiring,
    /// The last attempt to obtain or renew it failed; the current one is still served.
    RenewalFailed,
}

impl CertificateStatus {
    /// The status recorded in `dir` (the certificate folder), if any.
    pub fn read(dir: &std::path::Path) -> Option<CertificateStatus> {
        let text = std::fs::read(dir.join(STATUS_FILE)).ok()?;
        serde_json::from_slice(&text).ok()
    }

    /// The warning for this status at `now` (Unix seconds), if any.
    pub fn warning(&self, now: u64) -> Option<CertificateWarning> {
        if self.last_error.is_some() {
            return Some(CertificateWarning::RenewalFailed);
        }
        match self.not_after {
            Some(at) if at > now + CERTIFICATE_WARNING_DAYS * 86_400 => None,
            _ => Some(CertificateWarning::Expiring),
        }
    }
}
