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
        hs256::install();
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

/// HS256, the one algorithm the shop signs and accepts, as jsonwebtoken's crypto provider.
/// jsonwebtoken's own providers (`rust_crypto`, `aws_lc_rs`) compile every algorithm, RSA
/// among them (RUSTSEC-2023-0071: a timing side channel in the `rsa` crate); this one has no
/// other algorithm to confuse with, and asks for any other one fail.
mod hs256 {
    use hmac::{Hmac, Mac};
    use jsonwebtoken::crypto::{CryptoProvider, JwtSigner, JwtVerifier, KeyUtils};
    use jsonwebtoken::errors::{ErrorKind, Result};
    use jsonwebtoken::signature;
    use jsonwebtoken::{Algorithm, AlgorithmFamily, DecodingKey, EncodingKey};
    use sha2::Sha256;

    type HmacSha256 = Hmac<Sha256>;

    struct Signer(HmacSha256);

    impl signature::Signer<Vec<u8>> for Signer {
        fn try_sign(&self, message: &[u8]) -> std::result::Result<Vec<u8>, signature::Error> {
            let mut mac = self.0.clone();
            mac.update(message);
            Ok(mac.finalize().into_bytes().to_vec())
        }
    }

    impl JwtSigner for Signer {
        fn algorithm(&self) -> Algorithm {
            Algorithm::HS256
        }
    }

    struct Verifier(HmacSha256);

    impl signature::Verifier<Vec<u8>> for Verifier {
        fn verify(
            &self,
            message: &[u8],
            signature: &Vec<u8>,
        ) -> std::result::Result<(), signature::Error> {
            let mut mac = self.0.clone();
            mac.update(message);
            // Constant time (hmac's `verify_slice`).
            mac.verify_slice(signature)
                .map_err(|_| signature::Error::new())
        }
    }

    impl JwtVerifier for Verifier {
        fn algorithm(&self) -> Algorithm {
            Algorithm::HS256
        }
    }

    fn mac(algorithm: &Algorithm, family: AlgorithmFamily, secret: &[u8]) -> Result<HmacSha256> {
        if *algorithm != Algorithm::HS256 || family != AlgorithmFamily::Hmac {
            return Err(ErrorKind::InvalidAlgorithm.into());
        }
        HmacSha256::new_from_slice(secret).map_err(|_| ErrorKind::InvalidKeyFormat.into())
    }

    fn signer(algorithm: &Algorithm, key: &EncodingKey) -> Result<Box<dyn JwtSigner>> {
        Ok(Box::new(Signer(mac(
            algorithm,
            key.family(),
            key.as_bytes(),
        )?)))
    }

    fn verifier(algorithm: &Algorithm, key: &DecodingKey) -> Result<Box<dyn JwtVerifier>> {
        let secret = key.try_get_as_bytes()?;
        Ok(Box::new(Verifier(mac(algorithm, key.family(), secret)?)))
    }

    static PROVIDER: CryptoProvider = CryptoProvider {
        signer_factory: signer,
        verifier_factory: verifier,
        key_utils: KeyUtils::new_unimplemented(),
    };

    /// Makes HS256 the process's provider (once; later calls do nothing).
    pub(super) fn install() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            let _ = PROVIDER.install_default();
        });
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

    /// The provider signs as every other HS256 implementation does (the jwt.io example), and
    /// refuses any other algorithm.
    #[test]
    fn hs256_matches_the_standard_and_nothing_else_is_offered() {
        use jsonwebtoken::{Algorithm, EncodingKey};
        let _ = Tokens::new(b"installs the provider");
        let message = b"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ";
        let key = EncodingKey::from_secret(b"your-256-bit-secret");
        assert_eq!(
            jsonwebtoken::crypto::sign(message, &key, Algorithm::HS256).unwrap(),
            "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
        );
        assert!(jsonwebtoken::crypto::sign(message, &key, Algorithm::HS512).is_err());
        assert!(jsonwebtoken::crypto::sign(message, &key, Algorithm::RS256).is_err());
    }
}
