//! Every vitest test starts with the English fixture boot, empty storage and a clean DOM.
import { cleanup } from '@testing-library/preact';
import { afterEach, beforeEach } from 'vitest';
import { initI18n } from '../i18n/i18n-store';
import { websitedata } from '../lib/website-data';
import { fixtureBoot } from './fixture-boot';

beforeEach(() => {
  const boot = fixtureBoot();
  initI18n(boot.locale, boot.messages, boot.languages);
  websitedata.set({ shop: boot.shop, features: boot.features, paymentMethods: boot.paymentMethods });
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
});
