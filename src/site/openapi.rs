//! `GET /api/openapi.json`: the API description, generated from the `#[utoipa::path]`
//! attribute on each handler and from the request and answer types the handlers use, so it
//! cannot drift from the code. A test checks that every API route in `app.rs` (path and
//! method) is listed here and that nothing else is.

use std::sync::OnceLock;

use axum::body::Bytes;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::handlers::staff as admin;
use crate::http::envelope::ErrorAnswer;
use crate::{accounts, catalog};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Kiosk API",
        description = "JSON API of the Kiosk furniture shop. Success bodies carry `status: \"success\"`; failures are HTTP 4xx/5xx with `{status: \"error\", error: {code, message}}`, `code` being a stable snake_case key. Every request may carry a `kcard` header naming the kiosk terminal or channel; it is recorded on carts, orders and the activity log. Signed-in calls send `Authorization: Bearer <token>`. Money is integer satang (฿1 = 100 satang).",
    ),
    paths(
        // System
        crate::handlers::health::health,
        openapi,
        // Content
        crate::handlers::content::list_locales,
        crate::handlers::content::get_locale,
        crate::handlers::content::get_labels,
        crate::handlers::content::list_pages,
        crate::handlers::content::get_page,
        crate::handlers::content::get_pdf,
        // Accounts
        crate::handlers::accounts::register,
        crate::handlers::accounts::login,
        crate::handlers::accounts::logout,
        crate::handlers::accounts::current_user,
        crate::handlers::accounts::change_password,
        crate::handlers::accounts::get_user_info,
        crate::handlers::accounts::put_user_info,
        crate::handlers::accounts::list_providers,
        crate::handlers::accounts::reset_password,
        crate::handlers::social::register_social,
        crate::handlers::social::start,
        crate::handlers::social::callback,
        // Staff
        admin::menus::get_admin_menus,
        admin::menus::list_activity,
        admin::orders::list_orders,
        admin::orders::export_orders_csv,
        admin::orders::bulk_status,
        admin::orders::set_order_status,
        admin::orders::add_note,
        admin::orders::reject_proof,
        admin::orders::record_refund,
        admin::notifications::list,
        admin::notifications::retry,
        admin::staff_accounts::me,
        admin::staff_accounts::get_roles,
        admin::staff_accounts::put_roles,
        admin::staff_accounts::list_staff,
        admin::staff_accounts::add_staff,
        admin::staff_accounts::set_role,
        admin::staff_accounts::set_staff_disabled,
        admin::reports::dashboard,
        admin::reports::sales_report,
        admin::synonyms::get_synonyms,
        admin::synonyms::put_synonyms,
        admin::synonyms::get_misses,
        admin::insights::get_insights,
        admin::insights::get_insights_csv,
        crate::handlers::insights::hit,
        admin::reports::sales_report_csv,
        admin::customers::list_customers,
        admin::customers::get_customer,
        admin::customers::adjust_coins,
        admin::customers::set_disabled,
        admin::customers::start_password_reset,
        admin::products::list_products,
        admin::products::export_products_csv,
        admin::products::get_product,
        admin::products::create_product,
        admin::products::update_product,
        admin::products::duplicate_product,
        admin::products::set_active,
        admin::products::adjust_stock,
        admin::products::bulk_edit,
        admin::products::import_csv,
        admin::images::upload_images,
        admin::images::set_images,
        admin::promotions::list_coupons,
        admin::promotions::create_coupon,
        admin::promotions::update_coupon,
        admin::promotions::list_promotions,
        admin::promotions::create_promotion,
        admin::promotions::update_promotion,
        admin::taxonomy::list_rooms,
        admin::taxonomy::create_room,
        admin::taxonomy::update_room,
        admin::taxonomy::delete_room,
        admin::taxonomy::reorder_rooms,
        admin::taxonomy::list_categories,
        admin::taxonomy::create_category,
        admin::taxonomy::update_category,
        admin::taxonomy::delete_category,
        admin::taxonomy::reorder_categories,
        admin::codes::list_groups,
        admin::codes::get_group,
        admin::codes::add_entry,
        admin::codes::update_entry,
        admin::codes::remove_entry,
        admin::content::list_pages,
        admin::content::create_page,
        admin::content::update_page,
        admin::content::list_translations,
        admin::content::save_translation,
        admin::content::get_settings,
        admin::content::put_settings,
        admin::content::get_catalogue,
        admin::content::upload_catalogue,
        admin::mail_preview::mail,
        admin::mail_preview::receipt,
        crate::handlers::mail::confirm,
        crate::handlers::mail::unsubscribe,
        // Catalogue
        crate::handlers::catalog::list_rooms,
        crate::handlers::catalog::get_category_tree,
        crate::handlers::catalog::list_products,
        crate::handlers::catalog::get_product,
        crate::handlers::catalog::related_products,
        crate::handlers::catalog::search,
        crate::handlers::catalog::search_code,
        crate::handlers::images::get_image,
        // Carts and prices
        crate::handlers::cart::get_cart,
        crate::handlers::cart::add_to_cart,
        crate::handlers::cart::set_cart_line,
        crate::handlers::cart::merge_carts,
        crate::handlers::cart::quote_cart,
        crate::handlers::pricing::list_promotions,
        crate::handlers::pricing::list_coupons,
        // Orders
        crate::handlers::orders::place_order,
        crate::handlers::orders::get_order,
        crate::handlers::documents::receipt,
        crate::handlers::documents::tax_invoice,
        crate::handlers::documents::credit_note,
        crate::handlers::orders::list_orders,
        crate::handlers::orders::need_review,
        crate::handlers::orders::review_order,
        crate::handlers::orders::cancel_order,
        crate::handlers::payments::pay_order,
        crate::handlers::orders::claim_order,
        crate::handlers::proofs::upload_proof,
        crate::handlers::proofs::get_proof,
        // Card payment (2C2P)
        crate::handlers::payments::notify,
        crate::handlers::payments::browser_return,
        crate::handlers::payments::hand_over,
        crate::handlers::payments::submit_script,
    ),
    // Listed here: recursive types (their own fields stop the walk that collects the schemas
    // the paths use) and types named only in path parameters.
    components(schemas(
        ErrorAnswer,
        accounts::menus::AdminMenuItem,
        catalog::model::CategoryNode,
        crate::i18n::Locale,
    )),
    modifiers(&SecurityAndChannel),
    tags(
        (name = "system", description = "Liveness and this document"),
        (name = "file", description = "Translations, labels, information pages, staff menus, images and the e-catalogue"),
        (name = "auth", description = "Accounts: local and social sign-in, the signed-in user"),
        (name = "catalog", description = "Rooms, categories, products and search"),
        (name = "cart", description = "Carts of visitors and signed-in shoppers, and their prices"),
        (name = "pricing", description = "Promotions and coupons on display"),
        (name = "order", description = "Placing, reading, reviewing and cancelling orders"),
        (name = "payment", description = "Card payment through 2C2P: the hand-over page and the result URLs"),
        (name = "admin", description = "Staff only: orders, coins and the activity log"),
    ),
)]
pub struct ApiDoc;

