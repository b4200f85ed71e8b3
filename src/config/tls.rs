//! The `[tls]` section: HTTPS served by the shop itself, with certificates it obtains and renews
//! over ACME (`domains`) or one the owner has (`cert_file`/`key_file`). Without either, the shop
//! speaks plain HTTP on `listen`, as behind a reverse proxy (docs/OPERATING.md, "HTTPS").

use std::net::SocketAddr;
use std::path::PathBuf;

use serde::{Deserialize, Deserializer, Serialize};

use super::ConfigError;

/// Let's Encrypt's production directory: what `acme_directory = "letsencrypt"` means.
pub const LETS_ENCRYPT: &str = "https://acme-v02.api.letsencrypt.org/directory";
/// Let's Encrypt's staging directory (untrusted certificates, generous rate limits).
pub const LETS_ENCRYPT_STAGING: &str = "https://acme-staging-v02.api.letsencrypt.org/directory";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tls {
    /// The shop's names (`["shop.example.com", "www.shop.example.com"]`, or one string with
    /// commas in `KIOSK_TLS__DOMAINS`); setting them turns on HTTPS with certificates from ACME.
    #[serde(default, deserialize_with = "names")]
    pub domains: Vec<String>,
    /// The ACME account's contact address (expiry notices); optional.
    #[serde(default)]
    pub email: String,
    /// `letsencrypt` (default), `letsencrypt-staging`, or any RFC 8555 directory URL.
    #[serde(default = "default_directory")]
    pub acme_directory: String,
    /// A PEM file with the CA that signs the ACME server's own HTTPS certificate, for a private
    /// ACME server such as pebble; empty trusts the usual public roots.
    #[serde(default)]
    pub acme_ca_file: String,
    /// Where HTTPS is served (HTTP/2 and HTTP/1.1).
    #[serde(default = "default_https_listen")]
    pub https_listen: SocketAddr,
    /// Where plain HTTP answers ACME challenges and redirects everything else to HTTPS.
    #[serde(default = "default_http_listen")]
    pub http_listen: SocketAddr,
    /// A certificate chain the owner has (PEM), instead of ACME; reloaded when it changes.
    #[serde(default)]
    pub cert_file: String,
    /// The private key of `cert_file` (PEM).
    #[serde(default)]
    pub key_file: String,
}

impl Default for Tls {
    fn default() -> Self {
        Tls {
            domains: Vec::new(),
            email: String::new(),
            acme_directory: default_directory(),
            acme_ca_file: String::new(),
            https_listen: default_https_listen(),
            http_listen: default_http_listen(),
            cert_file: String::new(),
            key_file: String::new(),
        }
    }
}

fn default_directory() -> String {
    "letsencrypt".into()
}

fn default_https_listen() -> SocketAddr {
    SocketAddr::from(([0, 0, 0, 0], 443))
}

fn default_http_listen() -> SocketAddr {
    SocketAddr::from(([0, 0, 0, 0], 80))
}

/// A list of names, or one string of names separated by commas or spaces (environment
/// variables carry one string).
fn names<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Names {
        One(String),
        Many(Vec<String>),
    }
    let list = match Names::deserialize(deserializer)? {
        Names::One(text) => text
            .split([',', ' '])
            .map(str::to_string)
            .collect::<Vec<_>>(),
        Names::Many(list) => list,
    };
    Ok(list
        .into_iter()
        .map(|name| name.trim().trim_end_matches('.').to_ascii_lowercase())
        .filter(|name| !name.is_empty())
        .collect())
}

impl Tls {
    /// Whether the shop serves HTTPS itself.
    pub fn enabled(&self) -> bool {
        !self.domains.is_empty() || !self.cert_file.is_empty()
    }

    /// Whether certificates come from ACME (rather than the owner's files).
    pub fn acme(&self) -> bool {
        !self.domains.is_empty() && self.cert_file.is_empty()
    }

    /// The ACME directory URL `acme_directory` names.
    pub fn directory_url(&self) -> &str {
        match self.acme_directory.trim() {
            "" | "letsencrypt" => LETS_ENCRYPT,
            "letsencrypt-staging" => LETS_ENCRYPT_STAGING,
            url => url,
        }
    }

