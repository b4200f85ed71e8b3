//! The chosen values of a cart or order line ("เทา / 6 ฟุต"), under its product's name in the
//! shopper's language, smaller and muted (docs/VARIANTS.md §3). Nothing for products without options.
import { pickText, useI18n } from '../i18n/i18n-store';
import type { VariantLine } from '../lib/product';
import './line-choice.css';

export function LineChoice({ line, class: className }: { line: VariantLine; class?: string }) {
  const { locale } = useI18n();
  const text = pickText(line.choice, locale);
  if (!text) return null;
  return (
    <span class={`line-choice${className ? ` ${className}` : ''}`} data-testid="line-choice">
      {text}
    </span>
  );
}
