//! Scenario tables for the promotion rule and the quote, and property tests for the totals.

use proptest::prelude::*;

use super::*;

fn line(code: &str, qty: u32, price: Satang) -> Line {
    Line {
        code: code.into(),
        qty,
        unit_price: price,
        rooms: vec!["living".into()],
        categories: vec!["sofas".into(), "sofas-3-seat".into()],
        discounted: false,
    }
}

fn promo(discount: Discount) -> Promotion {
    Promotion {
        id: "p".into(),
        display: true,
        lang: String::new(),
        prod_inc: vec![],
        prod_exc: vec![],
        room_inc: vec![],
        room_exc: vec![],
        cat_inc: vec![],
        cat_exc: vec![],
        no_prod_dis: false,
        discount,
        name: String::new(),
        starts_at: None,
        ends_at: None,
    }
}

const SHIPPING: Shipping = Shipping {
    flat_rate: Satang(50_000),
    free_over: Satang(500_000),
};

fn request<'a>(lines: &'a [Line], promotions: &'a [Promotion]) -> QuoteRequest<'a> {
    QuoteRequest {
        lines,
        lang: "th",
        promotions,
        coupon: None,
        coins_wanted: Coins::ZERO,
        coin_balance: Coins::ZERO,
        shipping: SHIPPING,
        now: 1_000,
    }
}

/// The promotion rule (`promotion::applies`), one condition per row.
#[test]
fn the_promotion_rule_checks_every_condition() {
    let sofa = line("SF-1001", 1, Satang(1_000_000));
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let cases: Vec<(&str, Promotion, usize, bool)> = vec![
        ("plain", promo(Discount::Percent(10)), 0, true),
        (
            "hidden",
            Promotion {
                display: false,
                ..promo(Discount::Percent(10))
            },
            0,
            false,
        ),
        (
            "other language",
            Promotion {
                lang: "en".into(),
                ..promo(Discount::Percent(10))
            },
            0,
            false,
        ),
        (
            "this language",
            Promotion {
                lang: "th".into(),
                ..promo(Discount::Percent(10))
            },
            0,
            true,
        ),
        (
            "product included",
            Promotion {
                prod_inc: s(&["SF-1001"]),
                ..promo(Discount::Percent(10))
            },
            0,
            true,
        ),
        (
            "product not included",
            Promotion {
                prod_inc: s(&["CH-1"]),
                ..promo(Discount::Percent(10))
            },
            0,
            false,
        ),
        (
            "product excluded",
            Promotion {
                prod_exc: s(&["SF-1001"]),
                ..promo(Discount::Percent(10))
            },
            0,
            false,
        ),
        (
            "room included",
            Promotion {
                room_inc: s(&["living"]),
                ..promo(Discount::Percent(10))
            },
            0,
            true,
        ),
        (
            "room not included",
            Promotion {
                room_inc: s(&["bedroom"]),
                ..promo(Discount::Percent(10))
            },
            0,
            false,
        ),
        (
            "room excluded",
            Promotion {
                room_exc: s(&["living"]),
                ..promo(Discount::Percent(10))
            },
            0,
            false,
        ),
        (
            "category included (parent)",
            Promotion {
                cat_inc: s(&["sofas"]),
                ..promo(Discount::Percent(10))
            },
            0,
            true,
        ),
        (
            "category not included",
            Promotion {
                cat_inc: s(&["beds"]),
                ..promo(Discount::Percent(10))
            },
            0,
            false,
        ),
        (
            "category excluded (leaf)",
            Promotion {
                cat_exc: s(&["sofas-3-seat"]),
                ..promo(Discount::Percent(10))
            },
            0,
            false,
        ),
        (
            "noProdDis, nothing on sale",
            Promotion {
                no_prod_dis: true,
                ..promo(Discount::Percent(10))
            },
            0,
            true,
        ),
        (
            "noProdDis, something on sale",
            Promotion {
                no_prod_dis: true,
                ..promo(Discount::Percent(10))
            },
            1,
            false,
        ),
    ];
    for (name, promotion, discounted, expected) in cases {
        assert_eq!(
            applies(&promotion, &sofa, "th", discounted),
            expected,
            "{name}"
        );
    }
}

