//! The live e-catalogue: a PDF of today's catalogue (cover, then each room with its products:
//! photo, name, code, price with the compare-at price struck through, dimensions) in one of
//! the five languages. Built from the catalogue snapshot, kept per language until the
//! catalogue changes, and rebuilt in the background then: a visitor gets the previous copy
//! at once while the new one is made, and only the very first request of a language waits.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, Weak};

use super::DocumentError;
use super::pdf::{Align, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, Sheet, Weight};
use crate::catalog::cache::CatalogSnapshot;
use crate::catalog::model::Product;
use crate::i18n::Locale;
use crate::search::index::SearchIndex;

const INK: u32 = 0x2b2b2b;
const MUTED: u32 = 0x6b6b6b;
const ACCENT: u32 = 0x7a4b2a;
const BAND: u32 = 0xf5f1ea;
const SALE: u32 = 0xb3261e;

/// The e-catalogue's own words in one language, from the translation store
/// (`paper.catalogue.*`, owner edits applied): kept with each copy built, so an edit makes the
/// copy out of date like a catalogue change does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogueWords {
    title: String,
    as_of: String,
    products: String,
    other: String,
    page: String,
}

impl CatalogueWords {
    pub fn from_words(w: &crate::content::words::Words) -> CatalogueWords {
        CatalogueWords {
            title: w.get("paper.catalogue.title").to_string(),
            as_of: w.get("paper.catalogue.asOf").to_string(),
            products: w.get("paper.catalogue.products").to_string(),
            other: w.get("paper.catalogue.other").to_string(),
            page: w.get("paper.catalogue.page").to_string(),
        }
    }
}

/// A product's photo as a small JPEG for the page, if it has one.
pub type Thumbnail<'a> = &'a dyn Fn(&Product) -> Option<Vec<u8>>;

/// Renders the e-catalogue of the active products in `snapshot`, in `lang`.
pub fn render(
    snapshot: &CatalogSnapshot,
    lang: Locale,
    w: &CatalogueWords,
    shop_name: &str,
    today: u64,
    thumbnail: Thumbnail,
) -> Result<Vec<u8>, DocumentError> {
    render_counted(snapshot, lang, w, shop_name, today, thumbnail).map(|(bytes, _)| bytes)
}

/// [`render`], with the number of pages drawn (the staff page tells it).
pub fn render_counted(
    snapshot: &CatalogSnapshot,
    lang: Locale,
    w: &CatalogueWords,
    shop_name: &str,
    today: u64,
    thumbnail: Thumbnail,
) -> Result<(Vec<u8>, usize), DocumentError> {
    let mut sheet = Sheet::new();
    let active: Vec<&Product> = snapshot
        .products
        .iter()
        .map(|p| &**p)
        .filter(|p| p.active)
        .collect();

    // The cover.
    sheet.fill(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT * 0.42, BAND);
    sheet.text(
        MARGIN,
        250.0,
        36.0,
        Weight::Bold,
        Align::Left,
        ACCENT,
        shop_name,
    );
    sheet.text(
        MARGIN,
        292.0,
        20.0,
        Weight::Regular,
        Align::Left,
        INK,
        &w.title,
    );
    let date = lang.date(today);
    sheet.text(
        MARGIN,
        390.0,
        11.0,
        Weight::Regular,
        Align::Left,
        MUTED,
        &format!("{} {date}", w.as_of),
    );
    sheet.text(
        MARGIN,
        408.0,
        11.0,
        Weight::Regular,
        Align::Left,
        MUTED,
        &format!("{} {}", active.len(), w.products),
    );

    // Each product once, under its first room in the shop's room order.
    let mut placed: HashSet<&str> = HashSet::new();
    let mut sections: Vec<(String, Vec<&Product>)> = Vec::new();
    for room in &snapshot.rooms {
        let products: Vec<&Product> = active
            .iter()
            .copied()
            .filter(|p| p.rooms.iter().any(|r| r == &room.key) && !placed.contains(p.code.as_str()))
            .collect();
        if products.is_empty() {
            continue;
        }
        placed.extend(products.iter().map(|p| p.code.as_str()));
        let title = match room.title.get(lang) {
            "" => room.title.get(Locale::En).to_string(),
            title => title.to_string(),
        };
        sections.push((title, products));
    }
    let rest: Vec<&Product> = active
        .iter()
        .copied()
        .filter(|p| !placed.contains(p.code.as_str()))
        .collect();
    if !rest.is_empty() {
        sections.push((w.other.clone(), rest));
    }

    const COLUMNS: usize = 3;
    const ROWS: usize = 3;
    let gap = 14.0;
    let card_width = (PAGE_WIDTH - 2.0 * MARGIN - gap * (COLUMNS as f32 - 1.0)) / COLUMNS as f32;
    let card_height = 225.0;
    for (title, products) in sections {
        for (page_index, chunk) in products.chunks(COLUMNS * ROWS).enumerate() {
            sheet.new_page();
            let heading = if page_index == 0 {
                title.clone()
            } else {
                format!("{title} ({})", page_index + 1)
            };
            sheet.fill(MARGIN, MARGIN - 6.0, PAGE_WIDTH - 2.0 * MARGIN, 30.0, BAND);
            sheet.text(
                MARGIN + 10.0,
                MARGIN + 14.0,
                14.0,
                Weight::Bold,
                Align::Left,
                ACCENT,
                &heading,
            );
            for (i, product) in chunk.iter().enumerate() {
                let x = MARGIN + (i % COLUMNS) as f32 * (card_width + gap);
                let y = MARGIN + 40.0 + (i / COLUMNS) as f32 * (card_height + gap);
                card(&mut sheet, product, lang, x, y, card_width, thumbnail);
            }
        }
    }
    sheet.number_pages(&w.page);
    let pages = sheet.page_count();
    sheet
        .finish()
        .map(|bytes| (bytes, pages))
        .map_err(DocumentError::Render)
}

