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
export type UserView = { id: number, username: string, name: string, role: Role, provider: Provider, email: string, phone: string, userInfo: UserInfo, };

/**
 * A user's coins, delivery addresses and tax-invoice details (SPEC "userInfo").
 */
export type UserInfo = { id: number,
/**
 * Coin balance (1 coin = ฿1 off a later order).
 */
coin: number, addInfo: Array<Address>, vatInfo: VatInfo | null, };

/**
 * One change of a user's coins, as the ledger records it.
 */
export type CoinEntry = { at: number, amount: number, reason: string, orderId: number | null, staffId: number | null,
/**
 * The balance after this entry.
 */
balance: number, };

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

export type CoinBody = {
/**
 * Coins to add (negative: to take back); not 0, at most 1000000 either way.
 */
amount: number,
/**
 * Why, for the ledger: 1 to 200 characters.
 */
reason: string, };

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
 * `{status, coin, ledger}`
 */
export type CoinLedgerAnswer = { status: SuccessStatus,
/**
 * The balance, equal to the sum of the ledger's amounts.
 */
coin: number,
/**
 * Every change, oldest first.
 */
ledger: Array<CoinEntry>, };

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
 * `{status, lines}`
 */
export type ActivityAnswer = { status: SuccessStatus,
/**
 * Newest first.
 */
lines: Array<LogLine>, };

// Catalogue

/**
 * A product as stored and served (DESIGN.md §6; issue contract). Money is integer satang.
 */
export type Product = { code: string, name: Localized, description: Localized,
/**
 * Price in satang (฿1 = 100), VAT included.
 */
price: number,
/**
 * The crossed-out "was" price, in satang; higher than `price` when present.
 */
compareAtPrice: number | null, images: Array<string>, rooms: Array<string>,
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
unitPrice: number | null, image: string | null, stock: number,
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
coins?: number,
/**
 * The shopper's language: some promotions run in one language only.
 */
lang?: string, };

/**
 * What an order costs, as the API shows it (satang).
 */
export type Quote = { subtotal: number, promotionDiscount: number, couponDiscount: number,
/**
 * Satang paid with coins (whole baht).
 */
coins: number, shipping: number,
/**
 * VAT contained in `total`.
 */
vat: number, total: number,
/**
 * The promotion discount of each line, in line order.
 */
lineDiscounts: Array<number>, };

/**
 * A discount: `{"kind":"percent","value":10}` or `{"kind":"amount","value":50000}`.
 */
export type Discount = { "kind": "percent", "value": number } | { "kind": "amount", "value": number };

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
minSpend: number,
/**
 * Unix seconds; valid until before then.
 */
endsAt: number, };

/**
 * A cart line as priced: the promotion discount of the whole line.
 */
export type PricedLine = { code: string, qty: number, unitPrice: number, discount: number, };

/**
 * A quote with the lines it priced (products no longer sold are left out).
 */
export type CartQuote = { lines: Array<PricedLine>, subtotal: number, promotionDiscount: number, couponDiscount: number,
/**
 * Satang paid with coins (whole baht).
 */
coins: number, shipping: number,
/**
 * VAT contained in `total`.
 */
vat: number, total: number,
/**
 * The promotion discount of each line, in line order.
 */
lineDiscounts: Array<number>, };

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
export type OrderLine = { code: string, name: Localized, qty: number, unitPrice: number,
/**
 * The promotion discount of the whole line.
 */
discount: number, image: string | null, };

export type StatusChange = { status: OrderStatus,
/**
 * Unix milliseconds.
 */
at: number, };

export type Review = { rating: number, comment: string, at: number, };

export type Order = { id: number, number: string, userId: number, status: OrderStatus,
/**
 * Unix milliseconds.
 */
createdAt: number, lang: string, lines: Array<OrderLine>, itemCount: number,
/**
 * The quote the order was placed with, as the server computed it.
 */
quote: Quote, total: number, coupon: string | null,
/**
 * Whole coins spent.
 */
coinsUsed: number, address: Address, vatInfo: VatInfo | null, payment: Payment, history: Array<StatusChange>, review: Review | null,
/**
 * Coins awarded when the order was delivered.
 */
coinsEarned: number, kcard?: string, };

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

export type StatusBody = {
/**
 * The next status: `paid`, `preparing`, `shipped`, `delivered` or `cancelled`.
 */
status: OrderStatus, };

export type CoinsBody = {
/**
 * Coins to credit (negative: to take back); not 0, at most 1000000 either way.
 */
amount: number,
/**
 * Why, for the ledger.
 */
reason: string, };

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
coin: number, };

/**
 * `{status, order, coin, replayed}`
 */
export type PlacedOrderAnswer = { status: SuccessStatus, order: Order,
/**
 * The shopper's coin balance after the order.
 */
coin: number,
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

/**
 * `{status, coin}`
 */
export type CoinAnswer = { status: SuccessStatus,
/**
 * The new coin balance.
 */
coin: number, };