#[test]
fn a_quote_adds_up_in_the_documented_order() {
    let lines = [
        line("SF-1001", 1, Satang(1_290_000)),
        line("CH-1", 2, Satang(249_000)),
    ];
    let promotions = [Promotion {
        prod_inc: vec!["SF-1001".into()],
        ..promo(Discount::Percent(10))
    }];
    let coupon = Coupon {
        display: true,
        code: "WELCOME".into(),
        discount: Discount::Amount(Satang(50_000)),
        min_spend: Satang(100_000),
        starts_at: 0,
        ends_at: 2_000,
        usage_limit: 0,
        per_user_limit: 1,
        active: true,
    };
    let quote = quote(&QuoteRequest {
        coupon: Some((&coupon, CouponUses::default())),
        coins_wanted: Coins(300),
        coin_balance: Coins(500),
        ..request(&lines, &promotions)
    })
    .unwrap();
    assert_eq!(quote.subtotal, Satang(1_788_000));
    assert_eq!(quote.line_discounts, [Satang(129_000), Satang::ZERO]);
    assert_eq!(quote.promotion_discount, Satang(129_000));
    assert_eq!(quote.coupon_discount, Satang(50_000));
    assert_eq!(quote.shipping, Satang::ZERO, "free over ฿5,000");
    assert_eq!(quote.coins, Satang(30_000));
    assert_eq!(quote.total, Satang(1_788_000 - 129_000 - 50_000 - 30_000));
    assert_eq!(quote.vat, Satang((quote.total.get() * 7 * 2 + 107) / 214));
}

#[test]
fn coupons_and_coins_are_refused_with_a_reason() {
    let lines = [line("CH-1", 1, Satang(249_000))];
    let coupon = Coupon {
        display: true,
        code: "BIG".into(),
        discount: Discount::Percent(10),
        min_spend: Satang(300_000),
        starts_at: 500,
        ends_at: 2_000,
        usage_limit: 2,
        per_user_limit: 1,
        active: true,
    };
    let with = |uses: CouponUses, now: i64, c: &Coupon| {
        quote(&QuoteRequest {
            coupon: Some((c, uses)),
            now,
            ..request(&lines, &[])
        })
    };
    let big_enough = Coupon {
        min_spend: Satang::ZERO,
        ..coupon.clone()
    };
    assert!(matches!(
        with(CouponUses::default(), 1_000, &coupon),
        Err(PricingError::CouponMinimumSpend {
            needed: Satang(300_000),
            ..
        })
    ));
    assert!(matches!(
        with(CouponUses::default(), 100, &big_enough),
        Err(PricingError::CouponNotValidNow(_))
    ));
    assert!(matches!(
        with(CouponUses::default(), 2_000, &big_enough),
        Err(PricingError::CouponNotValidNow(_))
    ));
    assert!(matches!(
        with(
            CouponUses {
                total: 2,
                by_this_user: 0
            },
            1_000,
            &big_enough
        ),
        Err(PricingError::CouponUsedUp(_))
    ));
    assert!(matches!(
        with(
            CouponUses {
                total: 1,
                by_this_user: 1
            },
            1_000,
            &big_enough
        ),
        Err(PricingError::CouponUsedByYou(_))
    ));
    assert_eq!(
        with(CouponUses::default(), 1_000, &big_enough)
            .unwrap()
            .coupon_discount,
        Satang(24_900)
    );
    let too_many = quote(&QuoteRequest {
        coins_wanted: Coins(10),
        coin_balance: Coins(9),
        ..request(&lines, &[])
    });
    assert!(matches!(
        too_many,
        Err(PricingError::NotEnoughCoins {
            wanted: Coins(10),
            balance: Coins(9)
        })
    ));
    // Coins never pay more than what is left: ฿2,490 + ฿500 shipping leaves at most 2,990 coins.
    let capped = quote(&QuoteRequest {
        coins_wanted: Coins(5_000),
        coin_balance: Coins(5_000),
        ..request(&lines, &[])
    })
    .unwrap();
    assert_eq!(
        (capped.coins, capped.total, capped.vat),
        (Satang(299_000), Satang::ZERO, Satang::ZERO)
    );
}

#[test]
fn the_best_promotion_wins_and_never_exceeds_the_line() {
    let lines = [line("SF-1001", 2, Satang(10_000))];
    let promotions = [
        promo(Discount::Percent(15)),
        promo(Discount::Amount(Satang(2_000))),
        promo(Discount::Amount(Satang(99_999))),
    ];
    let quote = quote(&request(&lines, &promotions)).unwrap();
    assert_eq!(
        quote.line_discounts,
        [Satang(20_000)],
        "a discount larger than the line stops at the line"
    );
}

fn arb_line() -> impl Strategy<Value = Line> {
    (
        0u32..20,
        0i64..5_000_000,
        any::<bool>(),
        prop::sample::select(vec!["living", "bedroom"]),
        prop::sample::select(vec!["sofas", "beds"]),
    )
        .prop_map(|(qty, price, discounted, room, cat)| Line {
            code: format!("P-{price}"),
            qty,
            unit_price: Satang(price),
            rooms: vec![room.into()],
            categories: vec![cat.into()],
            discounted,
        })
}

