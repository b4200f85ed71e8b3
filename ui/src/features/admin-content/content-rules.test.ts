import { describe, expect, it } from 'vitest';
import type { SiteSettings, TranslationRow } from '../../api/types';
import {
  bahtToSatang,
  checkContact,
  checkNewPage,
  checkPage,
  checkSettings,
  filterRows,
  formatSize,
  missingCount,
  missingLanguages,
  pdfVerdict,
  satangToBaht,
  storefrontPath,
  unsafeLinks,
} from './content-rules';

const text = (en: string, th = '', rest = '') => ({ en, th, my: rest, km: rest, id: rest });

describe('pages', () => {
  it('checks new page names and titles like the server', () => {
    expect(checkNewPage('returns', 'Returns')).toEqual({});
    expect(checkNewPage('help/returns', 'Returns')).toEqual({});
    expect(checkNewPage('Returns Policy', 'x').name).toBe('admin.content.pages.errName');
    expect(checkNewPage('cart', 'x').name).toBe('admin.content.pages.errName');
    expect(checkNewPage('../x', 'x').name).toBe('admin.content.pages.errName');
    expect(checkNewPage('returns', ' ').title).toBe('admin.content.pages.errTitle');
  });

  it('lists the languages a page lacks and where shoppers open it', () => {
    expect(missingLanguages({ title: text('About', 'เกี่ยวกับ', 'x'), body: text('Body', '', 'x') })).toEqual(['th']);
    expect(storefrontPath('about')).toBe('/about');
    expect(storefrontPath('returns')).toBe('/content/returns');
  });

  it('finds the links the server would refuse, per language', () => {
    expect(unsafeLinks('[a](https://x.example) [b](/info/a) [c](javascript:alert(1))\n[d]: data:x')).toEqual(['javascript:alert(1', 'data:x']);
    expect(checkPage(text(''), text('ok', '[x](javascript:1)'))).toEqual({ title: 'admin.content.editor.errTitle', links: ['th'] });
  });
});

describe('translations', () => {
  const row = (key: string, en: string, th: string): TranslationRow => ({ key, texts: text(en, th, 'x'), edited: [], fromSettings: false });
  const rows = [row('cart.title', 'Cart', 'ตะกร้า'), row('cart.empty', 'Your cart is empty', ''), row('footer.copyright', '© Kiosk', '© คีออสก์')];

  it('searches keys and texts in every language, all words', () => {
    expect(filterRows(rows, 'cart', false).map((r) => r.key)).toEqual(['cart.title', 'cart.empty']);
    expect(filterRows(rows, 'ตะกร้า', false).map((r) => r.key)).toEqual(['cart.title']);
    expect(filterRows(rows, 'your EMPTY', false).map((r) => r.key)).toEqual(['cart.empty']);
  });

  it('keeps rows lacking a language with "missing only", and counts missing texts', () => {
    expect(filterRows(rows, '', true).map((r) => r.key)).toEqual(['cart.empty']);
    expect(missingCount(rows)).toBe(1);
  });
});

describe('site settings', () => {
  const settings = (contact: Partial<SiteSettings['contact']> = {}, infoBar = text('Free delivery', 'ส่งฟรี')): SiteSettings => ({
    infoBar,
    contact: { tel: '', email: '', line: '', facebook: '', viber: '', instagram: '', twitter: '', youtube: '', ...contact },
    features: { roomMenu: true, categoryMenu: true },
    shipping: { flatRate: 50000, freeOver: 500000 },
  });

  it('accepts https links, phone numbers, e-mail addresses and LINE ids', () => {
    expect(checkSettings(settings({ tel: '02-123-4567', email: 'shop@kiosk.example', line: '@kiosk', facebook: 'https://www.facebook.com/kiosk' }))).toEqual({});
    expect(checkContact('line', 'https://line.me/R/ti/p/@kiosk')).toBeUndefined();
    expect(checkContact('tel', 'tel:+6621234567')).toBeUndefined();
  });

  it('refuses javascript:, http: and other tricks, naming the field', () => {
    expect(checkSettings(settings({ facebook: 'javascript:alert(1)' }))).toEqual({ 'contact.facebook': 'admin.content.settings.errHttps' });
    expect(checkContact('youtube', 'http://youtube.com/x')).toBe('admin.content.settings.errHttps');
    expect(checkContact('youtube', 'https://x.example/"onmouseover=1')).toBe('admin.content.settings.errHttps');
    expect(checkContact('line', 'line://x')).toBe('admin.content.settings.errLine');
    expect(checkContact('tel', 'call me')).toBe('admin.content.settings.errTel');
    expect(checkContact('email', 'javascript:a@b.c')).toBe('admin.content.settings.errEmail');
  });

  it('needs the English info-bar text and keeps markup out', () => {
    expect(checkSettings(settings({}, text('', 'ส่งฟรี')))['infoBar.en']).toBe('admin.content.settings.errInfoBar');
    expect(checkSettings(settings({}, text('Hi', '<b>ส่งฟรี</b>')))['infoBar.th']).toBe('admin.content.settings.errAngle');
  });

  it('reads baht as typed and writes satang back', () => {
    expect(bahtToSatang('500')).toBe(50000);
    expect(bahtToSatang('1,250.50')).toBe(125050);
    expect(bahtToSatang('฿ 0')).toBe(0);
    expect(bahtToSatang('-5')).toBeNull();
    expect(bahtToSatang('abc')).toBeNull();
    expect(satangToBaht(50000)).toBe('500');
    expect(satangToBaht(125050)).toBe('1250.50');
  });
});

describe('the e-catalogue file', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('tells a whole PDF from another file and a cut-off PDF', () => {
    expect(pdfVerdict(bytes('%PDF-1.7\n...'), bytes('trailer\n%%EOF\n'))).toBe('ok');
    expect(pdfVerdict(bytes('MZ\x90 exe'), bytes('%%EOF'))).toBe('notPdf');
    expect(pdfVerdict(bytes('%PDF-1.4'), bytes('endobj\n'))).toBe('incomplete');
    expect(formatSize(2_500_000)).toBe('2.4 MB');
    expect(formatSize(2048)).toBe('2 KB');
  });
});
