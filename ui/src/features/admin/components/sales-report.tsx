//! The sales report for a chosen range of shop days (default: the last 30): totals with VAT and
//! the average order, by payment method and by channel, per day, best sellers, and the CSV.
import { useEffect, useId, useState } from 'react';
import type { SalesReportAnswer } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { Loading } from '../../../components/loading';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { formatMoney } from '../../../lib/format';
import { addDays, shopDay } from '../shop-time';
import { getSalesCsv, getSalesReport } from '../api/get-sales-report';
import { DayChart } from './day-chart';

type ReportProps = { label: (group: string, key: string) => string; errorText: (error: unknown) => string };

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

function Tallies({ title, rows }: { title: string; rows: [string, { orders: number; revenue: number }][] }) {
  const { t } = useI18n();
  return (
    <div class="report-tally">
      <h3 class="report-tally__title">{title}</h3>
      {rows.length ? (
        <table class="data-table">
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col" class="data-table__num">
                {t('admin.home.orders')}
              </th>
              <th scope="col" class="data-table__num">
                {t('admin.home.revenue')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, tally]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td class="data-table__num">{tally.orders}</td>
                <td class="data-table__num">{formatMoney(tally.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p class="admin-muted">{t('admin.home.nothingYet')}</p>
      )}
    </div>
  );
}

export function SalesReport({ label, errorText }: ReportProps) {
  const { t, locale } = useI18n();
  const id = useId();
  const today = shopDay(Date.now());
  const [range, setRange] = useState({ from: addDays(today, -29), to: today });
  const [draft, setDraft] = useState(range);
  const [report, setReport] = useState<SalesReportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    getSalesReport(range.from, range.to, { signal: controller.signal }).then(
      (answer) => !controller.signal.aborted && setReport(answer),
      (failure: unknown) => !controller.signal.aborted && setError(errorText(failure)),
    );
    return () => controller.abort();
  }, [range, errorText]);

  const submit = (event: Event) => {
    event.preventDefault();
    if (!draft.from || !draft.to || draft.from > draft.to) {
      setError(t('admin.home.errRange'));
      return;
    }
    setRange({ ...draft });
  };
  const csv = async () => {
    setBusy(true);
    try {
      download(await getSalesCsv(range.from, range.to), `sales-${range.from}-${range.to}.csv`);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const byName = (tallies: Record<string, { orders: number; revenue: number }>, name: (key: string) => string) =>
    Object.entries(tallies)
      .map(([key, tally]) => [name(key), tally] as [string, { orders: number; revenue: number }])
      .sort((a, b) => b[1].revenue - a[1].revenue);

  return (
    <section class="admin-card sales-report" aria-labelledby={`${id}-title`} data-testid="sales-report">
      <h2 id={`${id}-title`} class="admin-card__title">
        {t('admin.home.report')}
      </h2>
      <form class="sales-report__form" onSubmit={submit}>
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
        <button type="button" class="button button--ghost" onClick={() => void csv()} disabled={busy}>
          <Icon name="download" size={18} />
          <span>{t('admin.home.reportCsv')}</span>
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
          <dl class="stat-line">
            <div>
              <dt>{t('admin.home.orders')}</dt>
              <dd>{report.totals.orders}</dd>
            </div>
            <div>
              <dt>{t('admin.home.placedRevenue')}</dt>
              <dd>{formatMoney(report.totals.revenue)}</dd>
            </div>
            <div>
              <dt>{t('admin.home.sales')}</dt>
              <dd data-testid="report-sales">{formatMoney(report.totals.sales)}</dd>
            </div>
            <div>
              <dt>{t('admin.home.awaitingShort')}</dt>
              <dd>
                {formatMoney(report.totals.awaiting.revenue)} ({report.totals.awaiting.orders})
              </dd>
            </div>
            <div>
              <dt>{t('admin.home.average')}</dt>
              <dd>{formatMoney(report.totals.averageOrder)}</dd>
            </div>
            <div>
              <dt>{t('admin.home.vat')}</dt>
              <dd>{formatMoney(report.totals.vat)}</dd>
            </div>
            <div data-testid="report-refunds">
              <dt>{t('admin.home.refunds')}</dt>
              <dd>
                {formatMoney(report.totals.refunds?.revenue ?? 0)} ({report.totals.refunds?.orders ?? 0})
              </dd>
            </div>
          </dl>
          <DayChart days={report.days} title={t('admin.home.report')} />
          <div class="report-tallies">
            <Tallies title={t('admin.home.byPayment')} rows={byName(report.byPayment, (key) => label('paymentMethod', key))} />
            <Tallies title={t('admin.home.byChannel')} rows={byName(report.byKcard, (key) => key || t('admin.home.webShop'))} />
          </div>
          {report.topProducts.length ? (
            <div class="report-tally">
              <h3 class="report-tally__title">{t('admin.home.topProducts')}</h3>
              <ol class="top-list">
                {report.topProducts.map((product) => (
                  <li key={product.code}>
                    <span>{product.name ? pickText(product.name, locale) : product.code}</span>
                    <span class="admin-muted">{t('admin.home.units', { count: product.units })}</span>
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
