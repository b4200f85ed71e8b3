//! What every operation of the API shares, written into the OpenAPI document once instead of
//! into 120 handler annotations: the refusals any route can answer, error bodies that always
//! admit the plain error shape, optional bodies that mean "absent" rather than `null`, and the
//! real range of unsigned integers. The rules are in `docs/API.md`; a test of `tests/api`
//! and the schemathesis step (`tests/fuzz/schemathesis.sh`) check the server against them.
//!
//! The handlers' `#[utoipa::path]` annotations say what is particular to a route (its success,
//! its own error codes); this pass adds what comes from the layers and extractors that every
//! route passes through, so a route cannot forget them and a new layer is documented by
//! adding one entry here.

use serde_json::{Map, Value, json};
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};

/// An id a request may give as a number or as a string (a cart is the visitor's UUID or the
/// signed-in user's id, which every answer gives as a number): for `#[schema(schema_with)]`.
pub fn string_or_integer() -> Schema {
    OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::String))
        .item(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(1)),
        )
        .build()
        .into()
}

/// The bytes of a file (the PDF, an image): what a response's content type says they are.
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct FileBody(pub Vec<u8>);

/// The plain error body every 4xx and 5xx answer has (or extends).
const ERROR_ANSWER: &str = "#/components/schemas/ErrorAnswer";

/// A status every operation, or every operation of one kind, can answer.
struct Shared {
    status: &'static str,
    name: &'static str,
    applies: fn(&Value) -> bool,
    description: &'static str,
    retry_after: bool,
}

/// The refusals that come from the server's layers and extractors rather than from a
/// handler. A status a route documents itself keeps the route's description.
const SHARED: &[Shared] = &[
    Shared {
        status: "400",
        name: "InvalidRequest",
        applies: has_input,
        description: "The request does not match this document: `invalid_request` (a path \
                      parameter that is not of its type), `invalid_query` or \
                      `invalid_parameter` (a query parameter), `invalid_json` or \
                      `invalid_body` (the body), or one of the route's own codes.",
        retry_after: false,
    },
    Shared {
        status: "401",
        name: "Unauthorized",
        applies: takes_token,
        description: "`unauthorized`: the bearer token is not valid (expired, revoked, or \
                      of a disabled account).",
        retry_after: false,
    },
    Shared {
        status: "408",
        name: "RequestTimeout",
        applies: has_body,
        description: "`request_timeout`: the body stopped arriving.",
        retry_after: false,
    },
    Shared {
        status: "413",
        name: "PayloadTooLarge",
        applies: has_body,
        description: "`payload_too_large`: the body is over the route's limit (1 MiB for \
                      JSON, more on upload routes).",
        retry_after: false,
    },
    Shared {
        status: "429",
        name: "TooManyRequests",
        applies: always,
        description: "`too_many_attempts` or another limit's code: this address or account \
                      sent too many requests of this kind; `Retry-After` says when to try \
                      again.",
        retry_after: true,
    },
    Shared {
        status: "500",
        name: "ServerError",
        applies: always,
        description: "`internal_error`: a fault on the server's side; the details are in its \
                      log only.",
        retry_after: false,
    },
    Shared {
        status: "503",
        name: "Unavailable",
        applies: always,
        description: "`unavailable`, `busy` or `storage_full`: the server could not finish in \
                      time, is at capacity, or cannot write now; `Retry-After` may say when \
                      to try again.",
        retry_after: true,
    },
    Shared {
        status: "507",
        name: "StorageFull",
        applies: always,
        description: "`storage_full`: the shop's disk is full, so nothing was written; \
                      `Retry-After` may say when to try again.",
        retry_after: true,
    },
];

/// Applies every shared rule to the document.
pub fn apply(document: &mut Value) {
    add_shared_responses(document);
    for operation in operations(document) {
        empty_query_values_are_absent(operation);
        document_shared_refusals(operation);
        admit_plain_errors(operation);
        optional_bodies_are_absent(operation);
    }
    bound_integers(document);
}

