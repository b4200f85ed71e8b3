//! Telling the shop that its disk is full, and that it has space again.
//!
//! Every other message goes through the outbox, written in the transaction of its event. A full
//! disk is the one event that cannot be written down: the database refuses every write while it
//! lasts. So this watcher reads the store's in-memory state ([`Store::storage_full_since`]) and
//! sends the notice straight to the shop's mail address and LINE group, once per episode and
//! channel, retrying a channel that failed. The all-clear waits for a quiet spell, so a disk at
//! the edge (small writes passing, large ones refused) does not send a pair of messages a minute.
//! It is given the few parts of the running shop it reads ([`Sending`]), built at start-up.
//!
//! [`Store::storage_full_since`]: crate::store::Store::storage_full_since

use std::time::{Duration, Instant};

use super::Sending;
use super::email::{Mailer, OutgoingMail};
use super::line::LinePusher;
use super::templates;
use crate::content::words::Words;
use crate::i18n::Locale;

/// How often the watcher looks at the store's state (an atomic read).
const LOOK: Duration = Duration::from_secs(1);

/// What the shop has been told on one channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Told {
    /// Nothing, or that the disk has space again.
    Clear,
    /// That the disk has been full since this Unix second.
    Full(u64),
}

/// A notice to send now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    /// The disk has been full since this Unix second.
    Full(u64),
    /// The disk has space again (writes succeed since this Unix second).
    Cleared(u64),
}

/// The decision for one channel, kept apart from the sending so it can be tested without
/// clocks or servers.
#[derive(Debug)]
struct Channel {
    told: Told,
    /// When writes were first seen succeeding again after a told episode.
    clear_since: Option<(Instant, u64)>,
}

impl Channel {
    fn new() -> Channel {
        Channel {
            told: Told::Clear,
            clear_since: None,
        }
    }

    /// What to send given the store's state now; `quiet` is how long writes must succeed
    /// before the all-clear goes out.
    fn due(
        &mut self,
        full_since: Option<u64>,
        now: Instant,
        now_secs: u64,
        quiet: Duration,
    ) -> Option<Notice> {
        match (full_since, self.told) {
            (Some(since), Told::Clear) => {
                self.clear_since = None;
                Some(Notice::Full(since))
            }
            (Some(_), Told::Full(_)) => {
                // Still (or again) full within the quiet spell: the episode goes on.
                self.clear_since = None;
                None
            }
            (None, Told::Full(_)) => {
                let (began, at) = *self.clear_since.get_or_insert((now, now_secs));
                (now.duration_since(began) >= quiet).then_some(Notice::Cleared(at))
            }
            (None, Told::Clear) => None,
        }
    }

    fn sent(&mut self, notice: Notice) {
        self.told = match notice {
            Notice::Full(since) => Told::Full(since),
            Notice::Cleared(_) => {
                self.clear_since = None;
                Told::Clear
            }
        };
    }
}

/// Starts the watcher when the shop has a mail address or a LINE group to tell; it runs until
/// the runtime stops.
pub fn spawn(sending: Sending) -> Option<tokio::task::JoinHandle<()>> {
    let n = &sending.config.notifications;
    let mailer = if n.email.enabled() && !n.email.shop_to.trim().is_empty() {
        Mailer::new(&n.email).ok()
    } else {
        None
    };
    let line = n.line.enabled().then(|| LinePusher::new(&n.line));
    if mailer.is_none() && line.is_none() {
        return None;
    }
    let lang = Locale::parse(&n.shop_lang).unwrap_or(Locale::Th);
    // The all-clear waits for two retry intervals of calm (a minute by default).
    let quiet = Duration::from_secs(n.retry_secs.max(1) * 2);
    let shop_to = n.email.shop_to.clone();
    Some(tokio::spawn(async move {
        let mut by_mail = Channel::new();
        let mut by_line = Channel::new();
        loop {
            tokio::time::sleep(LOOK).await;
            let full_since = sending.store.storage_full_since();
            let (now, now_secs) = (Instant::now(), unix_now());
            if let Some(mailer) = &mailer
                && let Some(notice) = by_mail.due(full_since, now, now_secs, quiet)
            {
                let shop = super::sender::shop_info(&sending);
                let content = sending.content.current();
                let w = content.words(lang);
                let (subject, body) = words(&w, notice);
                let mail = OutgoingMail {
                    cc: Vec::new(),
                    to: shop_to.clone(),
                    rendered: templates::shop_notice(&w, &shop, &subject, &body),
                    attachments: Vec::new(),
                    message_id: format!("disk.{}", key(notice)),
                    unsubscribe: None,
                };
                match mailer.send(&mail).await {
                    Ok(()) => by_mail.sent(notice),
                    Err(err) => {
                        tracing::warn!(?err, "the full-disk notice was not mailed; trying again")
                    }
                }
            }
            if let Some(line) = &line
                && let Some(notice) = by_line.due(full_since, now, now_secs, quiet)
            {
                let (subject, body) = words(&sending.content.current().words(lang), notice);
                match line.push(&format!("{subject}\n{body}"), &key(notice)).await {
                    Ok(()) => by_line.sent(notice),
                    Err(err) => tracing::warn!(
                        ?err,
                        "the full-disk notice was not pushed to LINE; trying again"
                    ),
                }
            }
        }
    }))
}

