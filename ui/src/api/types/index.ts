// Generated from the Rust types of the API by ts-rs (src/http/api_types.rs); do not edit.
// Regenerate with: UPDATE_TYPES=1 cargo test --lib api_types

// The envelope of every answer

/**
 * The `status` of every successful answer: always the string `"success"`.
 */
export type SuccessStatus = "success";

/**
 * The `status` of every failed answer: always the string `"error"`.
 */
export type ErrorStatus = "error";

/**
 * Every 4xx/5xx answer of the API.
 */
export type ErrorAnswer = { status: ErrorStatus, error: ErrorDetail, };

export type ErrorDetail = {
/**
 * A stable snake_case code (`not_found`, `invalid_input`…); the UI translates by it.
 */
code: string,
/**
 * A human-readable English explanation naming the offending field where there is one.
 */
message: string, };

/**
 * `{"status":"success"}` with nothing else: answers that only confirm.
 */
export type Done = { status: SuccessStatus, };

/**
 * `{status, version, schemaVersion, uptimeSeconds}`
 */
export type HealthAnswer = { status: SuccessStatus,
/**
 * The version of this binary.
 */
version: string,
/**
 * The database schema version this binary reads and writes.
 */
schemaVersion: number, uptimeSeconds: number, };

// Values shared by every domain: money, ids, keys, languages

/**
 * An amount of money in satang (฿1 = 100 satang). May be negative in arithmetic (a
 * difference), never in a stored price.
 */
export type Satang = number;

/**
 * Shop coins, whole: 1 coin pays ฿1. Balances, ledger amounts and what a shopper asks to
 * spend are coins; what coins paid in a quote is [`Satang`].
 */
export type Coins = number;

/**
 * A user (shopper or staff), from the `user` sequence.
 */
export type UserId = number;

/**
 * An order, from the `order` sequence; also the order number shown to people.
 */
export type OrderId = number;

/**
 * 8–100 ASCII letters, digits, `-` or `_`. Deserialising checks the same rules, so a request
 * body with a bad key is refused at the edge with a message naming the field.
 */
export type IdempotencyKey = string;

/**
 * A language the shop is offered in. The URL prefix is the code (`my` for Malay, as in
 * docs/STOREFRONT.md §1), while HTML and hreflang use the BCP 47 tag (`ms`): in BCP 47 `my` is
 * Burmese.
 */
export type Locale = "en" | "th" | "my" | "km" | "id";

// Content: translations, labels, information pages

/**
 * A text in each shop language. A missing or empty translation falls back to English.
 */
export type Localized = { en: string, th: string, my: string, km: string, id: string, };

/**
 * An information page (`/about`, `/info/how-to-order`…). The body is Markdown (paragraphs,
 * headings, lists, emphasis, links) that the storefront renders as text elements, never as
 * HTML: raw HTML shows as written and only `https:`, `mailto:`, `tel:` and site-relative links
 * become links, so a body cannot carry script.
 */
export type Page = { name: string, title: Localized, body: Localized,
/**
 * Unpublished pages are kept for staff but answer 404 on the storefront.
 */
published: boolean, };

/**
 * The entry `GET /api/file/pages/listdir` gives for a page.
 */
export type PageSummary = { name: string, title: Localized, };

/**
 * `{status, data}`: every locale's messages, keyed by locale code.
 */
export type LocalesAnswer = { status: SuccessStatus,
/**
 * Locale code (`en`, `th`, `my`, `km`, `id`) → its messages.
 */
data: Record<string, Record<string, unknown>>, };

/**
 * `{status, data}`: one locale's messages, nested groups of strings (`locales/en.json` is
 * the reference shape).
 */
export type LocaleAnswer = { status: SuccessStatus, data: Record<string, unknown>, };

/**
 * `{status, data}`: label groups (code tables) → label key → its title in each language.
 */
export type LabelsAnswer = { status: SuccessStatus, data: { [key in string]: { [key in string]: Localized } }, };

/**
 * `{status, pages}`
 */
export type PageListAnswer = { status: SuccessStatus, pages: Array<PageSummary>, };

/**
 * `{status, page}`
 */
export type PageAnswer = { status: SuccessStatus, page: Page, };

// Accounts

/**
 * How a user signs in.
 */
export type Provider = "local" | "google" | "facebook" | "line";

/**
 * A role: `user`, or a staff role beginning with `admin` (`admin`, `admin-sales`…).
 * On the wire a plain string (`"user"`, `"admin-sales"`…).
 */
export type Role = string;

/**
 * A delivery address in Thailand.
 */
export type Address = { name: string, phone: string, line1: string, district: string,
/**
 * A province key from the `province` labels (e.g. `bangkok`).
 */
province: string, postcode: string, };

/**
 * What a full tax invoice needs.
 */
export type VatInfo = { name: string,
/**
 * The 13-digit Thai tax identification number.
 */
taxId: string,
/**
 * "00000" for a head office, else the branch number.
 */
branch: string, address: string, };

/**
 * The user as the UI sees it (docs/STOREFRONT.md §3, signed-in user); never the password hash.
 */
export type UserView = { id: UserId, username: string, name: string, role: Role, provider: Provider, email: string, phone: string, userInfo: UserInfo, };

/**
 * A user's coins, delivery addresses and tax-invoice details (`userInfo`, docs/STOREFRONT.md §3).
 */
export type UserInfo = { id: UserId,
/**
 * Coin balance (1 coin = ฿1 off a later order).
 */
coin: Coins, addInfo: Array<Address>, vatInfo: VatInfo | null,
/**
 * Where order mail goes; empty when the shopper has given none.
 */
email: string,
/**
 * Order updates in LINE chat instead of mail (LINE accounts only; the shopper's choice,
 * on unless turned off).
 */
lineUpdates: boolean,
/**
 * The LINE shopper had added the shop's LINE Official Account as a friend when they last
 * signed in: updates on LINE reach them only then.
 */
lineFriend: boolean, };

/**
 * One change of a user's coins, as the ledger records it.
 */
export type CoinEntry = { at: number, amount: Coins, reason: string, orderId: OrderId | null, staffId: UserId | null,
/**
 * The balance after this entry.
 */
balance: Coins, };

export type RegisterBody = { username: string, password: string,
/**
 * Required in practice: an empty name is refused with `invalid_input`.
 */
name?: string, email?: string, phone?: string, };

export type LoginBody = { username: string, password: string, };

export type PasswordBody = { oldPassword: string, newPassword: string, };

export type UserInfoBody = {
/**
 * Delivery addresses; left out means none.
 */
addInfo?: Array<Address>, vatInfo?: VatInfo | null,
/**
 * The address order mail goes to; left out keeps it, `""` removes it.
 */
email?: string,
/**
 * Order updates on LINE (LINE accounts); left out keeps the choice.
 */
lineUpdates?: boolean, };

export type ResetBody = {
/**
 * The `reset` parameter of the link staff gave.
 */
token: string,
/**
 * The new password (at least 8 characters, not a common one).
 */
password: string, };

export type RegisterSocialBody = {
/**
 * The Google `sub`, Facebook `id` or LINE `userId` the browser claims.
 */
username: string,
/**
 * The visitor id, for carts (kept from the earlier shop, docs/STOREFRONT.md §3).
 */
mid?: string,
/**
 * The provider profile as the browser saw it: never trusted, only searched for a token
 * (`accessToken` or `access_token`).
 */
info?: unknown,
/**
 * `google`, `facebook` or `line`.
 */
type: string, accessToken?: string, };

export type StartQuery = {
/**
 * A safe relative path to return to after signing in; anything else returns home.
 */
next?: string, };

/**
 * What the provider appends when it sends the browser back.
 */
export type CallbackQuery = { code?: string, state?: string,
/**
 * Set when the shopper cancelled at the provider.
 */
error?: string, };

/**
 * `{status, token}`: a signed-in session for this device.
 */
export type TokenAnswer = { status: SuccessStatus,
/**
 * A JWT to send as `Authorization: Bearer <token>`.
 */
token: string, };

/**
 * `{status, data: user}`
 */
export type CurrentUserAnswer = { status: SuccessStatus, data: UserView, };

/**
 * `{status, userInfo}`
 */
export type UserInfoAnswer = { status: SuccessStatus, userInfo: UserInfo, };

/**
 * `{status, providers}`
 */
export type ProvidersAnswer = { status: SuccessStatus,
/**
 * The social sign-in providers configured here (`google`, `facebook`), maybe none.
 */
providers: Array<Provider>, };

/**
 * `{status, user, token}`
 */
export type SocialSignInAnswer = { status: SuccessStatus, user: UserView, token: string, };

// Staff

/**
 * One entry of a role's horizontal admin menu.
 */
export type AdminMenuItem = { name: string, icon: string, link: string, subMenus?: Array<AdminMenuItem>, };

/**
 * One line of the activity log.
 */
export type LogLine = {
/**
 * Unix milliseconds.
 */
at: number,
/**
 * The user name acting (or the username tried, for failed sign-ins).
 */
user: string, action: string, kcard?: string,
/**
 * What the change was made to, as `kind key` (`order K000123`, `product SF-1001`,
 * `user alice`); empty on lines older than structured events.
 */
target?: string,
/**
 * A short before → after summary (`price 12900 → 13545`, `Kerry TH123…`).
 */
details?: string,
/**
 * The change as data, for the viewer to word in their own language (`action` is the
 * message key, these its parameters): `items`, `totalSatang`, `before`, `after`, `delta`,
 * `code`, `reason`, `coins`, `amountSatang`, `reference`… A name ending in `Satang` is an
 * amount of money in satang. Absent on lines written before it existed: those show
 * `details` as stored (docs/STAFF.md, "The staff desk in the staff's own language").
 */
params?: { [key in string]: string }, };

