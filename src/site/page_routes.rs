//! The storefront's page routes and how a request path resolves against them.
//!
//! Resolution is a pure function of the path and what the shop knows (pages, rooms,
//! categories), so the server can answer a real 404 for a page that does not exist instead of
//! a soft 404 from the browser app. The UI mirrors this table in `ui/src/app/routes.tsx`.

use crate::i18n::Locale;

/// What a matched route shows; decides whether its parameter must name something that exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteKind {
    Home,
    /// A fixed path showing the information page of this name (`/about`).
    FixedPage(&'static str),
    /// A screen of the app that always exists (`/cart`, `/search`…).
    Screen,
    /// `/room/{key?}`: the key must name a room.
    Room,
    /// `/category/{key?}`: the key must name a category.
    Category,
    /// `/content/{name?}`, `/info/{name?}`: the name must name a page.
    PageByName,
    /// `/products/{code?}`: a product code.
    Product,
    /// `/user/{type?}`: register, login or password.
    User,
    /// `/{page}`: an information page by name.
    GenericPage,
    /// `/{dynamicroute}/{pname?}`: an information page filed under a section.
    DynamicPage,
}

/// The storefront's routes in match order: fixed paths before parameters. `:x?` is an optional
/// segment, `*` any remaining segments (including none).
pub const PAGE_ROUTES: &[(&str, RouteKind)] = &[
    ("/", RouteKind::Home),
    ("/about", RouteKind::FixedPage("about")),
    ("/area", RouteKind::FixedPage("area")),
    ("/privacy", RouteKind::FixedPage("privacy")),
    ("/cart", RouteKind::Screen),
    ("/cartres", RouteKind::Screen),
    ("/order", RouteKind::Screen),
    ("/search", RouteKind::Screen),
    ("/searchcode", RouteKind::Screen),
    ("/mobile/account", RouteKind::Screen),
    ("/mobile/category", RouteKind::Screen),
    ("/mobile/info", RouteKind::Screen),
    ("/category/:key?", RouteKind::Category),
    ("/content/:pagename?", RouteKind::PageByName),
    ("/info/:pagename?", RouteKind::PageByName),
    ("/products/:code?", RouteKind::Product),
    ("/room/:key?", RouteKind::Room),
    ("/user/:type?", RouteKind::User),
    ("/view/:id?", RouteKind::Screen),
    ("/location/*", RouteKind::Screen),
    ("/admin/*", RouteKind::Screen),
    ("/:page", RouteKind::GenericPage),
    ("/:dynamicroute/:pname?", RouteKind::DynamicPage),
];

/// The `/user/{type}` screens: register, login and password, and the shopper's orders.
pub const USER_SCREENS: &[&str] = &["register", "login", "password", "order"];

/// What the shop knows exists, for the routes whose parameter must name something.
pub trait SiteIndex {
    fn has_page(&self, name: &str) -> bool;
    fn has_room(&self, slug: &str) -> bool;
    fn has_category(&self, slug: &str) -> bool;
    fn has_product(&self, code: &str) -> bool;
    /// The product that sells `code` as one of its variants, when `code` is not a product's
    /// own code (docs/VARIANTS.md §5: an old product URL whose code became a variant's).
    fn product_selling(&self, code: &str) -> Option<String>;
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    /// `/en/…`: 301 to the same path without `/en`; a variant's code in a product URL: 301
    /// to its product with `?variant=` (the request's query is added by the caller).
    Redirect(String),
    /// A page that exists. `path` is the path without language prefix and trailing slash.
    Page {
        locale: Locale,
        path: String,
        kind: RouteKind,
        page: Option<String>,
        /// The route's raw parameter (a product code, a room key…).
        param: Option<String>,
    },
    /// No such page (or no such language): a 404 in `locale`.
    NotFound { locale: Locale },
}

