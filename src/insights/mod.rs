//! What the owner learns from the shop (docs/INSIGHTS.md): visits, page views and the funnel
//! per shop day (`crate::domain::shop_day`), split by channel (`kcard`), language, device class
//! and referrer domain, counted on the server from requests the shop already gets (page shells,
//! the cart, placing an order) and one small beacon per client-side navigation.
//!
//! No personal data is kept. A visitor is a hash of a salt, the client address and the user
//! agent; the salt is random, lives only in memory and is replaced at each shop day's start, so
//! yesterday's hashes cannot be recomputed and nothing links two days. The hash itself lives only
//! in memory (to count a visitor once a day and to tell a browser from a crawler); the database
//! holds counts under keys made of the day, what is counted and one dimension value (a channel
//! name, a language code, a device class, a referrer's domain, a product code, a search term).
//!
//! Crawlers are counted apart: known crawler user agents, visitors asking for more than
//! `[insights] crawler_pages_per_minute` pages a minute, and visitors that never run the app's
//! JavaScript (their page shells are held until the app's first beacon or API call confirms a
//! browser; those never confirmed count as crawlers when the day ends).
//!
//! Counts gather in memory and reach the database in one transaction every few seconds (and
//! before staff read them), like the search misses, and the distinct keys per day are bounded.

pub mod report;

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use sha2::{Digest, Sha256};
use time::Date;

use crate::domain::shop_day::{day_key, day_of};
use crate::i18n::Locale;
use crate::store::{Store, StoreError, ValueTable};

/// `YYYY-MM-DD` + U+001F + what is counted + U+001F + one dimension value → count that day.
pub const INSIGHT_KEY_TO_COUNT: ValueTable<&str, u64> = ValueTable::new("insight_key_to_count");

/// Distinct keys kept per day (and waiting in memory): a flood of made-up channels, referrers
/// or search terms cannot grow the database without bound; known keys still count.
const MAX_KEYS_PER_DAY: usize = 20_000;
/// Visitors remembered per day; visitors beyond it are counted as views without a visit.
const MAX_VISITORS: usize = 50_000;
/// Page shells held per visitor until the app confirms a browser.
const MAX_HELD: usize = 5;
/// Search terms remembered per visitor (to tell which searches led to an order).
const MAX_SEARCHES: usize = 5;
pub const SEPARATOR: char = '\u{1f}';
/// The channel of a visitor that names none: the UI's default `kcard`.
pub const DEFAULT_KCARD: &str = "web";

/// A `kcard` channel name as the contract allows it: ASCII letters, digits and `-`,
/// 1 to 32 characters. Anything else is not a channel.
pub fn valid_kcard(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 32
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// The channel a request names (its `kcard` header or `?kcard=`), or the default.
pub fn channel_of(name: &str) -> String {
    if valid_kcard(name) {
        name.to_string()
    } else {
        DEFAULT_KCARD.to_string()
    }
}

/// What kind of storefront page a path (without its language prefix) shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    Home,
    Room,
    Category,
    Product,
    Search,
    Cart,
    Checkout,
    OrderResult,
    Information,
    /// Account screens and the like: a page view, not a step of anything.
    Other,
}

impl PageKind {
    pub fn name(self) -> &'static str {
        match self {
            PageKind::Home => "home",
            PageKind::Room => "room",
            PageKind::Category => "category",
            PageKind::Product => "product",
            PageKind::Search => "search",
            PageKind::Cart => "cart",
            PageKind::Checkout => "checkout",
            PageKind::OrderResult => "order",
            PageKind::Information => "information",
            PageKind::Other => "other",
        }
    }
}

/// One page as counted: its kind, the product it shows, the keyword it searches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    pub kind: PageKind,
    pub product: Option<String>,
    pub keyword: Option<String>,
}

/// Splits a language prefix off a path: `/th/cart` → (Thai, `/cart`).
pub fn split_locale(path: &str) -> (Locale, &str) {
    let trimmed = path.trim_start_matches('/');
    let (first, rest) = trimmed.split_once('/').unwrap_or((trimmed, ""));
    match Locale::parse(first) {
        Some(locale) if locale != Locale::DEFAULT => (
            locale,
            if rest.is_empty() {
                "/"
            } else {
                &path[1 + first.len()..]
            },
        ),
        _ => (Locale::DEFAULT, if path.is_empty() { "/" } else { path }),
    }
}

