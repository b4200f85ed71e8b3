//! HTML product descriptions (Shopify's `Body (HTML)`, WooCommerce's `Description`) turned into
//! the Markdown subset the shop renders (`ui/src/lib/markdown.ts`): paragraphs, line breaks,
//! `- ` and `1. ` lists, `**bold**`, `*italic*` and `[text](https://…)` links.
//!
//! Nothing of the markup survives as markup: scripts, styles, frames, embedded objects and
//! forms are dropped with their content; every other tag is dropped and its text kept;
//! attributes (event handlers, styles) are never read except an `<a>`'s `href`, and a link is
//! kept only when it goes to `https://` (the only outside target the shop's renderer links;
//! docs/IMPORT.md). Text that Markdown would read as markup is escaped with a backslash.
//! The reader is forgiving as browsers are: unclosed tags, stray `<` and unknown entities are
//! kept as text.

/// Elements dropped together with everything inside them.
const DROPPED: &[&str] = &[
    "script", "style", "iframe", "object", "embed", "noscript", "template", "svg", "math", "head",
    "title", "form", "select", "textarea", "button", "video", "audio", "canvas",
];

/// Elements that end the paragraph they are in.
const BLOCKS: &[&str] = &[
    "p",
    "div",
    "section",
    "article",
    "header",
    "footer",
    "main",
    "aside",
    "nav",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "pre",
    "table",
    "thead",
    "tbody",
    "tr",
    "hr",
    "figure",
    "figcaption",
    "address",
    "dl",
    "dt",
    "dd",
    "center",
];

/// The Markdown of an HTML fragment (empty for an empty or all-markup one).
pub fn html_to_markdown(html: &str) -> String {
    let mut out = Writer::default();
    let mut rest = html;
    // Open inline marks (`**`, `*`) and links, closed by their end tags.
    let mut skip_until: Option<String> = None;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            if skip_until.is_none() {
                out.text(&decode_entities(rest));
            }
            break;
        };
        if lt > 0 && skip_until.is_none() {
            out.text(&decode_entities(&rest[..lt]));
        }
        rest = &rest[lt..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
            continue;
        }
        if rest.starts_with("<!") || rest.starts_with("<?") {
            rest = rest.find('>').map_or("", |end| &rest[end + 1..]);
            continue;
        }
        let Some(tag) = Tag::read(rest) else {
            // A `<` that opens no tag ("3 < 4") is text.
            if skip_until.is_none() {
                out.text("<");
            }
            rest = &rest[1..];
            continue;
        };
        rest = &rest[tag.length..];
        if let Some(name) = &skip_until {
            if tag.closing && &tag.name == name {
                skip_until = None;
            }
            continue;
        }
        if !tag.closing && DROPPED.contains(&tag.name.as_str()) {
            if !tag.self_closing {
                skip_until = Some(tag.name.clone());
            }
            continue;
        }
        out.tag(&tag);
    }
    out.finish()
}

/// A tag as read: its lowercased name, whether it closes, and the `href` of an opening `<a>`.
struct Tag {
    name: String,
    closing: bool,
    self_closing: bool,
    href: Option<String>,
    /// Bytes of the source it took, `<` to `>`.
    length: usize,
}

impl Tag {
    /// Reads the tag at the start of `text` (which starts with `<`); `None` when it is no tag.
    fn read(text: &str) -> Option<Tag> {
        let bytes = text.as_bytes();
        let mut i = 1;
        let closing = bytes.get(1) == Some(&b'/');
        if closing {
            i += 1;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
            i += 1;
        }
        if i == start || !bytes[start].is_ascii_alphabetic() {
            return None;
        }
        let name = text[start..i].to_ascii_lowercase();
        // Attributes up to the `>` that is outside quotes.
        let mut attributes = Vec::new();
        let mut quote = None;
        let mut end = None;
        let attr_start = i;
        while i < bytes.len() {
            let b = bytes[i];
            match quote {
                Some(q) if b == q => quote = None,
                Some(_) => {}
                None if b == b'"' || b == b'\'' => quote = Some(b),
                None if b == b'>' => {
                    end = Some(i);
                    break;
                }
                None => {}
            }
            i += 1;
        }
        let end = end?;
        let inside = &text[attr_start..end];
        let self_closing = inside.trim_end().ends_with('/');
        if name == "a" && !closing {
            attributes = read_attributes(inside);
        }
        let href = attributes
            .into_iter()
            .find(|(key, _)| key == "href")
            .map(|(_, value)| decode_entities(&value));
        Some(Tag {
            name,
            closing,
            self_closing,
            href,
            length: end + 1,
        })
    }
}

