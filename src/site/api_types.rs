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

use crate::{accounts, activity, catalog, content, domain, orders, pricing};

use crate::http::envelope;

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
                crate::handlers::health::HealthAnswer,
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
                crate::handlers::content::LocalesAnswer<'static>,
                crate::handlers::content::LocaleAnswer<'static>,
                crate::handlers::content::LabelsAnswer<'static>,
                crate::handlers::content::PageListAnswer<'static>,
                crate::handlers::content::PageAnswer<'static>,
            ],
        ),
        (
            "Accounts",
            types![
                accounts::model::Provider,
                accounts::model::Role,
                accounts::model::Address,
                accounts::model::VatInfo,
                crate::handlers::accounts::UserView,
                crate::handlers::accounts::UserInfo,
                accounts::coins::CoinEntry,
                crate::handlers::accounts::RegisterBody,
                crate::handlers::accounts::LoginBody,
                crate::handlers::accounts::PasswordBody,
                crate::handlers::accounts::UserInfoBody,
                crate::handlers::accounts::ResetBody,
                crate::handlers::social::RegisterSocialBody,
                crate::handlers::social::StartQuery,
                crate::handlers::social::CallbackQuery,
                crate::handlers::accounts::TokenAnswer,
                crate::handlers::accounts::CurrentUserAnswer,
                crate::handlers::accounts::UserInfoAnswer,
                crate::handlers::accounts::ProvidersAnswer,
                crate::handlers::social::SocialSignInAnswer,
            ],
        ),
        (
            "Staff",
            types![
                accounts::menus::AdminMenuItem,
                activity::LogLine,
                crate::handlers::staff::menus::AdminMenusAnswer,
                crate::handlers::staff::menus::ActivityAnswer,
                accounts::permissions::Permission,
            ],
        ),
        (
            "Staff: the order desk",
            types![
                crate::handlers::staff::orders::OrderQuery,
                crate::handlers::staff::orders::OrderPageAnswer,
                crate::handlers::staff::orders::StatusBody,
                crate::handlers::staff::orders::BulkStatusBody,
                crate::handlers::staff::orders::BulkFailure,
                crate::handlers::staff::orders::BulkStatusAnswer,
                crate::handlers::staff::orders::NoteBody,
                crate::handlers::staff::orders::RejectProofBody,
                crate::handlers::staff::orders::RefundBody,
                crate::handlers::staff::notifications::NotificationsAnswer,
                crate::outbox::NotificationView,
                crate::outbox::MessageStatus,
                crate::outbox::Event,
                crate::outbox::Channel,
                crate::outbox::Audience,
            ],
        ),
        (
            "Staff: customers",
            types![
                crate::handlers::staff::customers::Customer,
                crate::handlers::staff::customers::CustomerQuery,
                crate::handlers::staff::customers::CustomerPageAnswer,
                crate::handlers::staff::customers::CustomerAnswer,
                crate::handlers::staff::customers::CoinsBody,
                crate::handlers::staff::customers::CustomerChangeAnswer,
                crate::handlers::staff::customers::DisabledBody,
                crate::handlers::staff::customers::ResetLinkAnswer,
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
                crate::handlers::staff::products::AdminProductQuery,
                crate::handlers::staff::products::AdminProductPageAnswer,
                crate::handlers::staff::products::AdminProductAnswer,
                crate::handlers::staff::products::ProductSavedAnswer,
                crate::handlers::staff::products::ProductProblemsAnswer,
                crate::handlers::staff::products::VersionConflictAnswer,
                crate::handlers::staff::products::DuplicateBody,
                crate::handlers::staff::products::ActiveBody,
                crate::handlers::staff::products::StockBody,
                crate::handlers::staff::products::StockAnswer,
                crate::handlers::staff::products::BulkEditAnswer,
                crate::handlers::staff::products::ImportBody,
                crate::handlers::staff::products::ImportAnswer,
                crate::handlers::staff::products::ImportProblemsAnswer,
            ],
        ),
        (
            "Staff: accounts, roles and the activity log",
            types![
                crate::handlers::staff::staff_accounts::MeAnswer,
                crate::handlers::staff::staff_accounts::RolesAnswer,
                crate::handlers::staff::staff_accounts::RolesBody,
                crate::handlers::staff::staff_accounts::StaffAnswer,
                crate::handlers::staff::staff_accounts::NewStaffBody,
                crate::handlers::staff::staff_accounts::StaffMemberAnswer,
                crate::handlers::staff::staff_accounts::RoleBody,
                crate::handlers::staff::menus::ActivityQuery,
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
                content::catalogue_upload::CatalogueFile,
                crate::handlers::staff::content::AdminPagesAnswer,
                crate::handlers::staff::content::AdminPageAnswer,
                crate::handlers::staff::content::NewPageBody,
                crate::handlers::staff::content::TranslationsAnswer,
                crate::handlers::staff::content::TranslationAnswer,
                crate::handlers::staff::content::SettingsAnswer,
                crate::handlers::staff::content::CatalogueAnswer,
                crate::handlers::staff::content::LiveCatalogue,
                crate::handlers::staff::content::CatalogueQuery,
                crate::handlers::staff::mail_preview::MailPreviewQuery,
                crate::handlers::staff::mail_preview::MailPreviewAnswer,
            ],
        ),
        (
            "Staff: promotions and coupons",
            types![
                pricing::Coupon,
                crate::handlers::staff::promotions::AdminCoupon,
                crate::handlers::staff::promotions::AdminCouponsAnswer,
                crate::handlers::staff::promotions::AdminCouponAnswer,
                crate::handlers::staff::promotions::AdminPromotionsAnswer,
                crate::handlers::staff::promotions::AdminPromotionAnswer,
            ],
        ),
        (
            "Staff: rooms and categories",
            types![
                crate::handlers::staff::taxonomy::AdminRoom,
                crate::handlers::staff::taxonomy::AdminCategory,
                crate::handlers::staff::taxonomy::AdminRoomsAnswer,
                crate::handlers::staff::taxonomy::AdminRoomAnswer,
                crate::handlers::staff::taxonomy::AdminCategoriesAnswer,
                crate::handlers::staff::taxonomy::AdminCategoryAnswer,
                crate::handlers::staff::taxonomy::DeletedAnswer,
                crate::handlers::staff::taxonomy::OrderBody,
            ],
        ),
        (
            "Staff: code tables",
            types![
                crate::handlers::staff::codes::CodeEntry,
                crate::handlers::staff::codes::CodeGroup,
                crate::handlers::staff::codes::CodeGroupsAnswer,
                crate::handlers::staff::codes::CodeGroupAnswer,
                crate::handlers::staff::codes::CodeEntryAnswer,
                crate::handlers::staff::codes::CodeRemovedAnswer,
                crate::handlers::staff::codes::NewCodeBody,
                crate::handlers::staff::codes::CodeBody,
            ],
        ),
        (
            "Staff: product images",
            types![
                crate::handlers::staff::images::ProductImagesAnswer,
                crate::handlers::staff::images::ProductImagesBody,
            ],
        ),
        (
            "Staff: reports",
            types![
                orders::sales::Tally,
                crate::handlers::staff::reports::RangeQuery,
                crate::handlers::staff::reports::SalesDay,
                crate::handlers::staff::reports::SalesTotals,
                crate::handlers::staff::reports::ProductSales,
                crate::handlers::staff::reports::SalesReportAnswer,
                crate::handlers::staff::reports::Attention,
                crate::handlers::staff::reports::LowStock,
                crate::handlers::staff::reports::DashboardAnswer,
                crate::handlers::staff::reports::StorageStatus,
                crate::store::backup::BackupRecord,
                crate::store::backup::BackupWarning,
                crate::handlers::staff::reports::OffsiteStatus,
                crate::store::offsite::OffsiteRecord,
                crate::http::tls::CertificateStatus,
                crate::http::tls::CertificateWarning,
            ],
        ),
        (
            "Staff: search",
            types![
                crate::handlers::staff::synonyms::SynonymsAnswer,
                crate::handlers::staff::synonyms::SynonymsBody,
                crate::handlers::staff::synonyms::SearchMiss,
                crate::handlers::staff::synonyms::SearchMissesAnswer,
            ],
        ),
        (
            "Staff: insights",
            types![
                crate::insights::report::InsightsDay,
                crate::insights::report::FunnelStep,
                crate::insights::report::InsightsSlice,
                crate::insights::report::ProductInsight,
                crate::insights::report::SearchInsight,
                crate::insights::report::PageKindViews,
                crate::insights::report::CrawlerCounts,
                crate::insights::report::ReminderCounts,
                crate::insights::report::InsightsReport,
                crate::handlers::staff::insights::InsightsAnswer,
                crate::handlers::staff::insights::InsightsCsvQuery,
                crate::handlers::insights::HitBody,
            ],
        ),
        (
            "Catalogue",
            types![
                catalog::model::Product,
                catalog::model::Dimensions,
                catalog::variants::ProductOption,
                catalog::variants::OptionKind,
                catalog::variants::OptionValue,
                catalog::variants::Variant,
                catalog::model::Room,
                catalog::model::CategoryNode,
                crate::handlers::catalog::ProductListParams,
                crate::handlers::catalog::SearchParams,
                crate::handlers::catalog::CodeSearchParams,
                crate::handlers::images::ImageParams,
                crate::handlers::catalog::RoomsAnswer<'static>,
                crate::handlers::catalog::CategoriesAnswer<'static>,
                crate::handlers::catalog::ProductPageAnswer,
                crate::handlers::catalog::Facets,
                crate::handlers::catalog::PriceRange,
                crate::handlers::catalog::ProductAnswer<'static>,
                crate::handlers::catalog::RatedProduct<'static>,
                orders::ratings::Rating,
                crate::handlers::catalog::ProductListAnswer<'static>,
                crate::handlers::catalog::ProductSummary<'static>,
                crate::handlers::catalog::Swatch<'static>,
                crate::handlers::catalog::LangParams,
            ],
        ),
        (
            "Carts and prices",
            types![
                crate::handlers::cart::CartView,
                crate::handlers::cart::CartLineView,
                crate::handlers::cart::LineBody,
                crate::handlers::cart::MergeBody,
                crate::handlers::cart::QuoteBody,
                pricing::Quote,
                pricing::Discount,
                pricing::Promotion,
                crate::handlers::pricing::ShopCoupon,
                crate::handlers::cart::PricedLine,
                crate::handlers::cart::CartQuote,
                crate::handlers::cart::CartAnswer,
                crate::handlers::cart::QuoteAnswer,
                crate::handlers::pricing::PromotionsAnswer,
                crate::handlers::pricing::CouponsAnswer,
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
                crate::handlers::orders::PlaceBody,
                crate::handlers::orders::ClaimBody,
                crate::handlers::orders::ReviewBody,
                crate::handlers::payments::PayBody,
                crate::handlers::order_answers::OrderAnswer,
                crate::handlers::orders::OrderChangeAnswer,
                crate::handlers::orders::PlacedOrderAnswer,
                crate::handlers::orders::OrderListAnswer,
                crate::handlers::orders::CountAnswer,
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
