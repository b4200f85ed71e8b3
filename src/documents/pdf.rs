//! A small page writer over krilla: shaped text in the shop's fonts (Prompt for Thai and
//! Latin, Noto Sans Khmer for Khmer, chosen per run of text), widths for right alignment,
//! line wrapping at the break opportunities of each script (Thai has no spaces: the ICU line
//! segmenter finds the word boundaries), rules, filled boxes and images, page by page.

use std::sync::LazyLock;

use icu_segmenter::options::LineBreakOptions;
use icu_segmenter::{LineSegmenter, LineSegmenterBorrowed};
use krilla::Document;
use krilla::SerializeSettings;
use krilla::color::rgb;
use krilla::configure::{ConfigurationBuilder, ValidationError};
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::{DateTime, Metadata};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule};
use krilla::text::{Font, GlyphId, KrillaGlyph};

/// A4 in points.
pub const PAGE_WIDTH: f32 = 595.0;
pub const PAGE_HEIGHT: f32 = 842.0;
pub const MARGIN: f32 = 42.0;

static PROMPT_REGULAR: &[u8] = include_bytes!("../../assets/fonts/Prompt-Regular.ttf");
static PROMPT_SEMIBOLD: &[u8] = include_bytes!("../../assets/fonts/Prompt-SemiBold.ttf");
static NOTO_KHMER: &[u8] = include_bytes!("../../assets/fonts/NotoSansKhmer-Regular.ttf");

static LINES: LazyLock<LineSegmenterBorrowed<'static>> =
    LazyLock::new(|| LineSegmenter::new_auto(LineBreakOptions::default()));

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

/// One loaded face: krilla's handle for embedding, and the bytes for shaping.
struct Face {
    font: Font,
    bytes: &'static [u8],
}

impl Face {
    fn load(bytes: &'static [u8]) -> Face {
        Face {
            font: Font::new(bytes.into(), 0).expect("the built-in font parses"),
            bytes,
        }
    }
}

/// The fonts of one document.
pub struct Fonts {
    regular: Face,
    bold: Face,
    khmer: Face,
}

impl Fonts {
    pub fn new() -> Fonts {
        Fonts {
            regular: Face::load(PROMPT_REGULAR),
            bold: Face::load(PROMPT_SEMIBOLD),
            khmer: Face::load(NOTO_KHMER),
        }
    }

    fn face(&self, weight: Weight, khmer: bool) -> &Face {
        match (khmer, weight) {
            (true, _) => &self.khmer,
            (false, Weight::Regular) => &self.regular,
            (false, Weight::Bold) => &self.bold,
        }
    }
}

impl Default for Fonts {
    fn default() -> Self {
        Fonts::new()
    }
}

fn is_khmer(c: char) -> bool {
    matches!(c, '\u{1780}'..='\u{17FF}' | '\u{19E0}'..='\u{19FF}')
}

/// Splits text into runs of one font: Khmer, or everything else. Spaces and punctuation join
/// the run they are in, so a Khmer sentence with a space stays one run.
fn runs(text: &str) -> Vec<(bool, &str)> {
    let mut out: Vec<(bool, &str)> = Vec::new();
    let mut start = 0;
    let mut current: Option<bool> = None;
    for (i, c) in text.char_indices() {
        let neutral = c.is_whitespace() || c.is_ascii_punctuation() || c.is_ascii_digit();
        let khmer = is_khmer(c);
        match current {
            None => current = Some(khmer),
            Some(k) if k != khmer && !neutral => {
                out.push((k, &text[start..i]));
                start = i;
                current = Some(khmer);
            }
            _ => {}
        }
    }
    if start < text.len() {
        out.push((current.unwrap_or(false), &text[start..]));
    }
    out
}

