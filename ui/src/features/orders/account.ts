//! What the orders pages need from outside the feature, handed in by the app (features do not
//! import each other): the signed-in shopper and what a review or a cancellation changes in the
//! header (coin balance, the count of orders waiting for a review), and the system labels.
import { pickText } from '../../i18n/i18n-store';
import type { LabelTitles } from '../../i18n/types';
import type { LocaleCode } from '../../lib/locale-path';

export type OrdersAccount = {
  userId: string | number;
  /** The shopper's coin balance as the header knows it. */
  coin: number;
  /** The server answered a new coin balance (after a review or a cancellation). */
  onCoin: (balance: number) => void;
  /** The number of orders waiting for a review may have changed: ask the server again. */
  onReviewsChanged: () => void;
};

/** The title of a label in the current language; a key without a title shows as readable words. */
export function labelText(labels: LabelTitles, group: string, key: string, locale: LocaleCode): string {
  const title = pickText(labels[group]?.[key], locale);
  if (title) return title;
  const words = key.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