/**
 * `{status, data}`: the admin menus of every role.
 */
export type AdminMenusAnswer = { status: SuccessStatus,
/**
 * Role name → its horizontal menu.
 */
data: { [key in string]: Array<AdminMenuItem> }, };

/**
 * `{status, lines, next}`
 */
export type ActivityAnswer = { status: SuccessStatus,
/**
 * Newest first.
 */
lines: Array<LogLine>,
/**
 * Pass as `before` for the next page; `null` on the last page.
 */
next: string | null, };

/**
 * One thing staff may be allowed to do (docs/STAFF.md).
 */
export type Permission = "orders.read" | "orders.write" | "customers.read" | "customers.write" | "staff.manage" | "catalog.write" | "settings.write" | "reports.read" | "activity.read";

// Staff: the order desk

/**
 * The desk's filters, as query parameters (all optional).
 */
export type OrderQuery = {
/**
 * `pending_payment`, `paid`, `preparing`, `shipped`, `delivered` or `cancelled`.
 */
status?: string,
/**
 * First shop day, `YYYY-MM-DD`.
 */
from?: string,
/**
 * Last shop day, `YYYY-MM-DD`.
 */
to?: string,
/**
 * `promptpay` or `bank_transfer`.
 */
payment?: string,
/**
 * The channel (`kcard`) the order came through.
 */
kcard?: string,
/**
 * Start of an order number, phone number, or a word of the customer's name.
 */
q?: string,
/**
 * Orders per page, 1 to 200 (default 50).
 */
limit?: number,
/**
 * The `next` of the previous page.
 */
after?: number, };

/**
 * `{status, orders, next}`
 */
export type OrderPageAnswer = { status: SuccessStatus,
/**
 * Newest first.
 */
orders: Array<Order>,
/**
 * Pass as `after` for the next page; `null` on the last page.
 */
next: OrderId | null, };

export type StatusBody = {
/**
 * The next status: `paid`, `preparing`, `shipped`, `delivered` or `cancelled`.
 */
status: OrderStatus,
/**
 * For `shipped`: a key of the `carrier` code table (kerry, flash, thaipost, jt, dhl, own).
 */
carrier?: string,
/**
 * For `shipped`: the carrier's tracking number.
 */
tracking?: string,
/**
 * Required for `cancelled`: why.
 */
reason?: string,
/**
 * For `paid`: the bank or slip reference.
 */
reference?: string, };

export type BulkStatusBody = {
/**
 * 1 to 200 order ids.
 */
ids: Array<number>,
/**
 * The move, as for one order.
 */
change: StatusBody, };

/**
 * One order a bulk move could not move, and why.
 */
export type BulkFailure = { id: OrderId, code: string, message: string, };

/**
 * `{status, orders, failed}`
 */
export type BulkStatusAnswer = { status: SuccessStatus,
/**
 * The orders that moved.
 */
orders: Array<Order>,
/**
 * The ones that did not, each with its error code.
 */
failed: Array<BulkFailure>, };

export type NoteBody = {
/**
 * 1 to 1000 characters; staff only.
 */
text: string, };

export type RejectProofBody = {
/**
 * Why the slip is not accepted (1 to 300 characters); the shopper sees it.
 */
reason: string, };

export type RefundBody = {
/**
 * The bank or card refund reference (1 to 200 characters).
 */
reference: string, };

/**
 * `{status, notifications}`: an order's messages, oldest first.
 */
export type NotificationsAnswer = { status: SuccessStatus, notifications: Array<NotificationView>, };

/**
 * A message as staff see it on the order desk (the reset link never leaves the server).
 */
export type NotificationView = { id: number, event: Event, channel: Channel, audience: Audience,
/**
 * The shopper's address; empty for the shop's own alerts.
 */
to: string,
/**
 * The copy address of an e-Tax mail (the time-stamp mailbox).
 */
cc: string | null, status: MessageStatus, attempts: number,
/**
 * Unix milliseconds.
 */
createdAt: number, sentAt: number | null,
/**
 * When the next try is due, while pending.
 */
nextAt: number | null, lastError: string | null, };

export type MessageStatus = "pending" | "sent" | "failed";

/**
 * What happened. The mail a shopper gets, and whether the shop is alerted, follow from it.
 */
export type Event = "orderPlaced" | "orderPaid" | "orderShipped" | "orderDelivered" | "orderCancelled" | "passwordReset" | "proofRejected" | "backupFailed";

/**
 * How a message travels.
 */
export type Channel = "email" | "line" | "etax";

/**
 * Who reads it: the shopper, or the shop's own staff (alerts).
 */
export type Audience = "shopper" | "shop";

// Staff: customers

/**
 * A customer as staff see them (never the password hash).
 */
export type Customer = { id: UserId, username: string, name: string, email: string, phone: string, role: Role, provider: Provider, coin: Coins, disabled: boolean,
/**
 * Unix seconds.
 */
createdAt: number, lastLoginAt: number | null, addInfo: Array<Address>, vatInfo: VatInfo | null, };

export type CustomerQuery = {
/**
 * Part of the username, name, email or phone.
 */
q?: string,
/**
 * Customers per page, 1 to 200 (default 50).
 */
limit?: number,
/**
 * The `next` of the previous page.
 */
after?: number, };

/**
 * `{status, customers, next}`
 */
export type CustomerPageAnswer = { status: SuccessStatus,
/**
 * Newest first.
 */
customers: Array<Customer>, next: UserId | null, };

/**
 * `{status, customer, orders, ledger}`
 */
export type CustomerAnswer = { status: SuccessStatus, customer: Customer,
/**
 * Newest first.
 */
orders: Array<Order>,
/**
 * Every coin change, oldest first; the amounts add up to the balance.
 */
ledger: Array<CoinEntry>, };

export type CoinsBody = {
/**
 * Whole coins to add (negative: to take back); not 0, at most 1000000 either way.
 */
amount: Coins,
/**
 * Why, for the ledger: 1 to 200 characters.
 */
reason: string, };

/**
 * `{status, customer}`
 */
export type CustomerChangeAnswer = { status: SuccessStatus, customer: Customer, };

export type DisabledBody = {
/**
 * `true` to disable (sign-in refused, tokens stop at once), `false` to enable again.
 */
disabled: boolean, };

/**
 * `{status, emailedTo, expiresAt}`: never the link itself.
 */
export type ResetLinkAnswer = { status: SuccessStatus,
/**
 * Unix seconds; the link stops working then, or once used.
 */
expiresAt: number,
/**
 * The customer's own address the link is mailed to.
 */
emailedTo: string, };

// Staff: products, stock and prices

/**
 * One change of a product's stock level.
 */
export type StockEntry = {
/**
 * Unix milliseconds.
 */
at: number,
/**
 * The user name of whoever made the change.
 */
actor: string, delta: number, reason: string,
/**
 * The level after this change.
 */
level: number, };

/**
 * One problem with one field (`price`, `name.en`, `rooms`…); `code` names the product when
 * several are checked at once.
 */
export type FieldProblem = { code?: string, field: string, message: string, };

/**
 * How a bulk edit changes prices.
 */
export type PriceChange = { "mode": "absolute", value: number, } | { "mode": "percent", value: number, };

/**
 * What happens to the compare-at ("was") price when prices change in bulk.
 */
export type CompareAtChange = "keep" | "clear" | "scale" | "oldPrice";

/**
 * How a bulk edit changes stock.
 */
export type StockChange = { "mode": "set", value: number, } | { "mode": "adjust", value: number, };

/**
 * A bulk edit of a selection: all of it is saved, or none if any product has a problem.
 */
export type BulkEdit = {
/**
 * 1 to 500 codes: variant codes, or product codes (a product without options: its one
 * variant; a product with options: all its variants).
 */
codes: Array<string>, price?: PriceChange, compareAt?: CompareAtChange, stock?: StockChange,
/**
 * Why stock changes (required with `stock`).
 */
reason?: string, };

/**
 * What an import would do with one row.
 */
export type RowChange = "new" | "changed" | "unchanged";

/**
 * One row of a preview: its line, code, and which fields it changes.
 */
export type RowPreview = { line: number, code: string, change: RowChange,
/**
 * The fields that differ from the stored product (`price`, `name.th`, `stock`…).
 */
fields: Array<string>,
/**
 * A short before → after summary.
 */
details: string,
/**
 * Image URLs a Shopify or WooCommerce file names for this product: the shop fetches
 * nothing from the internet, so the owner uploads them (docs/IMPORT.md).
 */
imageUrls?: Array<string>, };

/**
 * What importing a file would do (or did): every problem by line, and every row's change.
 * Nothing is written while there is a problem.
 */
export type ImportPreview = {
/**
 * `line N (CODE): field: message`, all of them.
 */
problems: Array<string>, rows: Array<RowPreview>, new: number, updated: number, unchanged: number,
/**
 * What the file was read as: `shop` (the shop's own JSON or CSV), `shopify` or
 * `woocommerce`.
 */
format: string,
/**
 * Categories the import creates (or would create), as `key: Title > Title`.
 */
createdCategories?: Array<string>,
/**
 * Rows left out on purpose, by line (WooCommerce grouped and external products).
 */
notes?: Array<string>, };