/// Adds the bearer-token scheme the handlers' `security(("bearer" = []))` refer to, and the
/// optional `kcard` header to every operation.
struct SecurityAndChannel;

impl Modify for SecurityAndChannel {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
        for item in openapi.paths.paths.values_mut() {
            for operation in [
                &mut item.get,
                &mut item.post,
                &mut item.put,
                &mut item.delete,
                &mut item.patch,
            ]
            .into_iter()
            .flatten()
            {
                operation
                    .parameters
                    .get_or_insert_with(Vec::new)
                    .push(kcard_header().into());
                operation
                    .responses
                    .responses
                    .entry("507".into())
                    .or_insert_with(|| storage_full_answer().into());
            }
        }
    }
}

/// Any API call may need to write (an order, a cart, a missed search, a sign-in's log line);
/// while the disk is full it is refused with 507 (`crate::http::error::storage_full_answers`).
fn storage_full_answer() -> utoipa::openapi::Response {
    use utoipa::openapi::header::Header;
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    ResponseBuilder::new()
        .description(
            "`storage_full`: the disk holding the shop's data is full, so nothing was saved; \
             retry after `Retry-After` seconds",
        )
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorAnswer")))
                .build(),
        )
        .header(
            "Retry-After",
            Header::new(ObjectBuilder::new().schema_type(Type::Integer)),
        )
        .build()
}

fn kcard_header() -> Parameter {
    ParameterBuilder::new()
        .name("kcard")
        .parameter_in(ParameterIn::Header)
        .description(Some(
            "The kiosk terminal or channel the request comes from (at most 64 characters \
             are kept); recorded on carts, orders and activity-log lines.",
        ))
        .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
        .build()
}

pub use crate::http::openapi_shared::{FileBody, string_or_integer};

/// The document, generated on first use (the handlers' annotations, then what every route
/// shares: `crate::http::openapi_shared`) and then served from memory.
pub fn document() -> &'static Bytes {
    static DOCUMENT: OnceLock<Bytes> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let mut json =
            serde_json::to_value(ApiDoc::openapi()).expect("the OpenAPI document serialises");
        crate::http::openapi_shared::apply(&mut json);
        Bytes::from(serde_json::to_vec_pretty(&json).expect("the OpenAPI document serialises"))
    })
}

/// This document.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "system",
    responses((status = 200, description = "The OpenAPI 3.1 document", body = Object)),
)]
pub async fn openapi() -> Response {
    let mut response = document().clone().into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    /// Every `$ref` in the document names a component that exists.
    #[test]
    fn every_reference_in_the_document_resolves() {
        let document: Value = serde_json::from_slice(super::document()).unwrap();
        let mut refs = Vec::new();
        fn collect(value: &Value, refs: &mut Vec<String>) {
            match value {
                Value::Object(map) => {
                    if let Some(Value::String(target)) = map.get("$ref") {
                        refs.push(target.clone());
                    }
                    map.values().for_each(|v| collect(v, refs));
                }
                Value::Array(items) => items.iter().for_each(|v| collect(v, refs)),
                _ => {}
            }
        }
        collect(&document, &mut refs);
        assert!(refs.len() > 50, "{refs:?}");
        for target in refs {
            let pointer = target.trim_start_matches('#');
            assert!(
                document.pointer(pointer).is_some(),
                "{target} does not resolve"
            );
        }
        assert_eq!(document["openapi"], "3.1.0");
        assert_eq!(document["info"]["version"], env!("CARGO_PKG_VERSION"));
    }
}