/// The operations of every path, mutably.
fn operations(document: &mut Value) -> impl Iterator<Item = &mut Value> {
    const METHODS: &[&str] = &["get", "put", "post", "delete", "patch", "head", "options"];
    document
        .get_mut("paths")
        .and_then(Value::as_object_mut)
        .into_iter()
        .flat_map(|paths| paths.values_mut())
        .filter_map(Value::as_object_mut)
        .flat_map(|item| {
            item.iter_mut()
                .filter(|(method, _)| METHODS.contains(&method.as_str()))
                .map(|(_, operation)| operation)
        })
}

fn always(_: &Value) -> bool {
    true
}

/// A route with a path or query parameter or a body can be sent one its extractor refuses.
/// (The `kcard` header is free text and never refused.)
fn has_input(operation: &Value) -> bool {
    has_body(operation)
        || operation["parameters"]
            .as_array()
            .is_some_and(|parameters| {
                parameters
                    .iter()
                    .any(|p| matches!(p["in"].as_str(), Some("path" | "query")))
            })
}

fn has_body(operation: &Value) -> bool {
    operation.get("requestBody").is_some()
}

/// A route that reads a bearer token refuses a bad one, even where a token is optional.
fn takes_token(operation: &Value) -> bool {
    operation["security"]
        .as_array()
        .is_some_and(|schemes| schemes.iter().any(|scheme| scheme.get("bearer").is_some()))
}

/// `components.responses`: one entry per shared refusal, each with the error body.
fn add_shared_responses(document: &mut Value) {
    let responses = object_at(document, &["components", "responses"]);
    for shared in SHARED {
        let mut response = json!({
            "description": shared.description,
            "content": {"application/json": {"schema": {"$ref": ERROR_ANSWER}}},
        });
        if shared.retry_after {
            response["headers"] = json!({"Retry-After": {
                "description": "Seconds to wait before trying again.",
                "required": false,
                "schema": {"type": "integer", "minimum": 0},
            }});
        }
        responses.insert(shared.name.to_string(), response);
    }
}

/// Adds a reference to each shared refusal the operation can answer and does not document.
fn document_shared_refusals(operation: &mut Value) {
    let applicable: Vec<&Shared> = SHARED
        .iter()
        .filter(|shared| (shared.applies)(operation))
        .collect();
    let responses = object_at(operation, &["responses"]);
    for shared in applicable {
        responses
            .entry(shared.status)
            .or_insert_with(|| json!({"$ref": format!("#/components/responses/{}", shared.name)}));
    }
}

/// An optional query parameter sent empty (`?to=`, `?lang=`) is taken as left out, as an
/// HTML form sends an empty field; so where a parameter's value is constrained (a format, a
/// pattern, a set of values) the empty string is documented as a value of its own.
fn empty_query_values_are_absent(operation: &mut Value) {
    let Some(parameters) = operation
        .get_mut("parameters")
        .and_then(Value::as_array_mut)
    else {
        return;
    };
    for parameter in parameters {
        if parameter["in"] != "query" || parameter["required"] == true {
            continue;
        }
        let Some(schema) = parameter.get_mut("schema") else {
            continue;
        };
        let constrained = ["format", "pattern", "enum", "$ref"]
            .iter()
            .any(|keyword| schema.get(keyword).is_some());
        let text = schema.get("$ref").is_some() || schema["type"] == "string";
        if constrained && text {
            let value = schema.take();
            *schema = json!({"anyOf": [value, {"type": "string", "maxLength": 0}]});
        }
    }
}

