//! GET /api/app/promotions — the promotions on display, for badges only: the server works out
//! every price it charges.
import { apiGet } from '../../../api/client';
import type * as Api from '../../../api/types';

/** A promotion rule as the badges read it (every one the server sends is on display). */
export type Promotion = Omit<Api.Promotion, 'display'>;

export async function getPromotions(): Promise<Promotion[]> {
  const body = await apiGet<{ promotions?: Partial<Api.Promotion>[] }>('/api/app/promotions', { track: false });
  return (body.promotions ?? []).map((p) => ({
    id: String(p.id ?? ''),
    lang: p.lang ?? '',
    prodInc: p.prodInc ?? [],
    prodExc: p.prodExc ?? [],
    roomInc: p.roomInc ?? [],
    roomExc: p.roomExc ?? [],
    catInc: p.catInc ?? [],
    catExc: p.catExc ?? [],
    noProdDis: !!p.noProdDis,
    discount: p.discount ?? { kind: 'percent', value: 0 },
  }));
}
