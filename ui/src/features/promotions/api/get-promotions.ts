//! GET /api/app/promotions — the promotions on display, for badges only: the server works out
//! every price it charges.
import { apiGet } from '../../../api/client';

export type Discount = { kind: 'percent' | 'amount'; value: number };

export type Promotion = {
  id: string;
  /** The language the promotion runs in; empty for every language. */
  lang: string;
  prodInc: string[];
  prodExc: string[];
  roomInc: string[];
  roomExc: string[];
  catInc: string[];
  catExc: string[];
  /** Not for products already on sale. */
  noProdDis: boolean;
  /** Percent: whole percent; amount: satang off each piece. */
  discount: Discount;
};

export async function getPromotions(): Promise<Promotion[]> {
  const body = await apiGet<{ promotions?: Partial<Promotion>[] }>('/api/app/promotions', { track: false });
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
