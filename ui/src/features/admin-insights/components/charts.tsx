//! The insights page's charts, drawn as inline SVG like the dashboard's (no chart library): visits
//! per day as bars with orders as a line over them, and the funnel as bars with the drop at each
//! step. Every bar has a tooltip title, and the numbers are also written out (the day table under
//! a disclosure, the funnel's counts beside its bars), so a chart is never the only way to read them.
import { useId } from 'react';
import type { FunnelStep, InsightsDay } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { chartScale as scale } from '../../../lib/chart-scale';
import { percent } from '../range';

const W = 600;
const H = 160;
const PAD_BOTTOM = 20;
const PAD_TOP = 8;

export function VisitChart({ days, title, day }: { days: InsightsDay[]; title: string; day: (day: string) => string }) {
  const { t } = useI18n();
  const id = useId();
  if (!days.length) return null;
  const top = scale(days.map((d) => d.visits));
  const most = scale(days.map((d) => d.orders));
  const slot = W / days.length;
  const bar = Math.max(2, slot * 0.7);
  const plot = H - PAD_BOTTOM - PAD_TOP;
  const y = (share: number) => PAD_TOP + plot * (1 - share);
  const line = days.map((d, i) => `${(i * slot + slot / 2).toFixed(1)},${y(d.orders / most).toFixed(1)}`).join(' ');
  const visits = days.reduce((sum, d) => sum + d.visits, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  return (
    <figure class="insights-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} preserveAspectRatio="none" class="insights-chart__svg">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{t('admin.insights.chartSummary', { from: day(first.date), to: day(last.date), visits, orders })}</desc>
        <line x1="0" x2={W} y1={H - PAD_BOTTOM} y2={H - PAD_BOTTOM} class="insights-chart__axis" />
        {days.map((d, i) => {
          const height = (plot * d.visits) / top;
          return (
            <rect key={d.date} x={i * slot + (slot - bar) / 2} y={H - PAD_BOTTOM - height} width={bar} height={Math.max(height, d.visits > 0 ? 1 : 0)} class="insights-chart__bar">
              <title>{`${day(d.date)}: ${t('admin.insights.visits')} ${d.visits} · ${t('admin.insights.orders')} ${d.orders} · ${percent(d.conversion)}`}</title>
            </rect>
          );
        })}
        <polyline points={line} class="insights-chart__line" />
      </svg>
      <figcaption class="insights-chart__legend">
        <span class="insights-chart__key insights-chart__key--bar">{t('admin.insights.visits')}</span>
        <span class="insights-chart__key insights-chart__key--line">{t('admin.insights.orders')}</span>
      </figcaption>
      <details>
        <summary>{t('admin.home.showNumbers')}</summary>
        <div class="table-scroll">
          <table class="data-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.home.day')}</th>
                <th scope="col" class="data-table__num">
                  {t('admin.insights.visits')}
                </th>
                <th scope="col" class="data-table__num">
                  {t('admin.insights.orders')}
                </th>
                <th scope="col" class="data-table__num">
                  {t('admin.insights.conversion')}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.date}>
                  <th scope="row">{day(d.date)}</th>
                  <td class="data-table__num">{d.visits}</td>
                  <td class="data-table__num">{d.orders}</td>
                  <td class="data-table__num">{percent(d.conversion)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

const STEP_NAMES = {
  productView: 'admin.insights.step_productView',
  cart: 'admin.insights.step_cart',
  checkout: 'admin.insights.step_checkout',
  placed: 'admin.insights.step_placed',
  paid: 'admin.insights.step_paid',
} as const;

function isStep(step: string): step is keyof typeof STEP_NAMES {
  return step in STEP_NAMES;
}

/** The funnel: one bar per step, as wide as its share of the first step. */
export function FunnelChart({ steps, title }: { steps: FunnelStep[]; title: string }) {
  const { t } = useI18n();
  const top = scale(steps.map((s) => s.count));
  return (
    <ol class="funnel" aria-label={title}>
      {steps.map((step, i) => {
        const name = isStep(step.step) ? t(STEP_NAMES[step.step]) : step.step;
        const width = (100 * step.count) / top;
        return (
          <li key={step.step} class="funnel__step" data-step={step.step}>
            <span class="funnel__name">{name}</span>
            <svg class="funnel__bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
              <rect x="0" y="0" width="100" height="10" class="funnel__track" />
              <rect x="0" y="0" width={width} height="10" class="funnel__fill" />
            </svg>
            <span class="funnel__numbers">
              <strong data-testid={`funnel-${step.step}`}>{step.count}</strong>
              {i > 0 ? ` · ${t('admin.insights.drop', { percent: percent(step.drop) })}` : ''}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