/// `key="value" key='value' key=value key` pairs, keys lowercased.
fn read_attributes(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        while i < chars.len() && (chars[i].is_whitespace() || chars[i] == '/') {
            i += 1;
        }
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '=' && chars[i] != '/' {
            i += 1;
        }
        let key: String = chars[start..i].iter().collect::<String>().to_lowercase();
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        let mut value = String::new();
        if i < chars.len() && chars[i] == '=' {
            i += 1;
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            if i < chars.len() && (chars[i] == '"' || chars[i] == '\'') {
                let q = chars[i];
                i += 1;
                while i < chars.len() && chars[i] != q {
                    value.push(chars[i]);
                    i += 1;
                }
                i += 1;
            } else {
                while i < chars.len() && !chars[i].is_whitespace() {
                    value.push(chars[i]);
                    i += 1;
                }
            }
        }
        if !key.is_empty() {
            out.push((key, value));
        }
    }
    out
}

/// The Markdown being written: blocks separated by blank lines, inline marks kept balanced.
#[derive(Default)]
struct Writer {
    blocks: Vec<String>,
    /// The block being written.
    line: String,
    /// Open lists: ordered?, the next number.
    lists: Vec<(bool, usize)>,
    /// Whether the block being written is a list item (items are kept together).
    in_item: bool,
    /// Open inline marks, in order (`**`, `*`, or a link's target).
    marks: Vec<Mark>,
    /// Whether white space was met since the last word (collapsed to one space).
    space: bool,
}

enum Mark {
    Strong,
    Em,
    /// A kept link: the text written so far starts at this byte of `line`.
    Link(usize, String),
}

impl Writer {
    fn text(&mut self, text: &str) {
        for ch in text.chars() {
            if ch.is_whitespace() {
                self.space = true;
                continue;
            }
            if self.space && !self.line.is_empty() && !self.line.ends_with(['\n', ' ']) {
                self.line.push(' ');
            }
            self.space = false;
            let at_line_start = self.line.is_empty() || self.line.ends_with('\n');
            if "\\*_`[]<".contains(ch) || (at_line_start && "#>+-=|".contains(ch)) {
                self.line.push('\\');
            }
            self.line.push(ch);
            // "1. " at the start of a line would become a list.
            if ch == '.' && self.line_tail_is_number() {
                self.line.pop();
                self.line.push_str("\\.");
            }
        }
    }

    /// Whether the current line so far is only digits followed by the `.` just written.
    fn line_tail_is_number(&self) -> bool {
        let line = self.line.rsplit('\n').next().unwrap_or("");
        let digits = &line[..line.len() - 1];
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    }

    fn tag(&mut self, tag: &Tag) {
        let name = tag.name.as_str();
        match (name, tag.closing) {
            ("br", _) => {
                self.close_marks_for_break();
                if !self.line.is_empty() && !self.line.ends_with('\n') {
                    self.line.push('\n');
                }
                self.space = false;
            }
            ("strong" | "b", false) => self.open(Mark::Strong),
            ("em" | "i", false) => self.open(Mark::Em),
            ("strong" | "b", true) => self.close(|m| matches!(m, Mark::Strong)),
            ("em" | "i", true) => self.close(|m| matches!(m, Mark::Em)),
            ("a", false) => {
                if let Some(href) = tag.href.as_deref().map(str::trim).filter(|h| is_kept(h)) {
                    self.gap();
                    self.marks
                        .push(Mark::Link(self.line.len(), href.to_string()));
                }
            }
            ("a", true) => self.close(|m| matches!(m, Mark::Link(..))),
            ("ul" | "ol", false) => {
                self.end_block();
                self.lists.push((name == "ol", 1));
            }
            ("ul" | "ol", true) => {
                self.end_block();
                self.lists.pop();
                if self.lists.is_empty() {
                    self.in_item = false;
                    self.blocks.push(String::new());
                }
            }
            ("li", false) => {
                self.end_block();
                self.in_item = true;
                let depth = self.lists.len().saturating_sub(1);
                let marker = match self.lists.last_mut() {
                    Some((true, n)) => {
                        *n += 1;
                        format!("{}. ", *n - 1)
                    }
                    _ => "- ".to_string(),
                };
                self.line.push_str(&"  ".repeat(depth));
                self.line.push_str(&marker);
                self.space = false;
            }
            ("li", true) => self.end_block(),
            ("td" | "th", true) => self.space = true,
            // A paragraph right inside a list item (`<li><p>…`) stays on the item's line.
            _ if BLOCKS.contains(&name) && !self.only_marker() => self.end_block(),
            _ if BLOCKS.contains(&name) => {}
            _ => {
                // Unknown and harmless inline tags (span, u, font…) are dropped, text kept;
                // an image is dropped (its alt text is no description).
                if matches!(name, "span" | "font") {
                    return;
                }
                self.space = true;
            }
        }
    }

