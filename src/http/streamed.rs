//! An answer body written while it is sent: a blocking producer hands it chunks through a
//! small bounded channel, so the server holds a few chunks at most however long the answer
//! (the orders CSV of a busy year). When the client goes away, the producer's next send fails
//! and it stops.

use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::Body;
use bytes::Bytes;
use hyper::body::Frame;

/// Chunks waiting to be sent, at most.
const WAITING: usize = 4;

struct ChannelBody(tokio::sync::mpsc::Receiver<Result<Bytes, std::io::Error>>);

impl hyper::body::Body for ChannelBody {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        self.0
            .poll_recv(cx)
            .map(|next| next.map(|r| r.map(Frame::data)))
    }
}

/// The sending half: [`Chunks::send`] blocks while the client is slow, and answers `false`
/// once the client is gone.
pub struct Chunks(tokio::sync::mpsc::Sender<Result<Bytes, std::io::Error>>);

impl Chunks {
    pub fn send(&self, chunk: Vec<u8>) -> bool {
        self.0.blocking_send(Ok(Bytes::from(chunk))).is_ok()
    }

    /// Ends the answer early with an error: the client sees a cut connection, not a short
    /// file that looks whole.
    pub fn fail(&self, reason: String) {
        let _ = self.0.blocking_send(Err(std::io::Error::other(reason)));
    }
}

/// A body and the sender that fills it from a blocking thread.
pub fn channel() -> (Chunks, Body) {
    let (tx, rx) = tokio::sync::mpsc::channel(WAITING);
    (Chunks(tx), Body::new(ChannelBody(rx)))
}
