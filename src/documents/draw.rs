//! Lays out a [`Print`] as a PDF page by page. Drawing reads nothing but the print (no order,
//! no settings, no clock), so the same print gives the same bytes every time.

use super::DocumentError;
use super::pdf::{self, Align, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, Sheet, Weight};
use super::print::{Party, Print};

const INK: u32 = 0x2b2b2b;
const MUTED: u32 = 0x6b6b6b;
const RULE: u32 = 0xd9d4cc;
const ACCENT: u32 = 0x7a4b2a;
const BAND: u32 = 0xf5f1ea;

const RIGHT: f32 = PAGE_WIDTH - MARGIN;
/// Where a page's content must end, above the page number.
const BOTTOM: f32 = PAGE_HEIGHT - MARGIN - 30.0;
/// The right edges of the quantity, unit price and amount columns; descriptions start at the
/// first.
const COLUMNS: [f32; 4] = [MARGIN + 22.0, RIGHT - 215.0, RIGHT - 100.0, RIGHT];

/// The PDF of a print. Every page repeats the title and numbers; the lines flow over as many
/// pages as they need, the totals follow the last line.
pub fn draw(print: &Print) -> Result<Vec<u8>, DocumentError> {
    lay_out(print).finish().map_err(DocumentError::Render)
}

/// The same pages as [`draw`], written as PDF/A-3b with `about` as its metadata (e-Tax Invoice
/// by Email, `etax`).
pub fn draw_archival(print: &Print, about: &pdf::Archival) -> Result<Vec<u8>, DocumentError> {
    lay_out(print)
        .finish_archival(about)
        .map_err(DocumentError::Render)
}

fn lay_out(print: &Print) -> Sheet {
    let mut sheet = Sheet::new();
    let mut y = header(&mut sheet, print);
    y = parties(&mut sheet, print, y);
    y = lines(&mut sheet, print, y);
    y = totals(&mut sheet, print, y);
    for part in pdf::wrap(
        &sheet.fonts,
        &print.note,
        RIGHT - MARGIN,
        9.0,
        Weight::Regular,
    ) {
        sheet.text(MARGIN, y, 9.0, Weight::Regular, Align::Left, MUTED, &part);
        y += 13.0;
    }
    sheet.number_pages(&print.page);
    sheet
}

/// The title and the facts; returns where the page goes on.
fn header(sheet: &mut Sheet, print: &Print) -> f32 {
    let mut y = MARGIN + 18.0;
    sheet.text(
        MARGIN,
        y,
        17.0,
        Weight::Bold,
        Align::Left,
        ACCENT,
        &print.title,
    );
    sheet.text(
        RIGHT,
        y,
        9.0,
        Weight::Regular,
        Align::Right,
        MUTED,
        &print.original,
    );
    y += 22.0;
    for fact in &print.facts {
        sheet.text(
            RIGHT - 120.0,
            y,
            9.0,
            Weight::Regular,
            Align::Right,
            MUTED,
            &fact.label,
        );
        sheet.text(RIGHT, y, 9.5, Weight::Bold, Align::Right, INK, &fact.value);
        y += 14.0;
    }
    y
}

/// Seller and buyer, side by side.
fn parties(sheet: &mut Sheet, print: &Print, y: f32) -> f32 {
    let column = (PAGE_WIDTH - 2.0 * MARGIN - 20.0) / 2.0;
    let top = y + 8.0;
    let seller = party(sheet, &print.seller, MARGIN, top, column);
    let buyer = party(sheet, &print.buyer, MARGIN + column + 20.0, top, column);
    seller.max(buyer) + 10.0
}

/// One party's block at `x`; returns the baseline after its last line.
fn party(sheet: &mut Sheet, party: &Party, x: f32, top: f32, width: f32) -> f32 {
    sheet.text(
        x,
        top,
        8.5,
        Weight::Bold,
        Align::Left,
        MUTED,
        &party.heading,
    );
    let mut rows = vec![party.name.clone()];
    rows.extend(pdf::wrap(
        &sheet.fonts,
        &party.address,
        width,
        9.0,
        Weight::Regular,
    ));
    rows.extend(party.details.iter().cloned());
    let mut y = top + 15.0;
    for (i, row) in rows.iter().enumerate() {
        let weight = if i == 0 {
            Weight::Bold
        } else {
            Weight::Regular
        };
        sheet.text(x, y, 9.5, weight, Align::Left, INK, row);
        y += 13.0;
    }
    y
}

