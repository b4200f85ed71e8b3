//! The catalogue's stored and served types: products, rooms, categories and the category tree,
//! with the rule for their URL slugs. The JSON they take is the API's (docs/API.md).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::content::model::Localized;
use crate::domain::Satang;

/// A product as stored and served (docs/STOREFRONT.md §3; issue contract). Money is integer satang.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub code: String,
    pub name: Localized,
    #[serde(default)]
    #[schema(value_type = Localized)]
    #[ts(as = "Localized")]
    pub description: Descriptions,
    /// Price in satang (฿1 = 100), VAT included.
    pub price: Satang,
    /// The crossed-out "was" price, in satang; higher than `price` when present.
    #[serde(default)]
    pub compare_at_price: Option<Satang>,
    #[serde(default)]
    pub images: Vec<String>,
    /// Alt text per language, keyed by an entry of `images` (missing: the product's name).
    #[serde(default)]
    #[ts(optional, as = "Option<BTreeMap<String, Localized>>")]
    pub image_alts: BTreeMap<String, Localized>,
    #[serde(default)]
    pub rooms: Vec<String>,
    /// Category keys (leaf and parents). Imports also accept the old spelling `catagories`
    /// (docs/STOREFRONT.md §3).
    #[serde(default, alias = "catagories")]
    pub categories: Vec<String>,
    #[serde(default)]
    pub dimensions: Dimensions,
    #[serde(default)]
    pub material: String,
    #[serde(default)]
    pub colour: String,
    #[serde(default)]
    pub stock: u32,
    #[serde(default = "yes")]
    pub active: bool,
    /// Sort key for "popular": sales and views, 0–100.
    #[serde(default)]
    pub popularity: u32,
    /// Sort key for "newest": an ISO date (YYYY-MM-DD).
    #[serde(default)]
    pub created_at: String,
    /// Bumped by every change to the product (not by stock, which has its own ledger); a staff
    /// save based on another version is refused (`version_conflict`). 0 for never-edited
    /// seeds and imports older than versions.
    #[serde(default)]
    #[ts(type = "number")]
    pub version: u64,
    /// Up to three options (Fabric, Size…); none for a product sold in one form
    /// (docs/VARIANTS.md).
    #[serde(default)]
    pub options: Vec<super::variants::ProductOption>,
    /// What is sold: one variant per existing combination of option values, exactly one for a
    /// product without options (its code the product's). Stored products older than variants
    /// have none until migration 16 gives them theirs.
    #[serde(default)]
    pub variants: Vec<super::variants::Variant>,
}

fn yes() -> bool {
    true
}

/// A product's descriptions, boxed and absent when there are none: every product the in-memory
/// catalogue holds has none (`super::listed`), and an empty [`Localized`] inline took 120 of a
/// product's 488 bytes (11 MB over 100 000 products). Reads as a [`Localized`] and is encoded
/// as one, so the API and the stored documents are unchanged.
#[derive(Debug, Clone, Default)]
pub struct Descriptions(Option<Box<Localized>>);

static NO_DESCRIPTIONS: Localized = Localized {
    en: String::new(),
    th: String::new(),
    my: String::new(),
    km: String::new(),
    id: String::new(),
};

impl std::ops::Deref for Descriptions {
    type Target = Localized;

    fn deref(&self) -> &Localized {
        self.0.as_deref().unwrap_or(&NO_DESCRIPTIONS)
    }
}

impl std::ops::DerefMut for Descriptions {
    fn deref_mut(&mut self) -> &mut Localized {
        self.0.get_or_insert_with(Box::default)
    }
}

impl From<Localized> for Descriptions {
    fn from(texts: Localized) -> Descriptions {
        if texts == NO_DESCRIPTIONS {
            Descriptions(None)
        } else {
            Descriptions(Some(Box::new(texts)))
        }
    }
}

impl PartialEq for Descriptions {
    fn eq(&self, other: &Descriptions) -> bool {
        **self == **other
    }
}

impl Eq for Descriptions {}

impl Serialize for Descriptions {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Descriptions {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Localized::deserialize(deserializer).map(Descriptions::from)
    }
}

/// Outer dimensions in millimetres.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
pub struct Dimensions {
    pub width: u32,
    pub depth: u32,
    pub height: u32,
}

/// Product codes: letters, digits, `-`, `_`, `.`; at most 64 characters.
pub fn is_product_code(code: &str) -> bool {
    !code.is_empty()
        && code.len() <= 64
        && code
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
}

/// The price rules of a product and of each variant (`prefix`: "" or "variants[2]."): a positive
/// amount in satang, and a compare-at price above it.
pub(super) fn price_problems(prefix: &str, price: Satang, was: Option<Satang>) -> Vec<String> {
    let mut out = Vec::new();
    if price <= Satang::ZERO || price > Satang(10_000_000_000) {
        out.push(format!(
            "{prefix}price: {} must be a positive amount in satang",
            price.get()
        ));
    }
    if let Some(was) = was
        && was <= price
    {
        out.push(format!(
            "{prefix}compareAtPrice: {} must be higher than price {}",
            was.get(),
            price.get()
        ));
    }
    out
}

