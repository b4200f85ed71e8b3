//! One ACME order (RFC 8555, through instant-acme): the account (made once per directory and
//! kept in the data folder), the order for the configured names, the challenges answered by
//! the running listeners — TLS-ALPN-01 on the HTTPS port, or HTTP-01 on the plain port — and
//! the certificate chain with the key instant-acme generated for it.

use std::sync::Arc;
use std::time::Duration;

use instant_acme::{
    Account, AuthorizationStatus, ChallengeType, Identifier, NewAccount, NewOrder, OrderStatus,
    RetryPolicy,
};
use rcgen::{CertificateParams, CustomExtension, KeyPair};

use super::client::AcmeHttp;
use super::files::TlsFiles;
use crate::config::Tls;
use crate::http::tls::{Certificates, certified_key};

/// How long the order may take to become ready, and the certificate to be issued.
const ORDER_POLICY: RetryPolicy = RetryPolicy::new()
    .initial_delay(Duration::from_millis(250))
    .backoff(1.5)
    .timeout(Duration::from_secs(120));

/// The challenge an order is validated with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Challenge {
    TlsAlpn01,
    Http01,
}

/// A certificate chain and its private key, as PEM.
pub struct Issued {
    pub chain: String,
    pub key: String,
}

/// Orders a certificate for `tls.domains`, answering with `challenge`.
pub async fn order(
    tls: &Tls,
    files: &TlsFiles,
    certificates: &Arc<Certificates>,
    challenge: Challenge,
) -> Result<Issued, String> {
    let outcome = order_inner(tls, files, certificates, challenge).await;
    certificates.clear_challenges();
    outcome
}

async fn order_inner(
    tls: &Tls,
    files: &TlsFiles,
    certificates: &Arc<Certificates>,
    challenge: Challenge,
) -> Result<Issued, String> {
    let account = account(tls, files).await?;
    let identifiers: Vec<Identifier> = tls
        .domains
        .iter()
        .map(|name| Identifier::Dns(name.clone()))
        .collect();
    let mut order = account
        .new_order(&NewOrder::new(&identifiers))
        .await
        .map_err(|e| format!("the ACME server refused a new order: {e}"))?;
    let mut authorizations = order.authorizations();
    while let Some(authorization) = authorizations.next().await {
        let mut authorization =
            authorization.map_err(|e| format!("cannot read an authorization: {e}"))?;
        match authorization.status {
            AuthorizationStatus::Pending => {}
            AuthorizationStatus::Valid => continue,
            status => return Err(format!("an authorization is {status:?}")),
        }
        let kind = match challenge {
            Challenge::TlsAlpn01 => ChallengeType::TlsAlpn01,
            Challenge::Http01 => ChallengeType::Http01,
        };
        let mut handle = authorization
            .challenge(kind.clone())
            .ok_or_else(|| format!("the ACME server offers no {kind:?} challenge"))?;
        let name = handle.identifier().to_string();
        let key_authorization = handle.key_authorization();
        match challenge {
            Challenge::TlsAlpn01 => {
                let answer = alpn_certificate(&name, key_authorization.digest().as_ref())?;
                certificates.add_alpn_challenge(&name, Arc::new(answer));
            }
            Challenge::Http01 => {
                certificates.add_http_challenge(&handle.token, key_authorization.as_str());
            }
        }
        handle
            .set_ready()
            .await
            .map_err(|e| format!("cannot start the validation of {name}: {e}"))?;
    }
    let status = order
        .poll_ready(&ORDER_POLICY)
        .await
        .map_err(|e| format!("the order did not become ready: {e}"))?;
    if status != OrderStatus::Ready {
        let problem = order
            .state()
            .error
            .as_ref()
            .map(|p| format!(": {p}"))
            .unwrap_or_default();
        return Err(format!(
            "the ACME server could not validate the names ({status:?}){problem}; are they pointed at this machine, and are ports 80 and 443 open?"
        ));
    }
    let key = order
        .finalize()
        .await
        .map_err(|e| format!("the ACME server refused the certificate request: {e}"))?;
    let chain = order
        .poll_certificate(&ORDER_POLICY)
        .await
        .map_err(|e| format!("the certificate was not issued: {e}"))?;
    Ok(Issued { chain, key })
}

/// The stored account for this directory, or a new one (stored at once).
async fn account(tls: &Tls, files: &TlsFiles) -> Result<Account, String> {
    let directory = tls.directory_url().to_string();
    let http = || AcmeHttp::new(&tls.acme_ca_file).map(Box::new);
    if let Some(credentials) = files.account(&directory) {
        return Account::builder_with_http(http()?)
            .from_credentials(credentials)
            .await
            .map_err(|e| format!("cannot reach the ACME server {directory}: {e}"));
    }
    let contact = (!tls.email.trim().is_empty()).then(|| format!("mailto:{}", tls.email.trim()));
    let contacts: Vec<&str> = contact.iter().map(String::as_str).collect();
    let (account, credentials) = Account::builder_with_http(http()?)
        .create(
            &NewAccount {
                contact: &contacts,
                terms_of_service_agreed: true,
                only_return_existing: false,
            },
            directory.clone(),
            None,
        )
        .await
        .map_err(|e| format!("cannot create an account at the ACME server {directory}: {e}"))?;
    files.save_account(&directory, credentials)?;
    Ok(account)
}

/// The self-signed certificate a TLS-ALPN-01 validation of `name` expects (RFC 8737): the name
/// and the acmeIdentifier extension holding the key authorization's SHA-256.
fn alpn_certificate(name: &str, digest: &[u8]) -> Result<rustls::sign::CertifiedKey, String> {
    let fail = |e: rcgen::Error| format!("cannot make the TLS-ALPN-01 answer: {e}");
    let mut params = CertificateParams::new(vec![name.to_string()]).map_err(fail)?;
    params.custom_extensions = vec![CustomExtension::new_acme_identifier(digest)];
    let key = KeyPair::generate().map_err(fail)?;
    let certificate = params.self_signed(&key).map_err(fail)?;
    certified_key(certificate.pem().as_bytes(), key.serialize_pem().as_bytes())
}
