//! Admin menu types.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// One entry of a role's horizontal admin menu.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AdminMenuItem {
    pub name: String,
    pub icon: String,
    pub link: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schema(no_recursion)]
    pub sub_menus: Vec<AdminMenuItem>,
}

/// Admin menus by role, as imported from a file.
pub type AdminMenus = std::collections::BTreeMap<String, Vec<AdminMenuItem>>;

/// Validates a whole admin-menu document and reports every problem with its JSON path, so an
/// operator fixes the file in one go. Rules: roles begin with `admin`; names are non-empty;
/// links are internal paths; icons are short names of lowercase letters, digits and `-`.
pub fn validate_menus(document: &serde_json::Value) -> Result<AdminMenus, Vec<String>> {
    use serde_json::Value;
    let mut problems = Vec::new();
    let Some(roles) = document.as_object() else {
        return Err(vec![
            "$: must be an object mapping role names to menu lists".into(),
        ]);
    };
    if roles.is_empty() {
        problems.push("$: names no role; at least \"admin\" needs a menu".into());
    }
    fn check_items(items: &Value, path: &str, depth: usize, problems: &mut Vec<String>) {
        let Some(items) = items.as_array() else {
            problems.push(format!("{path}: must be a list of menu items"));
            return;
        };
        for (i, item) in items.iter().enumerate() {
            let at = format!("{path}[{i}]");
            let Some(fields) = item.as_object() else {
                problems.push(format!("{at}: must be an object with name, icon and link"));
                continue;
            };
            for key in fields
                .keys()
                .filter(|k| !["name", "icon", "link", "subMenus"].contains(&k.as_str()))
            {
                problems.push(format!(
                    "{at}.{key}: unknown field (allowed: name, icon, link, subMenus)"
                ));
            }
            match fields.get("name").and_then(Value::as_str) {
                Some(name) if !name.trim().is_empty() && name.chars().count() <= 60 => {}
                _ => problems.push(format!("{at}.name: must be a text of 1 to 60 characters")),
            }
            match fields.get("icon").and_then(Value::as_str) {
                Some(icon) if is_icon_name(icon) => {}
                Some(icon) => problems.push(format!(
                    "{at}.icon: {icon:?} must be 1 to 32 lowercase letters, digits or -"
                )),
                None => problems.push(format!("{at}.icon: is missing")),
            }
            match fields.get("link").and_then(Value::as_str) {
                Some(link) if is_internal_path(link) => {}
                Some(link) => problems.push(format!("{at}.link: {link:?} must be an internal path starting with / (no host, no scheme)")),
                None => problems.push(format!("{at}.link: is missing")),
            }
            if let Some(subs) = fields.get("subMenus") {
                if depth >= 2 {
                    problems.push(format!("{at}.subMenus: menus nest at most two levels deep"));
                } else {
                    check_items(subs, &format!("{at}.subMenus"), depth + 1, problems);
                }
            }
        }
    }
    for (role, items) in roles {
        let well_formed = role.starts_with("admin")
            && role.len() <= 32
            && role
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !well_formed {
            problems.push(format!(
                "$.{role}: role names must begin with \"admin\" (lowercase letters, digits and -)"
            ));
        }
        check_items(items, &format!("$.{role}"), 1, &mut problems);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    serde_json::from_value(document.clone()).map_err(|err| vec![format!("$: {err}")])
}

fn is_icon_name(icon: &str) -> bool {
    (1..=32).contains(&icon.len())
        && icon
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// An internal path: starts with one `/`, and holds only URL-safe characters.
pub fn is_internal_path(link: &str) -> bool {
    link.starts_with('/')
        && !link.starts_with("//")
        && !link.contains("\\")
        && link.len() <= 200
        && link
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/-_.~?=&#%".contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_good_document_parses() {
        let doc = json!({"admin": [{"name": "Orders", "icon": "cart", "link": "/admin/orders", "subMenus": [{"name": "Open", "icon": "list", "link": "/admin/orders?status=open"}]}]});
        let menus = validate_menus(&doc).unwrap();
        assert_eq!(menus["admin"][0].sub_menus.len(), 1);
    }

    #[test]
    fn every_problem_is_reported_with_its_path() {
        let doc = json!({
            "sales": [{"name": "X", "icon": "ok", "link": "/x"}],
            "admin": [
                {"name": "", "icon": "Bad Icon", "link": "https://evil.example"},
                {"name": "Fine", "icon": "ok", "link": "//evil.example", "colour": "red"},
                "not an object"
            ]
        });
        let problems = validate_menus(&doc).unwrap_err();
        let expect = [
            "$.sales: role names must begin",
            "$.admin[0].name:",
            "$.admin[0].icon:",
            "$.admin[0].link:",
            "$.admin[1].link:",
            "$.admin[1].colour: unknown field",
            "$.admin[2]: must be an object",
        ];
        for prefix in expect {
            assert!(
                problems.iter().any(|p| p.starts_with(prefix)),
                "missing {prefix}: {problems:#?}"
            );
        }
        assert_eq!(problems.len(), expect.len(), "{problems:#?}");
    }
}
