//! A drawn living-room scene for the home hero (inline SVG: no image request, crisp at any size).
export function HeroIllustration() {
  return (
    <svg class="hero__art" viewBox="0 0 360 260" aria-hidden="true" focusable="false">
      <circle cx="250" cy="92" r="78" fill="#f3dfb6" />
      <rect x="36" y="52" width="92" height="70" rx="6" fill="#fdfaf4" stroke="#e5d6bb" stroke-width="4" />
      <path d="M46 112l22-26 16 18 12-12 22 20z" fill="#a9c9c3" />
      <circle cx="104" cy="74" r="7" fill="#d9a441" />
      <line x1="296" y1="48" x2="296" y2="196" stroke="#3b4a47" stroke-width="4" stroke-linecap="round" />
      <path d="M272 48h48l-10-30h-28z" fill="#d9a441" />
      <ellipse cx="296" cy="200" rx="20" ry="5" fill="#3b4a47" />
      <rect x="58" y="128" width="196" height="58" rx="22" fill="#137068" />
      <rect x="44" y="150" width="42" height="58" rx="18" fill="#0f5c56" />
      <rect x="226" y="150" width="42" height="58" rx="18" fill="#0f5c56" />
      <rect x="80" y="168" width="152" height="34" rx="12" fill="#1a8077" />
      <line x1="156" y1="170" x2="156" y2="200" stroke="#137068" stroke-width="3" />
      <rect x="96" y="136" width="40" height="30" rx="10" fill="#e8b85a" transform="rotate(-8 116 151)" />
      <rect x="176" y="136" width="40" height="30" rx="10" fill="#f1e4cc" transform="rotate(6 196 151)" />
      <rect x="60" y="206" width="8" height="16" rx="3" fill="#3b4a47" />
      <rect x="244" y="206" width="8" height="16" rx="3" fill="#3b4a47" />
      <path d="M316 220c0-26 8-44 18-56M326 222c2-22 14-36 24-42M320 222c-6-20-16-30-28-34" stroke="#2f7d5b" stroke-width="5" stroke-linecap="round" fill="none" />
      <path d="M306 214h40l-6 28h-28z" fill="#c98a3a" />
      <rect x="20" y="236" width="324" height="6" rx="3" fill="#e5d6bb" />
    </svg>
  );
}