/**
 * The staff product list's filters (all optional).
 */
export type AdminProductQuery = {
/**
 * Part of the code, a variant's included (a leading `#` is ignored), or of a name in any
 * language.
 */
q?: string,
/**
 * A room key.
 */
room?: string,
/**
 * A category key.
 */
category?: string,
/**
 * `true`: shown on the storefront; `false`: hidden.
 */
active?: boolean,
/**
 * `true`: only products with 3 units or fewer (a product with options: when any shown
 * variant has).
 */
lowStock?: boolean,
/**
 * `any` or a language (`th`…): products lacking a name or description in it.
 */
missing?: string,
/**
 * Products per page, 1 to 200 (default 50).
 */
limit?: number,
/**
 * The `next` of the previous page (a product code; pages go by code).
 */
after?: string, };

/**
 * `{status, products, next, total}`
 */
export type AdminProductPageAnswer = { status: SuccessStatus,
/**
 * By code, with live stock levels (each variant's) and versions.
 */
products: Array<Product>,
/**
 * Pass as `after` for the next page; `null` on the last page.
 */
next: string | null,
/**
 * Every match, not only this page's.
 */
total: number, };

/**
 * `{status, product, ledger, ledgers}`
 */
export type AdminProductAnswer = { status: SuccessStatus, product: Product,
/**
 * The newest 100 stock changes of the product's own code, newest first.
 */
ledger: Array<StockEntry>,
/**
 * Each variant's newest stock changes (100 for a product without options, 20 each
 * otherwise), newest first, by variant code.
 */
ledgers: { [key in string]: Array<StockEntry> }, };

/**
 * `{status, product}`
 */
export type ProductSavedAnswer = { status: SuccessStatus, product: Product, };

/**
 * 400 `invalid_product`: every problem, by field.
 */
export type ProductProblemsAnswer = { status: ErrorStatus, error: ErrorDetail, problems: Array<FieldProblem>, };

/**
 * 409 `version_conflict`: the product as it is stored now, to show what changed.
 */
export type VersionConflictAnswer = { status: ErrorStatus, error: ErrorDetail, product: Product, };

/**
 * `{"code": "NEW-1"}`
 */
export type DuplicateBody = {
/**
 * The copy's code (unused so far).
 */
code: string, };

/**
 * `{"active": false}`
 */
export type ActiveBody = { active: boolean, };

/**
 * `{"delta": -2, "reason": "count 12 May"}`
 */
export type StockBody = {
/**
 * Units to add (negative: to take away); not 0.
 */
delta: number,
/**
 * Why, for the ledger: 1 to 200 characters.
 */
reason: string, };

/**
 * `{status, code, level, entry}`
 */
export type StockAnswer = { status: SuccessStatus, code: string,
/**
 * The new level.
 */
level: number, entry: StockEntry, };

/**
 * `{status, products}`
 */
export type BulkEditAnswer = { status: SuccessStatus,
/**
 * Every selected product as saved.
 */
products: Array<Product>, };

/**
 * `{"csv": "...", "apply": false, "createCategories": false}`
 */
export type ImportBody = {
/**
 * The file's text, as `kiosk catalog import` reads a .csv file: the shop's own catalogue
 * CSV, or Shopify's or WooCommerce's product export (recognised by its header row).
 */
csv: string,
/**
 * `false` (default): only preview; `true`: write it all, or nothing if any row has a problem.
 */
apply?: boolean,
/**
 * Shopify and WooCommerce files: create the categories they name that no category of the
 * shop is titled (default: each is a problem).
 */
createCategories?: boolean, };

/**
 * `{status, applied, preview}`
 */
export type ImportAnswer = { status: SuccessStatus,
/**
 * Whether the rows were written (never when there are problems).
 */
applied: boolean, preview: ImportPreview, };

/**
 * 400 `invalid_import`: the preview with every problem; nothing was written.
 */
export type ImportProblemsAnswer = { status: ErrorStatus, error: ErrorDetail, preview: ImportPreview, };

// Staff: accounts, roles and the activity log

/**
 * `{status, role, permissions}`
 */
export type MeAnswer = { status: SuccessStatus, role: Role,
/**
 * What the caller's role may do.
 */
permissions: Array<Permission>, };

/**
 * `{status, roles}`
 */
export type RolesAnswer = { status: SuccessStatus,
/**
 * Role name → its permissions.
 */
roles: Record<string, Array<Permission>>, };

export type RolesBody = {
/**
 * Role name (beginning with `admin`) → its permissions; roles left out lose theirs.
 */
roles: Record<string, Array<Permission>>, };

/**
 * `{status, staff}`
 */
export type StaffAnswer = { status: SuccessStatus,
/**
 * Every staff account, newest first.
 */
staff: Array<Customer>, };

export type NewStaffBody = { username: string, name?: string,
/**
 * At least 8 characters, not a common one; the new staff member changes it after signing in.
 */
password: string,
/**
 * A staff role: `admin`, `admin-sales`, `admin-stock`…
 */
role: string, };

/**
 * `{status, user}`
 */
export type StaffMemberAnswer = { status: SuccessStatus, user: Customer, };

export type RoleBody = {
/**
 * The new role: a staff role, or `user` to take staff rights away.
 */
role: string, };

/**
 * The activity viewer's filters (all optional).
 */
export type ActivityQuery = {
/**
 * Exactly this user name.
 */
actor?: string,
/**
 * Exactly this target, `kind key`: `order K000123`, `product SF-1001`.
 */
target?: string,
/**
 * Part of the action, target or details: an order number, a user name, a word.
 */
q?: string,
/**
 * One shop day, `YYYY-MM-DD`.
 */
day?: string,
/**
 * Lines per page, 1 to 500 (default 100).
 */
limit?: number,
/**
 * The `next` of the previous page.
 */
before?: string, };

// Staff: content

/**
 * What the page editor sends: the page minus its name.
 */
export type PageInput = { title: Localized, body: Localized, published?: boolean, };

/**
 * One message key with its text in each language, as the translations editor shows it.
 */
export type TranslationRow = {
/**
 * Dotted path, e.g. `cart.checkout` (array items as `footer.infoLinks.0.name`).
 */
key: string,
/**
 * The text in each language; empty where the language lacks it (English shows then).
 */
texts: Localized,
/**
 * Languages whose text is the owner's edit rather than the shipped one.
 */
edited: Array<Locale>,
/**
 * Set on keys the site settings page edits instead (`infoBar.message`, `footer.tel`).
 */
fromSettings: boolean, };

/**
 * What the editor sends for one key: the new text of some languages.
 */
export type TranslationInput = { key: string,
/**
 * Language code → the new text. An empty text (not English) means "not translated":
 * English shows in that language.
 */
texts: Partial<Record<Locale, string>>, };

/**
 * Everything the settings page edits.
 */
export type SiteSettings = {
/**
 * The message in the bar above the menu (delivery offers…), per language.
 */
infoBar: Localized, contact: ContactLinks, features: FeatureFlags, shipping: ShippingTerms, };

/**
 * Contact and social links; an empty value hides that link.
 */
export type ContactLinks = {
/**
 * A phone number (`02-123-4567`, `+66 2 123 4567`) or a `tel:` link.
 */
tel: string,
/**
 * An e-mail address or a `mailto:` link.
 */
email: string,
/**
 * A LINE official account id (`@kioskfurniture`) or an `https://line.me/…` link.
 */
line: string, facebook: string, viber: string, instagram: string, twitter: string, youtube: string, };

/**
 * Which optional menus the storefront shows (docs/STOREFRONT.md §2).
 */
export type FeatureFlags = { roomMenu: boolean, categoryMenu: boolean, };

/**
 * Flat-rate shipping and the order value from which it is free (satang).
 */
export type ShippingTerms = { flatRate: Satang, freeOver: Satang, };

/**
 * What the staff page shows about the current file.
 */
export type CatalogueFile = {
/**
 * Whether an uploaded file replaces the built-in one.
 */
uploaded: boolean,
/**
 * Size in bytes of the file served.
 */
bytes: number,
/**
 * When it was uploaded (unix milliseconds); absent for the built-in copy.
 */
modified?: number,
/**
 * Where shoppers download it.
 */
url: string, };

/**
 * `{status, pages}`
 */
export type AdminPagesAnswer = { status: SuccessStatus,
/**
 * Every page, published or not, by name.
 */
pages: Array<Page>, };

/**
 * `{status, page}`
 */
export type AdminPageAnswer = { status: SuccessStatus, page: Page, };

/**
 * A new page: its name (the address, `/content/{name}` and `/info/{name}`) and content.
 */
export type NewPageBody = {
/**
 * Lowercase letters, digits and `-` (`returns`), optionally `section/page`.
 */
name: string, title: Localized,
/**
 * Markdown per language.
 */
body: Localized, published?: boolean, };

/**
 * `{status, rows}`
 */
export type TranslationsAnswer = { status: SuccessStatus,
/**
 * Every message key, sorted.
 */
rows: Array<TranslationRow>, };

/**
 * `{status, row}`
 */
export type TranslationAnswer = { status: SuccessStatus, row: TranslationRow, };

/**
 * `{status, settings}`
 */
export type SettingsAnswer = { status: SuccessStatus, settings: SiteSettings, };