/// A route may document a richer error body for a status (`problems` by field, the stored
/// product of a conflict), but the same status also comes from the extractors and layers with
/// the plain error body; so such a body is documented as either.
fn admit_plain_errors(operation: &mut Value) {
    let Some(responses) = operation
        .get_mut("responses")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    for (status, response) in responses.iter_mut() {
        if !(status.starts_with('4') || status.starts_with('5')) {
            continue;
        }
        let Some(schema) = response.pointer_mut("/content/application~1json/schema") else {
            continue;
        };
        if schema.get("$ref").and_then(Value::as_str) == Some(ERROR_ANSWER) {
            continue;
        }
        let richer = schema.take();
        *schema = json!({"anyOf": [richer, {"$ref": ERROR_ANSWER}]});
    }
}

/// A body the route does not require is sent or left out; `null` is not a third choice.
/// (utoipa describes `Option<Body>` as "the body or null".)
fn optional_bodies_are_absent(operation: &mut Value) {
    let Some(body) = operation.get_mut("requestBody") else {
        return;
    };
    if body["required"].as_bool() == Some(true) {
        return;
    }
    let Some(content) = body.get_mut("content").and_then(Value::as_object_mut) else {
        return;
    };
    for media in content.values_mut() {
        if let Some(schema) = media.get_mut("schema") {
            drop_null_alternative(schema);
        }
    }
}

fn drop_null_alternative(schema: &mut Value) {
    for keyword in ["oneOf", "anyOf"] {
        let Some(alternatives) = schema.get_mut(keyword).and_then(Value::as_array_mut) else {
            continue;
        };
        alternatives.retain(|alternative| alternative["type"] != "null");
        if alternatives.len() == 1 {
            let only = alternatives.remove(0);
            *schema = only;
            return;
        }
    }
}

/// The range of each integer format the document uses, written out as `minimum` and
/// `maximum` where the type does not say less: a client (or a fuzzer) then knows that `-1`
/// is not an id and that a `u64` id may be above 2^63. The formats are utoipa's for each Rust
/// integer type (the `non_strict_integers` feature).
fn bound_integers(value: &mut Value) {
    match value {
        Value::Object(map) => {
            unsigned_format_names(map);
            if let Some((min, max)) = integer_range(map) {
                map.entry("minimum").or_insert(min);
                map.entry("maximum").or_insert(max);
            }
            map.values_mut().for_each(bound_integers);
        }
        Value::Array(items) => items.iter_mut().for_each(bound_integers),
        _ => {}
    }
}

/// utoipa writes the unsigned formats as `u-int8` … `u-int64`; the OpenAPI format registry
/// and other tools spell them `uint8` … `uint64`.
fn unsigned_format_names(schema: &mut Map<String, Value>) {
    if let Some(Value::String(format)) = schema.get_mut("format")
        && let Some(bits) = format.strip_prefix("u-int")
    {
        *format = format!("uint{bits}");
    }
}

fn integer_range(schema: &Map<String, Value>) -> Option<(Value, Value)> {
    let integer = match &schema.get("type")? {
        Value::String(kind) => kind == "integer",
        Value::Array(kinds) => kinds.iter().any(|k| k == "integer"),
        _ => false,
    };
    if !integer {
        return None;
    }
    Some(match schema.get("format")?.as_str()? {
        "int8" => (json!(i8::MIN), json!(i8::MAX)),
        "int16" => (json!(i16::MIN), json!(i16::MAX)),
        "int32" => (json!(i32::MIN), json!(i32::MAX)),
        "int64" => (json!(i64::MIN), json!(i64::MAX)),
        "uint8" => (json!(0), json!(u8::MAX)),
        "uint16" => (json!(0), json!(u16::MAX)),
        "uint32" => (json!(0), json!(u32::MAX)),
        "uint64" => (json!(0), json!(u64::MAX)),
        _ => return None,
    })
}

