//! `[backup]`: off-site copies of the nightly archive (docs/OPERATING.md, "Off-site backups").
//! Each `[[backup.destinations]]` entry names one place (S3-compatible storage, WebDAV, SFTP or
//! a local/mounted folder) and how its archives are encrypted (a passphrase or an age
//! recipient). The copying itself is `ops::offsite`.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::sections::SecretKey;
use super::{Config, ConfigError};

/// When and how off-site copies are made, and how many are kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Backup {
    /// When the running shop copies to every destination: `HH:MM` every day in shop time
    /// (UTC+7), or `off` (then only `kiosk backup --to NAME` copies).
    pub schedule: String,
    /// Retention: the newest archive of each of the last N days, ISO weeks and months (UTC)
    /// that have one is kept; others are deleted after each successful copy. The newest is
    /// always kept.
    pub keep_daily: u32,
    pub keep_weekly: u32,
    pub keep_monthly: u32,
    /// The size of each uploaded part in MiB: what one copy holds in memory at most.
    pub part_mib: u32,
    pub destinations: Vec<Destination>,
}

impl Default for Backup {
    fn default() -> Self {
        Backup {
            schedule: "03:30".into(),
            keep_daily: 7,
            keep_weekly: 4,
            keep_monthly: 12,
            part_mib: 8,
            destinations: Vec::new(),
        }
    }
}

impl Backup {
    pub fn destination(&self, name: &str) -> Option<&Destination> {
        self.destinations.iter().find(|d| d.name == name)
    }

    /// The daily time as minutes after midnight shop time; `None` when off.
    pub fn schedule_minutes(&self) -> Option<u32> {
        parse_schedule(&self.schedule).ok().flatten()
    }
}

/// One off-site place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Destination {
    /// How commands and the dashboard name it (`kiosk backup --to NAME`).
    pub name: String,
    /// `s3://bucket/prefix`, `webdav+https://host/path`, `sftp://user@host[:port]/path` or
    /// `file:///mnt/nas/kiosk`.
    pub url: String,
    /// Encrypts with this passphrase (age's scrypt); or set `age_recipient`.
    #[serde(default = "no_secret")]
    pub passphrase: SecretKey,
    /// Encrypts to this age public key (`age1…`): the machine holds no key that can read the
    /// archives; restoring needs `age_identity`.
    #[serde(default)]
    pub age_recipient: String,
    /// The age identity file (`AGE-SECRET-KEY-1…`) a restore decrypts with.
    #[serde(default)]
    pub age_identity: Option<PathBuf>,
    /// S3: keys, region (default `us-east-1`; `auto` for R2) and the service's address
    /// (empty: AWS).
    #[serde(default)]
    pub access_key_id: String,
    #[serde(default = "no_secret")]
    pub secret_access_key: SecretKey,
    #[serde(default)]
    pub region: String,
    #[serde(default)]
    pub endpoint: String,
    /// WebDAV: basic authentication.
    #[serde(default)]
    pub username: String,
    #[serde(default = "no_secret")]
    pub password: SecretKey,
    /// SFTP: the private key file (the system's `ssh` connects; password sign-in is not
    /// supported) and how the server's host key is checked: `strict` (it must be in
    /// known_hosts), `add` (remembered on first use) or `accept` (not checked).
    #[serde(default)]
    pub key_file: Option<PathBuf>,
    #[serde(default)]
    pub known_hosts: String,
}

fn no_secret() -> SecretKey {
    SecretKey::new("")
}

/// Where a destination's URL points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    S3 {
        bucket: String,
        prefix: String,
    },
    Webdav {
        /// `https://host[:port]` (or `http://` on loopback).
        endpoint: String,
        root: String,
    },
    Sftp {
        /// `ssh://user@host[:port]`.
        endpoint: String,
        root: String,
    },
    File {
        path: PathBuf,
    },
}

impl Location {
    pub fn kind(&self) -> &'static str {
        match self {
            Location::S3 { .. } => "s3",
            Location::Webdav { .. } => "webdav",
            Location::Sftp { .. } => "sftp",
            Location::File { .. } => "file",
        }
    }
}