/**
 * `{status, file, live}`
 */
export type CatalogueAnswer = { status: SuccessStatus, file: CatalogueFile,
/**
 * What shoppers download while no file is uploaded: the catalogue the shop draws from
 * its products (the built-in copy only stands in when that cannot be made). Absent when
 * an uploaded file is served.
 */
live?: LiveCatalogue, };

/**
 * The drawn e-catalogue in one language, as shoppers get it now.
 */
export type LiveCatalogue = {
/**
 * The language of this copy (`th`); each language has its own.
 */
lang: string,
/**
 * True while the copy is being drawn (the first time, or after a catalogue change): ask
 * again shortly. Drawing a large catalogue takes longer than a request may wait.
 */
drawing: boolean,
/**
 * Size and pages of the copy served now; absent before the first copy exists.
 */
bytes?: number, pages?: number,
/**
 * When it was drawn (unix milliseconds).
 */
madeAt?: number, };

/**
 * Which copy the staff page describes: `?lang=` (a shop language), else Thai.
 */
export type CatalogueQuery = { lang?: string, };

/**
 * `?lang=th&event=orderPaid`: the language (default Thai) and the shopper's message
 * (`orderPlaced`, `orderPaid`, `orderShipped`, `orderDelivered`, `orderCancelled`; default
 * `orderPaid`).
 */
export type MailPreviewQuery = { lang?: string, event?: string, };

/**
 * `{status, lang, event, subject, text, html}`
 */
export type MailPreviewAnswer = { status: SuccessStatus, lang: Locale,
/**
 * The message previewed (`orderPaid`).
 */
event: string, subject: string,
/**
 * The plain-text part.
 */
text: string,
/**
 * The HTML part: a whole document, inline styles only.
 */
html: string, };

// Staff: promotions and coupons

/**
 * A coupon as the shop defined it, with what has been used of it.
 */
export type Coupon = { code: string,
/**
 * Shown in the header's coupon label while valid.
 */
display: boolean, discount: Discount,
/**
 * The order value (after promotions) needed, in satang.
 */
minSpend: Satang,
/**
 * Unix seconds; the coupon is valid from `starts_at` until before `ends_at`. A new
 * coupon may leave them out: it starts now and runs 30 days (`edit::NEW_COUPON_DAYS`).
 */
startsAt: number, endsAt: number,
/**
 * How often it can be used in all (0 = no limit) and per shopper (0 = no limit).
 */
usageLimit: number, perUserLimit: number,
/**
 * Off: refused by the quote and hidden from the header (staff deactivate, never delete).
 */
active?: boolean, };

/**
 * A coupon with how often it was used (orders placed with it, cancellations taken back).
 */
export type AdminCoupon = { uses: number, code: string,
/**
 * Shown in the header's coupon label while valid.
 */
display: boolean, discount: Discount,
/**
 * The order value (after promotions) needed, in satang.
 */
minSpend: Satang,
/**
 * Unix seconds; the coupon is valid from `starts_at` until before `ends_at`. A new
 * coupon may leave them out: it starts now and runs 30 days (`edit::NEW_COUPON_DAYS`).
 */
startsAt: number, endsAt: number,
/**
 * How often it can be used in all (0 = no limit) and per shopper (0 = no limit).
 */
usageLimit: number, perUserLimit: number,
/**
 * Off: refused by the quote and hidden from the header (staff deactivate, never delete).
 */
active?: boolean, };

/**
 * `{status, coupons}`
 */
export type AdminCouponsAnswer = { status: SuccessStatus,
/**
 * By code.
 */
coupons: Array<AdminCoupon>, };

/**
 * `{status, coupon}`
 */
export type AdminCouponAnswer = { status: SuccessStatus, coupon: AdminCoupon, };

/**
 * `{status, promotions}`
 */
export type AdminPromotionsAnswer = { status: SuccessStatus,
/**
 * Every promotion, on or off, by id.
 */
promotions: Array<Promotion>, };

/**
 * `{status, promotion}`
 */
export type AdminPromotionAnswer = { status: SuccessStatus, promotion: Promotion, };

// Staff: rooms and categories

/**
 * A room with how many products are in it.
 */
export type AdminRoom = { products: number, key: string, title: Localized, pageName: string | null, image: string | null, icon: string | null, order: number, };

/**
 * A category as staff edit it: flat, naming its parent, with its product count.
 */
export type AdminCategory = {
/**
 * Immutable once created: products refer to it.
 */
key: string, title: Localized,
/**
 * The URL segment (`/category/{pageName}`); unique; empty: the key.
 */
pageName: string | null,
/**
 * The parent category's key; `null` at the top.
 */
parent: string | null,
/**
 * Place among its siblings (0 first); 0 on create: at the end.
 */
order: number,
/**
 * Products in it (ignored when sent).
 */
products: number, };

/**
 * `{status, rooms}`
 */
export type AdminRoomsAnswer = { status: SuccessStatus,
/**
 * In menu order.
 */
rooms: Array<AdminRoom>, };

/**
 * `{status, room}`
 */
export type AdminRoomAnswer = { status: SuccessStatus, room: Room, };

/**
 * `{status, categories}`
 */
export type AdminCategoriesAnswer = { status: SuccessStatus,
/**
 * Flat, by parent then order.
 */
categories: Array<AdminCategory>, };

/**
 * `{status, category}`
 */
export type AdminCategoryAnswer = { status: SuccessStatus, category: AdminCategory, };

/**
 * `{status}`
 */
export type DeletedAnswer = { status: SuccessStatus, };

/**
 * A new order: every key (of the rooms, or of one parent's categories) once.
 */
export type OrderBody = {
/**
 * For categories: whose children (`null`: the top categories). Ignored for rooms.
 */
parent?: string, keys: Array<string>, };

// Staff: code tables

/**
 * One key of a code table.
 */
export type CodeEntry = {
/**
 * Immutable: products and orders store it.
 */
key: string, title: Localized,
/**
 * Off: kept for old records, no longer offered.
 */
active: boolean,
/**
 * Records using the key (products for material/colour, orders for carrier/province);
 * counted on the one-group answer, 0 in the list of all groups.
 */
used: number, };

/**
 * One code table.
 */
export type CodeGroup = {
/**
 * The group key (`material`).
 */
group: string,
/**
 * Its name in each language (messages `admin.codes.groups.<group>`; the key when none).
 */
title: Localized,
/**
 * Keys defined by the program (order states, payment methods…): titles only.
 */
system: boolean,
/**
 * By key.
 */
entries: Array<CodeEntry>, };

/**
 * `{status, groups}`
 */
export type CodeGroupsAnswer = { status: SuccessStatus, groups: Array<CodeGroup>, };

/**
 * `{status, group}`
 */
export type CodeGroupAnswer = { status: SuccessStatus, group: CodeGroup, };

/**
 * `{status, entry}`
 */
export type CodeEntryAnswer = { status: SuccessStatus, entry: CodeEntry, };

/**
 * `{status}`
 */
export type CodeRemovedAnswer = { status: SuccessStatus, };

/**
 * A new key with its titles.
 */
export type NewCodeBody = { key: string, title: Localized, };

/**
 * New titles and state of a key (the key itself never changes).
 */
export type CodeBody = { title: Localized, active?: boolean, };

// Staff: product images

/**
 * `{status, product}`: the whole product after the change (its `images`, `imageAlts` and
 * new `version`).
 */
export type ProductImagesAnswer = { status: SuccessStatus, product: Product, };

/**
 * The product's images in their new order, without those to remove, and the alt text of
 * each. Images are never added here (upload them instead).
 */
export type ProductImagesBody = {
/**
 * Image paths, each one the product has, first = the main image.
 */
images: Array<string>,
/**
 * Image path → alt text per language (at most 250 characters each); an image left out
 * has none (the storefront then uses the product's name).
 */
imageAlts?: { [key in string]: Localized },
/**
 * The version the editor started from: a change based on another gets 409
 * `version_conflict`. Optional.
 */
version?: number, };

// Staff: reports

/**
 * Orders and revenue of one slice (a payment method, a channel).
 */
export type Tally = { orders: number, revenue: Satang, };

export type RangeQuery = {
/**
 * First shop day, `YYYY-MM-DD` (default: 29 days before `to`).
 */
from?: string,
/**
 * Last shop day, `YYYY-MM-DD` (default: today).
 */
to?: string, };

/**
 * One day of a report.
 */
export type SalesDay = {
/**
 * `YYYY-MM-DD`.
 */
date: string, orders: number, revenue: Satang, };

/**
 * Totals of a range; cancelled orders are not counted.
 */
export type SalesTotals = {
/**
 * Orders placed in the range (paid or not, cancelled ones not counted).
 */
orders: number,
/**
 * What those orders come to (paid or not).
 */
revenue: Satang,
/**
 * Sales: what was paid for orders placed in the range, less the refunds recorded in it.
 * The figure the dashboard leads with: an order waiting for its payment is not a sale.
 */
sales: Satang,
/**
 * Orders placed in the range whose payment was received, and their total.
 */
paid: Tally,
/**
 * Orders placed in the range still waiting for their payment now, and their total.
 */
awaiting: Tally,
/**
 * Revenue divided by orders, rounded down.
 */
averageOrder: Satang,
/**
 * VAT contained in the revenue.
 */
vat: Satang,
/**
 * Refunds recorded in the range (not taken from the revenue: cancelled orders already
 * are not counted there).
 */
refunds: Tally, };