    /// Whether the line being written is a list item's marker and nothing else yet.
    fn only_marker(&self) -> bool {
        let bare = self.line.trim_start();
        self.in_item
            && (bare == "-"
                || bare == "- "
                || bare
                    .strip_suffix(". ")
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
    }

    /// Writes the space that separates what comes before from a new mark or link.
    fn gap(&mut self) {
        if self.space && !self.line.is_empty() && !self.line.ends_with(['\n', ' ']) {
            self.line.push(' ');
        }
        self.space = false;
    }

    fn open(&mut self, mark: Mark) {
        self.gap();
        self.line.push_str(match mark {
            Mark::Strong => "**",
            _ => "*",
        });
        self.marks.push(mark);
    }

    /// Closes the innermost open mark `is` accepts, and those opened inside it.
    fn close(&mut self, is: impl Fn(&Mark) -> bool) {
        let Some(at) = self.marks.iter().rposition(is) else {
            return;
        };
        while self.marks.len() > at {
            let mark = self.marks.pop().expect("an open mark");
            self.end_mark(mark);
        }
    }

    /// Writes the end of a mark; a mark around nothing is taken out again.
    fn end_mark(&mut self, mark: Mark) {
        let trailing = self.line.len() - self.line.trim_end_matches(' ').len();
        self.line.truncate(self.line.len() - trailing);
        match mark {
            Mark::Strong | Mark::Em => {
                let token = if matches!(mark, Mark::Strong) {
                    "**"
                } else {
                    "*"
                };
                if self.line.ends_with(token) {
                    self.line.truncate(self.line.len() - token.len());
                } else {
                    self.line.push_str(token);
                }
            }
            Mark::Link(start, href) => {
                let text = self.line[start..].to_string();
                if !text.trim().is_empty() && !text.contains('\n') {
                    self.line.truncate(start);
                    self.line.push_str(&format!("[{text}]({href})"));
                }
            }
        }
        if trailing > 0 {
            self.space = true;
        }
    }

    /// Marks do not go across a line break in Markdown: they are closed before it.
    fn close_marks_for_break(&mut self) {
        while let Some(mark) = self.marks.pop() {
            self.end_mark(mark);
        }
    }

    fn end_block(&mut self) {
        self.close_marks_for_break();
        let line = std::mem::take(&mut self.line);
        let line = line.trim_end().to_string();
        let bare = line.trim_start().trim_start_matches("- ").trim();
        let is_empty_item = bare.is_empty() || bare.chars().all(|c| c.is_ascii_digit() || c == '.');
        if !line.trim().is_empty() && !is_empty_item {
            if self.in_item {
                // Items of one list are written on following lines, in one block.
                let continues = self.lists_open_block();
                match self.blocks.last_mut() {
                    Some(last) if !last.is_empty() && continues => {
                        last.push('\n');
                        last.push_str(&line);
                    }
                    _ => self.blocks.push(line),
                }
            } else {
                self.blocks.push(line);
            }
        }
        self.space = false;
    }

    /// Whether the last block is the list being written (not a paragraph before it).
    fn lists_open_block(&self) -> bool {
        self.blocks.last().is_some_and(|b| {
            let first = b.lines().last().unwrap_or("").trim_start();
            first.starts_with("- ")
                || first
                    .split_once(". ")
                    .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
    }

    fn finish(mut self) -> String {
        self.in_item = false;
        self.end_block();
        self.blocks
            .into_iter()
            .filter(|b| !b.trim().is_empty())
            .collect::<Vec<_>>()
            .join("\n\n")
    }
}

/// Link targets kept: `https://` only, with nothing that could end the destination early.
fn is_kept(href: &str) -> bool {
    href.len() > 8
        && href[..8].eq_ignore_ascii_case("https://")
        && !href.contains(|c: char| c.is_whitespace() || c.is_control() || "\"'<>`()\\".contains(c))
}

/// Text with HTML character references decoded (the common named ones and every numeric one);
/// an unknown reference is kept as written.
pub fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest[1..]
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '#')
            .map_or(rest.len(), |e| e + 1);
        let name = &rest[1..end];
        let terminated = rest[end..].starts_with(';');
        let decoded = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some(' '),
            "ndash" => Some('–'),
            "mdash" => Some('—'),
            "hellip" => Some('…'),
            "lsquo" => Some('‘'),
            "rsquo" => Some('’'),
            "ldquo" => Some('“'),
            "rdquo" => Some('”'),
            "bull" => Some('•'),
            "middot" => Some('·'),
            "times" => Some('×'),
            "deg" => Some('°'),
            "copy" => Some('©'),
            "reg" => Some('®'),
            "trade" => Some('™'),
            _ => name.strip_prefix('#').and_then(|number| {
                let code = match number.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok(),
                    None => number.parse().ok(),
                };
                code.and_then(char::from_u32).filter(|c| *c != '\0')
            }),
        };
        match decoded {
            Some(ch) if terminated || !name.starts_with('#') || end > 2 => {
                out.push(ch);
                rest = &rest[end + usize::from(terminated)..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::html_to_markdown as md;

    #[test]
    fn paragraphs_marks_lists_and_links_become_markdown() {
        let html = "<p>A <strong>solid</strong> teak sofa,<br>made in <em>Chiang Mai</em>.</p>\n\
                    <ul><li>3 seats</li><li>Grey &amp; sand</li></ul>\
                    <ol><li>One</li><li>Two</li></ol>\
                    <p>See <a href=\"https://example.com/care\" onclick=\"x()\">care</a>.</p>";
        assert_eq!(
            md(html),
            "A **solid** teak sofa,\nmade in *Chiang Mai*.\n\n- 3 seats\n- Grey & sand\n\n1. One\n2. Two\n\nSee [care](https://example.com/care)."
        );
    }

    #[test]
    fn scripts_styles_frames_handlers_and_unsafe_links_are_dropped() {
        let html = "<div onmouseover=\"steal()\">Soft<script>alert(1)</script> \
                    <style>p{}</style><iframe src=\"https://evil\">x</iframe>\
                    <a href=\"javascript:alert(1)\">cushions</a> \
                    <a href=\"http://plain.example\">here</a> <img src=x onerror=alert(1)></div>";
        assert_eq!(md(html), "Soft cushions here");
    }

    #[test]
    fn thai_text_entities_and_markdown_characters_survive_as_text() {
        assert_eq!(
            md(
                "<p>โซฟา&nbsp;3&nbsp;ที่นั่ง &#3626;&#x0E35; *ลด* 50%</p><p># 1. [x]</p><p>2026. A year</p>"
            ),
            "โซฟา 3 ที่นั่ง สี \\*ลด\\* 50%\n\n\\# 1. \\[x\\]\n\n2026\\. A year"
        );
        assert_eq!(md("3 < 4 &unknown; &amp"), "3 \\< 4 &unknown; &");
        assert_eq!(md(""), "");
        assert_eq!(md("<p></p><b></b>"), "");
    }

    #[test]
    fn broken_markup_is_read_forgivingly() {
        assert_eq!(md("<p>Open <b>bold<p>next"), "Open **bold**\n\nnext");
        assert_eq!(md("<script>never closed"), "");
        assert_eq!(md("a <!-- note --> b"), "a b");
        assert_eq!(
            md("<ul><li><p>One</p></li><li><p><span>Two</span></p></li></ul><p>After</p>"),
            "- One\n- Two\n\nAfter"
        );
    }
}
