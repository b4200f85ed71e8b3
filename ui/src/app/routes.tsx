//! The route table: a mirror of the server's page routes (docs/STOREFRONT.md §2). Each path exists
//! bare (English) and under /th /my /km /id; the language prefix is the router base, so the paths
//! here are language-free. Order matters: the first match wins.
import type { ComponentChildren, VNode } from 'preact';
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ErrorStatus } from '../components/error-status';
import { Loading } from '../components/loading';
import { ViewPage } from '../features/catalog/routes/view-page';
import { ContentListPage } from '../features/content/routes/content-list-page';
import { ContentPage } from '../features/content/routes/content-page';
import { DefaultLayout } from './layouts/default-layout';
import { MainLayout } from './layouts/main-layout';
import { AccessGuard } from './routes/access-guard';
import { AdminGuard } from './routes/admin-guard';
import { CartResultRoute, CartRoute, OrderRoute } from './routes/cart-routes';
import { CATALOG_PAGE_CHUNKS, CategoryRoute, ProductRoute, RoomRoute, SearchRoute } from './routes/catalog-routes';
import { OrdersRoute } from './routes/orders-route';
import { UserRoute } from './routes/user-route';
import { lazyWithReload } from './lazy-with-reload';

// Pages only some visits open are chunks of their own, so the first load of every other page
// does not carry them (the home page's slider and illustration are most of it).
const loadHomePage = () => import('./routes/home-page').then((m) => ({ default: m.HomePage }));
const HomePage = lazyWithReload<object>(loadHomePage);
const MobileAccountPage = lazyWithReload<object>(() =>
  import('../features/user/routes/mobile-account-page').then((m) => ({ default: m.MobileAccountPage })),
);
const MobileCategoryPage = lazyWithReload<object>(() =>
  import('../features/catalog/routes/mobile-category-page').then((m) => ({ default: m.MobileCategoryPage })),
);
const MobileInfoPage = lazyWithReload<object>(() => import('./routes/mobile-info-page').then((m) => ({ default: m.MobileInfoPage })));

/**
 * The page chunks a server-drawn first paint stands in for (its `data-route`): the app loads the
 * chunk before it replaces that markup, so the shopper never sees a spinner in between.
 */
export const FIRST_PAINT_CHUNKS: Record<string, () => Promise<unknown>> = { ...CATALOG_PAGE_CHUNKS, home: loadHomePage };

function lazyPage(page: VNode): VNode {
  return <Suspense fallback={<Loading page />}>{page}</Suspense>;
}

export type LayoutKind = 'default' | 'main' | 'admin';
type Params = Record<string, string | undefined>;
export type PageRoute = { path: string; layout: LayoutKind; render: (params: Params) => VNode };

export const PAGE_ROUTES: PageRoute[] = [
  { path: '/', layout: 'default', render: () => lazyPage(<HomePage />) },
  { path: '/about', layout: 'default', render: () => <ContentPage name="about" /> },
  { path: '/area', layout: 'default', render: () => <ContentPage name="area" /> },
  { path: '/cart', layout: 'main', render: () => <CartRoute /> },
  { path: '/cartres', layout: 'main', render: () => <CartResultRoute /> },
  { path: '/order', layout: 'main', render: () => <OrderRoute /> },
  { path: '/privacy', layout: 'default', render: () => <ContentPage name="privacy" /> },
  { path: '/search', layout: 'default', render: () => <SearchRoute mode="words" /> },
  { path: '/searchcode', layout: 'default', render: () => <SearchRoute mode="code" /> },
  { path: '/mobile/account', layout: 'main', render: () => lazyPage(<MobileAccountPage />) },
  { path: '/mobile/category', layout: 'main', render: () => lazyPage(<MobileCategoryPage />) },
  { path: '/mobile/info', layout: 'main', render: () => lazyPage(<MobileInfoPage />) },
  { path: '/category/:key?', layout: 'default', render: (p) => <CategoryRoute categoryKey={p.key} /> },
  {
    path: '/content/:pagename?',
    layout: 'default',
    render: (p) => (p.pagename ? <ContentPage name={p.pagename} /> : <ContentListPage basePath="/content" />),
  },
  {
    path: '/info/:pagename?',
    layout: 'default',
    render: (p) => (p.pagename ? <ContentPage name={p.pagename} /> : <ContentListPage basePath="/info" />),
  },
  { path: '/products/:code?', layout: 'default', render: (p) => <ProductRoute code={p.code} /> },
  { path: '/room/:key?', layout: 'default', render: (p) => <RoomRoute roomKey={p.key} /> },
  { path: '/user/order', layout: 'main', render: () => <OrdersRoute /> },
  { path: '/user/:type?', layout: 'main', render: (p) => <UserRoute type={p.type} /> },
  { path: '/view/:id?', layout: 'main', render: (p) => <ViewPage id={p.id} /> },
  // The server's `/location/*` also matches `/location` itself; wouter's `*` needs a segment.
  { path: '/location', layout: 'default', render: () => <ContentPage name="showrooms" /> },
  { path: '/location/*', layout: 'default', render: () => <ContentPage name="showrooms" /> },
  { path: '/admin', layout: 'admin', render: () => <AdminGuard /> },
  { path: '/admin/*', layout: 'admin', render: () => <AdminGuard /> },
  { path: '/:page', layout: 'default', render: (p) => <ContentPage name={p.page ?? ''} /> },
  {
    path: '/:dynamicroute/:pname?',
    layout: 'default',
    // An information page filed under a section: /help/returns shows the page "help/returns".
    render: (p) => <ContentPage name={p.pname ? `${p.dynamicroute}/${p.pname}` : (p.dynamicroute ?? '')} />,
  },
];

function withLayout(layout: LayoutKind, page: VNode): ComponentChildren {
  // The access guard (sign-in rules of docs/STOREFRONT.md §4) sits inside the layout, so the header
  // stays put.
  if (layout === 'main') return <MainLayout>{<AccessGuard>{page}</AccessGuard>}</MainLayout>;
  if (layout === 'default') return <DefaultLayout>{<AccessGuard>{page}</AccessGuard>}</DefaultLayout>;
  // The admin guard brings the admin layout with its lazy chunk.
  return page;
}

/** The page for the current location; an unmatched path is a 404. */
export function AppRoutes() {
  return (
    <Switch>
      {PAGE_ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          {(params: Params) => withLayout(route.layout, route.render(params))}
        </Route>
      ))}
      <Route>
        <ErrorStatus status={404} />
      </Route>
    </Switch>
  );
}
