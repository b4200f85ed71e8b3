//! "Cancel order" while the order waits for payment, confirmed first in place (no browser dialog):
//! the question with "Yes, cancel" and "Keep the order", focus on the safe choice. The server gives
//! back stock and coins; a refusal (already paid meanwhile) is said in words.
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { Icon } from '../../../components/icon';
import { t as translate, useI18n } from '../../../i18n/i18n-store';
import { errorText } from '../../../i18n/error-message';
import { cancelOrder } from '../api/cancel-order';
import type { OrderChange, OrderView } from '../order';

type Step = 'idle' | 'confirm' | 'sending';

function problemOf(error: unknown): string {
  return error instanceof ApiError && error.code === 'invalid_transition' ? translate('orders.errCannotCancel') : errorText(error);
}

export function CancelOrder({ order, onCancelled }: { order: OrderView; onCancelled: (change: OrderChange) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [step, setStep] = useState<Step>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (step === 'confirm') keep.current?.focus();
    if (step === 'idle' && returnFocus.current) {
      returnFocus.current = false;
      start.current?.focus();
    }
  }, [step]);

  const confirm = () => {
    setStep('sending');
    setProblem(null);
    cancelOrder(order.id).then(onCancelled, (error: unknown) => {
      console.warn('order not cancelled', error);
      setProblem(problemOf(error));
      returnFocus.current = true;
      setStep('idle');
    });
  };

  return (
    <div class="cancel-order">
      {step === 'idle' ? (
        <button ref={start} type="button" class="button button--ghost button--danger" onClick={() => setStep('confirm')}>
          <Icon name="close" size={18} />
          {t('orders.cancel')}
        </button>
      ) : (
        <div class="cancel-order__confirm" role="group" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`} class="cancel-order__question">
            {t('orders.cancelQuestion', { number: order.number })}
          </p>
          <div class="cancel-order__actions">
            <button type="button" class="button button--danger" disabled={step === 'sending'} onClick={confirm}>
              {step === 'sending' ? t('orders.cancelling') : t('orders.cancelYes')}
            </button>
            <button
              ref={keep}
              type="button"
              class="button button--ghost"
              disabled={step === 'sending'}
              onClick={() => {
                returnFocus.current = true;
                setStep('idle');
              }}
            >
              {t('orders.cancelNo')}
            </button>
          </div>
        </div>
      )}
      {problem ? (
        <p class="order-alert order-alert--error" role="alert">
          <Icon name="alert" size={18} />
          <span>{problem}</span>
        </p>
      ) : null}
    </div>
  );
}
