//! `/sitemap.xml` (a sitemap index), the child sitemaps it lists (`/sitemap/{lang}-{n}.xml`)
//! and `/robots.txt`, generated from what the shop holds.
//!
//! Every indexable page exists in five languages, each URL with its five hreflang alternates:
//! 100 000 products make 500 000 URLs, 262 MB as one file, far beyond what search engines read
//! (50 000 URLs and 50 MB per sitemap). So `/sitemap.xml` only lists children, one series per
//! language, each child holding a range of pages in that language. The index is built from
//! counts; each child is written and gzip-compressed once per catalogue snapshot, on its first
//! request, and answered from that cache until the catalogue or the pages change.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use flate2::Compression;
use flate2::write::GzEncoder;

use super::shell::{escape, localized_url};
use crate::catalog::cache::CatalogSnapshot;
use crate::catalog::model::url_slug;
use crate::content::cache::ContentSnapshot;
use crate::http::AppError;
use crate::i18n::Locale;
use crate::search::index::SearchIndex;
use crate::state::AppState;

/// Paths that show information pages under a fixed name.
const FIXED_PAGES: &[&str] = &["about", "area", "privacy"];

/// The most URLs one sitemap may list (sitemaps.org).
pub const MAX_URLS: usize = 50_000;
/// The most bytes one sitemap may hold uncompressed: sitemaps.org allows 50 MiB; we stay
/// under 50 MB.
pub const MAX_BYTES: usize = 50_000_000;

const XML_TYPE: &str = "application/xml; charset=utf-8";
const URLSET_OPEN: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
const URLSET_CLOSE: &str = "</urlset>\n";
const URL_OPEN: &str = "<url><loc>";
const LOC_CLOSE: &str = "</loc>";
const LINK_OPEN: &str = "<xhtml:link rel=\"alternate\" hreflang=\"";
const LINK_HREF: &str = "\" href=\"";
const LINK_CLOSE: &str = "\"/>";
const URL_CLOSE: &str = "</url>\n";

/// How the pages of the sitemap are cut into children; built from counts alone.
#[derive(Debug)]
pub struct Plan {
    base: String,
    /// Indexable paths (each one URL per language).
    pages: usize,
    /// Paths (so URLs) per child: at most [`MAX_URLS`], fewer when long paths would pass
    /// [`MAX_BYTES`].
    per_child: usize,
}

impl Plan {
    /// `longest` is the longest path once escaped.
    pub fn new(
        base: &str,
        pages: usize,
        longest: usize,
        max_urls: usize,
        max_bytes: usize,
    ) -> Plan {
        // An upper bound of one `<url>` entry: six escaped URLs (the page and its five
        // alternates), each at most base + a three-byte prefix + path.
        let url = escaped_len(base) + 3 + longest;
        let longest_lang = Locale::ALL
            .iter()
            .map(|l| l.html_lang().len())
            .max()
            .unwrap_or(0);
        let entry = URL_OPEN.len()
            + LOC_CLOSE.len()
            + URL_CLOSE.len()
            + Locale::ALL.len()
                * (LINK_OPEN.len() + longest_lang + LINK_HREF.len() + LINK_CLOSE.len())
            + (Locale::ALL.len() + 1) * url;
        let room = max_bytes.saturating_sub(URLSET_OPEN.len() + URLSET_CLOSE.len());
        Plan {
            base: base.to_string(),
            pages,
            per_child: (room / entry).clamp(1, max_urls.max(1)),
        }
    }

    /// Children per language (at least one, so every language has a sitemap).
    pub fn chunks(&self) -> usize {
        self.pages.div_ceil(self.per_child).max(1)
    }

    pub fn urls(&self) -> usize {
        self.pages * Locale::ALL.len()
    }

    pub fn child_url(&self, locale: Locale, n: usize) -> String {
        format!("{}/sitemap/{}-{n}.xml", self.base, locale.code())
    }