/// Applies `rule` to the text of every language.
pub(super) fn each_language(texts: &mut Localized, rule: fn(&str) -> String) {
    for text in [
        &mut texts.en,
        &mut texts.th,
        &mut texts.my,
        &mut texts.km,
        &mut texts.id,
    ] {
        *text = rule(text);
    }
}

impl Product {
    /// The product's free text as it may be stored (`crate::domain::text`): names, alt texts,
    /// material and colour on one line, descriptions keeping their lines, no control or bidi
    /// character anywhere (a name shows on every storefront page and in the staff's exports).
    /// Staff saves and imports call it before checking the product; it also settles the
    /// variants (`settle_variants`), so what is checked is what will be stored.
    pub fn clean_text(&mut self) {
        use crate::domain::text::{multi_line, single_line};
        each_language(&mut self.name, single_line);
        if let Some(descriptions) = self.description.0.as_deref_mut() {
            each_language(descriptions, multi_line);
        }
        for alts in self.image_alts.values_mut() {
            each_language(alts, single_line);
        }
        self.material = single_line(&self.material);
        self.colour = single_line(&self.colour);
        self.clean_variant_text();
        self.settle_variants();
    }

    /// Gives back the spare room of its lists: a decoded list of one to three entries keeps
    /// room for four (~15 MB over 100 000 products held in memory).
    pub fn shrink_to_fit(&mut self) {
        self.images.shrink_to_fit();
        self.rooms.shrink_to_fit();
        self.categories.shrink_to_fit();
        self.options.shrink_to_fit();
        self.variants.shrink_to_fit();
    }

    /// Every problem with this product, each naming its field (imports report them all).
    pub fn problems(
        &self,
        rooms: &std::collections::HashSet<String>,
        categories: &std::collections::HashSet<String>,
    ) -> Vec<String> {
        let mut out = Vec::new();
        if !is_product_code(&self.code) {
            out.push(format!(
                "code: {:?} must be 1 to 64 letters, digits, - _ or .",
                self.code
            ));
        }
        if self.name.en.trim().is_empty() {
            out.push("name.en: an English name is required".into());
        }
        out.extend(price_problems("", self.price, self.compare_at_price));
        for room in self.rooms.iter().filter(|r| !rooms.contains(*r)) {
            out.push(format!("rooms: unknown room {room:?}"));
        }
        for category in self.categories.iter().filter(|c| !categories.contains(*c)) {
            out.push(format!("categories: unknown category {category:?}"));
        }
        for image in self
            .images
            .iter()
            .filter(|i| !i.starts_with("/api/file/images/") || i.contains(".."))
        {
            out.push(format!(
                "images: {image:?} must be a path under /api/file/images/"
            ));
        }
        if !self.created_at.is_empty()
            && time::Date::parse(
                &self.created_at,
                time::macros::format_description!("[year]-[month]-[day]"),
            )
            .is_err()
        {
            out.push(format!(
                "createdAt: {:?} must be a date like 2026-09-14",
                self.created_at
            ));
        }
        if self.popularity > 100 {
            out.push("popularity: must be 0 to 100".into());
        }
        let (n, d) = (&self.name, &self.description);
        for (lang, name, description) in [
            ("en", &n.en, &d.en),
            ("th", &n.th, &d.th),
            ("my", &n.my, &d.my),
            ("km", &n.km, &d.km),
            ("id", &n.id, &d.id),
        ] {
            if name.chars().count() > 200 {
                out.push(format!("name.{lang}: at most 200 characters"));
            }
            if description.chars().count() > 10_000 {
                out.push(format!("description.{lang}: at most 10000 characters"));
            }
        }
        for (field, mm) in [
            ("dimensions.width", self.dimensions.width),
            ("dimensions.depth", self.dimensions.depth),
            ("dimensions.height", self.dimensions.height),
        ] {
            if mm > 100_000 {
                out.push(format!("{field}: {mm} mm is more than 100 m"));
            }
        }
        for (field, key) in [("material", &self.material), ("colour", &self.colour)] {
            if key.len() > 64 || key.chars().any(char::is_whitespace) {
                out.push(format!("{field}: {key:?} must be a code-table key"));
            }
        }
        out.extend(self.variant_problems());
        out
    }
}

/// A room of the home (living room, bedroom…) that products are shown by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Room {
    pub key: String,
    #[serde(deserialize_with = "crate::content::model::one_line_each")]
    pub title: Localized,
    #[serde(default)]
    pub page_name: Option<String>,
    #[serde(default)]
    pub image: Option<String>,
    #[serde(default)]
    pub icon: Option<String>,
    #[serde(default)]
    pub order: u32,
}

/// A stored category: the tree is kept flat, each node naming its parent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub key: String,
    #[serde(deserialize_with = "crate::content::model::one_line_each")]
    pub title: Localized,
    #[serde(default)]
    pub page_name: Option<String>,
    #[serde(default)]
    pub parent: Option<String>,
    #[serde(default)]
    pub order: u32,
}