/// Shapes one run with rustybuzz; advances are per em.
fn shape(face: &Face, text: &str) -> Vec<KrillaGlyph> {
    let Some(rb) = rustybuzz::Face::from_slice(face.bytes, 0) else {
        return Vec::new();
    };
    let upem = f32::from(rb.units_per_em() as u16);
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.guess_segment_properties();
    let output = rustybuzz::shape(&rb, &[], buffer);
    let infos = output.glyph_infos();
    let positions = output.glyph_positions();
    let mut glyphs = Vec::with_capacity(infos.len());
    for i in 0..infos.len() {
        let start = infos[i].cluster as usize;
        let end = infos[i + 1..]
            .iter()
            .find(|next| next.cluster != infos[i].cluster)
            .map_or(text.len(), |next| next.cluster as usize)
            .max(start);
        let pos = positions[i];
        glyphs.push(KrillaGlyph::new(
            GlyphId::new(infos[i].glyph_id),
            pos.x_advance as f32 / upem,
            pos.x_offset as f32 / upem,
            pos.y_offset as f32 / upem,
            pos.y_advance as f32 / upem,
            start..end,
            None,
        ));
    }
    glyphs
}

/// Width of `text` at `size` points.
pub fn measure(fonts: &Fonts, text: &str, size: f32, weight: Weight) -> f32 {
    runs(text)
        .into_iter()
        .map(|(khmer, run)| {
            shape(fonts.face(weight, khmer), run)
                .iter()
                .map(|g| g.x_advance)
                .sum::<f32>()
                * size
        })
        .sum()
}

/// Breaks `text` into lines no wider than `width`, at the script's break opportunities; a
/// single word wider than the line is cut by characters.
pub fn wrap(fonts: &Fonts, text: &str, width: f32, size: f32, weight: Weight) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let breaks: Vec<usize> = LINES.segment_str(paragraph).collect();
        let mut line_start = 0;
        let mut last_fit = 0;
        let mut previous = 0;
        for &at in breaks.iter().filter(|&&b| b > 0) {
            let candidate = paragraph[line_start..at].trim_end();
            if measure(fonts, candidate, size, weight) <= width {
                last_fit = at;
            } else if last_fit > line_start {
                lines.push(paragraph[line_start..last_fit].trim_end().to_string());
                line_start = last_fit;
                if measure(fonts, paragraph[line_start..at].trim_end(), size, weight) <= width {
                    last_fit = at;
                } else {
                    let (cut, rest) =
                        cut_to_width(fonts, &paragraph[line_start..at], width, size, weight);
                    lines.extend(cut);
                    line_start = at - rest.len();
                    last_fit = at;
                }
            } else {
                let (cut, rest) =
                    cut_to_width(fonts, &paragraph[line_start..at], width, size, weight);
                lines.extend(cut);
                line_start = at - rest.len();
                last_fit = at;
            }
            previous = at;
        }
        let _ = previous;
        let rest = paragraph[line_start..].trim_end();
        if !rest.is_empty() || lines.is_empty() {
            lines.push(rest.to_string());
        }
    }
    lines
}

/// Cuts a word too wide for a line into pieces that fit; answers the full pieces and the
/// remainder that starts the next line.
fn cut_to_width<'t>(
    fonts: &Fonts,
    word: &'t str,
    width: f32,
    size: f32,
    weight: Weight,
) -> (Vec<String>, &'t str) {
    let mut pieces = Vec::new();
    let mut rest = word;
    while measure(fonts, rest.trim_end(), size, weight) > width {
        let mut end = 0;
        for (i, c) in rest.char_indices() {
            let next = i + c.len_utf8();
            if measure(fonts, &rest[..next], size, weight) > width {
                break;
            }
            end = next;
        }
        if end == 0 {
            end = rest.chars().next().map_or(rest.len(), char::len_utf8);
        }
        pieces.push(rest[..end].to_string());
        rest = &rest[end..];
    }
    (pieces, rest)
}

/// Horizontal alignment of a text against its x.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
    Center,
}

