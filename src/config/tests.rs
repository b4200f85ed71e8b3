//! Loading and validating the configuration: layers, one-line errors, the example file.

use super::*;

fn write(dir: &tempfile::TempDir, text: &str) -> PathBuf {
    let path = dir.path().join("config.toml");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn defaults_listen_on_loopback_and_derive_the_public_url() {
    let config = Config::default().validated().unwrap();
    assert_eq!(config.listen.to_string(), "127.0.0.1:8080");
    assert_eq!(config.public_url, "http://127.0.0.1:8080");
}

#[test]
fn file_values_are_read_and_flags_win_over_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        &dir,
        "listen = \"127.0.0.1:9000\"\nshop_name = \"Baan Sofa\"\npublic_url = \"https://shop.example.com/\"\n",
    );
    let config = Config::load(Some(&path), &Overrides::default()).unwrap();
    assert_eq!(config.listen.port(), 9000);
    assert_eq!(config.shop_name, "Baan Sofa");
    assert_eq!(config.public_url, "https://shop.example.com");

    let flags = Overrides {
        listen: Some("127.0.0.1:9100".parse().unwrap()),
        ..Overrides::default()
    };
    let config = Config::load(Some(&path), &flags).unwrap();
    assert_eq!(config.listen.port(), 9100);
}

#[test]
fn an_unknown_key_is_named_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "lisen = \"127.0.0.1:9000\"\n");
    let err = Config::load(Some(&path), &Overrides::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("lisen"), "{err}");
    assert!(!err.contains('\n'), "{err}");
}

#[test]
fn a_bad_value_names_its_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "listen = \"not an address\"\n");
    let err = Config::load(Some(&path), &Overrides::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("listen"), "{err}");

    let path = write(&dir, "public_url = \"ftp://shop\"\n");
    let err = Config::load(Some(&path), &Overrides::default())
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("invalid configuration: public_url:"),
        "{err}"
    );

    let path = write(&dir, "[contact]\nfacebook = \"javascript:alert(1)\"\n");
    let err = Config::load(Some(&path), &Overrides::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("contact.facebook"), "{err}");
}

#[test]
fn payment_and_coin_settings_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    for (text, key) in [
        (
            "[payments]\npromptpay_id = \"12345\"\n",
            "payments.promptpay_id",
        ),
        (
            "[payments]\npromptpay_id = \"\"\nbank_account_number = \"\"\n",
            "payments.promptpay_id",
        ),
        ("[payments]\nbank_name = \"\"\n", "payments.bank_name"),
        ("[coins]\nearn_percent = 101\n", "coins.earn_percent"),
        ("[coins]\nreview_reward = -1\n", "coins.review_reward"),
    ] {
        let path = write(&dir, text);
        let err = Config::load(Some(&path), &Overrides::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains(key), "{text}: {err}");
        assert!(!err.contains('\n'), "{err}");
    }
}

#[test]
fn seller_and_notification_settings_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    for (text, key) in [
        ("[seller]\ntax_id = \"0105551234568\"\n", "seller.tax_id"),
        ("[seller]\nbranch = \"1\"\n", "seller.branch"),
        ("[seller]\nname = \" \"\n", "seller.name"),
        (
            "[notifications]\nretry_secs = 0\n",
            "notifications.retry_secs",
        ),
        (
            "[notifications]\nshop_lang = \"fr\"\n",
            "notifications.shop_lang",
        ),
        (
            "[notifications.email]\nsmtp_host = \"mail.example.com\"\n",
            "notifications.email.from",
        ),
        (
            "[notifications.email]\nsmtp_host = \"m.example.com\"\nfrom = \"Shop <s@example.com>\"\nusername = \"u\"\n",
            "notifications.email.username",
        ),
        (
            "[notifications.email]\nsmtp_host = \"m.example.com\"\nfrom = \"s@example.com\"\ntls = \"ssl\"\n",
            "tls",
        ),
        (
            "[notifications.line]\nchannel_access_token = \"t\"\n",
            "notifications.line.to",
        ),
    ] {
        let path = write(&dir, text);
        let err = Config::load(Some(&path), &Overrides::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains(key), "{text}: {err}");
        assert!(!err.contains('\n'), "{err}");
    }
    // A shop that is not VAT-registered leaves the tax id empty.
    let path = write(&dir, "[seller]\ntax_id = \"\"\n");
    let config = Config::load(Some(&path), &Overrides::default()).unwrap();
    assert!(!config.seller.issues_tax_invoices());
    assert!(valid_thai_tax_id("0105551234567"));
    assert!(!valid_thai_tax_id("010555123456"));
    // The password is never shown.
    let path = write(
        &dir,
        "[notifications.email]\nsmtp_host = \"m.example.com\"\nfrom = \"s@example.com\"\nusername = \"u\"\npassword = \"hunter22\"\n[notifications.line]\nchannel_access_token = \"line-secret\"\nto = \"C1\"\n",
    );
    let config = Config::load(Some(&path), &Overrides::default()).unwrap();
    let shown = format!("{config:?} {}", serde_json::to_string(&config).unwrap());
    assert!(
        !shown.contains("hunter22") && !shown.contains("line-secret"),
        "{shown}"
    );
}

/// The example documents every setting with its default: loading it must give exactly the
/// built-in defaults (so a new setting cannot be added without documenting it there).
#[test]
fn the_example_config_is_valid_and_equals_the_defaults() {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/config.example.toml"));
    let loaded = Config::load(Some(path), &Overrides::default()).unwrap();
    let defaults = Config::default().validated().unwrap();
    assert_eq!(
        serde_json::to_value(&loaded).unwrap(),
        serde_json::to_value(&defaults).unwrap()
    );
}

#[test]
fn provider_endpoints_must_be_https_except_on_loopback() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        &dir,
        "[auth.google]\nclient_id = \"x\"\nclient_secret = \"y\"\ntoken_url = \"http://evil.example/token\"\n",
    );
    let err = Config::load(Some(&path), &Overrides::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("auth.google.token_url"), "{err}");
    let path = write(
        &dir,
        "[auth.google]\nclient_id = \"x\"\nclient_secret = \"y\"\ntoken_url = \"http://127.0.0.1:9/token\"\nauth_url = \"http://127.0.0.1:9/a\"\nuserinfo_url = \"http://localhost:9/u\"\n",
    );
    assert!(
        Config::load(Some(&path), &Overrides::default())
            .unwrap()
            .auth
            .google
            .enabled()
    );
    let path = write(&dir, "[auth.facebook]\nclient_id = \"x\"\n");
    let err = Config::load(Some(&path), &Overrides::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("auth.facebook.client_secret"), "{err}");
}

#[test]
fn a_missing_config_file_given_by_flag_is_an_error() {
    let err = Config::load(
        Some(Path::new("/nonexistent/kiosk.toml")),
        &Overrides::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("does not exist"));
}

#[test]
fn metrics_are_off_by_default_and_never_on_the_shop_port() {
    assert_eq!(Config::default().metrics.listen, None);
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "[metrics]\nlisten = \"127.0.0.1:9464\"\n");
    let config = Config::load(Some(&path), &Overrides::default()).unwrap();
    assert_eq!(
        config.metrics.listen,
        Some("127.0.0.1:9464".parse().unwrap())
    );
    let path = write(
        &dir,
        "listen = \"0.0.0.0:8080\"\n[metrics]\nlisten = \"127.0.0.1:8080\"\n",
    );
    let err = Config::load(Some(&path), &Overrides::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("metrics.listen"), "{err}");
}
