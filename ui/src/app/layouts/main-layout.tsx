//! The main layout (docs/STOREFRONT.md §2): top menu, info bar and content — cart, order, user and
//! mobile pages.
import type { ComponentChildren } from 'preact';
import { BottomBar } from './bottom-bar';
import { InfoBar } from './info-bar';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

export function MainLayout({ children }: { children: ComponentChildren }) {
  return (
    <div class="layout layout--main">
      <SkipLink />
      <InfoBar />
      <SiteHeader />
      <main id="main" class="container layout__main layout__main--solo" tabIndex={-1}>
        {children}
      </main>
      <BottomBar />
    </div>
  );
}