/// A colour as 0xRRGGBB.
pub fn colour(hex: u32) -> rgb::Color {
    rgb::Color::new((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
}

/// Something drawn on a page, kept until the page is written.
enum Mark {
    Text {
        x: f32,
        baseline: f32,
        size: f32,
        weight: Weight,
        colour: u32,
        text: String,
    },
    Box {
        rect: (f32, f32, f32, f32),
        colour: u32,
    },
    Image {
        x: f32,
        y: f32,
        width: f32,
        height: f32,
        image: krilla::image::Image,
    },
}

/// A document being written: pages of marks, y measured from the top of the page.
pub struct Sheet {
    pub fonts: Fonts,
    pages: Vec<Vec<Mark>>,
}

impl Sheet {
    pub fn new() -> Sheet {
        Sheet {
            fonts: Fonts::new(),
            pages: vec![Vec::new()],
        }
    }

    pub fn new_page(&mut self) {
        self.pages.push(Vec::new());
    }

    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    fn current(&mut self) -> &mut Vec<Mark> {
        self.pages.last_mut().expect("a sheet has a page")
    }

    /// Writes `text` with its baseline at `baseline`, aligned against `x`.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        x: f32,
        baseline: f32,
        size: f32,
        weight: Weight,
        align: Align,
        colour: u32,
        text: &str,
    ) {
        if text.is_empty() {
            return;
        }
        let width = match align {
            Align::Left => 0.0,
            _ => measure(&self.fonts, text, size, weight),
        };
        let x = match align {
            Align::Left => x,
            Align::Right => x - width,
            Align::Center => x - width / 2.0,
        };
        self.current().push(Mark::Text {
            x,
            baseline,
            size,
            weight,
            colour,
            text: text.to_string(),
        });
    }

    /// A filled rectangle (rules are thin ones).
    pub fn fill(&mut self, x: f32, y: f32, width: f32, height: f32, colour: u32) {
        self.current().push(Mark::Box {
            rect: (x, y, width, height),
            colour,
        });
    }

    /// Places a JPEG or PNG scaled into the box, keeping its proportions; answers false when
    /// the bytes are not a usable image.
    pub fn image(&mut self, bytes: Vec<u8>, x: f32, y: f32, width: f32, height: f32) -> bool {
        let image = if bytes.starts_with(&[0x89, b'P', b'N', b'G']) {
            krilla::image::Image::from_png(bytes.into(), true)
        } else {
            krilla::image::Image::from_jpeg(bytes.into(), true)
        };
        let Ok(image) = image else {
            return false;
        };
        let (w, h) = image.size();
        if w == 0 || h == 0 {
            return false;
        }
        let scale = (width / w as f32).min(height / h as f32);
        let (dw, dh) = (w as f32 * scale, h as f32 * scale);
        self.current().push(Mark::Image {
            x: x + (width - dw) / 2.0,
            y: y + (height - dh) / 2.0,
            width: dw,
            height: dh,
            image,
        });
        true
    }

    /// Writes "page n / N" at the foot of every page of a document of several pages.
    pub fn number_pages(&mut self, word: &str) {
        let total = self.pages.len();
        if total < 2 {
            return;
        }
        for n in 0..total {
            let text = format!("{word} {} / {total}", n + 1);
            let width = measure(&self.fonts, &text, 8.0, Weight::Regular);
            self.pages[n].push(Mark::Text {
                x: PAGE_WIDTH - MARGIN - width,
                baseline: PAGE_HEIGHT - MARGIN / 2.0,
                size: 8.0,
                weight: Weight::Regular,
                colour: 0x6b6b6b,
                text,
            });
        }
    }

    /// Writes the PDF.
    pub fn finish(self) -> Result<Vec<u8>, String> {
        self.write(Document::new())
    }

    /// Writes the PDF as PDF/A-3b: krilla embeds the fonts, writes the XMP metadata
    /// (`pdfaid:part` 3, conformance B) and the sRGB output intent, and refuses to finish a file
    /// that would break the standard (a glyph the fonts lack, an over-long string), answering
    /// which rule instead of the bytes. The same sheet and facts give the same bytes.
    pub fn finish_archival(self, about: &Archival) -> Result<Vec<u8>, String> {
        let configuration = ConfigurationBuilder::new()
            .with_archival_validator(krilla::configure::Archival::A3_B)
            .finish()
            .map_err(|err| format!("PDF/A-3b configuration: {err:?}"))?;
        let settings = SerializeSettings {
            configuration,
            ..SerializeSettings::default()
        };
        let mut document = Document::new_with(settings);
        document.set_metadata(about.metadata());
        self.write(document)
            .map_err(|err| format!("not PDF/A-3b: {err}"))
    }

    fn write(self, document: Document) -> Result<Vec<u8>, String> {
        self.draw_into(document).map_err(|err| match err {
            krilla::error::KrillaError::Validation(problems) => problems
                .iter()
                .map(|(problem, _)| match problem {
                    ValidationError::ContainsNotDefGlyph(_, _, text) => {
                        format!("no font of the shop has {text:?}")
                    }
                    other => format!("{other:?}"),
                })
                .collect::<Vec<_>>()
                .join("; "),
            other => format!("{other:?}"),
        })
    }

    fn draw_into(self, mut document: Document) -> krilla::error::KrillaResult<Vec<u8>> {
        let settings =
            PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT).expect("A4 is a valid page size");
        for marks in self.pages {
            let mut page = document.start_page_with(settings.clone());
            let mut surface = page.surface();
            for mark in marks {
                match mark {
                    Mark::Text {
                        x,
                        baseline,
                        size,
                        weight,
                        colour: hex,
                        text,
                    } => {
                        surface.set_fill(Some(Fill {
                            paint: colour(hex).into(),
                            opacity: NormalizedF32::ONE,
                            rule: FillRule::NonZero,
                        }));
                        let mut pen = x;
                        for (khmer, run) in runs(&text) {
                            let face = self.fonts.face(weight, khmer);
                            let glyphs = shape(face, run);
                            let advance: f32 =
                                glyphs.iter().map(|g| g.x_advance).sum::<f32>() * size;
                            surface.draw_glyphs(
                                Point::from_xy(pen, baseline),
                                &glyphs,
                                face.font.clone(),
                                run,
                                size,
                                false,
                            );
                            pen += advance;
                        }
                    }
                    Mark::Box {
                        rect: (x, y, w, h),
                        colour: hex,
                    } => {
                        let Some(rect) = Rect::from_xywh(x, y, w.max(0.1), h.max(0.1)) else {
                            continue;
                        };
                        let mut path = PathBuilder::new();
                        path.push_rect(rect);
                        if let Some(path) = path.finish() {
                            surface.set_fill(Some(Fill {
                                paint: colour(hex).into(),
                                opacity: NormalizedF32::ONE,
                                rule: FillRule::NonZero,
                            }));
                            surface.draw_path(&path);
                        }
                    }
                    Mark::Image {
                        x,
                        y,
                        width,
                        height,
                        image,
                    } => {
                        let Some(size) = krilla::geom::Size::from_wh(width, height) else {
                            continue;
                        };
                        surface.push_transform(&krilla::geom::Transform::from_translate(x, y));
                        surface.draw_image(image, size);
                        surface.pop();
                    }
                }
            }
            surface.finish();
            page.finish();
        }
        document.finish()
    }
}

