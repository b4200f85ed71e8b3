//! HS256 JSON Web Tokens with `sub`, `role`, `ver` and `exp`.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use serde::{Deserialize, Serialize};

/// What a token says about its bearer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    pub role: String,
    /// The user's token version when issued; bumping it on the user revokes older tokens.
    pub ver: u64,
    /// Expiry, seconds since the Unix epoch.
    pub exp: u64,
    /// This token's id, so that one token can be revoked on logout.
    #[serde(default)]
    pub jti: String,
}

impl Claims {
    /// Staff roles are the ones beginning with `admin` (docs/STAFF.md).
    pub fn is_admin(&self) -> bool {
        self.role.starts_with("admin")
    }
}

/// Signs and checks tokens with the shop's secret. Only HS256 is accepted, so `alg: none` and
/// algorithm-confusion tokens fail verification.
#[derive(Clone)]
pub struct Tokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

/// How long a token stays valid.
pub const TOKEN_LIFETIME_SECS: u64 = 14 * 24 * 60 * 60;

impl Tokens {
    pub fn new(secret: &[u8]) -> Tokens {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 30;
        Tokens {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
        }
    }

    pub fn issue(
        &self,
        sub: &str,
        role: &str,
        ver: u64,
    ) -> Result<String, jsonwebtoken::errors::Error> {
        let exp = now_secs() + TOKEN_LIFETIME_SECS;
        self.sign(&Claims {
            sub: sub.into(),
            role: role.into(),
            ver,
            exp,
            jti: uuid::Uuid::new_v4().to_string(),
        })
    }

    pub fn sign(&self, claims: &Claims) -> Result<String, jsonwebtoken::errors::Error> {
        encode(&Header::new(Algorithm::HS256), claims, &self.encoding)
    }

    pub fn verify(&self, token: &str) -> Result<Claims, jsonwebtoken::errors::Error> {
        decode::<Claims>(token, &self.decoding, &self.validation).map(|data| data.claims)
    }
}

pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_round_trips() {
        let tokens = Tokens::new(b"0123456789abcdef0123456789abcdef");
        let token = tokens.issue("42", "admin-sales", 3).unwrap();
        let claims = tokens.verify(&token).unwrap();
        assert_eq!(
            (claims.sub.as_str(), claims.role.as_str(), claims.ver),
            ("42", "admin-sales", 3)
        );
        assert!(claims.is_admin());
    }

    #[test]
    fn wrong_secret_expired_and_unsigned_tokens_fail() {
        let tokens = Tokens::new(b"0123456789abcdef0123456789abcdef");
        let other = Tokens::new(b"another secret of thirty-two b..");
        assert!(
            tokens
                .verify(&other.issue("1", "admin", 0).unwrap())
                .is_err()
        );

        let expired = tokens
            .sign(&Claims {
                sub: "1".into(),
                role: "admin".into(),
                ver: 0,
                exp: now_secs() - 3600,
                jti: "x".into(),
            })
            .unwrap();
        assert!(tokens.verify(&expired).is_err());

        // {"alg":"none"} header, valid claims, empty signature.
        let unsigned = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwicm9sZSI6ImFkbWluIiwidmVyIjowLCJleHAiOjQxMDI0NDQ4MDB9.";
        assert!(tokens.verify(unsigned).is_err());
    }
}
