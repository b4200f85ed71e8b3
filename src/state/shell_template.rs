//! vite's `index.html`, parsed once at start-up and cut at the places a page request fills
//! in, with the fonts and page chunks to preload. It is held by the shared state, so it stands
//! on the state's floor; the site renders pages from it (`site::shell::render`).

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::domain::html::escape;
use crate::i18n::Locale;

/// `index.html` cut at the places a request fills in.
pub struct ShellTemplate {
    pub(crate) before_lang: String,
    pub(crate) before_title: String,
    pub(crate) before_head_end: String,
    pub(crate) before_app: String,
    pub(crate) rest: String,
    /// The files of each page chunk a first paint stands in for (`first_paint` route names),
    /// from vite's manifest, less what the entry already loads.
    route_chunks: HashMap<&'static str, Vec<String>>,
    /// The hashed files of the main weight of the Latin and the Thai font, preloaded so text
    /// does not wait for the stylesheet to name them.
    latin_font: Option<String>,
    thai_font: Option<String>,
}

/// The source of each lazily loaded page whose first paint the server draws
/// (`ui/src/app/routes.tsx` FIRST_PAINT_CHUNKS).
const ROUTE_SOURCES: [(&str, &str); 5] = [
    ("home", "src/app/routes/home-page.tsx"),
    ("room", "src/features/catalog/routes/room-page.tsx"),
    ("category", "src/features/catalog/routes/category-page.tsx"),
    ("product", "src/features/catalog/routes/product-page.tsx"),
    (
        "search",
        "src/features/catalog/routes/search-results-page.tsx",
    ),
];

const LANG_MARK: &str = "<html lang=\"en\">";
const TITLE_MARK: &str = "<title>kiosk</title>";
pub(crate) const HEAD_END_MARK: &str = "</head>";
const APP_MARK: &str = "<div id=\"app\"></div>";

impl ShellTemplate {
    /// Cuts the template; fails when vite's output lacks a marker, so a broken build is found
    /// at start-up rather than by a shopper.
    pub fn parse(html: &str) -> Result<ShellTemplate, String> {
        let cut = |text: &str, mark: &str| -> Result<(String, String), String> {
            text.split_once(mark)
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .ok_or_else(|| format!("ui/dist/index.html lacks {mark}"))
        };
        let (before_lang, rest) = cut(html, LANG_MARK)?;
        let (before_title, rest) = cut(&rest, TITLE_MARK)?;
        let (before_head_end, rest) = cut(&rest, HEAD_END_MARK)?;
        let (before_app, rest) = cut(&rest, APP_MARK)?;
        Ok(ShellTemplate {
            before_lang,
            before_title,
            before_head_end,
            before_app,
            rest,
            route_chunks: HashMap::new(),
            latin_font: None,
            thai_font: None,
        })
    }

    /// Learns the hashed names of the fonts to preload from the built files' paths.
    pub fn with_fonts<'a>(mut self, files: impl Iterator<Item = &'a str>) -> ShellTemplate {
        for file in files {
            if !file.ends_with(".woff2") {
                continue;
            }
            if file.starts_with("assets/prompt-latin-400-") {
                self.latin_font = Some(format!("/{file}"));
            } else if file.starts_with("assets/prompt-thai-400-") {
                self.thai_font = Some(format!("/{file}"));
            }
        }
        self
    }

    /// Every page needs the Latin font (digits, ฿); Thai pages the Thai one too.
    pub(crate) fn font_links(&self, locale: Locale) -> String {
        let thai = (locale == Locale::Th).then_some(&self.thai_font);
        [Some(&self.latin_font), thai]
            .into_iter()
            .flatten()
            .flatten()
            .map(|href| {
                format!(
                    "<link rel=\"preload\" href=\"{}\" as=\"font\" type=\"font/woff2\" crossorigin>\n",
                    escape(href)
                )
            })
            .collect()
    }

    /// Learns the page chunks from vite's `.vite/manifest.json`, so a page drawn by the server
    /// can have the browser fetch its code alongside the entry instead of after it. Without a
    /// readable manifest pages simply carry no such hints.
    pub fn with_manifest(mut self, manifest: Option<&[u8]>) -> ShellTemplate {
        let Some(manifest) = manifest.and_then(|m| serde_json::from_slice::<Value>(m).ok()) else {
            return self;
        };
        let mut entry_files = HashSet::new();
        collect_chunk_files(&manifest, "index.html", &mut entry_files);
        for (route, source) in ROUTE_SOURCES {
            let mut files = HashSet::new();
            collect_chunk_files(&manifest, source, &mut files);
            let mut files: Vec<String> = files.difference(&entry_files).cloned().collect();
            files.sort();
            if !files.is_empty() {
                self.route_chunks.insert(route, files);
            }
        }
        self
    }

    /// `<link rel="modulepreload">` (scripts) and `<link rel="preload" as="style">` of a route.
    pub(crate) fn chunk_links(&self, route: &str) -> String {
        let mut links = String::new();
        for file in self.route_chunks.get(route).into_iter().flatten() {
            let href = escape(&format!("/{file}"));
            if file.ends_with(".css") {
                links.push_str(&format!(
                    "<link rel=\"preload\" as=\"style\" href=\"{href}\">\n"
                ));
            } else {
                links.push_str(&format!("<link rel=\"modulepreload\" href=\"{href}\">\n"));
            }
        }
        links
    }
}

/// The files of manifest entry `key` and of everything it imports statically.
fn collect_chunk_files(manifest: &Value, key: &str, files: &mut HashSet<String>) {
    let Some(chunk) = manifest.get(key) else {
        return;
    };
    if let Some(file) = chunk["file"].as_str()
        && files.insert(file.to_string())
    {
        for css in chunk["css"].as_array().into_iter().flatten() {
            if let Some(css) = css.as_str() {
                files.insert(css.to_string());
            }
        }
        for import in chunk["imports"].as_array().into_iter().flatten() {
            if let Some(import) = import.as_str() {
                collect_chunk_files(manifest, import, files);
            }
        }
    }
}
