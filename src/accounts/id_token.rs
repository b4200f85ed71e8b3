//! Checking an OpenID Connect ID token from the code exchange (Google, Facebook, LINE): its
//! signature, issuer, audience, expiry and the nonce this shop sent with the sign-in.
//!
//! The shop's own tokens use jsonwebtoken with an HS256-only provider (`token`); a provider's
//! ID token may be ES256 or RS256 (keys from its JWKS) or, for LINE's web login, HS256 with the
//! channel secret. The signature is checked with ring (already the TLS provider) and hmac;
//! the algorithm follows the key, never the token's header alone, so `alg: none` and
//! algorithm confusion (an HS256 token "signed" with a public key) fail.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use serde::Deserialize;
use serde_json::Value;
use sha2::Sha256;

/// Seconds of clock difference tolerated on `exp` and `iat`.
const LEEWAY_SECS: i64 = 60;

/// Why an ID token was refused. `Nonce` is told apart so the shopper hears that the sign-in
/// was not the one started here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdTokenError {
    #[error("the ID token is malformed: {0}")]
    Malformed(String),
    #[error("the ID token's signature does not verify")]
    Signature,
    #[error("the ID token's issuer is {0:?}")]
    Issuer(String),
    #[error("the ID token is for another client")]
    Audience,
    #[error("the ID token has expired")]
    Expired,
    #[error("the ID token's nonce is not the one sent with this sign-in")]
    Nonce,
}

/// What the token must say.
pub struct Expected<'a> {
    /// Accepted `iss` values (Google also issues `accounts.google.com` without the scheme).
    pub issuers: &'a [&'a str],
    /// The client id (`aud`).
    pub audience: &'a str,
    /// The nonce sent in the authorization request.
    pub nonce: &'a str,
    /// The client secret, for HS256 tokens (LINE's web login); `None` refuses HS256.
    pub hs256_secret: Option<&'a [u8]>,
    /// The provider's published keys.
    pub jwks: &'a Jwks,
    /// Now, in seconds since the Unix epoch.
    pub now: i64,
}

/// The claims the shop reads.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct IdClaims {
    pub sub: String,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    /// Google's; LINE gives an address only when it is verified and has no such claim.
    #[serde(default)]
    pub email_verified: Option<Value>,
}

impl IdClaims {
    /// Whether the provider vouches for the address: an explicit `email_verified` (true or
    /// "true"), or LINE's rule (it returns only verified addresses).
    pub fn email_is_verified(&self, line: bool) -> bool {
        match &self.email_verified {
            Some(Value::Bool(v)) => *v,
            Some(Value::String(v)) => v == "true",
            _ => line,
        }
    }
}

/// A provider's JSON Web Key Set.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Jwks {
    #[serde(default)]
    pub keys: Vec<Jwk>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Jwk {
    #[serde(default)]
    pub kty: String,
    #[serde(default)]
    pub kid: Option<String>,
    #[serde(default)]
    pub crv: Option<String>,
    #[serde(default)]
    pub x: Option<String>,
    #[serde(default)]
    pub y: Option<String>,
    #[serde(default)]
    pub n: Option<String>,
    #[serde(default)]
    pub e: Option<String>,
}

#[derive(Deserialize)]
struct Header {
    alg: String,
    #[serde(default)]
    kid: Option<String>,
}

#[derive(Deserialize)]
struct Checked {
    #[serde(default)]
    iss: String,
    #[serde(default)]
    aud: Value,
    #[serde(default)]
    exp: Option<i64>,
    #[serde(default)]
    nonce: Option<String>,
}

fn decode_part(part: &str) -> Result<Vec<u8>, IdTokenError> {
    URL_SAFE_NO_PAD
        .decode(part.trim_end_matches('='))
        .map_err(|_| IdTokenError::Malformed("not base64url".into()))
}

