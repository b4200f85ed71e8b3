//! Promotions and coupons on display, each loaded once per page load (small lists that change
//! rarely). A failed load is only logged (docs/STOREFRONT.md §8): badges and suggestions then stay
//! away.
import { createResource } from '../../lib/resource';
import { getCoupons } from './api/get-coupons';
import { getPromotions } from './api/get-promotions';

export const promotions = createResource(getPromotions);
export const shopCoupons = createResource(getCoupons);
