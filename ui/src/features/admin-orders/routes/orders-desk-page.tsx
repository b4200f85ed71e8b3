//! /admin/orders: the order desk. Filters live in the URL (desk-filters.ts); the list reads pages
//! that stay put while new orders arrive ("Load more"); staff who may move orders select some and
//! move them together; the CSV of the filtered orders downloads for the accountant.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Order } from '../../../api/types';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { ListFoot } from '../../../components/list-foot';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { exportOrders, saveFile } from '../api/export-orders';
import { BulkBar } from '../components/bulk-bar';
import { DeskFilterBar } from '../components/desk-filter-bar';
import { OrderList } from '../components/order-list';
import { deskSearch, hasFilters, parseDeskFilters, serverQueries, type DeskFilters } from '../desk-filters';
import type { OrderDeskTools } from '../tools';
import { useDesk } from '../use-desk';
import '../admin-orders.css';

export type OrdersDeskProps = { tools: OrderDeskTools };

export function OrdersDeskPage({ tools }: OrdersDeskProps) {
  const { t } = useI18n();
  useDocumentTitle(t('admin.orders.title'));
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => parseDeskFilters(search), [search]);
  const queries = useMemo(() => serverQueries(filters), [filters]);
  const desk = useDesk(queries);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const channels = useRef(new Set<string>());
  for (const order of desk.orders) if (order.kcard) channels.current.add(order.kcard);

  // Other filters, other orders: the selection does not carry over.
  const queryKey = queries.join('|');
  useEffect(() => setSelected(new Set()), [queryKey]);

  const applyFilters = (next: DeskFilters) => {
    if (deskSearch(next) !== deskSearch(filters)) navigate(`/admin/orders${deskSearch(next)}`);
  };
  const canMove = tools.can('orders.write');
  const toggle = useCallback((id: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const toggleAll = (on: boolean) => setSelected(on ? new Set(desk.orders.map((order) => order.id)) : new Set());
  const numbers = useMemo(() => new Map(desk.orders.map((order) => [order.id, order.number])), [desk.orders]);
  const onMoved = (orders: Order[]) => desk.replace(orders);

  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      saveFile(await exportOrders(queries), `orders-${tools.today()}.csv`);
    } catch (error) {
      setExportError(tools.errorText(error));
    } finally {
      setExporting(false);
    }
  };

  const selectedIds = desk.orders.filter((order) => selected.has(order.id)).map((order) => order.id);
  return (
    <section class="page admin-page" aria-labelledby="desk-title">
      <header class="admin-page__header">
        <h1 id="desk-title" class="page__title">
          {t('admin.orders.title')}
        </h1>
        <button type="button" class="button button--ghost" onClick={() => void download()} disabled={exporting} data-testid="export-csv">
          <Icon name="download" size={18} />
          <span>{exporting ? t('admin.orders.exporting') : t('admin.orders.exportCsv')}</span>
        </button>
      </header>
      {exportError ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {exportError}
        </p>
      ) : null}
      <DeskFilterBar filters={filters} onChange={applyFilters} label={tools.label} channels={[...channels.current].sort()} narrow={tools.narrow} />
      {canMove && selectedIds.length > 0 ? (
        <BulkBar ids={selectedIds} numbers={numbers} tools={tools} onMoved={onMoved} onClear={() => setSelected(new Set())} />
      ) : null}
      <p class="admin-count" role="status">
        {desk.starting ? '' : t('admin.orders.shown', { count: desk.orders.length })}
      </p>
      {desk.starting && !desk.error ? <Loading /> : null}
      {!desk.starting && desk.orders.length === 0 ? (
        <EmptyState icon="package" title={t('admin.orders.empty')} text={hasFilters(filters) ? t('admin.orders.emptyFiltered') : undefined} />
      ) : null}
      {desk.orders.length > 0 ? (
        <OrderList
          orders={desk.orders}
          tools={tools}
          selection={canMove ? { ids: selected, toggle, toggleAll } : null}
        />
      ) : null}
      <ListFoot list={desk} errorText={tools.errorText} onRetry={desk.retry} moreLabel={t('admin.common.loadMore')} />
    </section>
  );
}