impl Destination {
    /// The parsed URL; the error says what is wrong with it.
    pub fn location(&self) -> Result<Location, String> {
        let url = url::Url::parse(&self.url).map_err(|e| format!("{:?}: {e}", self.url))?;
        let root = || {
            let path = percent_encoding::percent_decode_str(url.path())
                .decode_utf8_lossy()
                .trim_end_matches('/')
                .to_string();
            if path.is_empty() { "/".into() } else { path }
        };
        let host = url.host_str().unwrap_or_default().to_string();
        let with_port = match url.port() {
            Some(port) => format!("{host}:{port}"),
            None => host.clone(),
        };
        match url.scheme() {
            "s3" => {
                if host.is_empty() {
                    return Err("s3:// needs a bucket: s3://bucket/prefix".into());
                }
                Ok(Location::S3 {
                    bucket: host,
                    prefix: root(),
                })
            }
            "webdav+https" | "webdav+http" => {
                if host.is_empty() {
                    return Err("needs a host: webdav+https://host/path".into());
                }
                let https = url.scheme() == "webdav+https";
                // A non-special scheme leaves the host opaque: parse it here.
                let loopback = host
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .parse::<std::net::IpAddr>()
                    .is_ok_and(|ip| ip.is_loopback())
                    || host == "localhost";
                if !https && !loopback {
                    return Err(
                        "webdav+http:// sends the password in clear: use webdav+https:// (plain http only to a loopback address)"
                            .into(),
                    );
                }
                let scheme = if https { "https" } else { "http" };
                if !url.username().is_empty() || url.password().is_some() {
                    return Err(
                        "put the WebDAV user in `username` and `password`, not in the URL".into(),
                    );
                }
                Ok(Location::Webdav {
                    endpoint: format!("{scheme}://{with_port}"),
                    root: root(),
                })
            }
            "sftp" => {
                if host.is_empty() || url.username().is_empty() {
                    return Err("needs a user and a host: sftp://user@host/path".into());
                }
                if url.password().is_some() {
                    return Err("SFTP signs in with `key_file`; no password in the URL".into());
                }
                Ok(Location::Sftp {
                    endpoint: format!("ssh://{}@{with_port}", url.username()),
                    root: root(),
                })
            }
            "file" => {
                if !host.is_empty() {
                    return Err("file:// takes a local path: file:///mnt/nas/kiosk".into());
                }
                Ok(Location::File {
                    path: PathBuf::from(root()),
                })
            }
            other => Err(format!(
                "{other}:// is not supported: use s3://, webdav+https://, sftp:// or file://"
            )),
        }
    }

    /// Whether archives are encrypted to an age recipient (else with the passphrase).
    pub fn uses_recipient(&self) -> bool {
        !self.age_recipient.trim().is_empty()
    }
}

/// `HH:MM` → minutes after midnight; `off` → `None`.
pub(super) fn parse_schedule(text: &str) -> Result<Option<u32>, String> {
    if text == "off" {
        return Ok(None);
    }
    let parsed = text.split_once(':').and_then(|(h, m)| {
        let (h, m) = (h.parse::<u32>().ok()?, m.parse::<u32>().ok()?);
        (h < 24 && m < 60 && text.len() == 5).then_some(h * 60 + m)
    });
    parsed
        .map(Some)
        .ok_or_else(|| format!("{text:?} must be HH:MM (shop time, 24-hour) or \"off\""))
}