    /// `<sitemapindex>` listing every child.
    pub fn index_xml(&self) -> String {
        let mut xml = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
        );
        for locale in Locale::ALL {
            for n in 1..=self.chunks() {
                xml.push_str("<sitemap><loc>");
                xml.push_str(&escape(&self.child_url(locale, n)));
                xml.push_str("</loc></sitemap>\n");
            }
        }
        xml.push_str("</sitemapindex>\n");
        xml
    }

    /// Writes child `n` (from 1) of `locale`: its range of `paths` (all the shop's, as
    /// counted by the plan) in that language, each with the hreflang alternates of all five.
    pub fn write_child(
        &self,
        locale: Locale,
        n: usize,
        paths: &[String],
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let start = (n.saturating_sub(1) * self.per_child).min(paths.len());
        let end = (start + self.per_child).min(paths.len());
        // Entries gather in a buffer so that the writer (a compressor) sees large writes.
        let mut buffer = String::with_capacity(128 * 1024);
        buffer.push_str(URLSET_OPEN);
        for path in &paths[start..end] {
            buffer.push_str(URL_OPEN);
            buffer.push_str(&escape(&localized_url(&self.base, locale, path)));
            buffer.push_str(LOC_CLOSE);
            for alternate in Locale::ALL {
                buffer.push_str(LINK_OPEN);
                buffer.push_str(alternate.html_lang());
                buffer.push_str(LINK_HREF);
                buffer.push_str(&escape(&localized_url(&self.base, alternate, path)));
                buffer.push_str(LINK_CLOSE);
            }
            buffer.push_str(URL_CLOSE);
            if buffer.len() >= 64 * 1024 {
                out.write_all(buffer.as_bytes())?;
                buffer.clear();
            }
        }
        buffer.push_str(URLSET_CLOSE);
        out.write_all(buffer.as_bytes())
    }

    /// `(locale, n)` for a child's file name such as `th-2.xml`, if the index lists it.
    fn child_of(&self, file: &str) -> Option<(Locale, usize)> {
        let (code, digits) = file.strip_suffix(".xml")?.split_once('-')?;
        let locale = Locale::parse(code)?;
        let n: usize = digits.parse().ok()?;
        // One name per child: `th-01.xml` is not `th-1.xml`.
        ((1..=self.chunks()).contains(&n) && n.to_string() == digits).then_some((locale, n))
    }
}

/// The length of `text` once XML-escaped by [`escape`].
fn escaped_len(text: &str) -> usize {
    text.len()
        + text
            .bytes()
            .map(|b| match b {
                b'&' | b'\'' => 4,
                b'<' | b'>' => 3,
                b'"' => 5,
                _ => 0,
            })
            .sum::<usize>()
}

/// The indexable paths of the shop other than products, in the default language.
fn page_paths(catalog: &CatalogSnapshot, content: &ContentSnapshot) -> Vec<String> {
    let mut paths = vec!["/".to_string()];
    paths.extend(FIXED_PAGES.iter().map(|p| format!("/{p}")));
    paths.extend(
        content
            .pages
            .keys()
            .filter(|p| !FIXED_PAGES.contains(&p.as_str()))
            .map(|p| format!("/info/{p}")),
    );
    paths.extend(
        catalog
            .rooms
            .iter()
            .map(|r| format!("/room/{}", url_slug(r.page_name.as_deref(), &r.key))),
    );
    paths.extend(
        catalog
            .categories()
            .iter()
            .map(|c| format!("/category/{}", url_slug(c.page_name.as_deref(), &c.key))),
    );
    paths
}

const PRODUCT_PATH: &str = "/products/";

/// Every indexable path: the pages, then each active product.
fn all_paths(catalog: &CatalogSnapshot, content: &ContentSnapshot) -> Vec<String> {
    let mut paths = page_paths(catalog, content);
    paths.extend(
        catalog
            .products
            .iter()
            .filter(|p| p.active)
            .map(|p| format!("{PRODUCT_PATH}{}", p.code)),
    );
    paths
}

