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
 * SPEC.md), while HTML and hreflang use the BCP 47 tag (`ms`): in BCP 47 `my` is Burmese.
 */
export type Locale = "en" | "th" | "my" | "km" | "id";

// Content: translations, labels, information pages

/**
 * A text in each shop language. A missing or empty translation falls back to English.
 */
export type Localized = { en: string, th: string, my: string, km: string, id: string, };

/**
 * An information page (`/about`, `/info/how-to-order`…). The body is plain text with
 * paragraphs separated by blank lines: never HTML, so it cannot carry script.
 */
export type Page = { name: string, title: Localized, body: Localized, };

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
export type Provider = "local" | "google" | "facebook";

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
 * The user as the UI sees it (SPEC.md §3 "Logged-in user"); never the password hash.
 */
export type UserView = { id: UserId, username: string, name: string, role: Role, provider: Provider, email: string, phone: string, userInfo: UserInfo, };

/**
 * A user's coins, delivery addresses and tax-invoice details (SPEC "userInfo").
 */
export type UserInfo = { id: UserId,
/**
 * Coin balance (1 coin = ฿1 off a later order).
 */
coin: Coins, addInfo: Array<Address>, vatInfo: VatInfo | null, };

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
addInfo?: Array<Address>, vatInfo?: VatInfo | null, };

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
 * The Google `sub` or Facebook `id` the browser claims.
 */
username: string,
/**
 * The visitor id, for carts (kept for SPEC compatibility).
 */
mid?: string,
/**
 * The provider profile as the browser saw it: never trusted, only searched for a token
 * (`accessToken` or `access_token`).
 */
info?: unknown,
/**
 * `google` or `facebook`.
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
user: string, action: string, kcard?: string, };

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
 * One thing staff may be allowed to do (DESIGN.md §5).
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
 * `{status, url, expiresAt}`
 */
export type ResetLinkAnswer = { status: SuccessStatus,
/**
 * The one-time link to give the customer: the sign-in page (`/user/login`) with the token.
 */
url: string,
/**
 * Unix seconds; the link stops working then, or once used.
 */
expiresAt: number, };

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
 * Part of the action: an order number, a user name, a word.
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
export type SalesTotals = { orders: number, revenue: Satang,
/**
 * Revenue divided by orders, rounded down.
 */
averageOrder: Satang,
/**
 * VAT contained in the revenue.
 */
vat: Satang, };

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
 * Unpaid for longer than a day.
 */
awaitingPayment: number,
/**
 * Paid or being prepared, not shipped yet.
 */
toShip: number,
/**
 * Shipped, not yet confirmed delivered.
 */
inTransit: number, };

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
days: Array<SalesDay>, attention: Attention, topProducts: Array<ProductSales>, lowStock: Array<LowStock>, };

// Catalogue

/**
 * A product as stored and served (DESIGN.md §6; issue contract). Money is integer satang.
 */
export type Product = { code: string, name: Localized, description: Localized,
/**
 * Price in satang (฿1 = 100), VAT included.
 */
price: Satang,
/**
 * The crossed-out "was" price, in satang; higher than `price` when present.
 */
compareAtPrice: Satang | null, images: Array<string>, rooms: Array<string>,
/**
 * Category keys (leaf and parents). Imports also accept SPEC's spelling `catagories`.
 */
categories: Array<string>, dimensions: Dimensions, material: string, colour: string, stock: number, active: boolean,
/**
 * Sort key for "popular": sales and views, 0–100.
 */
popularity: number,
/**
 * Sort key for "newest": an ISO date (YYYY-MM-DD).
 */
createdAt: string, };

/**
 * Outer dimensions in millimetres.
 */
export type Dimensions = { width: number, depth: number, height: number, };

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
 * `popular` (default), `newest`, `price_asc` or `price_desc`.
 */
sort?: string,
/**
 * From 1.
 */
page?: number,
/**
 * 1–100, default 24.
 */
limit?: number, };