/// Checks `token` and answers its claims.
pub fn verify(token: &str, expected: &Expected) -> Result<IdClaims, IdTokenError> {
    let mut parts = token.split('.');
    let (Some(header), Some(payload), Some(signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(IdTokenError::Malformed("not three parts".into()));
    };
    let header: Header = serde_json::from_slice(&decode_part(header)?)
        .map_err(|e| IdTokenError::Malformed(format!("header: {e}")))?;
    let signed = &token[..header_and_payload_len(token)];
    let signature = decode_part(signature)?;
    check_signature(&header, signed.as_bytes(), &signature, expected)?;

    let body = decode_part(payload)?;
    let checked: Checked = serde_json::from_slice(&body)
        .map_err(|e| IdTokenError::Malformed(format!("claims: {e}")))?;
    if !expected.issuers.contains(&checked.iss.as_str()) {
        return Err(IdTokenError::Issuer(
            checked.iss.chars().take(100).collect(),
        ));
    }
    let audience_ok = match &checked.aud {
        Value::String(aud) => aud == expected.audience,
        Value::Array(auds) => auds.iter().any(|a| a.as_str() == Some(expected.audience)),
        _ => false,
    };
    if !audience_ok {
        return Err(IdTokenError::Audience);
    }
    match checked.exp {
        Some(exp) if exp + LEEWAY_SECS > expected.now => {}
        _ => return Err(IdTokenError::Expired),
    }
    // Compared in constant time: the nonce is a secret of this sign-in.
    let nonce = checked.nonce.unwrap_or_default();
    let same = nonce.len() == expected.nonce.len()
        && subtle::ConstantTimeEq::ct_eq(nonce.as_bytes(), expected.nonce.as_bytes()).into();
    if expected.nonce.is_empty() || !same {
        return Err(IdTokenError::Nonce);
    }
    let claims: IdClaims = serde_json::from_slice(&body)
        .map_err(|e| IdTokenError::Malformed(format!("claims: {e}")))?;
    if claims.sub.is_empty() || claims.sub.len() > 255 {
        return Err(IdTokenError::Malformed("no usable sub".into()));
    }
    Ok(claims)
}

/// The `alg` a token's header names (to know whether its keys must be fetched).
pub fn header_alg(token: &str) -> Option<String> {
    let header = token.split('.').next()?;
    let header: Header = serde_json::from_slice(&decode_part(header).ok()?).ok()?;
    Some(header.alg)
}

fn header_and_payload_len(token: &str) -> usize {
    token.rfind('.').unwrap_or(0)
}

fn check_signature(
    header: &Header,
    signed: &[u8],
    signature: &[u8],
    expected: &Expected,
) -> Result<(), IdTokenError> {
    use ring::signature::{
        ECDSA_P256_SHA256_FIXED, RSA_PKCS1_2048_8192_SHA256, RsaPublicKeyComponents,
        UnparsedPublicKey,
    };
    match header.alg.as_str() {
        "HS256" => {
            let secret = expected.hs256_secret.ok_or(IdTokenError::Signature)?;
            let mut mac =
                Hmac::<Sha256>::new_from_slice(secret).map_err(|_| IdTokenError::Signature)?;
            mac.update(signed);
            mac.verify_slice(signature)
                .map_err(|_| IdTokenError::Signature)
        }
        "ES256" => {
            let key = key_for(expected.jwks, header.kid.as_deref(), "EC")?;
            if key.crv.as_deref() != Some("P-256") {
                return Err(IdTokenError::Signature);
            }
            let x = decode_part(key.x.as_deref().unwrap_or_default())?;
            let y = decode_part(key.y.as_deref().unwrap_or_default())?;
            if x.len() != 32 || y.len() != 32 {
                return Err(IdTokenError::Signature);
            }
            let mut point = Vec::with_capacity(65);
            point.push(4);
            point.extend_from_slice(&x);
            point.extend_from_slice(&y);
            UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, point)
                .verify(signed, signature)
                .map_err(|_| IdTokenError::Signature)
        }
        "RS256" => {
            let key = key_for(expected.jwks, header.kid.as_deref(), "RSA")?;
            let n = decode_part(key.n.as_deref().unwrap_or_default())?;
            let e = decode_part(key.e.as_deref().unwrap_or_default())?;
            RsaPublicKeyComponents { n: &n, e: &e }
                .verify(&RSA_PKCS1_2048_8192_SHA256, signed, signature)
                .map_err(|_| IdTokenError::Signature)
        }
        _ => Err(IdTokenError::Signature),
    }
}

/// The key named by `kid` (or the only key of that type when the token names none).
fn key_for<'a>(jwks: &'a Jwks, kid: Option<&str>, kty: &str) -> Result<&'a Jwk, IdTokenError> {
    let mut candidates = jwks.keys.iter().filter(|k| k.kty == kty);
    match kid {
        Some(kid) => candidates.find(|k| k.kid.as_deref() == Some(kid)),
        None => {
            let first = candidates.next();
            candidates.next().is_none().then_some(first).flatten()
        }
    }
    .ok_or(IdTokenError::Signature)
}