/// The plan of the shop's sitemaps, from counts: no path of a product is written for it.
fn plan(catalog: &CatalogSnapshot, content: &ContentSnapshot, base: &str) -> Plan {
    let pages = page_paths(catalog, content);
    let (mut products, mut longest_code) = (0, 0);
    for product in catalog.products.iter().filter(|p| p.active) {
        products += 1;
        longest_code = longest_code.max(escaped_len(&product.code));
    }
    let longest_page = pages.iter().map(|p| escaped_len(p)).max().unwrap_or(0);
    let longest = longest_page.max(PRODUCT_PATH.len() + longest_code);
    Plan::new(base, pages.len() + products, longest, MAX_URLS, MAX_BYTES)
}

/// A body ready in both encodings.
struct Encoded {
    plain: Bytes,
    gzip: Bytes,
}

fn gzip(plain: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(plain)?;
    encoder.finish()
}

/// The sitemaps of one catalogue snapshot and one set of pages.
struct Sitemaps {
    /// The snapshot's search index: a new one comes with every change of products, rooms or
    /// categories, while a change of stock levels alone (after each order) keeps it, and the
    /// sitemap with it. Held weakly, so the pointer cannot be reused while compared.
    catalog: Weak<SearchIndex>,
    content: Weak<ContentSnapshot>,
    plan: Plan,
    index: Encoded,
    /// Every path, written when the first child is asked for.
    paths: OnceLock<Vec<String>>,
    /// Each child gzip-compressed, built on first request: `[locale × chunks + n − 1]`.
    children: Vec<OnceLock<Result<Bytes, String>>>,
}

impl Sitemaps {
    fn build(
        catalog: &CatalogSnapshot,
        content: &Arc<ContentSnapshot>,
        base: &str,
    ) -> std::io::Result<Sitemaps> {
        let plan = plan(catalog, content, base);
        let index = plan.index_xml().into_bytes();
        let index = Encoded {
            gzip: gzip(&index)?.into(),
            plain: index.into(),
        };
        let children = (0..plan.chunks() * Locale::ALL.len())
            .map(|_| OnceLock::new())
            .collect();
        Ok(Sitemaps {
            catalog: Arc::downgrade(&catalog.index),
            content: Arc::downgrade(content),
            plan,
            index,
            paths: OnceLock::new(),
            children,
        })
    }

    fn is_for(
        &self,
        catalog: &CatalogSnapshot,
        content: &Arc<ContentSnapshot>,
        base: &str,
    ) -> bool {
        Weak::as_ptr(&self.catalog) == Arc::as_ptr(&catalog.index)
            && Weak::as_ptr(&self.content) == Arc::as_ptr(content)
            && self.plan.base == base
    }

    /// Child `n` of `locale`, gzip-compressed (written on first use). `catalog` and `content`
    /// are what the set was built for.
    fn child(
        &self,
        locale: Locale,
        n: usize,
        catalog: &CatalogSnapshot,
        content: &ContentSnapshot,
    ) -> Result<Bytes, String> {
        let language = Locale::ALL.iter().position(|l| *l == locale).unwrap_or(0);
        self.children[language * self.plan.chunks() + (n - 1)]
            .get_or_init(|| {
                let paths = self.paths.get_or_init(|| all_paths(catalog, content));
                let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
                self.plan
                    .write_child(locale, n, paths, &mut encoder)
                    .and_then(|()| encoder.finish())
                    .map(Bytes::from)
                    .map_err(|e| e.to_string())
            })
            .clone()
    }
}

/// What the shop holds now and its sitemaps.
struct Current {
    sitemaps: Arc<Sitemaps>,
    catalog: Arc<CatalogSnapshot>,
    content: Arc<ContentSnapshot>,
}

/// The sitemaps of what the shop holds now. One set is kept (the shop has one catalogue);
/// it is replaced when the catalogue or the pages changed since it was built.
static CURRENT: Mutex<Option<Arc<Sitemaps>>> = Mutex::new(None);