/**
 * Units sold of one product.
 */
export type ProductSales = { code: string, name: Localized | null, units: number, };

/**
 * `{status, days, totals, byPayment, byKcard, topProducts}`
 */
export type SalesReportAnswer = { status: SuccessStatus, days: Array<SalesDay>, totals: SalesTotals,
/**
 * Payment method → orders and revenue.
 */
byPayment: Record<string, Tally>,
/**
 * Channel (`kcard`) → orders and revenue; `""` is the web shop.
 */
byKcard: Record<string, Tally>,
/**
 * The ten best sellers of the range.
 */
topProducts: Array<ProductSales>, };

/**
 * What needs someone now.
 */
export type Attention = {
/**
 * Unpaid for longer than `payment_wait_hours`.
 */
awaitingPayment: number,
/**
 * The configured `payment_wait_hours`, so the dashboard can say "for more than N hours".
 */
paymentWaitHours: number,
/**
 * Paid or being prepared, not shipped yet.
 */
toShip: number,
/**
 * Shipped, not yet confirmed delivered.
 */
inTransit: number,
/**
 * Unpaid orders with a payment slip waiting to be checked.
 */
proofsToCheck: number,
/**
 * Orders owing their shopper money back: cancelled after payment, paid after expiry, or
 * paid twice (`payment.refundDue`).
 */
refundsDue: number, };

/**
 * A product running out.
 */
export type LowStock = { code: string, name: Localized, stock: number, };

/**
 * `{status, today, last7, last30, days, attention, topProducts, lowStock}`
 */
export type DashboardAnswer = { status: SuccessStatus, today: SalesTotals, last7: SalesTotals, last30: SalesTotals,
/**
 * The last 30 days, for the chart.
 */
days: Array<SalesDay>, attention: Attention, topProducts: Array<ProductSales>, lowStock: Array<LowStock>, storage: StorageStatus, };

/**
 * Whether the shop can save and whether its backups run: both fail out of sight otherwise
 * (a full disk answered shoppers with errors while health said 200; nightly backups failed
 * for days with no one told).
 */
export type StorageStatus = {
/**
 * Since when (Unix seconds) writes have been refused because the disk is full; absent
 * while the shop saves normally.
 */
diskFullSince?: number,
/**
 * The last backup tried; absent before the first.
 */
lastBackup?: BackupRecord,
/**
 * What staff should be warned about the backups; absent when they are fine.
 */
backupWarning?: BackupWarning,
/**
 * Each off-site destination configured (`[[backup.destinations]]`) and its copies.
 */
offsite: Array<OffsiteStatus>,
/**
 * The HTTPS certificate the shop serves itself (`[tls]`); absent without it.
 */
certificate?: CertificateStatus,
/**
 * What staff should be warned about that certificate (14 days before it expires, or after
 * a failed renewal); absent when it is fine.
 */
certificateWarning?: CertificateWarning, };

/**
 * The outcome of the last backup the shop tried, kept in `meta` under `last_backup` so the
 * staff dashboard can warn when the nightly backup fails or stops running: a timer that fails
 * every night is silent otherwise (issue 29: backups stopped after the first guest order and
 * nobody was told).
 */
export type BackupRecord = {
/**
 * When the last backup was tried (Unix seconds).
 */
at: number,
/**
 * Whether that backup was written.
 */
ok: boolean,
/**
 * The archive written, when it was.
 */
file?: string,
/**
 * Why it failed, when it did (the operator's command printed the same).
 */
error?: string,
/**
 * When a backup was last written (Unix seconds), whichever try that was.
 */
lastWrittenAt?: number, };

/**
 * What is wrong with the shop's backups, if anything.
 */
export type BackupWarning = "never" | "failed" | "overdue";

/**
 * One off-site destination on the dashboard: its last successful copy, and whether staff
 * are warned (no successful copy for 48 hours, or never).
 */
export type OffsiteStatus = { name: string,
/**
 * `s3`, `webdav`, `sftp` or `file`.
 */
kind: string,
/**
 * The last copy tried and the last success; absent before the first.
 */
record?: OffsiteRecord, overdue: boolean, };

/**
 * The outcome of the copies to one destination.
 */
export type OffsiteRecord = {
/**
 * When the last copy was tried (Unix seconds).
 */
at: number,
/**
 * Whether that copy was written and verified.
 */
ok: boolean,
/**
 * Why it failed, when it did.
 */
error?: string,
/**
 * The last archive copied and verified, and when (Unix seconds).
 */
lastArchive?: string, lastSuccessAt?: number, };

/**
 * The certificate the shop serves and how its last renewal went.
 */
export type CertificateStatus = {
/**
 * The names the certificate in force covers.
 */
names: Array<string>,
/**
 * When it expires (Unix seconds); absent before the first certificate.
 */
notAfter?: number,
/**
 * When a certificate was last asked for (Unix seconds).
 */
lastAttemptAt?: number,
/**
 * Why that attempt failed; absent when it succeeded.
 */
lastError?: string, };

/**
 * What staff should be told about the shop's HTTPS certificate.
 */
export type CertificateWarning = "expiring" | "renewalFailed";

// Staff: search

/**
 * `{status, groups}`: the synonym groups in force.
 */
export type SynonymsAnswer = { status: SuccessStatus,
/**
 * Each group: words or phrases a shopper may use for the same thing, in any language.
 */
groups: Array<Array<string>>, };

/**
 * Every group (replacing the ones in force).
 */
export type SynonymsBody = { groups: Array<Array<string>>, };

/**
 * A keyword shoppers searched for that found too little, and how often.
 */
export type SearchMiss = { keyword: string, count: number, };

/**
 * `{status, misses}`: most searched first.
 */
export type SearchMissesAnswer = { status: SuccessStatus, misses: Array<SearchMiss>, };

// Staff: insights

/**
 * One shop day: visits, page views, orders placed and their revenue.
 */
export type InsightsDay = {
/**
 * `YYYY-MM-DD`.
 */
date: string, visits: number, pageViews: number, orders: number, revenue: Satang,
/**
 * Orders per visit (0 without visits).
 */
conversion: number, };

/**
 * One step of the funnel: product view → cart → checkout → placed → paid.
 */
export type FunnelStep = {
/**
 * `productView`, `cart`, `checkout`, `placed` or `paid`.
 */
step: string,
/**
 * Visitors who reached the step (`placed` and `paid`: orders).
 */
count: number,
/**
 * The share of the previous step that did not reach this one (0 for the first).
 */
drop: number, };

/**
 * Visits, orders and revenue of one slice: a channel, a referrer, a device class, a language.
 */
export type InsightsSlice = {
/**
 * The channel (`kcard`), referrer domain (empty: none), device class or language code.
 */
name: string, visits: number, orders: number, revenue: Satang, conversion: number, };

/**
 * A product's page views beside the units sold.
 */
export type ProductInsight = { code: string, name: string, views: number, sold: number, };

/**
 * A search term: how often it was searched and how many orders followed it.
 */
export type SearchInsight = { term: string, searches: number, orders: number, };

/**
 * Page views by page kind (`home`, `product`, `checkout`…).
 */
export type PageKindViews = { kind: string, views: number, };

/**
 * What was counted apart: crawler page requests and visitors whose browser never ran the app.
 */
export type CrawlerCounts = { pages: number, noScript: number, };

/**
 * Cart reminders: sent, carts that came back to an order, and those orders' revenue.
 */
export type ReminderCounts = { sent: number, recovered: number, revenue: Satang, };

/**
 * The whole view of a range.
 */
export type InsightsReport = { from: string, to: string, days: Array<InsightsDay>, funnel: Array<FunnelStep>, byKcard: Array<InsightsSlice>, topProducts: Array<ProductInsight>, searches: Array<SearchInsight>, referrers: Array<InsightsSlice>, devices: Array<InsightsSlice>, languages: Array<InsightsSlice>, pages: Array<PageKindViews>, crawlers: CrawlerCounts, reminders: ReminderCounts, };

/**
 * `{status, from, to, days, funnel, byKcard, topProducts, searches, referrers, devices, …}`.
 */
export type InsightsAnswer = { status: SuccessStatus, from: string, to: string, days: Array<InsightsDay>, funnel: Array<FunnelStep>, byKcard: Array<InsightsSlice>, topProducts: Array<ProductInsight>, searches: Array<SearchInsight>, referrers: Array<InsightsSlice>, devices: Array<InsightsSlice>, languages: Array<InsightsSlice>, pages: Array<PageKindViews>, crawlers: CrawlerCounts, reminders: ReminderCounts, };

/**
 * A range and the table to download.
 */
export type InsightsCsvQuery = { from?: string, to?: string,
/**
 * `days`, `funnel`, `byKcard`, `topProducts`, `searches`, `referrers`, `devices` or
 * `languages`.
 */
table: string, };

/**
 * A page the app showed: `path` as in the address bar (language prefix and query included);
 * `first` when it is the page the server sent (the app only confirms it ran).
 */
export type HitBody = { path: string, first?: boolean, };

// Catalogue

/**
 * A product as stored and served (docs/STOREFRONT.md §3; issue contract). Money is integer satang.
 */
