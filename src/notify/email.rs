//! E-mail over SMTP (lettre, rustls only): one pooled connection per shop, a multipart
//! message (plain text + HTML, PDFs attached), and an error split into "try again later" and
//! "never going to work", which the outbox turns into a retry or a give-up.

use std::time::Duration;

use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment as MailAttachment, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::SendError;
use super::templates::Rendered;
use crate::config::{EmailSettings, SmtpTls};

/// How long one send may take (connect, greet, transfer) before it counts as failed.
const SEND_TIMEOUT: Duration = Duration::from_secs(20);

/// A file sent with the mail (receipt, tax invoice, credit note).
pub struct Attachment {
    pub file_name: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// One mail ready to go.
pub struct OutgoingMail {
    pub to: String,
    /// Copy addresses (`Cc`): the time-stamp mailbox of an e-Tax mail; usually none.
    pub cc: Vec<String>,
    pub rendered: Rendered,
    pub attachments: Vec<Attachment>,
    /// Unique per event and recipient, and the same on a resend: it becomes the `Message-ID`,
    /// by which mail clients recognise a duplicate.
    pub message_id: String,
    /// The signed address that turns the shopper's order mail off (`notify::unsubscribe`):
    /// sent as `List-Unsubscribe` with one-click `List-Unsubscribe-Post` (RFC 8058).
    pub unsubscribe: Option<String>,
}

/// The shop's SMTP connection and sender.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    /// Builds the transport from the settings; answers a one-line reason when they cannot
    /// work (an unparseable sender, a host lettre refuses).
    pub fn new(settings: &EmailSettings) -> Result<Mailer, String> {
        let from: Mailbox = settings
            .from
            .parse()
            .map_err(|err| format!("notifications.email.from {:?}: {err}", settings.from))?;
        let host = settings.smtp_host.trim();
        let builder = match settings.tls {
            SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
            SmtpTls::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)
                .map_err(|err| format!("notifications.email.smtp_host {host:?}: {err}"))?,
            SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)
                .map_err(|err| format!("notifications.email.smtp_host {host:?}: {err}"))?,
        };
        let mut builder = builder.port(settings.smtp_port).timeout(Some(SEND_TIMEOUT));
        if !settings.username.is_empty() {
            builder = builder.credentials(Credentials::new(
                settings.username.clone(),
                settings.password.expose().to_string(),
            ));
        }
        Ok(Mailer {
            transport: builder.build(),
            from,
        })
    }

    pub async fn send(&self, mail: &OutgoingMail) -> Result<(), SendError> {
        let message = self.build(mail)?;
        match self.transport.send(message).await {
            Ok(_) => Ok(()),
            Err(err) if err.is_permanent() => Err(SendError::Permanent(format!(
                "the mail server refused the message: {err}"
            ))),
            Err(err) => Err(SendError::Temporary(format!(
                "the mail server could not take the message: {err}"
            ))),
        }
    }

    fn build(&self, mail: &OutgoingMail) -> Result<Message, SendError> {
        let to: Mailbox = mail
            .to
            .parse()
            .map_err(|err| SendError::Permanent(format!("address {:?}: {err}", mail.to)))?;
        let domain = self.from.email.domain().to_string();
        let body = MultiPart::alternative_plain_html(
            mail.rendered.text.clone(),
            mail.rendered.html.clone(),
        );
        let body = if mail.attachments.is_empty() {
            body
        } else {
            let mut mixed = MultiPart::mixed().multipart(body);
            for file in &mail.attachments {
                let kind = ContentType::parse(&file.content_type).unwrap_or(
                    ContentType::parse("application/octet-stream").expect("a valid type"),
                );
                let part: SinglePart =
                    MailAttachment::new(file.file_name.clone()).body(file.bytes.clone(), kind);
                mixed = mixed.singlepart(part);
            }
            mixed
        };
        let mut builder = Message::builder().from(self.from.clone()).to(to);
        for cc in &mail.cc {
            let cc: Mailbox = cc
                .parse()
                .map_err(|err| SendError::Permanent(format!("copy address {cc:?}: {err}")))?;
            builder = builder.cc(cc);
        }
        let mut builder = builder
            .subject(mail.rendered.subject.clone())
            .date_now()
            .message_id(Some(format!("<{}@{domain}>", mail.message_id)));
        if let Some(url) = &mail.unsubscribe {
            builder = builder
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe"),
                    format!("<{url}>"),
                ))
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                    "List-Unsubscribe=One-Click".to_string(),
                ));
        }
        builder
            .multipart(body)
            .map_err(|err| SendError::Permanent(format!("the message cannot be built: {err}")))
    }
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The transport holds the SMTP password: show only who sends.
        f.debug_struct("Mailer")
            .field("from", &self.from.to_string())
            .finish()
    }
}