/// The band of column headings; returns where the first line goes.
fn table_head(sheet: &mut Sheet, print: &Print, y: f32) -> f32 {
    sheet.fill(MARGIN, y, RIGHT - MARGIN, 20.0, BAND);
    let base = y + 13.5;
    let c = &print.columns;
    sheet.text(MARGIN + 4.0, base, 8.5, Weight::Bold, Align::Left, INK, "#");
    sheet.text(
        COLUMNS[0],
        base,
        8.5,
        Weight::Bold,
        Align::Left,
        INK,
        &c.description,
    );
    sheet.text(
        COLUMNS[1],
        base,
        8.5,
        Weight::Bold,
        Align::Right,
        INK,
        &c.qty,
    );
    sheet.text(
        COLUMNS[2],
        base,
        8.5,
        Weight::Bold,
        Align::Right,
        INK,
        &c.unit_price,
    );
    sheet.text(
        COLUMNS[3],
        base,
        8.5,
        Weight::Bold,
        Align::Right,
        INK,
        &c.amount,
    );
    y + 26.0
}

/// The lines, each with its wrapped name and code; a line that does not fit starts a page.
fn lines(sheet: &mut Sheet, print: &Print, y: f32) -> f32 {
    let mut y = table_head(sheet, print, y);
    let description_width = COLUMNS[1] - 70.0 - COLUMNS[0];
    for (i, line) in print.lines.iter().enumerate() {
        let wrapped = pdf::wrap(
            &sheet.fonts,
            &line.name,
            description_width,
            9.5,
            Weight::Regular,
        );
        let height = 13.0 * wrapped.len() as f32 + 14.0;
        if y + height > BOTTOM {
            sheet.new_page();
            y = header(sheet, print) + 10.0;
            y = table_head(sheet, print, y);
        }
        let number = (i + 1).to_string();
        sheet.text(
            MARGIN + 4.0,
            y,
            9.0,
            Weight::Regular,
            Align::Left,
            MUTED,
            &number,
        );
        for (k, part) in wrapped.iter().enumerate() {
            let baseline = y + 13.0 * k as f32;
            sheet.text(
                COLUMNS[0],
                baseline,
                9.5,
                Weight::Regular,
                Align::Left,
                INK,
                part,
            );
        }
        let below = y + 13.0 * wrapped.len() as f32;
        sheet.text(
            COLUMNS[0],
            below,
            8.0,
            Weight::Regular,
            Align::Left,
            MUTED,
            &line.code,
        );
        for (x, value) in [
            (COLUMNS[1], &line.qty),
            (COLUMNS[2], &line.unit_price),
            (COLUMNS[3], &line.amount),
        ] {
            sheet.text(x, y, 9.5, Weight::Regular, Align::Right, INK, value);
        }
        y += height;
        sheet.fill(MARGIN, y - 9.0, RIGHT - MARGIN, 0.5, RULE);
        y += 4.0;
    }
    y
}

/// The totals, the last one on a band; they move to a new page rather than split.
fn totals(sheet: &mut Sheet, print: &Print, y: f32) -> f32 {
    let mut y = y;
    let needed = 16.0 * print.totals.len() as f32 + 60.0;
    if y + needed > BOTTOM {
        sheet.new_page();
        y = header(sheet, print) + 10.0;
    }
    y += 8.0;
    for total in &print.totals {
        let (weight, size) = if total.strong {
            (Weight::Bold, 11.0)
        } else {
            (Weight::Regular, 9.5)
        };
        if total.strong {
            sheet.fill(RIGHT - 250.0, y - 13.0, 250.0, 20.0, BAND);
        }
        sheet.text(
            RIGHT - 110.0,
            y,
            size,
            weight,
            Align::Right,
            INK,
            &total.label,
        );
        sheet.text(
            RIGHT - 4.0,
            y,
            size,
            weight,
            Align::Right,
            INK,
            &total.value,
        );
        y += if total.strong { 22.0 } else { 15.0 };
    }
    y + 6.0
}
