//! Shop days: the calendar day of a moment in the shop's own clock, and its `YYYY-MM-DD` key.
//! Sales totals (`orders::sales`) and search misses (`search::misses`) both count per shop day,
//! so the rule lives here on the ground floor, once.
//!
//! Days are shop days in Thai time (UTC+7, also Cambodia's and western Indonesia's), so an
//! order placed at 01:00 in Bangkok counts for that Bangkok day, not the previous UTC one.

use time::{Date, OffsetDateTime, UtcOffset};

/// The shop's clock (Asia/Bangkok has no daylight saving).
pub const SHOP_OFFSET: UtcOffset = time::macros::offset!(+7);

/// The shop day of a moment (unix milliseconds).
pub fn day_of(millis: u64) -> Date {
    let seconds = i64::try_from(millis / 1000).unwrap_or(i64::MAX);
    let moment = OffsetDateTime::from_unix_timestamp(seconds).unwrap_or(OffsetDateTime::UNIX_EPOCH);
    // The last hours of year 9999 have no shop day after them: the UTC day stands in.
    moment
        .checked_to_offset(SHOP_OFFSET)
        .unwrap_or(moment)
        .date()
}

/// The first millisecond of a shop day.
pub fn day_start_millis(day: Date) -> u64 {
    let start = day.midnight().assume_offset(SHOP_OFFSET).unix_timestamp();
    u64::try_from(start).unwrap_or(0) * 1000
}

/// `YYYY-MM-DD`.
pub fn day_key(day: Date) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        day.year(),
        u8::from(day.month()),
        day.day()
    )
}

/// Parses `YYYY-MM-DD`.
pub fn parse_day(text: &str) -> Option<Date> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    Date::parse(text.trim(), &format).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shop_days_follow_bangkok_time() {
        // 2026-11-22 17:30 UTC is 2026-11-23 00:30 in Bangkok.
        let millis = 1_795_368_600_000;
        assert_eq!(day_key(day_of(millis)), "2026-11-23");
        let day = parse_day("2026-11-23").unwrap();
        assert!(day_start_millis(day) <= millis);
        assert_eq!(day_of(day_start_millis(day)), day);
        assert_eq!(
            day_of(day_start_millis(day) - 1),
            day.previous_day().unwrap()
        );
        assert!(parse_day("2026-13-01").is_none());
    }
}
