//! Shop settings from the boot data (SPEC §3 `websitedata`): name, logo, contact links, catalogue, feature flags.
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

export type WebsiteData = { shop: Shop; features: SiteFeatures };

export const websitedata = createStore<WebsiteData>({
  shop: {
    name: 'Kiosk',
    publicUrl: '',
    logo: '/static/logo.svg',
    social: {},
    catalogUrl: '/api/file/pdf/get/catalog-min.pdf',
  },
  features: { roomMenu: true, categoryMenu: true },
});
