//! Files compiled into the binary: the built UI, translations, logo, flags, seed documents,
//! the demo catalogue and the e-catalogue. Domains read their seed documents from here and the
//! HTTP layer serves files from here; neither depends on the other for it.

use rust_embed::Embed;

/// The storefront as vite built it.
#[derive(Embed)]
#[folder = "ui/dist/"]
pub struct UiDist;

/// `locales/*.json`, the translations seeded into the database.
#[derive(Embed)]
#[folder = "locales/"]
#[include = "*.json"]
pub struct Locales;

/// `assets/`: logo, flags, seed documents, demo catalogue, the default e-catalogue PDF.
#[derive(Embed)]
#[folder = "assets/"]
#[exclude = "tools/*"]
pub struct Assets;

/// Reads an embedded JSON document, for seeding.
pub fn embedded_json<E: Embed>(path: &str) -> Result<serde_json::Value, String> {
    let file = E::get(path).ok_or_else(|| format!("{path} is not embedded in this binary"))?;
    serde_json::from_slice(&file.data).map_err(|err| format!("{path} is not valid JSON: {err}"))
}
