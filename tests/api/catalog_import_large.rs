//! `kiosk catalog import` through a running shop, with catalogues larger than a control-socket
//! request line (4 MiB): the file follows the request, and any failure says what went wrong.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::helpers::{TestApp, spawn_app};

/// The real CLI, run beside the in-process server (on a blocking thread, so the server keeps
/// answering its control socket meanwhile).
async fn kiosk(args: Vec<String>) -> Output {
    tokio::task::spawn_blocking(move || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_kiosk"));
        command.stdin(Stdio::null());
        for (key, _) in std::env::vars() {
            if key.starts_with("KIOSK_") || key == "RUST_LOG" {
                command.env_remove(key);
            }
        }
        command.args(args).output().expect("kiosk runs")
    })
    .await
    .unwrap()
}

async fn import(app: &TestApp, file: &Path) -> Output {
    kiosk(vec![
        "catalog".into(),
        "import".into(),
        "--data-dir".into(),
        app.state.config.data_dir.display().to_string(),
        file.display().to_string(),
    ])
    .await
}

/// `{"products": [` then one product a line: product `i` is on line `i + 2`.
fn catalogue(prefix: &str, count: usize, bad: Option<usize>) -> String {
    let description = "A deep sofa with feather cushions and a solid teak frame. ".repeat(50);
    let mut text = String::from("{\"products\": [\n");
    for i in 0..count {
        let price = if Some(i) == bad {
            -1
        } else {
            100_000 + i as i64
        };
        text.push_str(
            &serde_json::json!({
                "code": format!("{prefix}-{i:05}"),
                "name": {"en": format!("Imported sofa {i}")},
                "description": {"en": description},
                "price": price,
                "stock": 3,
            })
            .to_string(),
        );
        text.push_str(if i + 1 < count { ",\n" } else { "\n" });
    }
    text.push_str("]}\n");
    text
}

fn stored(app: &TestApp, code: &str) -> bool {
    app.state
        .catalog
        .current()
        .products
        .iter()
        .any(|p| p.code == code)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_catalogue_over_four_mib_imports_through_a_running_shop() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("large.json");
    let text = catalogue("BIG", 1_600, None);
    assert!(text.len() > 4 * 1024 * 1024, "{} bytes", text.len());
    std::fs::write(&file, text).unwrap();

    let out = import(&app, &file).await;
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.contains("imported 1600 products (1600 new, 0 updated)"),
        "{stdout}"
    );
    // The running shop took it (it holds the database; the CLI could not have).
    assert!(stored(&app, "BIG-00000") && stored(&app, "BIG-01599"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_catalogue_with_a_bad_row_is_refused_by_line_through_a_running_shop() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("large.json");
    std::fs::write(&file, catalogue("BAD", 1_600, Some(1_234))).unwrap();

    let out = import(&app, &file).await;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("line 1236 (BAD-01234): price") && stderr.contains("nothing was imported"),
        "{stderr}"
    );
    assert!(!stderr.contains("does not answer"), "{stderr}");
    assert!(!stored(&app, "BAD-00000"), "a refused import wrote rows");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shop_whose_socket_is_gone_is_reported_as_such() {
    let app = spawn_app().await;
    let data_dir = app.state.config.data_dir.clone();
    std::fs::remove_file(kiosk::ops::socket::socket_path(&data_dir)).unwrap();
    let out = kiosk(vec![
        "catalog".into(),
        "export".into(),
        "--data-dir".into(),
        data_dir.display().to_string(),
        "-".into(),
    ])
    .await;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("cannot be reached") && stderr.contains("socket file is missing"),
        "{stderr}"
    );
}
