import { render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18nStore } from '../../../i18n/i18n-store';
import { cartamt } from '../cart-store';
import { cartItemsLabel, CartLink } from './cart-link';

const english = i18nStore.get().messages;

afterEach(() => {
  cartamt.set(0);
  i18nStore.set((s) => ({ ...s, locale: 'en', messages: english }));
});

describe('the cart link’s name', () => {
  it('follows English plural rules', () => {
    expect(cartItemsLabel(0, 'en')).toBe('0 items');
    expect(cartItemsLabel(1, 'en')).toBe('1 item');
    expect(cartItemsLabel(2, 'en')).toBe('2 items');
    expect(cartItemsLabel(1200, 'en')).toBe('1,200 items');
  });

  it('says the count in words with the link', () => {
    cartamt.set(1);
    const memory = memoryLocation({ path: '/' });
    render(
      <Router hook={memory.hook}>
        <CartLink />
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'Cart, 1 item' }).getAttribute('href')).toBe('/cart');
  });

  it('has one form in Thai, where the English one-form would be wrong', () => {
    const thai = { ...i18nStore.get().messages, mobile: { ...i18nStore.get().messages.mobile, cartItemsOne: 'ONE {count}', cartItemsOther: '{count} รายการ' } };
    i18nStore.set((s) => ({ ...s, locale: 'th', messages: thai }));
    expect(cartItemsLabel(1, 'th')).toBe('1 รายการ');
    expect(cartItemsLabel(3, 'th')).toBe('3 รายการ');
  });
});
