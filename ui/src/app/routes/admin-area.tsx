//! The admin area (lazy chunk): admin layout with the role's menus and the Code submenu, and the
//! staff pages, each its own lazy chunk. The app hands the pages what they share (features do not
//! import each other): the role's permissions (`/api/admin/me`), code-table titles in the current
//! language, error texts by code, and whether the screen is phone-sized. A page the role may not
//! open says so; an unknown admin path is the admin's own "not found", inside the layout. When the
//! code tables cannot be fetched (or there are none) the administrator is alerted, in Thai, as
//! docs/STOREFRONT.md §8 requires.
import { Suspense, useEffect, useMemo, useState } from 'react';
import type { VNode } from 'preact';
import { Route, Switch } from 'wouter';
import type { Permission } from '../../api/types';
import { Loading } from '../../components/loading';
import { useNarrow } from '../../lib/use-narrow';
import { adminMe, CODE_FETCH_FAILED_ALERT } from '../../features/admin/admin-store';
import { ALL_PERMISSIONS } from '../../features/admin/api/get-admin-me';
import { adminErrorText } from '../../features/admin/error-text';
import { formatDay, formatShopTime, shopDay } from '../../features/admin/shop-time';
import { AdminNotFound } from '../../features/admin/routes/admin-not-found';
import { NoAccess } from '../../features/admin/routes/no-access';
import type { DashboardProps } from '../../features/admin/routes/dashboard-page';
import type { ActivityPageProps } from '../../features/admin-activity/routes/activity-page';
import type { CustomerPageProps } from '../../features/admin-customers/routes/customer-page';
import type { CustomersPageProps } from '../../features/admin-customers/routes/customers-page';
import type { CataloguePageProps } from '../../features/admin-content/routes/catalogue-page';
import type { MailPreviewPageProps } from '../../features/admin-content/routes/mail-preview-page';
import type { PageEditProps } from '../../features/admin-content/routes/page-edit-page';
import type { PagesPageProps } from '../../features/admin-content/routes/pages-page';
import type { SettingsPageProps } from '../../features/admin-content/routes/settings-page';
import type { TranslationsPageProps } from '../../features/admin-content/routes/translations-page';
import type { OrderDetailProps } from '../../features/admin-orders/routes/order-detail-page';
import type { OrdersDeskProps } from '../../features/admin-orders/routes/orders-desk-page';
import type { ProductPageProps } from '../../features/admin-products/routes/product-page';
import type { ProductsPageProps } from '../../features/admin-products/routes/products-page';
import type { CodeTablePageProps } from '../../features/admin-codes/routes/code-table-page';
import type { InsightsPageProps } from '../../features/admin-insights/routes/insights-page';
import type { SearchPageProps } from '../../features/admin-search/routes/search-page';
import type { CouponsPageProps } from '../../features/admin-promotions/routes/coupons-page';
import type { PromotionsPageProps } from '../../features/admin-promotions/routes/promotions-page';
import type { TaxonomyPageProps } from '../../features/admin-taxonomy/routes/taxonomy-page';
import type { RolesPageProps } from '../../features/admin-staff/routes/roles-page';
import type { StaffPageProps } from '../../features/admin-staff/routes/staff-page';
import { ensureLabels, labelGroupNames, labels, setLabel } from '../../features/labels/labels-store';
import { apiGet } from '../../api/client';
import { htmlLangOf, i18nStore, mergeMessages, pickText, useI18n } from '../../i18n/i18n-store';
import type { Messages } from '../../i18n/types';
import { useStore } from '../../lib/create-store';
import { useResource } from '../../lib/resource';
import { safeDecode } from '../../lib/url-rules';
import { AdminLayout } from '../layouts/admin-layout';
import { lazyWithReload } from '../lazy-with-reload';

