//! The promotion discount of each cart line, by product code, from a quote: its `lines` when the
//! server sends them, else `lineDiscounts`, which follow the cart's order of the lines still sold.
import type { CartLineView, CartQuote } from '../../api/types';

export function lineDiscounts(quote: CartQuote | null, lines: CartLineView[]): Map<string, number> {
  const result = new Map<string, number>();
  if (!quote) return result;
  if (Array.isArray(quote.lines) && quote.lines.length > 0) {
    for (const line of quote.lines) result.set(line.code, line.discount);
    return result;
  }
  const priced = lines.filter((line) => line.available);
  priced.forEach((line, index) => result.set(line.code, quote.lineDiscounts?.[index] ?? 0));
  return result;
}