fn card(
    sheet: &mut Sheet,
    product: &Product,
    lang: Locale,
    x: f32,
    y: f32,
    width: f32,
    thumbnail: Thumbnail,
) {
    let photo_height = 120.0;
    sheet.fill(x, y, width, photo_height, 0xfaf8f4);
    if let Some(bytes) = thumbnail(product) {
        sheet.image(bytes, x + 4.0, y + 4.0, width - 8.0, photo_height - 8.0);
    }
    let name = match product.name.get(lang) {
        "" => product.name.get(Locale::En),
        name => name,
    };
    let mut line_y = y + photo_height + 16.0;
    for part in super::pdf::wrap(&sheet.fonts, name, width, 10.0, Weight::Bold)
        .into_iter()
        .take(2)
    {
        sheet.text(x, line_y, 10.0, Weight::Bold, Align::Left, INK, &part);
        line_y += 13.0;
    }
    sheet.text(
        x,
        line_y,
        8.0,
        Weight::Regular,
        Align::Left,
        MUTED,
        &product.code,
    );
    line_y += 18.0;
    let price = format!("฿{}", super::amount(product.price));
    let on_sale = product
        .compare_at_price
        .filter(|was| was.get() > product.price.get());
    sheet.text(
        x,
        line_y,
        12.0,
        Weight::Bold,
        Align::Left,
        if on_sale.is_some() { SALE } else { INK },
        &price,
    );
    if let Some(was) = on_sale {
        let was = format!("฿{}", super::amount(was));
        let start = x + super::pdf::measure(&sheet.fonts, &price, 12.0, Weight::Bold) + 8.0;
        let was_width = super::pdf::measure(&sheet.fonts, &was, 9.0, Weight::Regular);
        sheet.text(
            start,
            line_y,
            9.0,
            Weight::Regular,
            Align::Left,
            MUTED,
            &was,
        );
        // Struck through.
        sheet.fill(start, line_y - 3.2, was_width, 0.7, MUTED);
    }
    line_y += 14.0;
    let d = &product.dimensions;
    if d.width > 0 || d.depth > 0 || d.height > 0 {
        sheet.text(
            x,
            line_y,
            8.5,
            Weight::Regular,
            Align::Left,
            MUTED,
            &format!("{} × {} × {} cm", cm(d.width), cm(d.depth), cm(d.height)),
        );
    }
}