fn arb_discount() -> impl Strategy<Value = Discount> {
    prop_oneof![
        (1u32..=100).prop_map(Discount::Percent),
        (0i64..2_000_000).prop_map(|v| Discount::Amount(Satang(v)))
    ]
}

proptest! {
    #[test]
    fn totals_always_add_up_and_never_go_negative(
        lines in prop::collection::vec(arb_line(), 0..8),
        discounts in prop::collection::vec((arb_discount(), any::<bool>(), any::<bool>()), 0..4),
        coupon in prop::option::of((arb_discount(), (0i64..3_000_000).prop_map(Satang))),
        coins in (0i64..200_000).prop_map(Coins),
        balance in (0i64..200_000).prop_map(Coins),
    ) {
        let promotions: Vec<Promotion> = discounts.iter().map(|(d, no_prod_dis, living)| Promotion {
            no_prod_dis: *no_prod_dis,
            room_inc: if *living { vec!["living".into()] } else { vec![] },
            ..promo(*d)
        }).collect();
        let coupon = coupon.map(|(discount, min_spend)| Coupon { display: true, code: "C".into(), discount, min_spend, starts_at: 0, ends_at: 10_000, usage_limit: 0, per_user_limit: 0, active: true });
        let request = QuoteRequest { coupon: coupon.as_ref().map(|c| (c, CouponUses::default())), coins_wanted: coins, coin_balance: balance, ..request(&lines, &promotions) };
        match quote(&request) {
            Ok(q) => {
                prop_assert_eq!(q.total, q.subtotal - q.promotion_discount - q.coupon_discount + q.shipping - q.coins);
                prop_assert!(q.total >= Satang::ZERO && q.vat >= Satang::ZERO && q.vat <= q.total);
                prop_assert!(q.promotion_discount >= Satang::ZERO && q.promotion_discount <= q.subtotal);
                prop_assert!(q.coupon_discount >= Satang::ZERO && q.coupon_discount <= q.subtotal - q.promotion_discount);
                prop_assert!(q.coins >= Satang::ZERO && q.coins <= balance.as_satang() && q.coins.get() % 100 == 0);
                prop_assert_eq!(q.vat, Satang((q.total.get() * 14 + 107) / 214));
                for (line, discount) in lines.iter().zip(&q.line_discounts) {
                    prop_assert!(*discount >= Satang::ZERO && *discount <= Satang(line.unit_price.get() * i64::from(line.qty)));
                }
            }
            Err(PricingError::NotEnoughCoins { .. }) => prop_assert!(coins > balance),
            Err(PricingError::CouponMinimumSpend { .. }) => prop_assert!(coupon.is_some()),
            Err(other) => prop_assert!(false, "unexpected {other}"),
        }
    }

    #[test]
    fn hidden_promotions_never_change_a_price(lines in prop::collection::vec(arb_line(), 1..6), discount in arb_discount()) {
        let hidden = [Promotion { display: false, ..promo(discount) }];
        prop_assert_eq!(quote(&request(&lines, &hidden)).unwrap(), quote(&request(&lines, &[])).unwrap());
    }
}

#[test]
fn an_inactive_coupon_is_refused_and_promotions_run_only_within_their_dates() {
    let lines = [line("CH-1", 1, Satang(249_000))];
    let coupon = Coupon {
        display: true,
        code: "OFF".into(),
        discount: Discount::Percent(10),
        min_spend: Satang::ZERO,
        starts_at: 0,
        ends_at: 10_000,
        usage_limit: 0,
        per_user_limit: 0,
        active: false,
    };
    let refused = quote(&QuoteRequest {
        coupon: Some((&coupon, CouponUses::default())),
        now: 1_000,
        ..request(&lines, &[])
    });
    assert!(matches!(refused, Err(PricingError::CouponInactive(_))));
    assert_eq!(refused.unwrap_err().code(), "coupon_inactive");

    let dated = [Promotion {
        starts_at: Some(500),
        ends_at: Some(2_000),
        ..promo(Discount::Percent(10))
    }];
    for (now, expected) in [(499, 0), (500, 24_900), (1_999, 24_900), (2_000, 0)] {
        let q = quote(&QuoteRequest {
            now,
            ..request(&lines, &dated)
        })
        .unwrap();
        assert_eq!(q.promotion_discount, Satang(expected), "at {now}");
    }
}