/// Reads a provider's JWKS (no redirects, 10 s: the caller's client).
pub async fn fetch_jwks(http: &reqwest::Client, url: &str) -> Result<Jwks, String> {
    if url.is_empty() {
        return Ok(Jwks::default());
    }
    let response = http.get(url).send().await.map_err(|e| e.to_string())?;
    if !response.status().is_success() {
        return Err(format!("the key set answered {}", response.status()));
    }
    response.json().await.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring::rand::SystemRandom;
    use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};

    fn b64(bytes: &[u8]) -> String {
        URL_SAFE_NO_PAD.encode(bytes)
    }

    fn hs256(claims: &Value, secret: &[u8]) -> String {
        let head = b64(br#"{"alg":"HS256","typ":"JWT"}"#);
        let body = b64(claims.to_string().as_bytes());
        let mut mac = Hmac::<Sha256>::new_from_slice(secret).unwrap();
        mac.update(format!("{head}.{body}").as_bytes());
        format!("{head}.{body}.{}", b64(&mac.finalize().into_bytes()))
    }

    fn claims(nonce: &str, exp: i64) -> Value {
        serde_json::json!({"iss": "https://access.line.me", "sub": "U1", "aud": "1234", "exp": exp, "iat": exp - 3600, "nonce": nonce, "name": "Nok"})
    }

    fn expect<'a>(jwks: &'a Jwks, secret: Option<&'a [u8]>) -> Expected<'a> {
        Expected {
            issuers: &["https://access.line.me"],
            audience: "1234",
            nonce: "n-1",
            hs256_secret: secret,
            jwks,
            now: 1_000_000,
        }
    }

    #[test]
    fn hs256_with_the_channel_secret_and_each_refusal() {
        let jwks = Jwks::default();
        let e = expect(&jwks, Some(b"secret"));
        let good = hs256(&claims("n-1", 1_000_100), b"secret");
        assert_eq!(verify(&good, &e).unwrap().sub, "U1");
        assert_eq!(
            verify(&hs256(&claims("n-1", 1_000_100), b"other"), &e),
            Err(IdTokenError::Signature)
        );
        assert_eq!(
            verify(&hs256(&claims("n-2", 1_000_100), b"secret"), &e),
            Err(IdTokenError::Nonce)
        );
        assert_eq!(
            verify(&hs256(&claims("n-1", 999_000), b"secret"), &e),
            Err(IdTokenError::Expired)
        );
        let mut wrong_aud = claims("n-1", 1_000_100);
        wrong_aud["aud"] = "9999".into();
        assert_eq!(
            verify(&hs256(&wrong_aud, b"secret"), &e),
            Err(IdTokenError::Audience)
        );
        // Without a secret (Google, Facebook) HS256 is never accepted.
        assert_eq!(
            verify(&good, &expect(&jwks, None)),
            Err(IdTokenError::Signature)
        );
        // `alg: none`.
        let none = format!(
            "{}.{}.",
            b64(br#"{"alg":"none"}"#),
            b64(claims("n-1", 1_000_100).to_string().as_bytes())
        );
        assert_eq!(verify(&none, &e), Err(IdTokenError::Signature));
    }

    #[test]
    fn es256_with_a_published_key() {
        let rng = SystemRandom::new();
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &rng).unwrap();
        let pair = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, pkcs8.as_ref(), &rng)
            .unwrap();
        let public = pair.public_key().as_ref();
        let jwks: Jwks = serde_json::from_value(serde_json::json!({"keys": [{"kty": "EC", "crv": "P-256", "kid": "k1", "x": b64(&public[1..33]), "y": b64(&public[33..])}]})).unwrap();
        let head = b64(br#"{"alg":"ES256","kid":"k1"}"#);
        let body = b64(claims("n-1", 1_000_100).to_string().as_bytes());
        let signed = format!("{head}.{body}");
        let sig = pair.sign(&rng, signed.as_bytes()).unwrap();
        let token = format!("{signed}.{}", b64(sig.as_ref()));
        assert_eq!(verify(&token, &expect(&jwks, None)).unwrap().sub, "U1");
        let other = pair.sign(&rng, b"another message").unwrap();
        let forged = format!("{signed}.{}", b64(other.as_ref()));
        assert_eq!(
            verify(&forged, &expect(&jwks, None)),
            Err(IdTokenError::Signature)
        );
    }
}
