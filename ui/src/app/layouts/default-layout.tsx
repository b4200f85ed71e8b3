//! The default layout (docs/STOREFRONT.md §2): top menu, info bar, optional room menu, category
//! side menu, contact and language block, footer; the bottom bar replaces the side menu on narrow
//! screens. The side menu, contact block and footer come a task after the page in the first render
//! (`Later`). On a phone the room strip shows on the home page only: elsewhere it would push the
//! page's own content below the fold, and the bottom bar's Categories tab leads to every room and
//! category.
import type { ComponentChildren } from 'preact';
import { useLocation } from 'wouter';
import { Later } from '../../components/later';
import { CategoryMenu } from '../../features/catalog/components/category-menu';
import { RoomMenu } from '../../features/catalog/components/room-menu';
import { useStore } from '../../lib/create-store';
import { websitedata } from '../../lib/website-data';
import { BottomBar } from './bottom-bar';
import { ContactBlock } from './contact-block';
import { InfoBar } from './info-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

export function DefaultLayout({ children }: { children: ComponentChildren }) {
  const features = useStore(websitedata, (data) => data.features);
  const [location] = useLocation();
  return (
    <div class={`layout layout--default${location === '/' ? ' layout--home' : ''}`}>
      <SkipLink />
      <InfoBar />
      <SiteHeader />
      {features.roomMenu ? <RoomMenu /> : null}
      <div class={`container layout__body${features.categoryMenu ? ' layout__body--with-side' : ''}`}>
        {features.categoryMenu ? (
          <aside class="layout__side side-menu">
            <Later>
              <CategoryMenu />
            </Later>
          </aside>
        ) : null}
        <main id="main" class="layout__main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <Later>
        <ContactBlock />
        <SiteFooter />
      </Later>
      <BottomBar />
    </div>
  );
}