pub fn resolve(raw_path: &str, site: &impl SiteIndex) -> Resolution {
    let mut segments: Vec<&str> = raw_path.split('/').filter(|s| !s.is_empty()).collect();
    let mut locale = Locale::DEFAULT;
    if let Some(first) = segments.first() {
        // A language prefix in another case (`/EN/about`, `/Th/cart`) is the same language:
        // 301 to its own spelling (for English, to the bare path), never a 404.
        let wrong_case = Locale::parse(&first.to_ascii_lowercase())
            .filter(|_| first.bytes().any(|b| b.is_ascii_uppercase()));
        if let Some(locale) = wrong_case
            && locale != Locale::DEFAULT
        {
            let target = format!("/{}/{}", locale.code(), segments[1..].join("/"));
            let target = target.strip_suffix('/').unwrap_or(&target).to_string();
            if !crate::http::redirect::is_safe_redirect(&target) {
                return Resolution::NotFound { locale };
            }
            return Resolution::Redirect(target);
        }
        if *first == "en" || wrong_case == Some(Locale::DEFAULT) {
            let target = format!("/{}", segments[1..].join("/"));
            // A raw backslash or control character would make the Location header point
            // elsewhere (`/\evil.example` reads as `//evil.example` in browsers).
            if !crate::http::redirect::is_safe_redirect(&target) {
                return Resolution::NotFound { locale };
            }
            return Resolution::Redirect(target);
        }
        if let Some(prefixed) = Locale::parse(first) {
            locale = prefixed;
            segments.remove(0);
        }
    }
    let path = format!("/{}", segments.join("/"));
    for (pattern, kind) in PAGE_ROUTES {
        let Some(param) = match_pattern(pattern, &segments) else {
            continue;
        };
        // A variant's code in a product URL: 301 to its product with that variant chosen.
        if *kind == RouteKind::Product
            && let Some(code) = param.as_deref()
            && crate::catalog::model::is_product_code(code)
            && !site.has_product(code)
            && let Some(product) = site.product_selling(code)
        {
            let prefix = if locale == Locale::DEFAULT {
                String::new()
            } else {
                format!("/{}", locale.code())
            };
            return Resolution::Redirect(format!("{prefix}/products/{product}?variant={code}"));
        }
        // The first matching pattern decides: a bad parameter is a 404, not a fall-through.
        return match exists(*kind, param.as_deref(), site) {
            Some(page) => Resolution::Page {
                locale,
                path,
                kind: *kind,
                page,
                param,
            },
            None => Resolution::NotFound { locale },
        };
    }
    Resolution::NotFound { locale }
}

/// Matches `segments` against a pattern; `Some(param)` on a match, the param joined by `/`.
fn match_pattern(pattern: &str, segments: &[&str]) -> Option<Option<String>> {
    let parts: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
    let mut params: Vec<&str> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        match (*part, segments.get(i)) {
            ("*", _) => {
                let rest = &segments[i.min(segments.len())..];
                return Some((!rest.is_empty()).then(|| rest.join("/")));
            }
            (p, Some(seg)) if p.starts_with(':') => params.push(seg),
            (p, None) if p.starts_with(':') && p.ends_with('?') => {}
            (p, Some(seg)) if p == *seg => {}
            _ => return None,
        }
    }
    if segments.len() > parts.len() {
        return None;
    }
    Some((!params.is_empty()).then(|| params.join("/")))
}

