//! Shop settings from the boot data (docs/STOREFRONT.md §3 `websitedata`): name, logo, contact
//! links, catalogue, feature flags.
import { createStore } from './create-store';

export const SOCIAL_KINDS = ['facebook', 'line', 'viber', 'instagram', 'twitter', 'youtube', 'tel'] as const;
export type SocialKind = (typeof SOCIAL_KINDS)[number];

export type Shop = {
  name: string;
  publicUrl: string;
  logo: string;
  social: Partial<Record<SocialKind, string>>;
  catalogUrl: string;
};

export type SiteFeatures = { roomMenu: boolean; categoryMenu: boolean };

/** The ways to pay the shop offers at checkout, as configured on the server. */
export const PAYMENT_METHODS = ['promptpay', 'bank_transfer', 'card_2c2p'] as const;
export type PaymentMethodCode = (typeof PAYMENT_METHODS)[number];
/** What is assumed when the server sent no list: card payment needs a configured merchant. */
const DEFAULT_PAYMENT_METHODS: PaymentMethodCode[] = ['promptpay', 'bank_transfer'];

export type WebsiteData = { shop: Shop; features: SiteFeatures; paymentMethods: PaymentMethodCode[] };

export const websitedata = createStore<WebsiteData>({
  shop: {
    name: 'Kiosk',
    publicUrl: '',
    logo: '/static/logo.svg',
    social: {},
    catalogUrl: '/api/file/pdf/get/catalog-min.pdf',
  },
  features: { roomMenu: true, categoryMenu: true },
  paymentMethods: [...DEFAULT_PAYMENT_METHODS],
});

/** The known methods among `value`, in the shop's order; PromptPay and bank transfer when the server sent none. */
export function parsePaymentMethods(value: unknown): PaymentMethodCode[] {
  if (!Array.isArray(value)) return [...DEFAULT_PAYMENT_METHODS];
  return PAYMENT_METHODS.filter((method) => value.includes(method));
}
