//! Versioned image URLs: the storefront's answers name product images as
//! `/api/file/images/<path>?v=<version>`, where the version is the first 12 hex digits of the
//! SHA-256 of the original file. A versioned URL can be cached by browsers for a year
//! (`immutable`): a new picture has a new version, so it is a new URL.
//!
//! Only files whose bytes cannot change under the same path get a version: demo images (built
//! into the binary; rust-embed knows their hash) and uploads (stored as `<hash>.<ext>` by
//! `uploads.rs`, the hash taken over the same stored bytes, so the version is read from the
//! name without touching the disk). Any other URL stays as it is and is cached briefly.
//!
//! Stored products keep plain paths: staff answers, exports and orders carry them as stored,
//! and the version is added only on the way out to shoppers.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use crate::catalog::model::Product;
use crate::catalog::uploads::IMAGE_URL_PREFIX;
use crate::embedded::Assets;

/// Hex digits of the version: 48 bits tell two pictures of one product apart.
pub const VERSION_LEN: usize = 12;
/// Uploads are named by 20 hex digits of their hash (`uploads::check_image`).
const UPLOAD_HASH_LEN: usize = 20;

/// The demo images' versions by path below `demo/images/`, worked out once: every card of a
/// demo or test shop names one, and hashing the name's lookup and hex each time was a few
/// percent of a search answer's CPU.
static DEMO_VERSIONS: LazyLock<HashMap<String, String>> = LazyLock::new(|| {
    Assets::iter()
        .filter_map(|name| {
            let demo = name.strip_prefix("demo/images/")?.to_string();
            let file = Assets::get(&name)?;
            let mut version = hex::encode(file.metadata.sha256_hash());
            version.truncate(VERSION_LEN);
            Some((demo, version))
        })
        .collect()
});

/// The version of the image at `path` (below `/api/file/images/`), or `None` when its bytes
/// could change under that path.
pub fn version_of(path: &str) -> Option<String> {
    if let Some(demo) = path.strip_prefix("demo/") {
        return DEMO_VERSIONS.get(demo).cloned();
    }
    let (_, file) = path.rsplit_once('/')?;
    let (stem, _) = file.split_once('.')?;
    let hashed = stem.len() == UPLOAD_HASH_LEN
        && stem
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    hashed.then(|| stem[..VERSION_LEN].to_string())
}

/// `url` with `?v=<version>` when it is a product image with a known version; as it is
/// otherwise (other hosts, unknown files, a query already there).
pub fn versioned_url(url: &str) -> Cow<'_, str> {
    let version = url
        .strip_prefix(IMAGE_URL_PREFIX)
        .filter(|path| !path.contains(['?', '#']))
        .and_then(version_of);
    match version {
        Some(version) => Cow::Owned(format!("{url}?v={version}")),
        None => Cow::Borrowed(url),
    }
}

/// The product as shoppers get it: images (and the keys of their alt texts, which name them)
/// with versioned URLs.
pub fn for_shoppers(product: &Product) -> Product {
    let mut shown = product.clone();
    shown.images = product
        .images
        .iter()
        .map(|i| versioned_url(i).into_owned())
        .collect();
    shown.image_alts = product
        .image_alts
        .iter()
        .map(|(image, alt)| (versioned_url(image).into_owned(), alt.clone()))
        .collect();
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_images_are_versioned_by_their_bytes() {
        let url = versioned_url("/api/file/images/demo/SF-1001-1.png");
        let file = Assets::get("demo/images/SF-1001-1.png").unwrap();
        let hash = hex::encode(file.metadata.sha256_hash());
        assert_eq!(
            url,
            format!("/api/file/images/demo/SF-1001-1.png?v={}", &hash[..12])
        );
    }

    #[test]
    fn uploads_are_versioned_by_the_hash_in_their_name() {
        assert_eq!(
            versioned_url("/api/file/images/SF-1/0123456789abcdef0123.webp"),
            "/api/file/images/SF-1/0123456789abcdef0123.webp?v=0123456789ab"
        );
    }

    #[test]
    fn other_urls_are_left_alone() {
        for url in [
            "/api/file/images/SF-1/photo.jpg",
            "/api/file/images/demo/missing.png",
            "/api/file/images/demo/SF-1001-1.png?v=abc",
            "https://example.com/a.png",
            "/api/file/images/SF-1/0123456789ABCDEF0123.png",
        ] {
            assert_eq!(versioned_url(url), url);
        }
    }

    #[test]
    fn alt_texts_follow_their_images() {
        let mut product: Product = serde_json::from_value(serde_json::json!({
            "code": "SF-1", "name": {"en": "Sofa"}, "price": 100,
            "images": ["/api/file/images/SF-1/0123456789abcdef0123.png"],
            "imageAlts": {"/api/file/images/SF-1/0123456789abcdef0123.png": {"en": "A sofa"}}
        }))
        .unwrap();
        product = for_shoppers(&product);
        let url = "/api/file/images/SF-1/0123456789abcdef0123.png?v=0123456789ab";
        assert_eq!(product.images, vec![url.to_string()]);
        assert_eq!(product.image_alts[url].en, "A sofa");
    }
}