/// What a PDF/A file says about itself: its document information and XMP metadata. Only
/// facts that never change once the document is issued, so its bytes never change either.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Archival {
    /// The document's title ("ใบกำกับภาษีเต็มรูป / Full tax invoice INV-000001").
    pub title: String,
    /// Who issued it (the seller's registered name).
    pub author: String,
    /// The BCP 47 language of its text (`th`).
    pub language: String,
    /// What identifies the document across versions (its number); hashed into the file id.
    pub document_id: String,
    /// When it was issued, Unix milliseconds; written in Thai time (UTC+7).
    pub issued_at: u64,
}

impl Archival {
    fn metadata(&self) -> Metadata {
        let at = time::OffsetDateTime::from_unix_timestamp((self.issued_at / 1000) as i64)
            .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
            .to_offset(time::macros::offset!(+7));
        let created = DateTime::new(at.year().clamp(0, 9999) as u16)
            .month(u8::from(at.month()))
            .day(at.day())
            .hour(at.hour())
            .minute(at.minute())
            .second(at.second())
            .utc_offset_hour(7)
            .utc_offset_minute(0);
        Metadata::new()
            .title(self.title.clone())
            .authors(vec![self.author.clone()])
            .language(self.language.clone())
            .creator("Kiosk".into())
            .document_id(self.document_id.clone())
            .creation_date(created)
    }
}

impl Default for Sheet {
    fn default() -> Self {
        Sheet::new()
    }
}
