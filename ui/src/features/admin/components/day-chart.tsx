//! Revenue per day as small bars with the order count as a line over them, drawn as inline SVG
//! (no chart library). Every bar has a tooltip title; the numbers are also in a table under a
//! disclosure, so the chart is never the only way to read them.
import { useId } from 'react';
import type { SalesDay } from '../../../api/types';
import { htmlLangOf, useI18n } from '../../../i18n/i18n-store';
import { chartScale } from '../../../lib/chart-scale';
import { formatMoney } from '../../../lib/format';
import { formatDay } from '../shop-time';

const W = 600;
const H = 160;
const PAD_BOTTOM = 20;
const PAD_TOP = 8;

export function DayChart({ days, title }: { days: SalesDay[]; title: string }) {
  const { t, locale } = useI18n();
  const id = useId();
  const lang = htmlLangOf(locale);
  if (!days.length) return null;
  const top = chartScale(days.map((day) => day.revenue));
  const most = chartScale(days.map((day) => day.orders));
  const slot = W / days.length;
  const bar = Math.max(2, slot * 0.7);
  const plot = H - PAD_BOTTOM - PAD_TOP;
  const y = (share: number) => PAD_TOP + plot * (1 - share);
  const line = days.map((day, i) => `${(i * slot + slot / 2).toFixed(1)},${y(day.orders / most).toFixed(1)}`).join(' ');
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  return (
    <figure class="day-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} preserveAspectRatio="none" class="day-chart__svg">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          {t('admin.home.chartSummary', {
            from: formatDay(first.date, lang),
            to: formatDay(last.date, lang),
            revenue: formatMoney(total),
          })}
        </desc>
        <line x1="0" x2={W} y1={H - PAD_BOTTOM} y2={H - PAD_BOTTOM} class="day-chart__axis" />
        {days.map((day, i) => {
          const height = (plot * day.revenue) / top;
          return (
            <rect
              key={day.date}
              x={i * slot + (slot - bar) / 2}
              y={H - PAD_BOTTOM - height}
              width={bar}
              height={Math.max(height, day.revenue > 0 ? 1 : 0)}
              class="day-chart__bar"
            >
              <title>{`${formatDay(day.date, lang)}: ${formatMoney(day.revenue)} · ${t('admin.home.ordersCount', { count: day.orders })}`}</title>
            </rect>
          );
        })}
        <polyline points={line} class="day-chart__line" />
      </svg>
      <figcaption class="day-chart__legend">
        <span class="day-chart__key day-chart__key--bar">{t('admin.home.revenue')}</span>
        <span class="day-chart__key day-chart__key--line">{t('admin.home.orders')}</span>
        <span class="day-chart__range">
          {formatDay(first.date, lang, false)} – {formatDay(last.date, lang, false)}
        </span>
      </figcaption>
      <details class="day-chart__table">
        <summary>{t('admin.home.showNumbers')}</summary>
        <div class="table-scroll">
          <table class="data-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.home.day')}</th>
                <th scope="col" class="data-table__num">
                  {t('admin.home.orders')}
                </th>
                <th scope="col" class="data-table__num">
                  {t('admin.home.revenue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date, lang)}</th>
                  <td class="data-table__num">{day.orders}</td>
                  <td class="data-table__num">{formatMoney(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