export type Product = { code: string, name: Localized, description: Localized,
/**
 * Price in satang (฿1 = 100), VAT included.
 */
price: Satang,
/**
 * The crossed-out "was" price, in satang; higher than `price` when present.
 */
compareAtPrice: Satang | null, images: Array<string>,
/**
 * Alt text per language, keyed by an entry of `images` (missing: the product's name).
 */
imageAlts?: { [key in string]: Localized }, rooms: Array<string>,
/**
 * Category keys (leaf and parents). Imports also accept the old spelling `catagories`
 * (docs/STOREFRONT.md §3).
 */
categories: Array<string>, dimensions: Dimensions, material: string, colour: string, stock: number, active: boolean,
/**
 * Sort key for "popular": sales and views, 0–100.
 */
popularity: number,
/**
 * Sort key for "newest": an ISO date (YYYY-MM-DD).
 */
createdAt: string,
/**
 * Bumped by every change to the product (not by stock, which has its own ledger); a staff
 * save based on another version is refused (`version_conflict`). 0 for never-edited
 * seeds and imports older than versions.
 */
version: number,
/**
 * Up to three options (Fabric, Size…); none for a product sold in one form
 * (docs/VARIANTS.md).
 */
options: Array<ProductOption>,
/**
 * What is sold: one variant per existing combination of option values, exactly one for a
 * product without options (its code the product's). Stored products older than variants
 * have none until migration 16 gives them theirs.
 */
variants: Array<Variant>, };

/**
 * Outer dimensions in millimetres.
 */
export type Dimensions = { width: number, depth: number, height: number, };

/**
 * One option of a product (Fabric, Size…) and the values it offers, in their order.
 */
export type ProductOption = { kind: OptionKind, name: Localized, values: Array<OptionValue>, };

/**
 * What an option is about: colours show as swatches, and colour, size and material values are
 * facets of the storefront's lists.
 */
export type OptionKind = "colour" | "size" | "material" | "other";

/**
 * A value of an option: its text per language, its facet key and, for colours, a swatch.
 */
export type OptionValue = {
/**
 * The facet key: for colours and materials a key of the `colour`/`material` label set,
 * for sizes a slug ("6-ft"). Empty: not a facet.
 */
key?: string,
/**
 * `#rrggbb`, for colour values shown without a photo.
 */
swatch?: string, en: string, th: string, my: string, km: string, id: string, };

/**
 * One sellable combination of a product's option values.
 */
export type Variant = {
/**
 * The SKU: product-code rules, unique across products and variants.
 */
code: string,
/**
 * The index of the chosen value of each option, in the product's option order.
 */
values: Array<number>,
/**
 * Satang, VAT included.
 */
price: Satang, compareAtPrice?: Satang,
/**
 * The live level when served; in stored documents the level at import.
 */
stock: number, active: boolean,
/**
 * Grams, for delivery.
 */
weight?: number, dimensions?: Dimensions,
/**
 * The product's photos that show this variant (a subset of the product's `images`).
 */
images: Array<string>, };

/**
 * A room of the home (living room, bedroom…) that products are shown by.
 */
export type Room = { key: string, title: Localized, pageName: string | null, image: string | null, icon: string | null, order: number, };

/**
 * A category with its children, as the API and the side menu show it.
 */
export type CategoryNode = { key: string, title: Localized, pageName: string | null, order: number, children: Array<CategoryNode>, };

/**
 * The filters of the product list. Values arrive as text and are checked by
 * [`ProductQuery::parse`], whose errors name the parameter; a parameter that is not a filter
 * is refused too.
 */
export type ProductListParams = {
/**
 * Room key.
 */
room?: string,
/**
 * Category key (parents include their children's products).
 */
category?: string,
/**
 * Satang.
 */
minPrice?: number,
/**
 * Satang.
 */
maxPrice?: number,
/**
 * Comma-separated material keys.
 */
material?: string,
/**
 * Comma-separated colour keys.
 */
colour?: string,
/**
 * Comma-separated size keys (the keys of size option values, as `facets.sizes`
 * names them).
 */
size?: string,
/**
 * `popular` (default), `newest`, `price_asc` or `price_desc`.
 */
sort?: string,
/**
 * From 1 to 10 000.
 */
page?: number,
/**
 * 1–100, default 24.
 */
limit?: number,
/**
 * The language of the names: `en` (default), `th`, `my`, `km` or `id`.
 */
lang?: string, };

/**
 * The words to search for, the listing's filters and sort, and the page. Values arrive as
 * text and are checked by [`ProductQuery::parse`], whose errors name the parameter.
 */
export type SearchParams = {
/**
 * Up to 100 characters.
 */
keyword?: string,
/**
 * Room key.
 */
room?: string,
/**
 * Category key (parents include their children's products).
 */
category?: string,
/**
 * Satang.
 */
minPrice?: number,
/**
 * Satang.
 */
maxPrice?: number,
/**
 * Comma-separated material keys.
 */
material?: string,
/**
 * Comma-separated colour keys.
 */
colour?: string,
/**
 * Comma-separated size keys (the keys of size option values, as `facets.sizes`
 * names them).
 */
size?: string,
/**
 * `relevance` (default), `popular`, `newest`, `price_asc` or `price_desc`.
 */
sort?: string,
/**
 * From 1 to 10 000.
 */
page?: number,
/**
 * 1–100, default 24.
 */
limit?: number,
/**
 * `1`: suggestions while typing, not counted as a search that found too little.
 */
suggest?: string,
/**
 * The language of the names: `en` (default), `th`, `my`, `km` or `id`.
 */
lang?: string, };

/**
 * The code prefix to look for.
 */
export type CodeSearchParams = {
/**
 * A code prefix; case and spaces are ignored.
 */
keyword?: string,
/**
 * The language of the names: `en` (default), `th`, `my`, `km` or `id`.
 */
lang?: string, };

/**
 * The size wanted. It arrives as text and is checked against [`WIDTHS`], so a wrong value
 * is answered `invalid_parameter` naming `w`.
 */
export type ImageParams = {
/**
 * A width for a resized copy: 160, 320, 480, 640, 960 or 1280.
 */
w?: number,
/**
 * The image's version (from the URLs the catalogue answers give); the answer to the
 * current version is cached for a year.
 */
v?: string, };

/**
 * `{status, rooms}`
 */
export type RoomsAnswer = { status: SuccessStatus, rooms: Array<Room>, };

/**
 * `{status, categories}`
 */
export type CategoriesAnswer = { status: SuccessStatus,
/**
 * The top categories, each with its children.
 */
categories: Array<CategoryNode>, };

/**
 * `{status, products, total, page, limit, facets, correctedKeyword?, unmatchedWords?}`: one page of the
 * matching products.
 */
export type ProductPageAnswer = { status: SuccessStatus, products: Array<ProductSummary>,
/**
 * Every match, not only this page's.
 */
total: number,
/**
 * From 1.
 */
page: number, limit: number,
/**
 * What each filter choice would give, with the other filters kept.
 */
facets: Facets,
/**
 * Search only: what was searched instead of the keyword typed (another keyboard layout,
 * or the nearest known spelling), for a "showing results for …" note.
 */
correctedKeyword?: string,
/**
 * Search only: the words of the keyword no product on the page holds, when no product
 * held every word and those holding the most of them are shown instead (for a "no results
 * for …; showing …" note).
 */
unmatchedWords?: Array<string>, };

/**
 * Matches per room, category, material, colour and size key (keys without matches left out),
 * the price range of the matches, and the text of each size counted (sizes have no label set
 * to name them, docs/VARIANTS.md §4).
 */
export type Facets = { rooms: { [key in string]: number }, categories: { [key in string]: number }, materials: { [key in string]: number }, colours: { [key in string]: number }, sizes: { [key in string]: number },
/**
 * The text of each key of `sizes`, per language.
 */
sizeLabels: { [key in string]: Localized }, price: PriceRange, };

/**
 * Lowest and highest price in satang (both 0 when nothing matches).
 */
export type PriceRange = { min: Satang, max: Satang, };

/**
 * `{status, product}`
 */
export type ProductAnswer = { status: SuccessStatus, product: RatedProduct, };

/**
 * A product with what shoppers thought of it.
 */
export type RatedProduct = {
/**
 * The reviews of delivered orders holding it; absent when there are none.
 */
rating?: Rating, code: string, name: Localized, description: Localized,
/**
 * Price in satang (฿1 = 100), VAT included.
 */
price: Satang,
/**
 * The crossed-out "was" price, in satang; higher than `price` when present.
 */
compareAtPrice: Satang | null, images: Array<string>,
/**
 * Alt text per language, keyed by an entry of `images` (missing: the product's name).
 */
imageAlts?: { [key in string]: Localized }, rooms: Array<string>,
/**
 * Category keys (leaf and parents). Imports also accept the old spelling `catagories`
 * (docs/STOREFRONT.md §3).
 */
categories: Array<string>, dimensions: Dimensions, material: string, colour: string, stock: number, active: boolean,
/**
 * Sort key for "popular": sales and views, 0–100.
 */
popularity: number,
/**
 * Sort key for "newest": an ISO date (YYYY-MM-DD).
 */
createdAt: string,
/**
 * Bumped by every change to the product (not by stock, which has its own ledger); a staff
 * save based on another version is refused (`version_conflict`). 0 for never-edited
 * seeds and imports older than versions.
 */
version: number,
/**
 * Up to three options (Fabric, Size…); none for a product sold in one form
 * (docs/VARIANTS.md).
 */
options: Array<ProductOption>,
/**
 * What is sold: one variant per existing combination of option values, exactly one for a
 * product without options (its code the product's). Stored products older than variants
 * have none until migration 16 gives them theirs.
 */
variants: Array<Variant>, };