/// The page a storefront path shows (`path` without language prefix, `query` without `?`);
/// `None` for the staff area, which is not counted.
pub fn classify(path: &str, query: &str) -> Option<Page> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let mut page = Page {
        kind: PageKind::Information,
        product: None,
        keyword: None,
    };
    page.kind = match segments.as_slice() {
        [] => PageKind::Home,
        ["admin", ..] => return None,
        ["room", ..] => PageKind::Room,
        ["category", ..] => PageKind::Category,
        ["products", code] => {
            page.product = Some(code.chars().take(64).collect());
            PageKind::Product
        }
        ["products"] => PageKind::Category,
        ["search"] | ["searchcode"] => {
            page.keyword = url::form_urlencoded::parse(query.as_bytes())
                .find(|(name, _)| name == "keyword")
                .map(|(_, value)| {
                    crate::search::misses::miss_key(&crate::domain::text::single_line(&value))
                })
                .filter(|k| !k.is_empty());
            PageKind::Search
        }
        ["cart"] => PageKind::Cart,
        ["order"] => PageKind::Checkout,
        ["cartres"] | ["view", ..] => PageKind::OrderResult,
        ["user", ..] | ["mobile", ..] => PageKind::Other,
        _ => PageKind::Information,
    };
    Some(page)
}

/// Device class from a user agent.
pub fn device_of(user_agent: &str) -> &'static str {
    let ua = user_agent.to_ascii_lowercase();
    if ua.contains("ipad")
        || ua.contains("tablet")
        || (ua.contains("android") && !ua.contains("mobile"))
    {
        "tablet"
    } else if ua.contains("mobi") || ua.contains("iphone") || ua.contains("android") {
        "phone"
    } else {
        "desktop"
    }
}

/// Whether a user agent names a known crawler (or is missing, as scripts' often is).
pub fn known_crawler(user_agent: &str) -> bool {
    const MARKS: &[&str] = &[
        "bot",
        "crawl",
        "spider",
        "slurp",
        "facebookexternalhit",
        "embedly",
        "preview",
        "curl/",
        "wget/",
        "python-",
        "go-http-client",
        "java/",
        "okhttp",
        "libwww",
        "httpclient",
        "scrapy",
        "headlesschrome/0",
        "lighthouse",
        "pingdom",
        "uptime",
        "monitor",
    ];
    let ua = user_agent.to_ascii_lowercase();
    ua.trim().is_empty() || MARKS.iter().any(|mark| ua.contains(mark))
}

/// The referrer's domain (`www.` dropped, lower case), or empty for none or the shop itself.
pub fn referrer_domain(referer: &str, own_host: &str) -> String {
    let Ok(url) = url::Url::parse(referer) else {
        return String::new();
    };
    let Some(host) = url.host_str() else {
        return String::new();
    };
    let host = host.to_ascii_lowercase();
    let own = own_host
        .rsplit_once(':')
        .filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit()))
        .map_or(own_host, |(host, _)| host)
        .to_ascii_lowercase();
    if host == own {
        return String::new();
    }
    let host = host.strip_prefix("www.").unwrap_or(&host);
    host.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '-')
        .take(64)
        .collect()
}

/// Who asks, as the request shows it; turned into a day's visitor hash at once.
pub struct Who<'a> {
    pub address: &'a str,
    pub user_agent: &'a str,
}

/// The dimensions a visit is counted under.
#[derive(Debug, Clone, Default)]
struct Dims {
    kcard: String,
    lang: String,
    device: &'static str,
    referrer: String,
}

impl Dims {
    fn keys(&self, what: &str) -> [String; 5] {
        [
            format!("{what}{SEPARATOR}all"),
            format!("{what}{SEPARATOR}k:{}", self.kcard),
            format!("{what}{SEPARATOR}l:{}", self.lang),
            format!("{what}{SEPARATOR}d:{}", self.device),
            format!("{what}{SEPARATOR}r:{}", self.referrer),
        ]
    }
}

/// Funnel steps a visitor reached today (each counted once per visitor and day).
const STEP_PRODUCT: u8 = 1;
const STEP_CART: u8 = 2;
const STEP_CHECKOUT: u8 = 4;

#[derive(Default)]
struct Visitor {
    dims: Dims,
    /// The shell named its channel (`?kcard=`): a later request's header does not change it.
    explicit_kcard: bool,
    /// The app ran (a beacon or an API call came): the visit and its pages are counted.
    confirmed: bool,
    crawler: bool,
    held: Vec<Page>,
    steps: u8,
    minute: u64,
    pages_this_minute: u32,
    searches: Vec<String>,
}