/// A category with its children, as the API and the side menu show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct CategoryNode {
    pub key: String,
    pub title: Localized,
    #[serde(default)]
    pub page_name: Option<String>,
    #[serde(default)]
    pub order: u32,
    #[serde(default)]
    #[schema(no_recursion)]
    pub children: Vec<CategoryNode>,
}

/// The URL segment of a room or category: its page name, or else its key, lowercased and
/// trimmed.
pub fn url_slug(page_name: Option<&str>, key: &str) -> String {
    page_name
        .filter(|p| !p.trim().is_empty())
        .unwrap_or(key)
        .trim()
        .to_lowercase()
}

/// Builds the tree from flat rows: children under their parent, siblings by `order` then key.
/// A node whose parent is missing is shown at the top rather than lost.
pub fn build_tree(categories: &[Category]) -> Vec<CategoryNode> {
    fn children_of(parent: Option<&str>, all: &[Category], depth: usize) -> Vec<CategoryNode> {
        if depth > 8 {
            return Vec::new(); // a cycle in stored data must not hang a request
        }
        let mut nodes: Vec<CategoryNode> = all
            .iter()
            .filter(|c| c.parent.as_deref() == parent)
            .map(|c| CategoryNode {
                key: c.key.clone(),
                title: c.title.clone(),
                page_name: c.page_name.clone(),
                order: c.order,
                children: children_of(Some(&c.key), all, depth + 1),
            })
            .collect();
        nodes.sort_by(|a, b| a.order.cmp(&b.order).then_with(|| a.key.cmp(&b.key)));
        nodes
    }
    let known: std::collections::HashSet<&str> =
        categories.iter().map(|c| c.key.as_str()).collect();
    let rooted: Vec<Category> = categories
        .iter()
        .cloned()
        .map(|mut c| {
            if c.parent.as_deref().is_some_and(|p| !known.contains(p)) {
                c.parent = None;
            }
            c
        })
        .collect();
    children_of(None, &rooted, 0)
}

/// Flattens a tree (as the demo file holds it) into stored rows.
pub fn flatten_tree(nodes: &[CategoryNode], parent: Option<&str>, out: &mut Vec<Category>) {
    for node in nodes {
        out.push(Category {
            key: node.key.clone(),
            title: node.title.clone(),
            page_name: node.page_name.clone(),
            parent: parent.map(str::to_string),
            order: node.order,
        });
        flatten_tree(&node.children, Some(&node.key), out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn category(key: &str, parent: Option<&str>, order: u32) -> Category {
        Category {
            key: key.into(),
            title: Localized::default(),
            page_name: None,
            parent: parent.map(Into::into),
            order,
        }
    }

    #[test]
    fn slugs_prefer_the_page_name_lowercased_and_trimmed() {
        assert_eq!(url_slug(Some(" Living-Room "), "living"), "living-room");
        assert_eq!(url_slug(None, "Bedroom"), "bedroom");
        assert_eq!(url_slug(Some("  "), "Office "), "office");
    }

    #[test]
    fn the_tree_nests_children_in_order_and_keeps_orphans() {
        let rows = vec![
            category("sofas", None, 1),
            category("sofas-2", Some("sofas"), 2),
            category("sofas-3", Some("sofas"), 1),
            category("beds", None, 0),
            category("lost", Some("gone"), 0),
        ];
        let tree = build_tree(&rows);
        let keys: Vec<_> = tree.iter().map(|n| n.key.as_str()).collect();
        assert_eq!(keys, ["beds", "lost", "sofas"]);
        let sofas: Vec<_> = tree[2].children.iter().map(|n| n.key.as_str()).collect();
        assert_eq!(sofas, ["sofas-3", "sofas-2"]);

        let mut flat = Vec::new();
        flatten_tree(&tree, None, &mut flat);
        assert_eq!(flat.len(), 5);
    }

    #[test]
    fn descriptions_read_and_encode_as_texts_by_language_and_take_no_room_when_empty() {
        let none: Descriptions = serde_json::from_str("{}").unwrap();
        assert!(none.0.is_none());
        assert_eq!(serde_json::to_value(&none).unwrap()["en"], "");
        let blank: Descriptions = Localized::default().into();
        assert!(blank.0.is_none());
        let some: Descriptions = serde_json::from_str(r#"{"th":"โต๊ะ"}"#).unwrap();
        assert_eq!(some.th, "โต๊ะ");
        assert_eq!(some.get(crate::i18n::Locale::Th), "โต๊ะ");
        assert_eq!(
            serde_json::to_value(&some).unwrap(),
            serde_json::to_value(Localized {
                th: "โต๊ะ".into(),
                ..Localized::default()
            })
            .unwrap()
        );
        let mut edited = Descriptions::from(Localized::default());
        edited.en = "A table".into();
        assert_eq!(edited.en, "A table");
        let mut emptied = some.clone();
        emptied.th.clear();
        assert_eq!(emptied, none, "equal by their texts");
        assert!(std::mem::size_of::<Descriptions>() <= 8);
    }
}
