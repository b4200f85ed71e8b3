//! The UI's TypeScript types for the API, generated from the same Rust types the handlers
//! serialise and deserialise (ts-rs), into one module: `ui/src/api/types/index.ts`.
//!
//! The test below renders every type and compares the result with the committed file: it
//! fails when the file is stale and rewrites it when run with `UPDATE_TYPES=1`:
//!
//! ```text
//! UPDATE_TYPES=1 cargo test --lib api_types
//! ```

use std::any::TypeId;
use std::collections::{BTreeMap, BTreeSet};

use ts_rs::{Config, TS};

use crate::{
    accounts, activity, admin, app, cart, catalog, content, domain, notify, orders, pricing,
};

use super::envelope;

/// Where the module lives, from the crate root.
const MODULE: &str = "ui/src/api/types/index.ts";

const HEADER: &str = "\
// Generated from the Rust types of the API by ts-rs (src/http/api_types.rs); do not edit.
// Regenerate with: UPDATE_TYPES=1 cargo test --lib api_types
";

/// How every type is rendered: plain `number` for 64-bit integers (ids, satang and unix
/// milliseconds stay far below 2^53, and `JSON.parse` gives numbers, never `bigint`).
fn config() -> Config {
    Config::new().with_large_int("number")
}

/// One exported type: its TypeScript name, declaration and the types it refers to.
struct Rendered {
    name: String,
    type_id: TypeId,
    declaration: String,
    dependencies: Vec<(TypeId, String)>,
}

fn render<T: TS + ?Sized + 'static>(cfg: &Config) -> Rendered {
    let mut declaration = T::docs().unwrap_or_default();
    declaration.push_str("export ");
    declaration.push_str(&T::decl(cfg));
    // ts-rs leaves a space at the end of a line before each field's doc comment.
    let declaration = declaration
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n");
    Rendered {
        name: T::ident(cfg),
        type_id: TypeId::of::<T>(),
        declaration,
        dependencies: T::dependencies(cfg)
            .into_iter()
            .map(|dep| (dep.type_id, dep.ts_name))
            .collect(),
    }
}