fn current(state: &AppState) -> Result<Current, AppError> {
    let catalog = state.catalog.current();
    let content = state.content.current();
    let base = state.config.public_url.as_str();
    let mut current = CURRENT.lock().unwrap_or_else(PoisonError::into_inner);
    let sitemaps = match current
        .as_ref()
        .filter(|s| s.is_for(&catalog, &content, base))
    {
        Some(sitemaps) => Arc::clone(sitemaps),
        None => {
            // Dropped first: the old set's children are not needed while the new one is built.
            *current = None;
            let sitemaps = Arc::new(
                Sitemaps::build(&catalog, &content, base)
                    .map_err(|e| AppError::internal("sitemap index", e))?,
            );
            *current = Some(Arc::clone(&sitemaps));
            sitemaps
        }
    };
    Ok(Current {
        sitemaps,
        catalog,
        content,
    })
}

/// Whether the client takes gzip (`Accept-Encoding: gzip`, or `*`, with a non-zero q).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    let mut gzip = None;
    let mut any = None;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or("").trim();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q=").or(p.trim().strip_prefix("Q=")))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
                gzip = Some(q > 0.0);
            } else if name == "*" {
                any = Some(q > 0.0);
            }
        }
    }
    gzip.or(any).unwrap_or(false)
}

/// An XML answer, gzip-compressed when the body is and the client takes it.
fn xml_response(body: Bytes, gzipped: bool) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(XML_TYPE));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if gzipped {
        // The compression layer leaves a body that already has an encoding alone.
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    response
}

/// `GET /sitemap.xml`: the sitemap index, one child per language and range of pages.
pub async fn sitemap_index(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let gzipped = accepts_gzip(&headers);
    let found = tokio::task::spawn_blocking(move || current(&state).map(|c| c.sitemaps))
        .await
        .unwrap_or_else(|e| Err(AppError::internal("sitemap index", e)));
    match found {
        Ok(sitemaps) if gzipped => xml_response(sitemaps.index.gzip.clone(), true),
        Ok(sitemaps) => xml_response(sitemaps.index.plain.clone(), false),
        Err(err) => err.into_response(),
    }
}