/// The object at `path` under `value`, made (with every object on the way) where missing.
fn object_at<'a>(value: &'a mut Value, path: &[&str]) -> &'a mut Map<String, Value> {
    let mut here = value;
    for key in path {
        here = here
            .as_object_mut()
            .expect("an object on the way")
            .entry(key.to_string())
            .or_insert_with(|| json!({}));
    }
    here.as_object_mut().expect("an object")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn document(operation: Value) -> Value {
        json!({"paths": {"/api/x/{id}": {"post": operation}}})
    }

    fn operation(document: &Value) -> &Value {
        &document["paths"]["/api/x/{id}"]["post"]
    }

    #[test]
    fn a_route_with_a_path_parameter_documents_the_extractors_refusal() {
        let mut doc = document(json!({
            "parameters": [{"name": "id", "in": "path", "schema": {"type": "integer", "format": "u-int64", "minimum": 0}}],
            "responses": {"200": {"description": "ok"}},
        }));
        apply(&mut doc);
        let responses = &operation(&doc)["responses"];
        assert_eq!(
            responses["400"]["$ref"],
            "#/components/responses/InvalidRequest"
        );
        for status in ["429", "500", "503", "507"] {
            assert!(responses.get(status).is_some(), "{status}: {responses}");
        }
        assert!(responses.get("408").is_none(), "no body, no 408");
        assert!(responses.get("401").is_none(), "no token, no 401");
        assert_eq!(
            doc["components"]["responses"]["InvalidRequest"]["content"]["application/json"]["schema"]
                ["$ref"],
            ERROR_ANSWER
        );
        let id = &operation(&doc)["parameters"][0]["schema"];
        assert_eq!(id["format"], "uint64");
        assert_eq!(id["minimum"], 0);
        assert_eq!(id["maximum"], json!(u64::MAX));
    }

    #[test]
    fn a_richer_error_body_also_admits_the_plain_one_and_a_route_keeps_its_own_words() {
        let problems = json!({"$ref": "#/components/schemas/ProductProblemsAnswer"});
        let mut doc = document(json!({
            "requestBody": {"required": true, "content": {"application/json": {"schema": {}}}},
            "security": [{"bearer": []}],
            "responses": {
                "400": {"description": "mine", "content": {"application/json": {"schema": problems}}},
            },
        }));
        apply(&mut doc);
        let responses = &operation(&doc)["responses"];
        assert_eq!(responses["400"]["description"], "mine");
        assert_eq!(
            responses["400"]["content"]["application/json"]["schema"],
            json!({"anyOf": [problems, {"$ref": ERROR_ANSWER}]})
        );
        for status in ["401", "408", "413"] {
            assert!(responses.get(status).is_some(), "{status}: {responses}");
        }
    }

    #[test]
    fn an_empty_constrained_query_value_is_documented_as_left_out() {
        let date = json!({"type": "string", "format": "date"});
        let mut doc = document(json!({
            "parameters": [
                {"name": "to", "in": "query", "schema": date},
                {"name": "q", "in": "query", "schema": {"type": "string"}},
                {"name": "limit", "in": "query", "schema": {"type": "integer", "format": "uint32"}},
            ],
            "responses": {},
        }));
        apply(&mut doc);
        let parameters = &operation(&doc)["parameters"];
        assert_eq!(
            parameters[0]["schema"],
            json!({"anyOf": [date, {"type": "string", "maxLength": 0}]})
        );
        assert_eq!(parameters[1]["schema"], json!({"type": "string"}));
        assert_eq!(parameters[2]["schema"]["maximum"], json!(u32::MAX));
    }

    #[test]
    fn an_optional_body_is_absent_or_the_body_never_null() {
        let body = json!({"$ref": "#/components/schemas/PayBody"});
        let mut doc = document(json!({
            "requestBody": {"content": {"application/json": {"schema": {"oneOf": [{"type": "null"}, body]}}}},
            "responses": {},
        }));
        apply(&mut doc);
        assert_eq!(
            operation(&doc)["requestBody"]["content"]["application/json"]["schema"],
            body
        );
    }
}
