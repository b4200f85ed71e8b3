//! Pushes to the shop's LINE group, and order updates to LINE shoppers who are the shop's
//! friends, through the LINE Messaging API (LINE Notify closed in 2025). Each push carries `X-Line-Retry-Key`, a UUID derived from the outbox key, so LINE
//! itself drops a push sent again after a crash (it answers 409 for a key it has accepted).

use std::time::Duration;

use serde_json::json;
use sha2::{Digest, Sha256};

use super::SendError;
use crate::config::LineSettings;

/// LINE's limit on one text message.
const MAX_TEXT: usize = 5000;

pub struct LinePusher {
    http: reqwest::Client,
    endpoint: String,
    token: String,
    to: String,
}

impl LinePusher {
    pub fn new(settings: &LineSettings) -> LinePusher {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .build()
            .unwrap_or_default();
        LinePusher {
            http,
            endpoint: format!(
                "{}/v2/bot/message/push",
                settings.api_base.trim_end_matches('/')
            ),
            token: settings.channel_access_token.expose().to_string(),
            to: settings.to.clone(),
        }
    }

    /// Pushes to the shop's own group (alerts).
    pub async fn push(&self, text: &str, retry_key: &str) -> Result<(), SendError> {
        self.push_to(&self.to, text, retry_key).await
    }

    /// Pushes to `to` (a shopper's LINE user id, for their order updates).
    pub async fn push_to(&self, to: &str, text: &str, retry_key: &str) -> Result<(), SendError> {
        if to.is_empty() {
            return Err(SendError::Permanent("no LINE recipient".into()));
        }
        let text: String = text.chars().take(MAX_TEXT).collect();
        let body = json!({"to": to, "messages": [{"type": "text", "text": text}]});
        let response = self
            .http
            .post(&self.endpoint)
            .bearer_auth(&self.token)
            .header("X-Line-Retry-Key", retry_uuid(retry_key))
            .json(&body)
            .send()
            .await
            .map_err(|err| {
                SendError::Temporary(format!("LINE could not be reached: {}", err.without_url()))
            })?;
        let status = response.status();
        if status.is_success() {
            return Ok(());
        }
        let detail: String = response
            .text()
            .await
            .unwrap_or_default()
            .chars()
            .take(200)
            .collect();
        match status.as_u16() {
            // The same retry key was accepted before: the push is already delivered.
            409 => Ok(()),
            429 | 500..=599 => Err(SendError::Temporary(format!(
                "LINE answered {status}: {detail}"
            ))),
            _ => Err(SendError::Permanent(format!(
                "LINE refused the push ({status}): {detail}"
            ))),
        }
    }
}

impl std::fmt::Debug for LinePusher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LinePusher")
            .field("endpoint", &self.endpoint)
            .field("to", &self.to)
            .finish_non_exhaustive()
    }
}

/// A version-4-shaped UUID from the first 16 bytes of SHA-256 of `key`: the same key gives
/// the same retry key, as LINE's idempotency needs.
pub fn retry_uuid(key: &str) -> String {
    let digest = Sha256::digest(key.as_bytes());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    uuid::Uuid::from_bytes(bytes).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_retry_key_is_a_stable_uuid() {
        let a = retry_uuid("orderPaid:12:line:shop");
        assert_eq!(a, retry_uuid("orderPaid:12:line:shop"));
        assert_ne!(a, retry_uuid("orderPaid:13:line:shop"));
        let parsed = uuid::Uuid::parse_str(&a).unwrap();
        assert_eq!(parsed.get_version_num(), 4);
    }

    #[test]
    fn the_token_is_not_in_debug_output() {
        let settings = LineSettings {
            channel_access_token: crate::config::SecretKey::new("very-secret-token"),
            to: "C1".into(),
            api_base: "http://127.0.0.1:9".into(),
        };
        let shown = format!("{:?}", LinePusher::new(&settings));
        assert!(!shown.contains("very-secret-token"), "{shown}");
    }
}
