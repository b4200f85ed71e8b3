//! The taxonomy's tests: keys, page names and nesting rules.

use super::*;
use crate::content::model::Localized;

fn category(key: &str, parent: Option<&str>) -> Category {
    Category {
        key: key.into(),
        title: Localized {
            en: key.into(),
            ..Localized::default()
        },
        page_name: None,
        parent: parent.map(Into::into),
        order: 0,
    }
}

#[test]
fn a_category_cannot_move_under_its_own_child() {
    let all = [
        category("seating", None),
        category("sofas", Some("seating")),
        category("corner-sofas", Some("sofas")),
    ];
    let moved = category("seating", Some("corner-sofas"));
    let problems = category_problems(&moved, &all);
    assert!(
        problems.iter().any(|p| p.starts_with("parent:")),
        "{problems:?}"
    );
    assert!(category_problems(&category("corner-sofas", Some("seating")), &all).is_empty());
    let own = category_problems(&category("sofas", Some("sofas")), &all);
    assert!(own.iter().any(|p| p.contains("its own parent")));
}

#[test]
fn page_names_must_be_unique_slugs() {
    let all = [category("sofas", None), {
        let mut c = category("beds", None);
        c.page_name = Some("sleep".into());
        c
    }];
    let mut clash = category("dream", None);
    clash.page_name = Some("Sleep".into());
    normalise_page_name(&mut clash.page_name);
    assert!(category_problems(&clash, &all)[0].starts_with("pageName:"));
    let mut bad = category("x", None);
    bad.page_name = Some("a b/c".into());
    assert!(category_problems(&bad, &all)[0].starts_with("pageName:"));
}