/**
 * What shoppers thought of a product: `{average, count}`, absent when nobody reviewed it.
 */
export type Rating = {
/**
 * From 1 to 5, rounded to one decimal.
 */
average: number,
/**
 * How many reviews of delivered orders holding the product.
 */
count: number, };

/**
 * `{status, products, total}`
 */
export type ProductListAnswer = { status: SuccessStatus, products: Array<ProductSummary>, total: number, };

/**
 * What a product card shows, in one language: lists carry these instead of whole products
 * (a card never shows descriptions, and five languages of them made a page of 24 weigh
 * 64 KB). Rooms and categories stay because promotions are chosen by them.
 */
export type ProductSummary = { code: string,
/**
 * In the requested language; English when that translation is empty.
 */
name: string,
/**
 * With `variant`: that variant's price; otherwise the lowest price of the active
 * variants ("from").
 */
price: Satang, compareAtPrice: Satang | null,
/**
 * The first picture (with `variant`: that variant's), if any, as a versioned URL
 * (`image_urls`).
 */
image: string | null, rooms: Array<string>, categories: Array<string>, stock: number, active: boolean,
/**
 * The highest price of the active variants, only when they differ in price and no
 * `variant` is named: the card says "from ฿price".
 */
maxPrice?: Satang,
/**
 * Up to five colour values that an active variant has, in option order.
 */
swatches?: Array<Swatch>,
/**
 * The variant a code search or option-value search matched (`price`, `compareAtPrice`,
 * `image` and `stock` are then its own); the product page opens with it chosen.
 */
variant?: string, };

/**
 * A colour dot on a card: the colour's label key and its `#rrggbb`, when it has one.
 */
export type Swatch = { key: string, swatch?: string, };

/**
 * The language of a list's names.
 */
export type LangParams = {
/**
 * `en` (default), `th`, `my`, `km` or `id`.
 */
lang?: string, };

// Carts and prices

/**
 * The cart as the UI shows it: lines with the product's current name, price and picture.
 */
export type CartView = {
/**
 * The visitor id (a UUID) or the signed-in user's id, as a string.
 */
id: string, lines: Array<CartLineView>,
/**
 * The item count (`amt`, docs/STOREFRONT.md §3).
 */
amt: number, };

/**
 * A cart line with what the catalogue says about its variant now (docs/VARIANTS.md §3).
 */
export type CartLineView = {
/**
 * The variant's code (a product without options: the product's code).
 */
code: string,
/**
 * The product the variant belongs to; absent when it has left the catalogue.
 */
productCode?: string, qty: number,
/**
 * The product's name; null when the product has left the catalogue.
 */
name: Localized | null,
/**
 * The chosen option values per language joined by " / " ("Grey / 6 ft"); absent for a
 * product without options.
 */
choice?: Localized,
/**
 * Satang, the variant's current price; null when it has left the catalogue.
 */
unitPrice: Satang | null,
/**
 * Satang, the variant's compare-at price when it is on sale.
 */
compareAtPrice?: Satang,
/**
 * The variant's first photo, else the product's first.
 */
image: string | null,
/**
 * The variant's units in stock now.
 */
stock: number,
/**
 * False for variants no longer sold (the variant or its product hidden, or gone): they
 * can only be removed.
 */
available: boolean, };

export type LineBody = {
/**
 * The cart: the visitor id (a UUID) or the signed-in user's id.
 */
id: string | number,
/**
 * The variant's code (a product without options: the product's code). A product with
 * options named by its own code, when that is none of its variants', is refused with
 * `variant_required`.
 */
code: string,
/**
 * Units: 1 to 99 to add; 0 to 99 to set (0 takes the line out).
 */
qty: number, };

export type MergeBody = {
/**
 * The signed-in user's id (a number, or digits in a string).
 */
uid: string | number,
/**
 * The visitor id (a UUID) whose cart joins the user's.
 */
mid: string, };

export type QuoteBody = {
/**
 * The cart: the visitor id (a UUID) or the signed-in user's id.
 */
id: string | number, coupon?: string,
/**
 * Whole coins (1 coin = ฿1) to use; signed-in carts only.
 */
coins?: Coins,
/**
 * The shopper's language: some promotions run in one language only.
 */
lang?: string, };

/**
 * What an order costs, as the API shows it (satang).
 */
export type Quote = { subtotal: Satang, promotionDiscount: Satang, couponDiscount: Satang,
/**
 * Satang paid with coins (whole baht).
 */
coins: Satang, shipping: Satang,
/**
 * VAT contained in `total`.
 */
vat: Satang, total: Satang,
/**
 * The promotion discount of each line, in line order.
 */
lineDiscounts: Array<Satang>, };

/**
 * A discount: `{"kind":"percent","value":10}` or `{"kind":"amount","value":50000}`.
 */
export type Discount = { "kind": "percent", "value": number } | { "kind": "amount", "value": Satang };

/**
 * A promotion rule (docs/STOREFRONT.md §3 "Promotion rule") with the discount it gives per unit.
 */
export type Promotion = {
/**
 * Made by the server when a new promotion is sent without one.
 */
id: string,
/**
 * What staff call it ("15 % off outdoor furniture, Thai shoppers only").
 */
name?: string,
/**
 * On (`display`, docs/STOREFRONT.md §3): off promotions never apply (staff deactivate, never
 * delete).
 */
display: boolean,
/**
 * The language the promotion runs in; empty for every language.
 */
lang: string, prodInc: Array<string>, prodExc: Array<string>, roomInc: Array<string>, roomExc: Array<string>, catInc: Array<string>, catExc: Array<string>,
/**
 * Not for orders that already hold discounted (on-sale) products.
 */
noProdDis: boolean, discount: Discount,
/**
 * Unix seconds: runs from `startsAt` (if set) until before `endsAt` (if set).
 */
startsAt?: number, endsAt?: number, };

/**
 * A coupon as the header's coupon label and the checkout suggestions show it.
 */
export type ShopCoupon = { code: string, discount: Discount,
/**
 * The order value (after promotions) needed, in satang.
 */
minSpend: Satang,
/**
 * Unix seconds; valid until before then.
 */
endsAt: number, };

/**
 * A cart line as priced: the promotion discount of the whole line.
 */
export type PricedLine = {
/**
 * The variant's code, as in the cart.
 */
code: string, qty: number, unitPrice: Satang, discount: Satang, };

/**
 * A quote with the lines it priced (products no longer sold are left out).
 */
export type CartQuote = { lines: Array<PricedLine>, subtotal: Satang, promotionDiscount: Satang, couponDiscount: Satang,
/**
 * Satang paid with coins (whole baht).
 */
coins: Satang, shipping: Satang,
/**
 * VAT contained in `total`.
 */
vat: Satang, total: Satang,
/**
 * The promotion discount of each line, in line order.
 */
lineDiscounts: Array<Satang>, };

/**
 * `{status, cart}`
 */
export type CartAnswer = { status: SuccessStatus, cart: CartView, };

/**
 * `{status, quote}`
 */
export type QuoteAnswer = { status: SuccessStatus, quote: CartQuote, };

/**
 * `{status, promotions}`
 */
export type PromotionsAnswer = { status: SuccessStatus, promotions: Array<Promotion>, };

/**
 * `{status, count, coupons}`
 */
export type CouponsAnswer = { status: SuccessStatus, count: number, coupons: Array<ShopCoupon>, };

// Orders

/**
 * Where an order is in its life. Only [`Status::can_move_to`] decides what may follow.
 */
export type OrderStatus = "pending_payment" | "paid" | "preparing" | "shipped" | "delivered" | "cancelled";

export type PaymentMethod = "promptpay" | "bank_transfer" | "card_2c2p";

/**
 * How to pay this order, fixed when it was placed (a later change of the shop's account does
 * not change what the shopper was told).
 */
export type Payment = { method: PaymentMethod, promptpayId?: string | null,
/**
 * The EMVCo payload for the exact amount; the UI draws it as a QR code.
 */
promptpayPayload?: string | null, bank?: BankAccount | null,
/**
 * Orders placed before payments were tracked read as `pending`.
 */
status: PaymentStatus,
/**
 * Card payment attempts, oldest first.
 */
attempts: Array<CardAttempt>,
/**
 * The card payment form of the open attempt, while the order waits for it.
 */
redirect?: Redirect | null,
/**
 * Slips the shopper uploaded for a PromptPay or bank transfer payment, oldest first.
 */
proofs: Array<PaymentProof>,
/**
 * The reference of the refund staff made for a `refund_due` order.
 */
refundReference?: string | null,
/**
 * Payments received beyond the first, oldest first; each owed back until refunded.
 */
extraPayments: Array<ExtraPayment>,
/**
 * Whether the shop owes the shopper money back: the order's payment (`status` is
 * `refund_due`) or an extra payment not refunded yet. Kept by
 * `orders::store::note_refund_state` whenever the money of the order changes.
 */
refundDue: boolean,
/**
 * When an unpaid order is cancelled if still unpaid (unix milliseconds, from
 * `unpaid_order_expiry_hours`); set in answers only, absent when orders never expire.
 */
payBy?: number | null, };

export type BankAccount = { bankName: string, accountName: string, accountNumber: string, };

/**
 * Where the money of an order is: waiting, received, a card attempt that failed (the order
 * still waits), or to be given back after a cancellation.
 */