/**
 * The words to search for and the page. Page and limit arrive as text and are checked by
 * [`parse_page`], whose errors name the parameter.
 */
export type SearchParams = {
/**
 * Up to 100 characters.
 */
keyword?: string,
/**
 * From 1.
 */
page?: number,
/**
 * 1–100, default 24.
 */
limit?: number, };

/**
 * The code prefix to look for.
 */
export type CodeSearchParams = {
/**
 * A code prefix; case and spaces are ignored.
 */
keyword?: string, };

/**
 * The size wanted. It arrives as text and is checked against [`WIDTHS`], so a wrong value
 * is answered `invalid_parameter` naming `w`.
 */
export type ImageParams = {
/**
 * A width for a resized copy: 160, 320, 480, 640, 960 or 1280.
 */
w?: number, };

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
 * `{status, products, total, page, limit}`: one page of the matching products.
 */
export type ProductPageAnswer = { status: SuccessStatus, products: Array<Product>,
/**
 * Every match, not only this page's.
 */
total: number,
/**
 * From 1.
 */
page: number, limit: number, };

/**
 * `{status, product}`
 */
export type ProductAnswer = { status: SuccessStatus, product: Product, };

/**
 * `{status, products, total}`
 */
export type ProductListAnswer = { status: SuccessStatus, products: Array<Product>, total: number, };

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
 * The item count (SPEC's `amt`).
 */
amt: number, };

/**
 * A cart line with what the catalogue says about its product now.
 */
export type CartLineView = { code: string, qty: number,
/**
 * Null when the product has left the catalogue.
 */
name: Localized | null,
/**
 * Satang, the product's current price; null when it has left the catalogue.
 */
unitPrice: Satang | null, image: string | null, stock: number,
/**
 * False for products no longer sold: they can only be removed.
 */
available: boolean, };

export type LineBody = {
/**
 * The cart: the visitor id (a UUID) or the signed-in user's id.
 */
id: string | number,
/**
 * The product code.
 */
code: string, qty: number, };

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
 * A promotion rule (SPEC.md §3 "Promotion rule") with the discount it gives per unit.
 */
export type Promotion = { id: string, display: boolean,
/**
 * The language the promotion runs in; empty for every language.
 */
lang: string, prodInc: Array<string>, prodExc: Array<string>, roomInc: Array<string>, roomExc: Array<string>, catInc: Array<string>, catExc: Array<string>,
/**
 * Not for orders that already hold discounted (on-sale) products.
 */
noProdDis: boolean, discount: Discount, };

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
export type PricedLine = { code: string, qty: number, unitPrice: Satang, discount: Satang, };

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

export type PaymentMethod = "promptpay" | "bank_transfer";

/**
 * How to pay this order, fixed when it was placed (a later change of the shop's account does
 * not change what the shopper was told).
 */
export type Payment = { method: PaymentMethod, promptpayId?: string | null,
/**
 * The EMVCo payload for the exact amount; the UI draws it as a QR code.
 */
promptpayPayload?: string | null, bank?: BankAccount | null, };

export type BankAccount = { bankName: string, accountName: string, accountNumber: string, };

/**
 * A line as bought: name, picture and price are copied so the order never changes when the
 * catalogue does.
 */
export type OrderLine = { code: string, name: Localized, qty: number, unitPrice: Satang,
/**
 * The promotion discount of the whole line.
 */
discount: Satang, image: string | null, };

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
notes?: Array<Note>, };

export type PlaceBody = {
/**
 * The signed-in shopper's id: their cart is what is ordered.
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
vatInfo?: VatInfo, lang?: string, };

export type ReviewBody = {
/**
 * A whole number from 1 to 5.
 */
rating: number,
/**
 * At most 1000 characters.
 */
comment?: string, };

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
 * `{status, order, coin, replayed}`
 */
export type PlacedOrderAnswer = { status: SuccessStatus, order: Order,
/**
 * The shopper's coin balance after the order.
 */
coin: Coins,
/**
 * True when this idempotency key had already placed the order: nothing new happened.
 */
replayed: boolean, };

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
