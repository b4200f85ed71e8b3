//! Inline SVG icons (one small path set; no icon font, no network request).

const PATHS = {
  home: 'M3 11l9-8 9 8M5 9.5V20h5v-6h4v6h5V9.5',
  sofa: 'M5 10V7.5A2.5 2.5 0 017.5 5h9A2.5 2.5 0 0119 7.5V10M2.5 12.5a2 2 0 014 0V15h11v-2.5a2 2 0 014 0V18h-19zM5 18v2M19 18v2',
  bed: 'M3 5v15M21 20v-6.5a3 3 0 00-3-3h-8V15M3 15h18M6.5 13a1.8 1.8 0 110-3.6 1.8 1.8 0 010 3.6z',
  table: 'M2 8h20M4 8v12M20 8v12M4 13h16',
  desk: 'M2 7h20M4 7v13M20 7v13M13 7v7h7M15.5 10.5h2',
  chair: 'M7 3h10v9H7zM5 12h14M7 12v9M17 12v9',
  storage: 'M5 3h14v18H5zM12 3v18M10 11v2M14 11v2M5 17h14',
  lamp: 'M8 3h8l3 8H5zM12 11v9M8 21h8',
  kitchen: 'M4 3h16v18H4zM4 9h16M8 6h.01M11 6h.01M8 12.5v4',
  bath: 'M3 12h18v3a5 5 0 01-5 5H8a5 5 0 01-5-5zM6 12V5.5a2 2 0 014 0M7 20l-1 2M17 20l1 2',
  outdoor: 'M12 3l6 8h-3.5l4.5 6H5l4.5-6H6zM12 17v4',
  kids: 'M12 3l8 4v10l-8 4-8-4V7zM4 7l8 4 8-4M12 11v10',
  decor: 'M12 21c-4 0-7-3-7-7 0-3 2-5 2-8h10c0 3 2 5 2 8 0 4-3 7-7 7zM9 3h6',
  info: 'M12 21.5a9.5 9.5 0 110-19 9.5 9.5 0 010 19zM12 11v6M12 7.5v.01',
  truck: 'M2 6h12v10H2zM14 9.5h4l3 3.5v3h-7M6 19.5a2 2 0 100-4 2 2 0 000 4zM17 19.5a2 2 0 100-4 2 2 0 000 4z',
  cart: 'M2.5 4h2.5l2.4 11h11.3L21 7.5H6M9 20.5a1.2 1.2 0 100-2.4 1.2 1.2 0 000 2.4zM18 20.5a1.2 1.2 0 100-2.4 1.2 1.2 0 000 2.4z',
  search: 'M10.5 17.5a7 7 0 110-14 7 7 0 010 14zM15.5 15.5L21 21',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  'chevron-down': 'M6 9l6 6 6-6',
  'chevron-right': 'M9 6l6 6-6 6',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 006 6L16 13l5 2v4a2 2 0 01-2 2A16 16 0 013 5a2 2 0 012-2z',
  book: 'M6 2h9l5 5v15H6zM14 2v6h6M9 13h6M9 17h6',
  download: 'M12 3v12M7 10l5 5 5-5M5 21h14',
  coin: 'M12 21a9 9 0 110-18 9 9 0 010 18zM12 6.5v11M14.8 9.2c-.4-.9-1.5-1.4-2.8-1.4-1.6 0-2.7.8-2.7 1.9 0 2.6 5.6 1.4 5.6 4.2 0 1.1-1.2 1.9-2.9 1.9-1.4 0-2.5-.6-2.9-1.5',
  ticket: 'M3 7h18v3a2 2 0 000 4v3H3v-3a2 2 0 000-4zM15 7v10',
  package: 'M12 3l8 4.5v9L12 21l-8-4.5v-9zM4 7.5l8 4.5 8-4.5M12 12v9',
  key: 'M15 13a4.5 4.5 0 100-9 4.5 4.5 0 000 9zM11.8 11.7L3 20.5M6 17.5l2.5 2.5M8.5 15l2.5 2.5',
  logout: 'M9 21H5V3h4M16 17l5-5-5-5M21 12H9',
  login: 'M15 3h4v18h-4M10 17l5-5-5-5M15 12H3',
  offline: 'M2 2l20 20M8.5 16.4a5 5 0 017 0M5 12.9a10 10 0 015-2.7M19 12.9a10 10 0 00-2.5-1.7M2 8.8a15 15 0 014-2.6M22 8.8A15 15 0 0010.8 5M12 20h.01',
  globe: 'M12 21a9 9 0 110-18 9 9 0 010 18zM3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18',
  pin: 'M12 21s-7-6.5-7-12a7 7 0 0114 0c0 5.5-7 12-7 12zM12 11.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  settings: 'M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4',
  code: 'M4 5h16v14H4zM4 10h16M10 10v9',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v2.5H7v3.5h3V22h4v-8h3l.7-3.5H14V8.6c0-.4.2-.6.6-.6z',
  line: 'M12 4c5 0 9 3.1 9 7s-4 7-9 7c-.8 0-1.6-.1-2.3-.2L5 20l1-3.3C4.2 15.4 3 13.3 3 11c0-3.9 4-7 9-7zM7.5 9v4h2M11.5 9v4M14 13V9l3 4V9',
  viber: 'M12 3c5 0 8.5 2.5 8.5 8s-3.5 8-8.5 8c-1 0-2-.1-3-.4L6 21v-3.2C4 16.3 3.5 14 3.5 11 3.5 5.5 7 3 12 3zM9.5 8.5c0 3.5 2.5 6 6 6l.5-1.5-2-1-1 1c-1-.5-2-1.5-2.5-2.5l1-1-1-2z',
  instagram: 'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zM12 16a4 4 0 100-8 4 4 0 000 8zM17.5 6.5h.01',
  twitter: 'M4 4h4.5L20 20h-4.5zM20 4l-6.6 7.4M4 20l6.6-7.4',
  youtube: 'M2.5 8a3 3 0 013-3h13a3 3 0 013 3v8a3 3 0 01-3 3h-13a3 3 0 01-3-3zM10 9l5 3-5 3z',
  check: 'M5 12.5l4.5 4.5L19 7',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  qr: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2M14 18v2h2M18 18h2v2',
  bank: 'M3 9.5L12 4l9 5.5M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20.5h18',
  card: 'M2.5 5.5h19v13h-19zM2.5 9.5h19M6 14.5h4',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zM12 15a3 3 0 100-6 3 3 0 000 6z',
  'eye-off': 'M3 3l18 18M10.6 5.6A9 9 0 0112 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 01-2.9 3.6M6.6 6.7C4 8.4 2.5 12 2.5 12S6 18.5 12 18.5a9 9 0 004.3-1.1M9.9 9.9a3 3 0 004.2 4.2',
  pause: 'M8.5 5v14M15.5 5v14',
  play: 'M7 4.8l12 7.2-12 7.2z',
  dot: 'M12 13.6a1.6 1.6 0 100-3.2 1.6 1.6 0 000 3.2z',
  alert: 'M12 3.5l9.5 16.5h-19zM12 10v4.5M12 17.2v.01',
  google: 'M20.5 11H12v3h5.2a5.5 5.5 0 11-1.4-5.9l2.2-2.2A8.6 8.6 0 1020.6 12z',
} as const;