const DashboardPage = lazyWithReload<DashboardProps>(() =>
  import('../../features/admin/routes/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const OrdersDeskPage = lazyWithReload<OrdersDeskProps>(() =>
  import('../../features/admin-orders/routes/orders-desk-page').then((m) => ({ default: m.OrdersDeskPage })),
);
const OrderDetailPage = lazyWithReload<OrderDetailProps>(() =>
  import('../../features/admin-orders/routes/order-detail-page').then((m) => ({ default: m.OrderDetailPage })),
);
const CustomersPage = lazyWithReload<CustomersPageProps>(() =>
  import('../../features/admin-customers/routes/customers-page').then((m) => ({ default: m.CustomersPage })),
);
const CustomerPage = lazyWithReload<CustomerPageProps>(() =>
  import('../../features/admin-customers/routes/customer-page').then((m) => ({ default: m.CustomerPage })),
);
const ActivityPage = lazyWithReload<ActivityPageProps>(() =>
  import('../../features/admin-activity/routes/activity-page').then((m) => ({ default: m.ActivityPage })),
);
const StaffPage = lazyWithReload<StaffPageProps>(() =>
  import('../../features/admin-staff/routes/staff-page').then((m) => ({ default: m.StaffPage })),
);
const RolesPage = lazyWithReload<RolesPageProps>(() =>
  import('../../features/admin-staff/routes/roles-page').then((m) => ({ default: m.RolesPage })),
);

const ProductsPage = lazyWithReload<ProductsPageProps>(() =>
  import('../../features/admin-products/routes/products-page').then((m) => ({ default: m.ProductsPage })),
);
const ProductPage = lazyWithReload<ProductPageProps>(() =>
  import('../../features/admin-products/routes/product-page').then((m) => ({ default: m.ProductPage })),
);

const PagesPage = lazyWithReload<PagesPageProps>(() =>
  import('../../features/admin-content/routes/pages-page').then((m) => ({ default: m.PagesPage })),
);
const PageEditPage = lazyWithReload<PageEditProps>(() =>
  import('../../features/admin-content/routes/page-edit-page').then((m) => ({ default: m.PageEditPage })),
);
const TranslationsPage = lazyWithReload<TranslationsPageProps>(() =>
  import('../../features/admin-content/routes/translations-page').then((m) => ({ default: m.TranslationsPage })),
);
const SettingsPage = lazyWithReload<SettingsPageProps>(() =>
  import('../../features/admin-content/routes/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const CataloguePage = lazyWithReload<CataloguePageProps>(() =>
  import('../../features/admin-content/routes/catalogue-page').then((m) => ({ default: m.CataloguePage })),
);
const MailPreviewPage = lazyWithReload<MailPreviewPageProps>(() =>
  import('../../features/admin-content/routes/mail-preview-page').then((m) => ({ default: m.MailPreviewPage })),
);
const PromotionsPage = lazyWithReload<PromotionsPageProps>(() =>
  import('../../features/admin-promotions/routes/promotions-page').then((m) => ({ default: m.PromotionsPage })),
);
const CouponsPage = lazyWithReload<CouponsPageProps>(() =>
  import('../../features/admin-promotions/routes/coupons-page').then((m) => ({ default: m.CouponsPage })),
);
const RoomsPage = lazyWithReload<TaxonomyPageProps>(() =>
  import('../../features/admin-taxonomy/routes/taxonomy-page').then((m) => ({ default: m.RoomsPage })),
);
const CategoriesPage = lazyWithReload<TaxonomyPageProps>(() =>
  import('../../features/admin-taxonomy/routes/taxonomy-page').then((m) => ({ default: m.CategoriesPage })),
);
const CodeTablePage = lazyWithReload<CodeTablePageProps>(() =>
  import('../../features/admin-codes/routes/code-table-page').then((m) => ({ default: m.CodeTablePage })),
);
const InsightsPage = lazyWithReload<InsightsPageProps>(() =>
  import('../../features/admin-insights/routes/insights-page').then((m) => ({ default: m.InsightsPage })),
);
const SearchPage = lazyWithReload<SearchPageProps>(() =>
  import('../../features/admin-search/routes/search-page').then((m) => ({ default: m.SearchPage })),
);

/**
 * The staff area's texts (`admin.*`). The storefront's boot data need not carry them (they are a
 * third of a message set): when they are missing, the whole set of the current language is read
 * once from `/api/file/locales/{code}` and merged in. Until then the area shows "Loading…".
 */
function useAdminMessages(): boolean {
  const { locale } = useI18n();
  const [failed, setFailed] = useState(false);
  const ready = useStore(i18nStore, (state) => {
    const admin = (state.messages as { admin?: { home?: unknown } }).admin;
    return typeof admin?.home === 'object' && admin.home !== null;
  });
  useEffect(() => {
    if (ready) return undefined;
    const controller = new AbortController();
    apiGet<{ data: Messages }>(`/api/file/locales/${locale}`, { signal: controller.signal, track: false }).then(
      ({ data }) => {
        i18nStore.set((state) => {
          if (state.locale !== locale) return state;
          const messages = mergeMessages(state.messages, data);
          return { ...state, messages, locales: { ...state.locales, [locale]: messages } };
        });
      },
      (error: unknown) => {
        // Shown anyway: English, or the keys, beat an endless "Loading…".
        if (controller.signal.aborted) return;
        console.warn('staff texts not loaded', error);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [ready, locale]);
  return ready || failed;
}

/** A code-table key without a title reads as words ('bank_transfer' → 'Bank transfer'). */
function readable(key: string): string {
  const words = key.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export default function AdminArea({ role, userId, userName }: { role: string; userId: number; userName: string }) {
  const labelState = useStore(labels);
  const { locale } = useI18n();
  const me = useResource(adminMe(role));
  const narrow = useNarrow();
  const textsReady = useAdminMessages();
  useEffect(() => {
    ensureLabels().then(
      (groups) => {
        if (labelGroupNames(groups).length < 1) window.alert(CODE_FETCH_FAILED_ALERT);
      },
      (error: unknown) => {
        console.warn('code tables not loaded', error);
        window.alert(CODE_FETCH_FAILED_ALERT);
      },
    );
  }, []);

  // Until the server says what the role may do, nothing is hidden (it checks every call anyway);
  // pages wait for the answer so actions do not appear and vanish.
  const permissions = me.status === 'ready' ? me.data.permissions : ALL_PERMISSIONS;
  const known = me.status === 'ready' && me.data.known;
  const settled = me.status === 'ready' || me.status === 'error';
  const tools = useMemo(() => {
    const groups = labelState.groups;
    const allowed = new Set<Permission>(permissions);
    return {
      can: (permission: Permission) => allowed.has(permission),
      label: (group: string, key: string) => pickText(groups[group]?.[key], locale) || readable(key),
      labelKeys: (group: string) => Object.keys(groups[group] ?? {}),
      errorText: adminErrorText,
      time: (ms: number) => formatShopTime(ms, htmlLangOf(locale)),
      today: () => shopDay(Date.now()),
      day: (day: string) => formatDay(day, htmlLangOf(locale)),
      setLabel,
      narrow,
    };
  }, [labelState.groups, locale, permissions, narrow]);

  const gate = (permission: Permission, page: () => VNode) => {
    if (!settled) return <Loading />;
    if (!tools.can(permission)) return <NoAccess permission={permission} />;
    return <Suspense fallback={<Loading />}>{page()}</Suspense>;
  };

  if (!textsReady) return <Loading page />;
  return (
    <AdminLayout role={role} codeGroups={labelGroupNames(labelState.groups)} can={tools.can} permissionsKnown={known}>
      <Switch>
        <Route path="/admin">
          {settled ? (
            <Suspense fallback={<Loading />}>
              <DashboardPage userName={userName} can={tools.can} label={tools.label} errorText={adminErrorText} />
            </Suspense>
          ) : (
            <Loading />
          )}
        </Route>
        <Route path="/admin/orders">{() => gate('orders.read', () => <OrdersDeskPage tools={tools} />)}</Route>
        <Route path="/admin/orders/:id">{(params) => gate('orders.read', () => <OrderDetailPage id={params.id} tools={tools} />)}</Route>
        <Route path="/admin/customers">{() => gate('customers.read', () => <CustomersPage tools={tools} />)}</Route>
        <Route path="/admin/customers/:id">
          {(params) => gate('customers.read', () => <CustomerPage id={params.id} tools={tools} />)}
        </Route>
        <Route path="/admin/products">{() => gate('catalog.write', () => <ProductsPage tools={tools} />)}</Route>
        <Route path="/admin/products/new">{() => gate('catalog.write', () => <ProductPage tools={tools} />)}</Route>
        <Route path="/admin/products/:code">
          {(params) => gate('catalog.write', () => <ProductPage key={params.code} code={safeDecode(params.code)} tools={tools} />)}
        </Route>
        <Route path="/admin/pages">{() => gate('settings.write', () => <PagesPage tools={tools} />)}</Route>
        <Route path="/admin/pages/:name">
          {(params) => gate('settings.write', () => <PageEditPage key={params.name} name={safeDecode(params.name)} tools={tools} />)}
        </Route>
        <Route path="/admin/translations">{() => gate('settings.write', () => <TranslationsPage tools={tools} />)}</Route>
        <Route path="/admin/settings">{() => gate('settings.write', () => <SettingsPage tools={tools} />)}</Route>
        <Route path="/admin/catalogue-pdf">{() => gate('settings.write', () => <CataloguePage tools={tools} />)}</Route>
        <Route path="/admin/insights">{() => gate('reports.read', () => <InsightsPage tools={tools} />)}</Route>
        <Route path="/admin/mail-preview">{() => gate('settings.write', () => <MailPreviewPage tools={tools} />)}</Route>
        <Route path="/admin/activity">{() => gate('activity.read', () => <ActivityPage tools={tools} />)}</Route>
        <Route path="/admin/staff">{() => gate('staff.manage', () => <StaffPage tools={tools} selfId={userId} />)}</Route>
        <Route path="/admin/roles">{() => gate('staff.manage', () => <RolesPage tools={tools} />)}</Route>
        <Route path="/admin/promotions">{() => gate('catalog.write', () => <PromotionsPage tools={tools} />)}</Route>
        <Route path="/admin/coupons">{() => gate('catalog.write', () => <CouponsPage tools={tools} />)}</Route>
        <Route path="/admin/rooms">{() => gate('catalog.write', () => <RoomsPage tools={tools} />)}</Route>
        <Route path="/admin/categories">{() => gate('catalog.write', () => <CategoriesPage tools={tools} />)}</Route>
        {/* Misses need reports.read, synonyms catalog.write: the page opens with either and says what the other would show. */}
        <Route path="/admin/search">
          {() => gate(tools.can('reports.read') && !tools.can('catalog.write') ? 'reports.read' : 'catalog.write', () => <SearchPage tools={tools} />)}
        </Route>
        <Route path="/admin/code/:group">
          {(params) =>
            settled ? (
              <Suspense fallback={<Loading />}>
                <CodeTablePage group={safeDecode(params.group)} tools={{ ...tools, canEdit: tools.can('settings.write') }} />
              </Suspense>
            ) : (
              <Loading />
            )
          }
        </Route>
        <Route>
          <AdminNotFound />
        </Route>
      </Switch>
    </AdminLayout>
  );
}