struct Today {
    day: Option<Date>,
    salt: [u8; 32],
    visitors: HashMap<[u8; 16], Visitor>,
    pending: HashMap<(String, String), u64>,
}

/// The counts waiting to be written and today's visitors (in memory only).
pub struct Insights {
    today: Mutex<Today>,
    crawler_pages_per_minute: u32,
}

impl Default for Insights {
    fn default() -> Self {
        Insights::new(60)
    }
}

/// What a request that shows a page tells.
pub struct PageHit<'a> {
    pub who: Who<'a>,
    pub page: Page,
    /// The request's channel: `?kcard=` on a shell, the `kcard` header on a beacon.
    pub kcard: &'a str,
    /// Whether the channel was named in the URL (a shell's `?kcard=`).
    pub explicit_kcard: bool,
    pub locale: Locale,
    pub referrer: String,
}

impl Insights {
    pub fn new(crawler_pages_per_minute: u32) -> Self {
        Insights {
            today: Mutex::new(Today {
                day: None,
                salt: [0; 32],
                visitors: HashMap::new(),
                pending: HashMap::new(),
            }),
            crawler_pages_per_minute: crawler_pages_per_minute.max(1),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Today> {
        self.today.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A page shell the server sent (`now` unix ms). Held until the app confirms a browser.
    pub fn shell(&self, hit: PageHit<'_>, now: u64) {
        self.page(hit, now, false);
    }

    /// The app's beacon: `first` confirms the shell the server sent (no new view), otherwise a
    /// client-side navigation to `hit.page`.
    pub fn beacon(&self, hit: PageHit<'_>, first: bool, now: u64) {
        if first {
            let counted_here = {
                let mut guard = self.lock();
                let day = guard.roll(now);
                let today = &mut *guard;
                let Some(id) = today.visitor_id(&hit.who) else {
                    return;
                };
                let crawler = known_crawler(hit.who.user_agent);
                match today.visitors.get_mut(&id) {
                    Some(visitor) => {
                        if !visitor.crawler {
                            confirm(visitor, &hit, &day, &mut today.pending);
                        }
                        true
                    }
                    None if crawler => {
                        add(&mut today.pending, &day, "crawler", "pages", 1);
                        true
                    }
                    // The shell came yesterday or before a restart: this is its view.
                    None => false,
                }
            };
            if !counted_here {
                self.page(hit, now, true);
            }
        } else {
            self.page(hit, now, true);
        }
    }

    fn page(&self, hit: PageHit<'_>, now: u64, from_app: bool) {
        let mut guard = self.lock();
        let day = guard.roll(now);
        let today = &mut *guard;
        let crawler = known_crawler(hit.who.user_agent);
        let Some(id) = today.visitor_id(&hit.who) else {
            return;
        };
        if crawler {
            add(&mut today.pending, &day, "crawler", "pages", 1);
            return;
        }
        if !today.visitors.contains_key(&id) {
            if today.visitors.len() >= MAX_VISITORS {
                add(&mut today.pending, &day, "view", "all", 1);
                return;
            }
            today.visitors.insert(
                id,
                Visitor {
                    dims: Dims {
                        kcard: channel_of(hit.kcard),
                        lang: hit.locale.code().to_string(),
                        device: device_of(hit.who.user_agent),
                        referrer: hit.referrer.clone(),
                    },
                    explicit_kcard: hit.explicit_kcard && valid_kcard(hit.kcard),
                    ..Visitor::default()
                },
            );
        }
        let Some(visitor) = today.visitors.get_mut(&id) else {
            return;
        };
        let minute = now / 60_000;
        if visitor.minute != minute {
            visitor.minute = minute;
            visitor.pages_this_minute = 0;
        }
        visitor.pages_this_minute += 1;
        if visitor.pages_this_minute > self.crawler_pages_per_minute {
            visitor.crawler = true;
        }
        if visitor.crawler {
            add(&mut today.pending, &day, "crawler", "pages", 1);
            return;
        }
        if from_app {
            confirm(visitor, &hit, &day, &mut today.pending);
            count_page(visitor, &hit.page, &day, &mut today.pending);
        } else if visitor.confirmed {
            count_page(visitor, &hit.page, &day, &mut today.pending);
        } else if visitor.held.len() < MAX_HELD {
            visitor.held.push(hit.page);
        }
    }

    /// An item put in the cart (an API call: it also confirms the browser).
    pub fn added_to_cart(&self, who: Who<'_>, kcard: &str, now: u64) {
        self.event(who, kcard, now, |visitor, day, pending| {
            step(visitor, STEP_CART, "cart", day, pending);
        });
    }

    /// An order placed for `total` satang.
    pub fn order_placed(&self, who: Who<'_>, kcard: &str, total: u64, now: u64) {
        self.event(who, kcard, now, |visitor, day, pending| {
            for key in visitor.dims.keys("placed") {
                add_key(pending, day, key, 1);
            }
            for key in visitor.dims.keys("revenue") {
                add_key(pending, day, key, total);
            }
            for term in &visitor.searches {
                add(pending, day, "searchorder", term, 1);
            }
        });
    }

    fn event(
        &self,
        who: Who<'_>,
        kcard: &str,
        now: u64,
        then: impl FnOnce(&mut Visitor, &str, &mut HashMap<(String, String), u64>),
    ) {
        if known_crawler(who.user_agent) {
            return;
        }
        let mut guard = self.lock();
        let day = guard.roll(now);
        let today = &mut *guard;
        let Some(id) = today.visitor_id(&who) else {
            return;
        };
        if !today.visitors.contains_key(&id) {
            if today.visitors.len() >= MAX_VISITORS {
                return;
            }
            // The app was opened before today (or before a restart): a visit with what the
            // request tells.
            today.visitors.insert(
                id,
                Visitor {
                    dims: Dims {
                        kcard: channel_of(kcard),
                        lang: "-".into(),
                        device: device_of(who.user_agent),
                        referrer: String::new(),
                    },
                    ..Visitor::default()
                },
            );
        }
        let Some(visitor) = today.visitors.get_mut(&id) else {
            return;
        };
        if visitor.crawler {
            return;
        }
        if !visitor.confirmed {
            let hit_kcard = kcard.to_string();
            confirm_with(visitor, &hit_kcard, &day, &mut today.pending);
        }
        then(visitor, &day, &mut today.pending);
    }

    /// Counts one of the cart reminders' events (`sent`, `recovered`, `revenue`) today.
    pub fn reminder(&self, what: &str, amount: u64, now: u64) {
        let mut guard = self.lock();
        let day = guard.roll(now);
        add(&mut guard.pending, &day, "reminder", what, amount);
    }

    /// Writes what is waiting; on failure it is kept for the next try.
    pub fn flush(&self, store: &Store) -> Result<(), StoreError> {
        let batch: HashMap<(String, String), u64> = std::mem::take(&mut self.lock().pending);
        if batch.is_empty() {
            return Ok(());
        }
        let written = store.write(|txn| {
            let mut table = INSIGHT_KEY_TO_COUNT.write(txn)?;
            let mut per_day: HashMap<&str, usize> = HashMap::new();
            // Sorted, so the same batch keeps the same keys when a day is full.
            let sorted: BTreeMap<&(String, String), &u64> = batch.iter().collect();
            for ((day, key), count) in sorted {
                let full = format!("{day}{SEPARATOR}{key}");
                let before = table.get(full.as_str())?;
                if before.is_none() {
                    let known = match per_day.get(day.as_str()) {
                        Some(&n) => n,
                        None => {
                            let (from, to) = day_range(day, day);
                            table.keys_in(from.as_str()..to.as_str())?.len()
                        }
                    };
                    if known >= MAX_KEYS_PER_DAY {
                        continue;
                    }
                    per_day.insert(day, known + 1);
                }
                table.put(full.as_str(), &(before.unwrap_or(0) + count))?;
            }
            Ok(())
        });
        if written.is_err() {
            let mut today = self.lock();
            for (key, count) in batch {
                *today.pending.entry(key).or_insert(0) += count;
            }
        }
        written
    }
}

impl Today {
    /// Starts a new day (new salt, visitors forgotten) when the shop day changed; answers the
    /// day's key. Visitors whose app never ran count as crawlers of the day that ended.
    fn roll(&mut self, now: u64) -> String {
        let day = day_of(now);
        if self.day != Some(day) {
            if let Some(old) = self.day {
                let old = day_key(old);
                let silent = self
                    .visitors
                    .values()
                    .filter(|v| !v.confirmed && !v.crawler)
                    .count() as u64;
                if silent > 0 {
                    add(&mut self.pending, &old, "crawler", "nojs", silent);
                }
            }
            self.visitors = HashMap::new();
            self.salt = rand::random();
            self.day = Some(day);
        }
        day_key(day)
    }

    fn visitor_id(&self, who: &Who<'_>) -> Option<[u8; 16]> {
        let mut hash = Sha256::new();
        hash.update(self.salt);
        hash.update(who.address.as_bytes());
        hash.update([0]);
        hash.update(who.user_agent.as_bytes());
        hash.finalize()[..16].try_into().ok()
    }
}

fn confirm(
    visitor: &mut Visitor,
    hit: &PageHit<'_>,
    day: &str,
    pending: &mut HashMap<(String, String), u64>,
) {
    if !visitor.confirmed {
        confirm_with(visitor, hit.kcard, day, pending);
    }
}

/// Counts the visit (under the app's channel unless the shell's URL named one) and the pages
/// held for it.
fn confirm_with(
    visitor: &mut Visitor,
    kcard: &str,
    day: &str,
    pending: &mut HashMap<(String, String), u64>,
) {
    if visitor.confirmed {
        return;
    }
    visitor.confirmed = true;
    if !visitor.explicit_kcard && valid_kcard(kcard) {
        visitor.dims.kcard = kcard.to_string();
    }
    for key in visitor.dims.keys("visit") {
        add_key(pending, day, key, 1);
    }
    for page in std::mem::take(&mut visitor.held) {
        count_page(visitor, &page, day, pending);
    }
}

fn count_page(
    visitor: &mut Visitor,
    page: &Page,
    day: &str,
    pending: &mut HashMap<(String, String), u64>,
) {
    add(pending, day, "view", "all", 1);
    add(pending, day, "page", page.kind.name(), 1);
    match page.kind {
        PageKind::Product => {
            if let Some(code) = &page.product {
                add(pending, day, "item", code, 1);
            }
            step(visitor, STEP_PRODUCT, "product", day, pending);
        }
        PageKind::Checkout => step(visitor, STEP_CHECKOUT, "checkout", day, pending),
        PageKind::Search => {
            if let Some(keyword) = &page.keyword {
                add(pending, day, "search", keyword, 1);
                if !visitor.searches.contains(keyword) && visitor.searches.len() < MAX_SEARCHES {
                    visitor.searches.push(keyword.clone());
                }
            }
        }
        _ => {}
    }
}

fn step(
    visitor: &mut Visitor,
    flag: u8,
    what: &str,
    day: &str,
    pending: &mut HashMap<(String, String), u64>,
) {
    if visitor.steps & flag == 0 {
        visitor.steps |= flag;
        for key in visitor.dims.keys(what) {
            add_key(pending, day, key, 1);
        }
    }
}

fn add(pending: &mut HashMap<(String, String), u64>, day: &str, what: &str, value: &str, n: u64) {
    add_key(pending, day, format!("{what}{SEPARATOR}{value}"), n);
}

fn add_key(pending: &mut HashMap<(String, String), u64>, day: &str, key: String, n: u64) {
    let key = (day.to_string(), key);
    if let Some(count) = pending.get_mut(&key) {
        *count += n;
    } else if pending.len() < MAX_KEYS_PER_DAY * 2 {
        pending.insert(key, n);
    }
}

pub(crate) fn day_range(from: &str, to: &str) -> (String, String) {
    // U+0020 sorts right after the separator, so `to` + U+0020 ends the last day.
    (format!("{from}{SEPARATOR}"), format!("{to}\u{20}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channels_pages_devices_and_referrers_are_told() {
        assert!(valid_kcard("line-post-1"));
        assert!(!valid_kcard("line post"));
        assert!(!valid_kcard(&"a".repeat(33)));
        assert_eq!(channel_of("<x>"), "web");
        assert_eq!(split_locale("/th/cart"), (Locale::Th, "/cart"));
        assert_eq!(split_locale("/th"), (Locale::Th, "/"));
        assert_eq!(split_locale("/cart"), (Locale::En, "/cart"));
        let product = classify("/products/SF-1", "").unwrap();
        assert_eq!(product.kind, PageKind::Product);
        assert_eq!(product.product.as_deref(), Some("SF-1"));
        let search = classify("/search", "keyword=Sof%C3%A1+Bed").unwrap();
        assert_eq!(search.keyword.as_deref(), Some("sofa bed"));
        assert!(classify("/admin/orders", "").is_none());
        assert_eq!(classify("/order", "").unwrap().kind, PageKind::Checkout);
        let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148";
        assert_eq!(device_of(iphone), "phone");
        assert_eq!(
            device_of("Mozilla/5.0 (X11; Linux x86_64) Firefox/120"),
            "desktop"
        );
        assert!(known_crawler("Mozilla/5.0 (compatible; Googlebot/2.1)"));
        assert!(!known_crawler(iphone));
        assert_eq!(
            referrer_domain("https://www.Facebook.com/x?y=1", "shop.example"),
            "facebook.com"
        );
        assert_eq!(
            referrer_domain("http://shop.example:8080/a", "shop.example:8080"),
            ""
        );
    }

    #[test]
    fn a_shell_counts_once_the_app_confirms_a_browser() {
        let insights = Insights::default();
        let who = || Who {
            address: "192.0.2.1",
            user_agent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/120",
        };
        let hit = |kcard: &'static str, explicit: bool| PageHit {
            who: who(),
            page: classify("/products/A", "").unwrap(),
            kcard,
            explicit_kcard: explicit,
            locale: Locale::Th,
            referrer: String::new(),
        };
        insights.shell(hit("flyer", true), 0);
        assert!(
            !insights
                .lock()
                .pending
                .contains_key(&("1970-01-01".to_string(), format!("visit{SEPARATOR}all")))
        );
        insights.beacon(hit("web", false), true, 1);
        let pending = &insights.lock().pending;
        let get = |k: &str| pending.get(&("1970-01-01".to_string(), k.replace('|', "\u{1f}")));
        assert_eq!(get("visit|k:flyer"), Some(&1));
        assert_eq!(get("product|l:th"), Some(&1));
        assert_eq!(get("item|A"), Some(&1));
    }

    fn who(agent: &str) -> Who<'_> {
        Who {
            address: "198.51.100.7",
            user_agent: agent,
        }
    }

    fn shell(insights: &Insights, agent: &str, path: &str, now: u64) {
        insights.shell(
            PageHit {
                who: who(agent),
                page: classify(path, "").unwrap(),
                kcard: "",
                explicit_kcard: false,
                locale: Locale::En,
                referrer: String::new(),
            },
            now,
        );
    }

    fn pending(insights: &Insights, day: &str, key: &str) -> u64 {
        insights
            .lock()
            .pending
            .get(&(day.to_string(), key.replace('|', "\u{1f}")))
            .copied()
            .unwrap_or(0)
    }

    #[test]
    fn a_visitor_asking_too_fast_becomes_a_crawler_and_silent_ones_count_apart_at_day_end() {
        let insights = Insights::new(3);
        let fast = "Mozilla/5.0 (X11; Linux x86_64) Fast/1";
        insights.added_to_cart(who(fast), "web", 1_000);
        for i in 0..5 {
            shell(&insights, fast, "/", 2_000 + i);
        }
        // Three pages a minute are a browser's; the fourth and fifth are a crawler's.
        assert_eq!(pending(&insights, "1970-01-01", "view|all"), 3);
        assert_eq!(pending(&insights, "1970-01-01", "crawler|pages"), 2);
        // A browser that never runs the app: held, then counted apart when the day ends.
        shell(&insights, "Mozilla/5.0 Silent/1", "/cart", 3_000);
        assert_eq!(pending(&insights, "1970-01-01", "view|all"), 3);
        let next_day = 86_400_000;
        insights.reminder("sent", 1, next_day);
        assert_eq!(pending(&insights, "1970-01-01", "crawler|nojs"), 1);
        assert_eq!(pending(&insights, "1970-01-02", "reminder|sent"), 1);
        assert!(
            insights.lock().visitors.is_empty(),
            "a new day forgets every visitor"
        );
    }

    #[test]
    fn counts_reach_the_store_bounded_per_day() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let insights = Insights::default();
        {
            let mut today = insights.lock();
            for i in 0..(MAX_KEYS_PER_DAY + 10) {
                add(
                    &mut today.pending,
                    "2026-01-01",
                    "search",
                    &format!("t{i}"),
                    1,
                );
            }
        }
        insights.flush(&store).unwrap();
        insights.reminder("sent", 2, 0);
        insights.flush(&store).unwrap();
        let keys = store
            .read(|txn| INSIGHT_KEY_TO_COUNT.read(txn)?.len())
            .unwrap();
        assert_eq!(keys, MAX_KEYS_PER_DAY as u64 + 1);
    }
}