export type IconName = keyof typeof PATHS;

/** Icon names the API or menus may use for the same picture. */
const ALIASES: Record<string, IconName> = {
  living: 'sofa', 'living-room': 'sofa', couch: 'sofa',
  bedroom: 'bed', dining: 'table', 'dining-room': 'table',
  office: 'desk', 'home-office': 'desk', work: 'desk',
  wardrobe: 'storage', cabinet: 'storage', shelf: 'storage',
  bathroom: 'bath', garden: 'outdoor', tree: 'outdoor', plant: 'outdoor', kid: 'kids', child: 'kids', children: 'kids',
  light: 'lamp', lighting: 'lamp', decoration: 'decor', vase: 'decor',
  x: 'twitter', tel: 'phone', call: 'phone', account: 'user', person: 'user',
  order: 'package', orders: 'package', pdf: 'book', catalog: 'book', catalogue: 'book',
  admin: 'settings', location: 'pin', map: 'pin', privacy: 'shield', category: 'grid', categories: 'grid',
};

export function iconNameOf(name: string | null | undefined): IconName | null {
  if (!name) return null;
  const key = name.toLowerCase().trim().replace(/^(mdi|fa|icon)[-_]/, '');
  if (key in PATHS) return key as IconName;
  return ALIASES[key] ?? null;
}

type IconProps = { name: IconName | string; size?: number; class?: string; fallback?: IconName };

export function Icon({ name, size = 22, class: className, fallback }: IconProps) {
  const resolved = iconNameOf(name) ?? fallback;
  if (!resolved) return null;
  return (
    <svg
      class={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="1.7"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[resolved]} />
    </svg>
  );
}