impl Config {
    pub(super) fn validate_backup(&self) -> Result<(), ConfigError> {
        let invalid =
            |key: String, problem: String| ConfigError::Invalid(format!("{key}: {problem}"));
        let b = &self.backup;
        parse_schedule(&b.schedule).map_err(|e| invalid("backup.schedule".into(), e))?;
        if !(1..=1024).contains(&b.part_mib) {
            return Err(invalid(
                "backup.part_mib".into(),
                format!("{} must be 1 to 1024", b.part_mib),
            ));
        }
        for (i, d) in b.destinations.iter().enumerate() {
            let key = |field: &str| format!("backup.destinations[{i}].{field}");
            let name_ok = !d.name.is_empty()
                && d.name.len() <= 40
                && d.name
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_');
            if !name_ok {
                return Err(invalid(
                    key("name"),
                    format!("{:?} must be 1-40 letters, digits, - or _", d.name),
                ));
            }
            if b.destinations[..i].iter().any(|o| o.name == d.name) {
                return Err(invalid(key("name"), format!("{:?} is used twice", d.name)));
            }
            let location = d.location().map_err(|e| invalid(key("url"), e))?;
            let has_pass = !d.passphrase.expose().is_empty();
            match (has_pass, d.uses_recipient()) {
                (true, true) => {
                    return Err(invalid(
                        key("passphrase"),
                        "set either passphrase or age_recipient, not both".into(),
                    ));
                }
                (false, false) => {
                    return Err(invalid(
                        key("passphrase"),
                        "an archive leaves the machine only encrypted: set passphrase or age_recipient".into(),
                    ));
                }
                (true, false) if d.passphrase.expose().chars().count() < 12 => {
                    return Err(invalid(
                        key("passphrase"),
                        "must be at least 12 characters".into(),
                    ));
                }
                (false, true) => {
                    d.age_recipient
                        .trim()
                        .parse::<age::x25519::Recipient>()
                        .map_err(|e| {
                            invalid(
                                key("age_recipient"),
                                format!("not an age public key (age1…): {e}"),
                            )
                        })?;
                }
                _ => {}
            }
            match location {
                Location::S3 { .. } => {
                    if d.access_key_id.is_empty() || d.secret_access_key.expose().is_empty() {
                        return Err(invalid(
                            key("access_key_id"),
                            "an s3:// destination needs access_key_id and secret_access_key".into(),
                        ));
                    }
                }
                Location::Sftp { .. } => {
                    if d.key_file.is_none() {
                        return Err(invalid(
                            key("key_file"),
                            "an sftp:// destination needs key_file (a private key the server accepts)"
                                .into(),
                        ));
                    }
                    if !matches!(d.known_hosts.as_str(), "" | "strict" | "add" | "accept") {
                        return Err(invalid(
                            key("known_hosts"),
                            format!("{:?} must be strict, add or accept", d.known_hosts),
                        ));
                    }
                }
                Location::Webdav { .. } | Location::File { .. } => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dest(url: &str) -> Destination {
        Destination {
            name: "n".into(),
            url: url.into(),
            passphrase: SecretKey::new("correct horse battery"),
            age_recipient: String::new(),
            age_identity: None,
            access_key_id: String::new(),
            secret_access_key: SecretKey::new(""),
            region: String::new(),
            endpoint: String::new(),
            username: String::new(),
            password: SecretKey::new(""),
            key_file: None,
            known_hosts: String::new(),
        }
    }

    #[test]
    fn urls_parse_to_their_kind() {
        assert_eq!(
            dest("s3://bucket/kiosk/shop1").location().unwrap(),
            Location::S3 {
                bucket: "bucket".into(),
                prefix: "/kiosk/shop1".into()
            }
        );
        assert_eq!(
            dest("webdav+https://nas.example:8443/dav/kiosk")
                .location()
                .unwrap(),
            Location::Webdav {
                endpoint: "https://nas.example:8443".into(),
                root: "/dav/kiosk".into()
            }
        );
        assert_eq!(
            dest("sftp://backup@host.example:2222/srv/kiosk")
                .location()
                .unwrap(),
            Location::Sftp {
                endpoint: "ssh://backup@host.example:2222".into(),
                root: "/srv/kiosk".into()
            }
        );
        assert_eq!(
            dest("file:///mnt/nas/kiosk").location().unwrap(),
            Location::File {
                path: "/mnt/nas/kiosk".into()
            }
        );
        assert!(dest("webdav+http://127.0.0.1:8081/x").location().is_ok());
        assert!(dest("webdav+http://[::1]:8081/x").location().is_ok());
        assert!(dest("webdav+http://nas.example/x").location().is_err());
        assert!(dest("ftp://host/x").location().is_err());
        assert!(dest("sftp://host/x").location().is_err());
    }

    #[test]
    fn schedules_parse() {
        assert_eq!(parse_schedule("03:30"), Ok(Some(210)));
        assert_eq!(parse_schedule("off"), Ok(None));
        assert!(parse_schedule("3:30").is_err());
        assert!(parse_schedule("24:00").is_err());
    }
}
