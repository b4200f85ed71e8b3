//! The status timeline: each step of pending payment → paid → preparing → shipped → delivered with
//! the time it was reached, the current step marked (aria-current="step"), or where a cancellation
//! ended the order. Steps not reached yet say so in words, not only by colour.
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import type { LabelTitles } from '../../../i18n/types';
import { labelText } from '../account';
import type { OrderView } from '../order';
import { isoTime, orderTime } from '../order-time';
import { orderTimeline } from '../timeline';

export function OrderTimeline({ order, labels }: { order: OrderView; labels: LabelTitles }) {
  const { t, locale } = useI18n();
  const steps = orderTimeline(order);
  return (
    <section class="order-section" aria-labelledby="order-timeline-title">
      <h2 class="order-section__title" id="order-timeline-title">
        {t('orders.timelineTitle')}
      </h2>
      <ol class="timeline" data-testid="order-timeline">
        {steps.map((step) => {
          const cancelled = step.status === 'cancelled';
          const classes = [
            'timeline__step',
            step.reached ? 'timeline__step--reached' : 'timeline__step--todo',
            step.current ? 'timeline__step--current' : '',
            cancelled ? 'timeline__step--cancelled' : '',
          ].filter(Boolean);
          return (
            <li
              key={step.status}
              class={classes.join(' ')}
              data-status={step.status}
              data-reached={step.reached ? 'true' : 'false'}
              aria-current={step.current ? 'step' : undefined}
            >
              <span class="timeline__marker" aria-hidden="true">
                {step.reached ? <Icon name={cancelled ? 'close' : 'check'} size={16} /> : null}
              </span>
              <span class="timeline__text">
                <span class="timeline__label">{labelText(labels, 'orderStatus', step.status, locale)}</span>
                {step.reached && step.at ? (
                  <time class="timeline__time" dateTime={isoTime(step.at)}>
                    {orderTime(step.at, locale)}
                  </time>
                ) : (
                  <span class={step.reached ? 'visually-hidden' : 'timeline__time'}>
                    {step.reached ? t('orders.stepDone') : t('orders.stepNotYet')}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