/// Sections of the module: a heading and the types under it, in the order they are written.
fn sections(cfg: &Config) -> Vec<(&'static str, Vec<Rendered>)> {
    macro_rules! types {
        ($($ty:ty),* $(,)?) => { vec![$(render::<$ty>(cfg)),*] };
    }
    vec![
        (
            "The envelope of every answer",
            types![
                envelope::SuccessStatus,
                envelope::ErrorStatus,
                envelope::ErrorAnswer,
                envelope::ErrorDetail,
                envelope::Done,
                app::HealthAnswer,
            ],
        ),
        (
            "Values shared by every domain: money, ids, keys, languages",
            types![
                domain::Satang,
                domain::Coins,
                domain::UserId,
                domain::OrderId,
                domain::IdempotencyKey,
                crate::i18n::Locale,
            ],
        ),
        (
            "Content: translations, labels, information pages",
            types![
                content::model::Localized,
                content::model::Page,
                content::model::PageSummary<'static>,
                content::routes::LocalesAnswer<'static>,
                content::routes::LocaleAnswer<'static>,
                content::routes::LabelsAnswer<'static>,
                content::routes::PageListAnswer<'static>,
                content::routes::PageAnswer<'static>,
            ],
        ),
        (
            "Accounts",
            types![
                accounts::model::Provider,
                accounts::model::Role,
                accounts::model::Address,
                accounts::model::VatInfo,
                accounts::routes::UserView,
                accounts::routes::UserInfo,
                accounts::coins::CoinEntry,
                accounts::routes::RegisterBody,
                accounts::routes::LoginBody,
                accounts::routes::PasswordBody,
                accounts::routes::UserInfoBody,
                accounts::routes::ResetBody,
                accounts::social::RegisterSocialBody,
                accounts::social::StartQuery,
                accounts::social::CallbackQuery,
                accounts::routes::TokenAnswer,
                accounts::routes::CurrentUserAnswer,
                accounts::routes::UserInfoAnswer,
                accounts::routes::ProvidersAnswer,
                accounts::social::SocialSignInAnswer,
            ],
        ),
        (
            "Staff",
            types![
                admin::model::AdminMenuItem,
                activity::LogLine,
                admin::routes::AdminMenusAnswer,
                admin::routes::ActivityAnswer,
                admin::permissions::Permission,
            ],
        ),
        (
            "Staff: the order desk",
            types![
                admin::orders::OrderQuery,
                admin::orders::OrderPageAnswer,
                admin::orders::StatusBody,
                admin::orders::BulkStatusBody,
                admin::orders::BulkFailure,
                admin::orders::BulkStatusAnswer,
                admin::orders::NoteBody,
                admin::orders::RejectProofBody,
                admin::orders::RefundBody,
                admin::notifications::NotificationsAnswer,
                notify::outbox::NotificationView,
                notify::outbox::MessageStatus,
                notify::Event,
                notify::Channel,
                notify::Audience,
            ],
        ),
        (
            "Staff: customers",
            types![
                admin::customers::Customer,
                admin::customers::CustomerQuery,
                admin::customers::CustomerPageAnswer,
                admin::customers::CustomerAnswer,
                admin::customers::CoinsBody,
                admin::customers::CustomerChangeAnswer,
                admin::customers::DisabledBody,
                admin::customers::ResetLinkAnswer,
            ],
        ),
        (
            "Staff: products, stock and prices",
            types![
                catalog::edit::StockEntry,
                catalog::edit::FieldProblem,
                catalog::edit::PriceChange,
                catalog::edit::CompareAtChange,
                catalog::edit::StockChange,
                catalog::edit::BulkEdit,
                catalog::import::RowChange,
                catalog::import::RowPreview,
                catalog::import::ImportPreview,
                admin::products::AdminProductQuery,
                admin::products::AdminProductPageAnswer,
                admin::products::AdminProductAnswer,
                admin::products::ProductSavedAnswer,
                admin::products::ProductProblemsAnswer,
                admin::products::VersionConflictAnswer,
                admin::products::DuplicateBody,
                admin::products::ActiveBody,
                admin::products::StockBody,
                admin::products::StockAnswer,
                admin::products::BulkEditAnswer,
                admin::products::ImportBody,
                admin::products::ImportAnswer,
                admin::products::ImportProblemsAnswer,
            ],
        ),
        (
            "Staff: accounts, roles and the activity log",
            types![
                admin::staff::MeAnswer,
                admin::staff::RolesAnswer,
                admin::staff::RolesBody,
                admin::staff::StaffAnswer,
                admin::staff::NewStaffBody,
                admin::staff::StaffMemberAnswer,
                admin::staff::RoleBody,
                admin::routes::ActivityQuery,
            ],
        ),
        (
            "Staff: content",
            types![
                content::edit::PageInput,
                content::edit::TranslationRow,
                content::edit::TranslationInput,
                content::settings::SiteSettings,
                content::settings::ContactLinks,
                content::settings::FeatureFlags,
                content::settings::ShippingTerms,
                content::catalogue::CatalogueFile,
                admin::content::AdminPagesAnswer,
                admin::content::AdminPageAnswer,
                admin::content::NewPageBody,
                admin::content::TranslationsAnswer,
                admin::content::TranslationAnswer,
                admin::content::SettingsAnswer,
                admin::content::CatalogueAnswer,
            ],
        ),
        (
            "Staff: promotions and coupons",
            types![
                pricing::Coupon,
                admin::promotions::AdminCoupon,
                admin::promotions::AdminCouponsAnswer,
                admin::promotions::AdminCouponAnswer,
                admin::promotions::AdminPromotionsAnswer,
                admin::promotions::AdminPromotionAnswer,
            ],
        ),
        (
            "Staff: rooms and categories",
            types![
                admin::taxonomy::AdminRoom,
                admin::taxonomy::AdminCategory,
                admin::taxonomy::AdminRoomsAnswer,
                admin::taxonomy::AdminRoomAnswer,
                admin::taxonomy::AdminCategoriesAnswer,
                admin::taxonomy::AdminCategoryAnswer,
                admin::taxonomy::DeletedAnswer,
                admin::taxonomy::OrderBody,
            ],
        ),
        (
            "Staff: code tables",
            types![
                admin::codes::CodeEntry,
                admin::codes::CodeGroup,
                admin::codes::CodeGroupsAnswer,
                admin::codes::CodeGroupAnswer,
                admin::codes::CodeEntryAnswer,
                admin::codes::CodeRemovedAnswer,
                admin::codes::NewCodeBody,
                admin::codes::CodeBody,
            ],
        ),
        (
            "Staff: product images",
            types![
                admin::images::ProductImagesAnswer,
                admin::images::ProductImagesBody,
            ],
        ),
        (
            "Staff: reports",
            types![
                orders::sales::Tally,
                admin::reports::RangeQuery,
                admin::reports::SalesDay,
                admin::reports::SalesTotals,
                admin::reports::ProductSales,
                admin::reports::SalesReportAnswer,
                admin::reports::Attention,
                admin::reports::LowStock,
                admin::reports::DashboardAnswer,
                admin::reports::StorageStatus,
                crate::store::backup::BackupRecord,
                crate::store::backup::BackupWarning,
            ],
        ),
        (
            "Staff: search",
            types![
                admin::search::SynonymsAnswer,
                admin::search::SynonymsBody,
                admin::search::SearchMiss,
                admin::search::SearchMissesAnswer,
            ],
        ),
        (
            "Catalogue",
            types![
                catalog::model::Product,
                catalog::model::Dimensions,
                catalog::model::Room,
                catalog::model::CategoryNode,
                catalog::routes::ProductListParams,
                catalog::routes::SearchParams,
                catalog::routes::CodeSearchParams,
                catalog::images::ImageParams,
                catalog::routes::RoomsAnswer<'static>,
                catalog::routes::CategoriesAnswer<'static>,
                catalog::routes::ProductPageAnswer,
                catalog::routes::Facets,
                catalog::routes::PriceRange,
                catalog::routes::ProductAnswer<'static>,
                catalog::routes::RatedProduct<'static>,
                catalog::ratings::Rating,
                catalog::routes::ProductListAnswer<'static>,
                catalog::routes::ProductSummary<'static>,
                catalog::routes::LangParams,
            ],
        ),
        (
            "Carts and prices",
            types![
                cart::routes::CartView,
                cart::routes::CartLineView,
                cart::routes::LineBody,
                cart::routes::MergeBody,
                cart::routes::QuoteBody,
                pricing::Quote,
                pricing::Discount,
                pricing::Promotion,
                pricing::routes::ShopCoupon,
                cart::routes::PricedLine,
                cart::routes::CartQuote,
                cart::routes::CartAnswer,
                cart::routes::QuoteAnswer,
                pricing::routes::PromotionsAnswer,
                pricing::routes::CouponsAnswer,
            ],
        ),
        (
            "Orders",
            types![
                orders::model::Status,
                orders::model::PaymentMethod,
                orders::model::Payment,
                orders::model::BankAccount,
                orders::model::PaymentStatus,
                orders::model::AttemptStatus,
                orders::model::Redirect,
                orders::model::CardAttempt,
                orders::model::PaymentNotice,
                orders::model::ExtraPayment,
                orders::model::PaymentProof,
                orders::model::ProofStatus,
                orders::model::OrderLine,
                orders::model::OrderDocuments,
                orders::model::IssuedDocument,
                orders::model::StatusChange,
                orders::model::Review,
                orders::model::Shipment,
                orders::model::Note,
                orders::guest::Contact,
                orders::model::Order,
                orders::routes::PlaceBody,
                orders::routes::ClaimBody,
                orders::routes::ReviewBody,
                orders::routes::PayBody,
                orders::routes::OrderAnswer,
                orders::routes::OrderChangeAnswer,
                orders::routes::PlacedOrderAnswer,
                orders::routes::OrderListAnswer,
                orders::routes::CountAnswer,
            ],
        ),
    ]
}