/// Millimetres as centimetres: `2100` → `210`, `885` → `88.5`.
fn cm(mm: u32) -> String {
    if mm.is_multiple_of(10) {
        (mm / 10).to_string()
    } else {
        format!("{}.{}", mm / 10, mm % 10)
    }
}

/// One built catalogue: the bytes and the catalogue they show.
#[derive(Clone)]
pub struct Built {
    pub bytes: axum::body::Bytes,
    pub etag: String,
    /// Pages drawn, and when (unix milliseconds): what the staff page tells of it.
    pub pages: usize,
    pub made_at: u64,
    /// The search index of the snapshot it was built from: a new index means a new catalogue
    /// (stock-only refreshes keep the index and change nothing printed).
    source: Weak<SearchIndex>,
    /// The words it was drawn with: an owner's edit of them makes it out of date too.
    words: CatalogueWords,
}

impl Built {
    pub fn is_current(&self, snapshot: &CatalogSnapshot, words: &CatalogueWords) -> bool {
        Weak::ptr_eq(&self.source, &Arc::downgrade(&snapshot.index)) && self.words == *words
    }
}

/// The e-catalogues built so far, per language, and the photos reduced for them.
#[derive(Default)]
pub struct LiveCatalogues {
    built: Mutex<HashMap<Locale, Built>>,
    building: Mutex<HashSet<Locale>>,
    thumbnails: Mutex<HashMap<String, Option<Arc<Vec<u8>>>>>,
}

impl LiveCatalogues {
    /// The copy in `lang`, current or not.
    pub fn get(&self, lang: Locale) -> Option<Built> {
        self.built
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&lang)
            .cloned()
    }

    /// The languages that have a copy, for the background refresh.
    pub fn languages(&self) -> Vec<Locale> {
        self.built
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .keys()
            .copied()
            .collect()
    }

    /// Claims the right to build `lang`; false when a build of it is running.
    pub fn start_building(&self, lang: Locale) -> bool {
        self.building
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(lang)
    }

    /// Builds `lang` from `snapshot` and keeps it (blocking: call from a blocking task).
    pub fn build(
        &self,
        snapshot: &Arc<CatalogSnapshot>,
        lang: Locale,
        words: &CatalogueWords,
        shop_name: &str,
        originals: &dyn Fn(&str) -> Option<Vec<u8>>,
    ) -> Result<Built, DocumentError> {
        let thumbnail = |product: &Product| -> Option<Vec<u8>> {
            let path = product.images.first()?;
            let mut cache = self.thumbnails.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(found) = cache.get(path) {
                return found.as_ref().map(|t| t.to_vec());
            }
            drop(cache);
            let made = originals(path)
                .and_then(|bytes| small_jpeg(&bytes))
                .map(Arc::new);
            cache = self.thumbnails.lock().unwrap_or_else(|p| p.into_inner());
            cache.insert(path.clone(), made.clone());
            made.map(|t| t.to_vec())
        };
        let made_at = crate::activity::now_millis();
        let result = render_counted(snapshot, lang, words, shop_name, made_at, &thumbnail);
        self.building
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&lang);
        let (bytes, pages) = result?;
        use sha2::Digest;
        let etag = format!("\"{}\"", hex::encode(&sha2::Sha256::digest(&bytes)[..12]));
        let built = Built {
            bytes: axum::body::Bytes::from(bytes),
            etag,
            pages,
            made_at,
            source: Arc::downgrade(&snapshot.index),
            words: words.clone(),
        };
        self.built
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(lang, built.clone());
        Ok(built)
    }
}

/// A photo reduced to 320 pixels wide as a JPEG: small enough that a catalogue of a thousand
/// products stays a reasonable download.
fn small_jpeg(original: &[u8]) -> Option<Vec<u8>> {
    // Decoded within the shop's image memory budget (an uploaded original is untrusted).
    let image = crate::catalog::image_variants::thumbnail_blocking(original, 320, 240)?.to_rgb8();
    let mut out = Vec::new();
    let mut encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 72);
    encoder.encode_image(&image).ok()?;
    Some(out)
}
