//! Money: [`Satang`] (฿1 = 100 satang) and [`Coins`] (1 coin = ฿1 off an order).
//!
//! Both are integers: floats never hold money. Keeping them apart in the type system is what
//! stops "whole coins" and "satang paid with coins" being mixed up by a factor of 100.

use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// What both amounts share: a zero, the number inside, checked addition, arithmetic with
/// their own kind only (never with a bare number), sums, and `Display` as the bare number (as
/// the `i64` they replaced printed: messages say "satang" or "coins" themselves).
macro_rules! integer_amount {
    ($name:ident) => {
        impl $name {
            pub const ZERO: $name = $name(0);

            pub const fn get(self) -> i64 {
                self.0
            }

            pub fn checked_add(self, other: $name) -> Option<$name> {
                self.0.checked_add(other.0).map($name)
            }
        }

        impl Add for $name {
            type Output = $name;
            fn add(self, other: $name) -> $name {
                $name(self.0 + other.0)
            }
        }

        impl Sub for $name {
            type Output = $name;
            fn sub(self, other: $name) -> $name {
                $name(self.0 - other.0)
            }
        }

        impl AddAssign for $name {
            fn add_assign(&mut self, other: $name) {
                self.0 += other.0;
            }
        }

        impl SubAssign for $name {
            fn sub_assign(&mut self, other: $name) {
                self.0 -= other.0;
            }
        }

        impl Neg for $name {
            type Output = $name;
            fn neg(self) -> $name {
                $name(-self.0)
            }
        }

        impl Sum for $name {
            fn sum<I: Iterator<Item = $name>>(iter: I) -> $name {
                $name(iter.map(|amount| amount.0).sum())
            }
        }

        impl<'a> Sum<&'a $name> for $name {
            fn sum<I: Iterator<Item = &'a $name>>(iter: I) -> $name {
                $name(iter.map(|amount| amount.0).sum())
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }
    };
}

/// An amount of money in satang (฿1 = 100 satang). May be negative in arithmetic (a
/// difference), never in a stored price.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    ToSchema,
    TS,
)]
#[serde(transparent)]
#[schema(value_type = i64, example = 129900)]
pub struct Satang(#[ts(type = "number")] pub i64);

impl Satang {
    /// Whole baht as satang.
    pub const fn baht(baht: i64) -> Satang {
        Satang(baht * 100)
    }

    pub fn checked_mul(self, factor: i64) -> Option<Satang> {
        self.0.checked_mul(factor).map(Satang)
    }

    /// `self × percent / 100`, rounded down (discounts never exceed what they say).
    pub fn percent_floor(self, percent: u32) -> Satang {
        Satang(self.0 * i64::from(percent) / 100)
    }

    /// The whole coins this amount is worth, rounded down.
    pub const fn whole_coins(self) -> Coins {
        Coins(self.0.div_euclid(100))
    }

    /// "12900.00": baht with two decimals, for structured data and payment requests.
    /// `15,570.00`: thousands grouped, always two decimals (documents, mail).
    pub fn to_grouped_string(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let whole = (abs / 100).to_string();
        let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
        for (i, c) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(c);
        }
        format!("{sign}{grouped}.{:02}", abs % 100)
    }

    pub fn to_decimal_string(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        format!("{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

integer_amount!(Satang);

/// Shop coins, whole: 1 coin pays ฿1. Balances, ledger amounts and what a shopper asks to
/// spend are coins; what coins paid in a quote is [`Satang`].
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    ToSchema,
    TS,
)]
#[serde(transparent)]
#[schema(value_type = i64, example = 20)]
pub struct Coins(#[ts(type = "number")] pub i64);

impl Coins {
    /// What these coins pay, in satang.
    pub const fn as_satang(self) -> Satang {
        Satang(self.0 * 100)
    }

    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }
}

integer_amount!(Coins);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn satang_and_coins_serialise_as_bare_numbers() {
        assert_eq!(serde_json::to_string(&Satang(129_900)).unwrap(), "129900");
        assert_eq!(serde_json::to_string(&Coins(20)).unwrap(), "20");
        assert_eq!(serde_json::from_str::<Satang>("-5").unwrap(), Satang(-5));
    }

    #[test]
    fn coins_and_satang_convert_by_a_hundred_rounding_down() {
        assert_eq!(Coins(3).as_satang(), Satang(300));
        assert_eq!(Satang(399).whole_coins(), Coins(3));
        assert_eq!(Satang::baht(12), Satang(1_200));
    }

    #[test]
    fn decimal_strings_have_two_places() {
        assert_eq!(Satang(1_290_000).to_decimal_string(), "12900.00");
        assert_eq!(Satang(422).to_decimal_string(), "4.22");
        assert_eq!(Satang(5).to_decimal_string(), "0.05");
        assert_eq!(Satang(-150).to_decimal_string(), "-1.50");
    }

    #[test]
    fn percentages_round_down() {
        assert_eq!(Satang(999).percent_floor(10), Satang(99));
    }
}
