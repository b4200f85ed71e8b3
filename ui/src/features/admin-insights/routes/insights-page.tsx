//! /admin/insights (`reports.read`): what the owner learns from the shop for a range of shop days
//! (default the last 30) — visits and orders per day with the conversion rate, the funnel from
//! product view to paid with the drop at each step, channels (`kcard`), products viewed vs bought
//! (views without sales stand out), searches that led to orders, referrers and devices — each
//! table with its CSV. Counted without cookies or personal data (docs/INSIGHTS.md).
import { useEffect, useId, useState } from 'react';
import type { InsightsAnswer, InsightsSlice } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney } from '../../../lib/format';
import { getInsights, getInsightsCsv, type InsightsTable } from '../api/insights-api';
import { FunnelChart, VisitChart } from '../components/charts';
import { percent, rangeProblem, shiftDay } from '../range';
import type { InsightsTools } from '../tools';
import '../admin-insights.css';

export type InsightsPageProps = { tools: InsightsTools };

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type Column<Row> = { title: string; cell: (row: Row) => string | number; numeric?: boolean };

function Table<Row>({
  id,
  title,
  rows,
  columns,
  rowKey,
  onCsv,
  busy,
  marked,
}: {
  id: string;
  title: string;
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  onCsv: () => void;
  busy: boolean;
  marked?: (row: Row) => boolean;
}) {
  const { t } = useI18n();
  return (
    <section class="admin-card insights-table" aria-labelledby={id} data-testid={`insights-${id}`}>
      <div class="insights-table__head">
        <h2 id={id} class="admin-card__title">
          {title}
        </h2>
        <button type="button" class="button button--ghost insights-csv" onClick={onCsv} disabled={busy} aria-label={t('admin.insights.csvOf', { table: title })}>
          <Icon name="download" size={16} />
          <span>CSV</span>
        </button>
      </div>
      {rows.length ? (
        <div class="table-scroll">
          <table class="data-table">
            <thead>
              <tr>
                {columns.map((column, i) => (
                  <th key={column.title} scope="col" class={column.numeric ? 'data-table__num' : i === 0 ? 'insights-table__name' : undefined}>
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} class={marked?.(row) ? 'insights-table__marked' : undefined}>
                  {columns.map((column, i) =>
                    i === 0 ? (
                      <th key={column.title} scope="row" class="insights-table__name">
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.title} class={column.numeric ? 'data-table__num' : undefined}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="admin-muted">{t('admin.insights.nothing')}</p>
      )}
    </section>
  );
}

export function InsightsPage({ tools }: InsightsPageProps) {
  const { t } = useI18n();
  const id = useId();
  useDocumentTitle(t('admin.insights.title'));
  const today = tools.today();
  const [range, setRange] = useState({ from: shiftDay(today, -29), to: today });
  const [draft, setDraft] = useState(range);
  const [report, setReport] = useState<InsightsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { errorText } = tools;

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    getInsights(range.from, range.to, { signal: controller.signal }).then(
      (answer) => !controller.signal.aborted && setReport(answer),
      (failure: unknown) => !controller.signal.aborted && setError(errorText(failure)),
    );
    return () => controller.abort();
  }, [range, errorText]);

  const submit = (event: Event) => {
    event.preventDefault();
    const problem = rangeProblem(draft.from, draft.to);
    if (problem) {
      setError(t(problem === 'long' ? 'admin.insights.errLong' : 'admin.home.errRange'));
      return;
    }
    setRange({ ...draft });
  };
  const csv = (table: InsightsTable) => async () => {
    setBusy(true);
    try {
      download(await getInsightsCsv(range.from, range.to, table), `insights-${table}-${range.from}-${range.to}.csv`);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const visits = report?.days.reduce((sum, day) => sum + day.visits, 0) ?? 0;
  const orders = report?.days.reduce((sum, day) => sum + day.orders, 0) ?? 0;
  const sliceColumns = (first: string, name: (row: InsightsSlice) => string, money: boolean): Column<InsightsSlice>[] => [
    { title: first, cell: name },
    { title: t('admin.insights.visits'), cell: (row) => row.visits, numeric: true },
    { title: t('admin.insights.orders'), cell: (row) => row.orders, numeric: true },
    ...(money ? [{ title: t('admin.insights.revenue'), cell: (row: InsightsSlice) => formatMoney(row.revenue), numeric: true }] : []),
    { title: t('admin.insights.conversion'), cell: (row) => percent(row.conversion), numeric: true },
  ];
  const device = (name: string) =>
    name === 'phone' ? t('admin.insights.device_phone') : name === 'tablet' ? t('admin.insights.device_tablet') : name === 'desktop' ? t('admin.insights.device_desktop') : name;

  return (
    <section class="page admin-page insights-page" aria-labelledby={`${id}-title`} data-testid="insights-page">
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.insights.title')}
        </h1>
      </header>
      <p class="admin-muted insights-page__intro">{t('admin.insights.intro')}</p>
      <form class="insights-page__form" onSubmit={submit}>
        <div class="admin-field">
          <label for={`${id}-from`}>{t('admin.orders.from')}</label>
          <input id={`${id}-from`} type="date" value={draft.from} max={draft.to} onInput={(e) => setDraft({ ...draft, from: (e.currentTarget as HTMLInputElement).value })} />
        </div>
        <div class="admin-field">
          <label for={`${id}-to`}>{t('admin.orders.to')}</label>
          <input id={`${id}-to`} type="date" value={draft.to} min={draft.from} onInput={(e) => setDraft({ ...draft, to: (e.currentTarget as HTMLInputElement).value })} />
        </div>
        <button type="submit" class="button">
          {t('admin.common.apply')}
        </button>
      </form>
      {error ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {!report && !error ? <Loading /> : null}
      {report ? (
        <>
          <dl class="insights-stats" data-testid="insights-totals">
            <div>
              <dt>{t('admin.insights.visits')}</dt>
              <dd>{visits}</dd>
            </div>
            <div>
              <dt>{t('admin.insights.orders')}</dt>
              <dd>{orders}</dd>
            </div>
            <div>
              <dt>{t('admin.insights.conversion')}</dt>
              <dd>{percent(visits ? orders / visits : 0)}</dd>
            </div>
            <div>
              <dt>{t('admin.insights.remindersSent')}</dt>
              <dd>
                {report.reminders.sent}
                <small>
                  {t('admin.insights.recovered', { count: report.reminders.recovered })} · {formatMoney(report.reminders.revenue)}
                </small>
              </dd>
            </div>
          </dl>
          <section class="admin-card" aria-labelledby={`${id}-days`}>
            <div class="insights-table__head">
              <h2 id={`${id}-days`} class="admin-card__title">
                {t('admin.insights.perDay')}
              </h2>
              <button type="button" class="button button--ghost insights-csv" onClick={() => void csv('days')()} disabled={busy} aria-label={t('admin.insights.csvOf', { table: t('admin.insights.perDay') })}>
                <Icon name="download" size={16} />
                <span>CSV</span>
              </button>
            </div>
            <VisitChart days={report.days} title={t('admin.insights.perDay')} day={tools.day} />
          </section>
          <section class="admin-card" aria-labelledby={`${id}-funnel`} data-testid="insights-funnel">
            <div class="insights-table__head">
              <h2 id={`${id}-funnel`} class="admin-card__title">
                {t('admin.insights.funnel')}
              </h2>
              <button type="button" class="button button--ghost insights-csv" onClick={() => void csv('funnel')()} disabled={busy} aria-label={t('admin.insights.csvOf', { table: t('admin.insights.funnel') })}>
                <Icon name="download" size={16} />
                <span>CSV</span>
              </button>
            </div>
            <FunnelChart steps={report.funnel} title={t('admin.insights.funnel')} />
          </section>
          <Table
            id="kcard"
            title={t('admin.insights.byKcard')}
            rows={report.byKcard}
            rowKey={(row) => row.name}
            columns={sliceColumns(t('admin.insights.channel'), (row) => row.name, true)}
            onCsv={() => void csv('byKcard')()}
            busy={busy}
          />
          <Table
            id="products"
            title={t('admin.insights.topProducts')}
            rows={report.topProducts}
            rowKey={(row) => row.code}
            marked={(row) => row.views > 0 && row.sold === 0}
            columns={[
              { title: t('admin.insights.product'), cell: (row) => (row.name ? `${row.name} (${row.code})` : row.code) },
              { title: t('admin.insights.views'), cell: (row) => row.views, numeric: true },
              { title: t('admin.insights.sold'), cell: (row) => (row.views > 0 && row.sold === 0 ? `0 · ${t('admin.insights.noSales')}` : row.sold), numeric: true },
            ]}
            onCsv={() => void csv('topProducts')()}
            busy={busy}
          />
          <Table
            id="searches"
            title={t('admin.insights.searches')}
            rows={report.searches}
            rowKey={(row) => row.term}
            columns={[
              { title: t('admin.insights.term'), cell: (row) => row.term },
              { title: t('admin.insights.searchCount'), cell: (row) => row.searches, numeric: true },
              { title: t('admin.insights.orders'), cell: (row) => row.orders, numeric: true },
            ]}
            onCsv={() => void csv('searches')()}
            busy={busy}
          />
          <Table
            id="referrers"
            title={t('admin.insights.referrers')}
            rows={report.referrers}
            rowKey={(row) => row.name}
            columns={sliceColumns(t('admin.insights.referrer'), (row) => row.name || t('admin.insights.direct'), false)}
            onCsv={() => void csv('referrers')()}
            busy={busy}
          />
          <Table
            id="devices"
            title={t('admin.insights.devices')}
            rows={report.devices}
            rowKey={(row) => row.name}
            columns={sliceColumns(t('admin.insights.device'), (row) => device(row.name), true)}
            onCsv={() => void csv('devices')()}
            busy={busy}
          />
          <p class="admin-muted insights-page__apart">
            {t('admin.insights.countedApart', { pages: report.crawlers.pages, noScript: report.crawlers.noScript })}
          </p>
        </>
      ) : null}
    </section>
  );
}