/// The whole module, or the problems that keep it from being complete.
fn typescript() -> Result<String, Vec<String>> {
    let cfg = config();
    let sections = sections(&cfg);
    let exported: BTreeMap<TypeId, &str> = sections
        .iter()
        .flat_map(|(_, types)| types)
        .map(|t| (t.type_id, t.name.as_str()))
        .collect();
    let mut problems = Vec::new();
    let mut names = BTreeSet::new();
    for rendered in sections.iter().flat_map(|(_, types)| types) {
        if !names.insert(rendered.name.as_str()) {
            problems.push(format!("two types are named {}", rendered.name));
        }
        for (type_id, name) in &rendered.dependencies {
            if !exported.contains_key(type_id) {
                problems.push(format!(
                    "{} refers to {name}, which is not listed in src/http/api_types.rs",
                    rendered.name
                ));
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut out = String::from(HEADER);
    for (heading, types) in &sections {
        out.push_str(&format!("\n// {heading}\n"));
        for rendered in types {
            out.push('\n');
            out.push_str(rendered.declaration.trim_end());
            out.push('\n');
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn the_ui_api_types_are_generated_from_the_rust_types() {
        let generated = typescript().unwrap_or_else(|problems| panic!("{problems:#?}"));
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(MODULE);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed == generated {
            return;
        }
        if std::env::var_os("UPDATE_TYPES").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &generated).unwrap();
            eprintln!("rewrote {MODULE}");
            return;
        }
        let first_difference = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(committed.lines().count().min(generated.lines().count()));
        panic!(
            "{MODULE} is {} (first difference at line {}); regenerate it with\n\n    \
             UPDATE_TYPES=1 cargo test --lib api_types\n\nand commit the result",
            if committed.is_empty() {
                "missing"
            } else {
                "stale"
            },
            first_difference + 1
        );
    }
}