/// The message's identity: the same notice resent after a failure keeps it.
fn key(notice: Notice) -> String {
    match notice {
        Notice::Full(since) => format!("full.{since}"),
        Notice::Cleared(at) => format!("cleared.{at}"),
    }
}

fn unix_now() -> u64 {
    time::OffsetDateTime::now_utc().unix_timestamp().max(0) as u64
}

/// The notice's subject and text in the shop's language, from the translation store
/// (`mail.diskFull`, `mail.diskCleared`; the snapshot in memory, as the full disk takes no
/// reads away).
fn words(w: &Words, notice: Notice) -> (String, String) {
    let (key, unix) = match notice {
        Notice::Full(at) => ("mail.diskFull", at),
        Notice::Cleared(at) => ("mail.diskCleared", at),
    };
    let time = format!("{} (UTC+7)", w.date_time(unix * 1000));
    (
        w.get(&format!("{key}.subject")).to_string(),
        w.fill(&format!("{key}.text"), &[("time", &time)]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUIET: Duration = Duration::from_secs(60);

    #[test]
    fn a_full_disk_is_told_once_and_its_end_after_a_quiet_spell() {
        let mut channel = Channel::new();
        let t0 = Instant::now();
        assert_eq!(channel.due(None, t0, 100, QUIET), None);
        assert_eq!(
            channel.due(Some(100), t0, 100, QUIET),
            Some(Notice::Full(100))
        );
        // Not sent (the mail server was down): asked again.
        assert_eq!(
            channel.due(Some(100), t0, 101, QUIET),
            Some(Notice::Full(100))
        );
        channel.sent(Notice::Full(100));
        assert_eq!(channel.due(Some(100), t0, 102, QUIET), None);
        // Space again, but only just: nothing yet.
        assert_eq!(channel.due(None, t0, 200, QUIET), None);
        // Full again within the spell: the same episode, nothing new.
        assert_eq!(
            channel.due(Some(210), t0 + Duration::from_secs(10), 210, QUIET),
            None
        );
        let t1 = t0 + Duration::from_secs(20);
        assert_eq!(channel.due(None, t1, 220, QUIET), None);
        let t2 = t1 + QUIET;
        assert_eq!(
            channel.due(None, t2, 280, QUIET),
            Some(Notice::Cleared(220))
        );
        channel.sent(Notice::Cleared(220));
        assert_eq!(channel.due(None, t2, 281, QUIET), None);
        // A new episode is told again.
        assert_eq!(
            channel.due(Some(300), t2, 300, QUIET),
            Some(Notice::Full(300))
        );
    }

    #[test]
    fn the_notice_names_its_time_in_bangkok_in_every_language() {
        // 2026-11-27 05:20:00 UTC is 12:20 in Bangkok.
        let at = 1_795_756_800;
        let texts = crate::content::words::Texts::shipped();
        for lang in [Locale::En, Locale::Th, Locale::My, Locale::Km, Locale::Id] {
            for notice in [Notice::Full(at), Notice::Cleared(at)] {
                let (subject, body) = words(&texts.words(lang), notice);
                assert!(!subject.is_empty());
                let when = format!("27 {} {} 12:20 (UTC+7)", lang.month(11), lang.year(2026));
                assert!(body.contains(&when), "{lang:?}: {body}");
            }
        }
    }
}