export type PaymentStatus = "pending" | "paid" | "failed" | "refund_due" | "refunded";

/**
 * How one card payment attempt ended so far.
 */
export type AttemptStatus = "pending" | "paid" | "failed" | "cancelled";

/**
 * The form the shopper's browser posts to the payment provider: every field, signature
 * included (never the signing key).
 */
export type Redirect = { url: string, fields: { [key in string]: string }, };

/**
 * One card payment attempt: a 2C2P `order_id` of its own, so a retry is a new attempt.
 */
export type CardAttempt = {
/**
 * The `order_id` 2C2P knows this attempt by (at most 20 characters).
 */
id: string,
/**
 * The shop's name of the merchant account used, and its 2C2P merchant id.
 */
merchant: string, merchantId: string, amount: Satang,
/**
 * Unix milliseconds.
 */
createdAt: number, status: AttemptStatus,
/**
 * The last verified `payment_status` (`000`, `001`, `002`, `003`, `999`).
 */
resultCode?: string | null, transactionRef?: string | null,
/**
 * When the shopper's browser came back, and when the server notification was applied.
 */
returnedAt?: number | null, notifiedAt?: number | null,
/**
 * Answers received for this attempt, verified or not, up to the limits in
 * `payments::attempts` (a refused answer is kept as a digest, never as it came).
 */
notices: Array<PaymentNotice>,
/**
 * Answers received over those limits: counted, not kept.
 */
answersNotKept: number, };

/**
 * One answer from the payment provider as it came.
 */
export type PaymentNotice = {
/**
 * Unix milliseconds.
 */
at: number,
/**
 * `notify` (server to server) or `return` (the shopper's browser).
 */
channel: string, verified: boolean,
/**
 * What the shop did: `applied`, `duplicate`, `recorded`, or the refusal code.
 */
verdict: string, paymentStatus: string,
/**
 * The signed fields of a verified answer (staff only; empty in the shopper's view and for
 * a refused answer, whose fields are nobody's word).
 */
fields?: { [key in string]: string },
/**
 * The first 16 hex digits of the SHA-256 of the body as it came, and its size in bytes:
 * enough to tell answers apart without keeping what a stranger posted.
 */
digest: string, bytes: number, };

/**
 * Money received for an order beyond the one payment it needed (a second card attempt paid,
 * or a card payment after staff had confirmed another), owed back until staff record its
 * refund.
 */
export type ExtraPayment = { amount: Satang,
/**
 * How it came: `card_2c2p`.
 */
method: PaymentMethod,
/**
 * The provider's reference: the card attempt and its transaction.
 */
reference: string,
/**
 * Unix milliseconds.
 */
receivedAt: number,
/**
 * The reference of the refund staff made, once made.
 */
refundReference?: string | null, refundedAt?: number | null, };

/**
 * One slip image (a photo or screenshot of the transfer), stored cleaned under
 * `<data_dir>/files/proofs/<order id>/`, shown only to the shopper and staff.
 */
export type PaymentProof = {
/**
 * Where to fetch it: `/api/app/order/<id>/proof/<hash>.<ext>` (owner or staff, with the
 * bearer token).
 */
file: string,
/**
 * The hash of the stored image; the same hash on two orders is flagged.
 */
hash: string,
/**
 * Unix milliseconds.
 */
uploadedAt: number, status: ProofStatus,
/**
 * Why staff rejected it (shown to the shopper).
 */
reason?: string | null,
/**
 * The number of another order that already used the same slip (staff only).
 */
duplicateOf?: string | null, };

/**
 * What staff decided about an uploaded slip.
 */
export type ProofStatus = "pending" | "accepted" | "rejected";

/**
 * A line as bought: name, choice, picture and price are copied so the order never changes
 * when the catalogue does.
 */
export type OrderLine = {
/**
 * The variant's code (docs/VARIANTS.md §3): what the stock was taken from.
 */
code: string,
/**
 * The product the variant belongs to; absent on orders placed before variants, whose
 * `code` is the product's (see [`OrderLine::product_code`]).
 */
productCode?: string,
/**
 * The product's name.
 */
name: Localized,
/**
 * The chosen option values per language joined by " / " ("Grey / 6 ft"); absent for a
 * product without options.
 */
choice?: Localized, qty: number, unitPrice: Satang,
/**
 * The promotion discount of the whole line.
 */
discount: Satang, image: string | null, };

/**
 * Numbers of the documents that must never be renumbered: the full tax invoice, issued in
 * the payment's transaction when the order carries `vatInfo`, and the credit note that
 * reverses it when a paid order is cancelled.
 */
export type OrderDocuments = { taxInvoice?: IssuedDocument, creditNote?: IssuedDocument, };

export type IssuedDocument = {
/**
 * `INV-000001` or `CN-000001`: one gapless series each.
 */
number: string,
/**
 * Unix milliseconds.
 */
issuedAt: number, };

export type StatusChange = { status: OrderStatus,
/**
 * Unix milliseconds.
 */
at: number, };

export type Review = { rating: number, comment: string, at: number, };

/**
 * How a shipped order travels: a carrier from the `carrier` code table and its tracking
 * number; `url` is the carrier's public tracking page for it.
 */
export type Shipment = { carrier: string, tracking: string, url?: string | null, };

/**
 * A staff note on an order.
 */
export type Note = {
/**
 * Unix milliseconds.
 */
at: number, author: string, text: string, };

/**
 * Who to reach about a guest order.
 */
export type Contact = {
/**
 * 1 to 100 characters.
 */
name: string,
/**
 * A Thai number (0XXXXXXXX(X), +66…) or an international one (+ and 8–15 digits).
 */
phone: string,
/**
 * Where the order mail goes (with the order's secret link).
 */
email: string, };

export type Order = { id: OrderId, number: string, userId: UserId, status: OrderStatus,
/**
 * Unix milliseconds.
 */
createdAt: number, lang: Locale, lines: Array<OrderLine>, itemCount: number,
/**
 * The quote the order was placed with, as the server computed it.
 */
quote: Quote, total: Satang, coupon: string | null,
/**
 * Whole coins spent.
 */
coinsUsed: Coins, address: Address, vatInfo: VatInfo | null, payment: Payment, history: Array<StatusChange>, review: Review | null,
/**
 * Coins awarded when the order was delivered.
 */
coinsEarned: Coins, kcard?: string,
/**
 * Carrier and tracking, set when the order ships.
 */
shipment?: Shipment | null,
/**
 * The staff member's note on the payment (bank reference, slip number), when confirmed.
 */
paymentReference?: string | null,
/**
 * Why the order was cancelled.
 */
cancelReason?: string | null,
/**
 * Internal notes: staff only, never shown to the shopper.
 */
notes?: Array<Note>,
/**
 * Where order mail goes (the account's address, or the one given at checkout); empty
 * sends none.
 */
email: string,
/**
 * The numbered money documents issued for the order.
 */
documents: OrderDocuments,
/**
 * Who to reach about an order placed without an account (`userId` 0).
 */
contact?: Contact, };

export type PlaceBody = {
/**
 * The signed-in shopper's id, or for a guest (no `Authorization`) the visitor id (a
 * UUID): that cart is what is ordered.
 */
id: string | number, address: Address, coupon?: string,
/**
 * Whole coins (1 coin = ฿1) to spend; not negative.
 */
coins?: number, payment: PaymentMethod,
/**
 * Made once per checkout attempt and sent again on a retry: 8–100 letters, digits, - or _.
 */
idempotencyKey: string,
/**
 * For a full tax invoice.
 */
vatInfo?: VatInfo, lang?: string,
/**
 * Where the confirmation, receipt and shipping mail go; left out uses the account's
 * address.
 */
email?: string,
/**
 * A guest's name, phone and e-mail: required without an account, ignored with one.
 */
contact?: Contact, };

export type ClaimBody = {
/**
 * The guest order's key (`orderKey`, or `key=` of its link).
 */
key: string, };

export type ReviewBody = {
/**
 * A whole number from 1 to 5.
 */
rating: number,
/**
 * At most 1000 characters.
 */
comment?: string, };

export type PayBody = {
/**
 * `card_2c2p` (the default) for a new card attempt, or another method the shop offers
 * to switch to.
 */
payment?: PaymentMethod, };

/**
 * `{status, order}`
 */
export type OrderAnswer = { status: SuccessStatus, order: Order, };

/**
 * `{status, order, coin}`: an order that changed and the shopper's coin balance after.
 */
export type OrderChangeAnswer = { status: SuccessStatus, order: Order,
/**
 * The shopper's coin balance after the change.
 */
coin: Coins, };

/**
 * `{status, order, coin, replayed, orderKey?}`
 */
export type PlacedOrderAnswer = { status: SuccessStatus, order: Order,
/**
 * The shopper's coin balance after the order (0 for a guest).
 */
coin: Coins,
/**
 * True when this idempotency key had already placed the order: nothing new happened.
 */
replayed: boolean,
/**
 * A guest order's secret key (32 hex characters, 128 random bits): `?key=` opens the
 * order. Shown only here and in the order mail; keep it.
 */
orderKey?: string, };

/**
 * `{status, orders}`
 */
export type OrderListAnswer = { status: SuccessStatus,
/**
 * Newest first.
 */
orders: Array<Order>, };

/**
 * `{status, count}`
 */
export type CountAnswer = { status: SuccessStatus, count: number, };