    /// The public URL HTTPS gives when `public_url` is not set: the first domain, with the
    /// port when it is not 443.
    pub fn public_url(&self, https_port: u16) -> Option<String> {
        let host = self.domains.first()?;
        Some(match https_port {
            443 => format!("https://{host}"),
            port => format!("https://{host}:{port}"),
        })
    }

    /// The rules serde's types cannot say; each failure names its key.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let invalid =
            |key: &str, problem: String| ConfigError::Invalid(format!("tls.{key}: {problem}"));
        for name in &self.domains {
            if let Err(problem) = check_domain(name) {
                return Err(invalid("domains", format!("{name:?} {problem}")));
            }
        }
        let mut seen = std::collections::BTreeSet::new();
        if let Some(twice) = self.domains.iter().find(|name| !seen.insert(*name)) {
            return Err(invalid("domains", format!("{twice:?} is listed twice")));
        }
        if self.domains.len() > 100 {
            return Err(invalid(
                "domains",
                "at most 100 names fit one certificate".into(),
            ));
        }
        if self.cert_file.is_empty() != self.key_file.is_empty() {
            return Err(invalid(
                "cert_file",
                "give both cert_file and key_file, or neither".into(),
            ));
        }
        if !self.cert_file.is_empty() && !self.domains.is_empty() {
            return Err(invalid(
                "cert_file",
                "set either domains (certificates from ACME) or cert_file and key_file (your own certificate), not both".into(),
            ));
        }
        for (key, file) in [("cert_file", &self.cert_file), ("key_file", &self.key_file)] {
            if !file.is_empty() && !std::path::Path::new(file).is_file() {
                return Err(invalid(key, format!("{file:?} is not a readable file")));
            }
        }
        let email = self.email.trim();
        if !email.is_empty() && !plausible_address(email) {
            return Err(invalid(
                "email",
                format!("{email:?} must be an e-mail address such as owner@example.com"),
            ));
        }
        let directory = self.directory_url();
        if !directory.starts_with("https://") || url::Url::parse(directory).is_err() {
            return Err(invalid(
                "acme_directory",
                format!(
                    "{:?} must be letsencrypt, letsencrypt-staging or an https:// directory URL",
                    self.acme_directory
                ),
            ));
        }
        if !self.acme_ca_file.is_empty() && !std::path::Path::new(&self.acme_ca_file).is_file() {
            return Err(invalid(
                "acme_ca_file",
                format!("{:?} is not a readable file", self.acme_ca_file),
            ));
        }
        if self.enabled() && self.https_listen == self.http_listen {
            return Err(invalid(
                "http_listen",
                format!(
                    "{} is https_listen too; give each its own port",
                    self.http_listen
                ),
            ));
        }
        Ok(())
    }

    /// Where the shop keeps its certificates, the ACME account and the renewal record:
    /// under `files/` so that `kiosk backup` and `kiosk restore` carry them.
    pub fn store_dir(data_dir: &std::path::Path) -> PathBuf {
        data_dir.join("files").join("tls")
    }
}

/// A DNS name ACME can validate with TLS-ALPN-01 or HTTP-01: letters, digits and hyphens in
/// dot-separated labels, no wildcard, no IP address.
fn check_domain(name: &str) -> Result<(), &'static str> {
    if name.starts_with("*.") {
        return Err("is a wildcard, which needs DNS validation; list each name instead");
    }
    if name.len() > 253 || !name.contains('.') {
        return Err("must be a full domain name such as shop.example.com");
    }
    if name.parse::<std::net::IpAddr>().is_ok() {
        return Err("is an IP address; certificates are issued for domain names");
    }
    let label_ok = |label: &str| {
        !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    if !name.split('.').all(label_ok) {
        return Err(
            "must be letters, digits and hyphens in dot-separated labels (use the xn-- form for other scripts)",
        );
    }
    if name
        .rsplit('.')
        .next()
        .is_some_and(|tld| tld.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err("must end in a top-level domain, not a number");
    }
    Ok(())
}

