//! The local 2C2P stand-in as a program, for the browser tests:
//! `standin_2c2p --listen 127.0.0.1:8931 --merchant JT01:secret [--merchant ID:KEY…]`.
//! Prints `listening on http://…/payment` once ready and runs until killed.

use std::net::SocketAddr;

use kiosk::payments::standin::{StandIn, StandInMerchant};

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut listen: SocketAddr = "127.0.0.1:0".parse().expect("address");
    let mut merchants = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--listen", Some(value)) => listen = value.parse().expect("--listen ADDRESS:PORT"),
            ("--merchant", Some(value)) => {
                let (id, key) = value.split_once(':').expect("--merchant ID:KEY");
                merchants.push(StandInMerchant {
                    merchant_id: id.into(),
                    secret_key: key.into(),
                });
            }
            _ => {
                eprintln!("usage: standin_2c2p [--listen 127.0.0.1:PORT] --merchant ID:KEY…");
                std::process::exit(2);
            }
        }
    }
    assert!(
        listen.ip().is_loopback(),
        "the stand-in listens on loopback only"
    );
    let standin = StandIn::start(listen, merchants)
        .await
        .expect("stand-in starts");
    println!("listening on {}", standin.payment_url());
    std::future::pending::<()>().await;
}
