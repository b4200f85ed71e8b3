//! The HTTP client instant-acme talks through: the shop's reqwest (rustls with ring, as every
//! other outgoing call), trusting `tls.acme_ca_file` as well when a private ACME server such as
//! pebble signs its own HTTPS certificate.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::BodyExt;
use instant_acme::{BodyWrapper, BytesResponse, Error, HttpClient};

pub struct AcmeHttp(reqwest::Client);

impl AcmeHttp {
    pub fn new(ca_file: &str) -> Result<AcmeHttp, String> {
        let mut builder = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(60))
            .user_agent(concat!("kiosk/", env!("CARGO_PKG_VERSION")));
        if !ca_file.is_empty() {
            let pem =
                std::fs::read(ca_file).map_err(|e| format!("tls.acme_ca_file {ca_file}: {e}"))?;
            let roots = reqwest::Certificate::from_pem_bundle(&pem)
                .map_err(|e| format!("tls.acme_ca_file {ca_file}: {e}"))?;
            for root in roots {
                builder = builder.add_root_certificate(root);
            }
        }
        builder
            .build()
            .map(AcmeHttp)
            .map_err(|e| format!("cannot make the ACME client: {e}"))
    }
}

impl HttpClient for AcmeHttp {
    fn request(
        &self,
        request: axum::http::Request<BodyWrapper<Bytes>>,
    ) -> Pin<Box<dyn Future<Output = Result<BytesResponse, Error>> + Send>> {
        let client = self.0.clone();
        Box::pin(async move {
            let (parts, body) = request.into_parts();
            let body = match body.collect().await {
                Ok(collected) => collected.to_bytes(),
                Err(never) => match never {},
            };
            let request = reqwest::Request::try_from(axum::http::Request::from_parts(parts, body))
                .map_err(|e| Error::Other(Box::new(e)))?;
            let response = client
                .execute(request)
                .await
                .map_err(|e| Error::Other(Box::new(e)))?;
            Ok(BytesResponse::from(
                axum::http::Response::<reqwest::Body>::from(response),
            ))
        })
    }
}