fn plausible_address(address: &str) -> bool {
    let Some((local, domain)) = address.rsplit_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !address
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '<' || c == '>')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(change: impl FnOnce(&mut Tls)) -> Result<(), String> {
        let mut tls = Tls::default();
        change(&mut tls);
        tls.validate().map_err(|e| e.to_string())
    }

    #[test]
    fn tls_is_off_by_default_and_valid() {
        assert!(!Tls::default().enabled());
        assert_eq!(with(|_| {}), Ok(()));
        assert_eq!(Tls::default().directory_url(), LETS_ENCRYPT);
    }

    #[test]
    fn each_bad_setting_names_its_key() {
        type Change = fn(&mut Tls);
        let cases: [(&str, Change); 9] = [
            ("tls.domains", |t| t.domains = vec!["*.example.com".into()]),
            ("tls.domains", |t| t.domains = vec!["localhost".into()]),
            ("tls.domains", |t| t.domains = vec!["10.0.0.1".into()]),
            ("tls.domains", |t| {
                t.domains = vec!["a.com".into(), "a.com".into()]
            }),
            ("tls.domains", |t| t.domains = vec!["bad_name.com".into()]),
            ("tls.cert_file", |t| t.cert_file = "/etc/hostname".into()),
            ("tls.email", |t| t.email = "not an address".into()),
            ("tls.acme_directory", |t| {
                t.acme_directory = "http://acme.test/dir".into()
            }),
            ("tls.acme_ca_file", |t| {
                t.acme_ca_file = "/no/such/ca.pem".into()
            }),
        ];
        for (key, change) in cases {
            let error = with(change).expect_err(key);
            assert!(error.contains(key), "{error} should name {key}");
        }
        let both = with(|t| {
            t.domains = vec!["shop.example.com".into()];
            t.cert_file = "/etc/hostname".into();
            t.key_file = "/etc/hostname".into();
        });
        assert!(both.unwrap_err().contains("not both"));
        let same_port = with(|t| {
            t.domains = vec!["shop.example.com".into()];
            t.http_listen = t.https_listen;
        });
        assert!(same_port.unwrap_err().contains("tls.http_listen"));
    }

    #[test]
    fn names_come_as_a_list_or_one_string_with_commas() {
        let tls: Tls =
            serde_json::from_str(r#"{"domains": "Shop.Example.com, www.shop.example.com."}"#)
                .unwrap();
        assert_eq!(tls.domains, ["shop.example.com", "www.shop.example.com"]);
        assert!(tls.acme());
        assert_eq!(tls.public_url(443).unwrap(), "https://shop.example.com");
        assert_eq!(
            tls.public_url(8443).unwrap(),
            "https://shop.example.com:8443"
        );
        let staging: Tls =
            serde_json::from_str(r#"{"acme_directory": "letsencrypt-staging"}"#).unwrap();
        assert_eq!(staging.directory_url(), LETS_ENCRYPT_STAGING);
    }
}

#[cfg(test)]
mod loading_tests {
    use crate::config::{Config, Overrides};

    fn load(text: &str) -> Result<Config, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, text).unwrap();
        Config::load(Some(&path), &Overrides::default()).map_err(|e| e.to_string())
    }

    #[test]
    fn a_tls_section_derives_an_https_public_url_and_refuses_an_http_one() {
        // One string, as KIOSK_TLS__DOMAINS carries it.
        let config = load(
            "[tls]\ndomains = \"shop.example.com,www.shop.example.com\"\nemail = \"owner@example.com\"\nhttps_listen = \"0.0.0.0:8443\"\n",
        )
        .unwrap();
        assert_eq!(config.tls.domains.len(), 2);
        assert!(config.tls.enabled());
        assert_eq!(config.public_url, "https://shop.example.com:8443");
        let error = load(
            "public_url = \"http://shop.example.com\"\n[tls]\ndomains = [\"shop.example.com\"]\n",
        )
        .unwrap_err();
        assert!(error.contains("public_url"), "{error}");
        let error = load("[tls]\ndomains = [\"*.example.com\"]\n").unwrap_err();
        assert!(error.contains("tls.domains"), "{error}");
        let error = load("[tls]\ndomain = [\"shop.example.com\"]\n").unwrap_err();
        assert!(error.contains("domain"), "{error}");
    }
}