/// `GET /sitemap/{lang}-{n}.xml`: the `n`th range of pages in one language, with hreflang
/// alternates. Compressed once per catalogue snapshot; a client that does not take gzip gets
/// the same bytes inflated.
pub async fn sitemap_child(
    State(state): State<AppState>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Response {
    let gzipped = accepts_gzip(&headers);
    let work = tokio::task::spawn_blocking(move || -> Result<Bytes, AppError> {
        let now = current(&state)?;
        let (locale, n) = now
            .sitemaps
            .plan
            .child_of(&file)
            .ok_or_else(|| AppError::NotFound(format!("no sitemap {file}")))?;
        let compressed = now
            .sitemaps
            .child(locale, n, &now.catalog, &now.content)
            .map_err(|e| AppError::internal("sitemap", e))?;
        if gzipped {
            return Ok(compressed);
        }
        let mut plain = Vec::new();
        flate2::read::GzDecoder::new(&compressed[..])
            .read_to_end(&mut plain)
            .map_err(|e| AppError::internal("sitemap", e))?;
        Ok(plain.into())
    })
    .await
    .unwrap_or_else(|e| Err(AppError::internal("sitemap", e)));
    match work {
        Ok(body) => xml_response(body, gzipped),
        Err(err) => err.into_response(),
    }
}

/// `GET /robots.txt`: keep crawlers out of the API, the staff area and private screens.
pub async fn robots(State(state): State<AppState>) -> Response {
    let mut text = String::from("User-agent: *\nAllow: /\nDisallow: /api/\n");
    for private in [
        "/admin",
        "/cart",
        "/cartres",
        "/order",
        "/user",
        "/mobile/account",
    ] {
        text.push_str(&format!("Disallow: {private}\n"));
        for locale in Locale::ALL.into_iter().filter(|l| *l != Locale::DEFAULT) {
            text.push_str(&format!("Disallow: {}{private}\n", locale.prefix()));
        }
    }
    text.push_str(&format!(
        "Sitemap: {}/sitemap.xml\n",
        state.config.public_url
    ));
    let mut response = text.into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "https://shop.example.com";

    fn paths(products: usize) -> Vec<String> {
        let mut paths = vec!["/".to_string(), "/about".to_string()];
        paths.extend((0..products).map(|i| format!("/products/SF-{i:04}")));
        paths
    }

    fn plan_of(paths: &[String], max_urls: usize, max_bytes: usize) -> Plan {
        let longest = paths.iter().map(|p| escaped_len(p)).max().unwrap_or(0);
        Plan::new(BASE, paths.len(), longest, max_urls, max_bytes)
    }

    fn child(plan: &Plan, locale: Locale, n: usize, paths: &[String]) -> String {
        let mut out = Vec::new();
        plan.write_child(locale, n, paths, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_index_lists_children_of_at_most_the_limit_covering_every_page_once() {
        let paths = paths(10);
        let plan = plan_of(&paths, 4, MAX_BYTES);
        assert_eq!(plan.chunks(), 3, "12 pages, 4 per child");
        let index = plan.index_xml();
        assert!(index.contains("<sitemapindex"));
        assert_eq!(index.matches("<sitemap>").count(), 15);
        assert!(index.contains(&format!("<loc>{BASE}/sitemap/my-3.xml</loc>")));
        for locale in Locale::ALL {
            let mut seen = Vec::new();
            for n in 1..=plan.chunks() {
                let xml = child(&plan, locale, n, &paths);
                assert!(xml.starts_with("<?xml") && xml.ends_with("</urlset>\n"));
                let urls = xml.matches("<url>").count();
                assert!((1..=4).contains(&urls), "{urls} URLs in {n}");
                // Every URL keeps its five hreflang alternates.
                assert_eq!(xml.matches("<xhtml:link").count(), urls * 5);
                seen.extend(
                    xml.split("<loc>")
                        .skip(1)
                        .map(|s| s.split("</loc>").next().unwrap().to_string()),
                );
            }
            let expected: Vec<String> = paths
                .iter()
                .map(|p| localized_url(BASE, locale, p))
                .collect();
            assert_eq!(seen, expected);
        }
        assert_eq!(plan.child_of("th-3.xml"), Some((Locale::Th, 3)));
        for missing in [
            "th-4.xml",
            "th-0.xml",
            "xx-1.xml",
            "th-1",
            "th-01.xml",
            "th.xml",
        ] {
            assert_eq!(plan.child_of(missing), None, "{missing}");
        }
    }

    #[test]
    fn long_pages_make_smaller_children_that_stay_under_the_byte_limit() {
        let max_bytes = 20_000;
        let paths = paths(200);
        let plan = plan_of(&paths, MAX_URLS, max_bytes);
        assert!(plan.per_child < 200, "{}", plan.per_child);
        for locale in Locale::ALL {
            for n in 1..=plan.chunks() {
                let xml = child(&plan, locale, n, &paths);
                assert!(xml.len() <= max_bytes, "{} bytes", xml.len());
            }
        }
        // A shop of 100 000 products with 64-character codes: three children per language.
        let plan = Plan::new(BASE, 100_010, "/products/".len() + 64, MAX_URLS, MAX_BYTES);
        assert_eq!(plan.chunks(), 3);
        assert_eq!(plan.urls(), 500_050);
    }

    #[test]
    fn gzip_is_sent_only_to_clients_that_take_it() {
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, value.parse().unwrap());
            accepts_gzip(&headers)
        };
        assert!(with("gzip, deflate, br"));
        assert!(with("br;q=1.0, gzip;q=0.5"));
        assert!(with("*"));
        assert!(!with("gzip;q=0"));
        assert!(!with("br, *;q=0"));
        assert!(!with("identity"));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }
}