/// `Some(page name shown)` when the route's parameter names something that exists.
fn exists(kind: RouteKind, param: Option<&str>, site: &impl SiteIndex) -> Option<Option<String>> {
    let named = |name: &str| site.has_page(name).then(|| Some(name.to_string()));
    match (kind, param) {
        (RouteKind::FixedPage(name), _) => Some(Some(name.to_string())),
        (RouteKind::Home | RouteKind::Screen, _) => Some(None),
        (
            RouteKind::Room
            | RouteKind::Category
            | RouteKind::PageByName
            | RouteKind::Product
            | RouteKind::User,
            None,
        ) => Some(None),
        (RouteKind::Room, Some(slug)) => site.has_room(slug).then_some(None),
        (RouteKind::Category, Some(slug)) => site.has_category(slug).then_some(None),
        (RouteKind::PageByName | RouteKind::GenericPage, Some(name)) => named(name),
        (RouteKind::Product, Some(code)) => {
            (crate::catalog::model::is_product_code(code) && site.has_product(code)).then_some(None)
        }
        (RouteKind::User, Some(screen)) => USER_SCREENS.contains(&screen).then_some(None),
        (RouteKind::DynamicPage, Some(name)) => named(name),
        (RouteKind::GenericPage | RouteKind::DynamicPage, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Site;
    impl SiteIndex for Site {
        fn has_page(&self, name: &str) -> bool {
            [
                "about",
                "area",
                "privacy",
                "how-to-order",
                "terms",
                "help/returns",
            ]
            .contains(&name)
        }
        fn has_room(&self, slug: &str) -> bool {
            ["living", "bedroom"].contains(&slug)
        }
        fn has_category(&self, slug: &str) -> bool {
            ["sofas", "sofas-3-seat"].contains(&slug)
        }
        fn has_product(&self, code: &str) -> bool {
            code == "SF-1001"
        }
        fn product_selling(&self, code: &str) -> Option<String> {
            (code == "SF-1001-GRY").then(|| "SF-1001".to_string())
        }
    }

    #[test]
    fn a_variant_code_in_a_product_url_moves_to_its_product_with_the_variant_chosen() {
        assert_eq!(
            resolve("/products/SF-1001-GRY", &Site),
            Resolution::Redirect("/products/SF-1001?variant=SF-1001-GRY".into())
        );
        assert_eq!(
            resolve("/th/products/SF-1001-GRY", &Site),
            Resolution::Redirect("/th/products/SF-1001?variant=SF-1001-GRY".into())
        );
        assert!(matches!(
            resolve("/products/SF-1001-XXX", &Site),
            Resolution::NotFound { .. }
        ));
    }

    /// Scenario table: path → found or missing, in which locale.
    #[test]
    fn every_route_rule_of_the_spec() {
        use Locale::*;
        #[derive(Debug)]
        enum Expect {
            Found(Locale),
            Missing(Locale),
        }
        use Expect::*;
        let cases = [
            ("/", Found(En)),
            ("/th", Found(Th)),
            ("/my/", Found(My)),
            ("/about", Found(En)),
            ("/km/area", Found(Km)),
            ("/id/privacy", Found(Id)),
            ("/cart", Found(En)),
            ("/th/cartres", Found(Th)),
            ("/order/", Found(En)),
            ("/search", Found(En)),
            ("/searchcode", Found(En)),
            ("/th/mobile/account", Found(Th)),
            ("/mobile/category", Found(En)),
            ("/mobile/info", Found(En)),
            ("/mobile", Missing(En)),
            ("/category", Found(En)),
            ("/category/sofas-3-seat", Found(En)),
            ("/category/nothing", Missing(En)),
            ("/room/living", Found(En)),
            ("/th/room/living", Found(Th)),
            ("/room/garage", Missing(En)),
            ("/content", Found(En)),
            ("/content/terms", Found(En)),
            ("/info/how-to-order", Found(En)),
            ("/info/nothing", Missing(En)),
            ("/products", Found(En)),
            ("/products/SF-1001", Found(En)),
            ("/products/<script>", Missing(En)),
            ("/products/XX-9999", Missing(En)),
            ("/user", Found(En)),
            ("/user/login", Found(En)),
            ("/km/user/register", Found(Km)),
            ("/user/password", Found(En)),
            ("/th/user/order", Found(Th)),
            ("/user/hack", Missing(En)),
            ("/view", Found(En)),
            ("/view/123", Found(En)),
            ("/location", Found(En)),
            ("/location/bangkok/sukhumvit", Found(En)),
            ("/admin", Found(En)),
            ("/admin/orders/5", Found(En)),
            ("/terms", Found(En)),
            ("/help/returns", Found(En)),
            ("/no-such-page", Missing(En)),
            ("/th/no-such-page", Missing(Th)),
            ("/xx/about", Missing(En)),
            ("/about/extra/segments", Missing(En)),
            ("/cart/extra", Missing(En)),
        ];
        for (path, expect) in cases {
            let got = resolve(path, &Site);
            let ok = match (&expect, &got) {
                (Found(want), Resolution::Page { locale, .. }) => locale == want,
                (Missing(want), Resolution::NotFound { locale }) => locale == want,
                _ => false,
            };
            assert!(ok, "{path}: expected {expect:?}, got {got:?}");
        }
    }

    #[test]
    fn english_prefix_redirects_to_the_bare_path() {
        assert_eq!(resolve("/en", &Site), Resolution::Redirect("/".into()));
        for bad in [
            "/en/\\evil.example",
            "/en/a\\b",
            "/en/x\u{7}y",
            "/en/\t/evil",
        ] {
            assert_eq!(
                resolve(bad, &Site),
                Resolution::NotFound {
                    locale: Locale::DEFAULT
                },
                "{bad:?}"
            );
        }
        assert_eq!(resolve("/en/", &Site), Resolution::Redirect("/".into()));
        assert_eq!(
            resolve("/en/about", &Site),
            Resolution::Redirect("/about".into())
        );
        assert_eq!(
            resolve("/en/xx/yy", &Site),
            Resolution::Redirect("/xx/yy".into())
        );
        // Any case of the prefix is English too.
        for (path, target) in [
            ("/EN/about", "/about"),
            ("/En", "/"),
            ("/eN/cart/", "/cart"),
        ] {
            assert_eq!(resolve(path, &Site), Resolution::Redirect(target.into()));
        }
        // Only the whole first segment counts: "/english" is an ordinary (unknown) page.
        assert_eq!(
            resolve("/english", &Site),
            Resolution::NotFound { locale: Locale::En }
        );
    }

    #[test]
    fn a_language_prefix_in_another_case_redirects_to_its_own_spelling() {
        for (path, target) in [
            ("/TH/about", "/th/about"),
            ("/Th", "/th"),
            ("/MY/cart", "/my/cart"),
            ("/Km/products/SF-1001", "/km/products/SF-1001"),
            ("/ID/search", "/id/search"),
        ] {
            assert_eq!(
                resolve(path, &Site),
                Resolution::Redirect(target.into()),
                "{path}"
            );
        }
        assert_eq!(
            resolve("/TH/\\evil.example", &Site),
            Resolution::NotFound { locale: Locale::Th }
        );
        // A first segment that is no language stays an ordinary page name.
        assert_eq!(
            resolve("/XX/about", &Site),
            Resolution::NotFound { locale: Locale::En }
        );
    }

    #[test]
    fn pages_report_their_name_and_normalised_path() {
        assert_eq!(
            resolve("/th/about/", &Site),
            Resolution::Page {
                locale: Locale::Th,
                path: "/about".into(),
                kind: RouteKind::FixedPage("about"),
                page: Some("about".into()),
                param: None
            }
        );
        assert_eq!(
            resolve("/info/how-to-order", &Site),
            Resolution::Page {
                locale: Locale::En,
                path: "/info/how-to-order".into(),
                kind: RouteKind::PageByName,
                page: Some("how-to-order".into()),
                param: Some("how-to-order".into())
            }
        );
    }
}
