//! The review of a delivered order: a 1–5 star rating (required) and an optional comment of at
//! most 1000 characters, checked here with the server's rules; the server's refusal is shown in
//! words by its error code. No double submit.
import { useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import '../../../components/form-field.css';
import { Icon } from '../../../components/icon';
import { t as translate, useI18n } from '../../../i18n/i18n-store';
import { errorText } from '../../../i18n/error-message';
import { formatNumber } from '../../../lib/format';
import { reviewOrder } from '../api/review-order';
import type { OrderChange, OrderView } from '../order';
import { commentLength, hasErrors, MAX_REVIEW_COMMENT, validateReview, type ReviewErrors } from '../review-rules';
import { StarInput } from './stars';

type Problems = ReviewErrors & { form?: string };

function serverProblems(error: unknown): Problems {
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'invalid_rating') return { rating: 'required' };
  if (code === 'invalid_comment') return { comment: 'tooLong' };
  if (code === 'already_reviewed') return { form: translate('orders.errAlreadyReviewed') };
  if (code === 'not_delivered') return { form: translate('orders.errNotDelivered') };
  return { form: errorText(error) };
}

export function ReviewForm({ order, onReviewed }: { order: OrderView; onReviewed: (change: OrderChange) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const max = formatNumber(MAX_REVIEW_COMMENT);
  const length = commentLength(comment);

  const focusFirstProblem = (found: Problems) => {
    requestAnimationFrame(() => {
      const root = form.current;
      if (!root) return;
      if (found.rating) root.querySelector<HTMLInputElement>('input[type=radio]')?.focus();
      else if (found.comment) root.querySelector<HTMLTextAreaElement>('textarea')?.focus();
    });
  };

  const submit = (event: Event) => {
    event.preventDefault();
    if (sending) return;
    const found = validateReview(rating, comment);
    setProblems(found);
    if (hasErrors(found) || rating === null) {
      focusFirstProblem(found);
      return;
    }
    setSending(true);
    reviewOrder(order.id, rating, comment.trim()).then(
      (change) => {
        setSending(false);
        onReviewed(change);
      },
      (error: unknown) => {
        console.warn('review not sent', error);
        const found = serverProblems(error);
        setSending(false);
        setProblems(found);
        focusFirstProblem(found);
      },
    );
  };

  const ratingError = problems.rating ? `${id}-rating-error` : undefined;
  const commentError = problems.comment ? `${id}-comment-error` : undefined;
  return (
    <section class="order-section order-section--review" aria-labelledby={`${id}-title`}>
      <h2 class="order-section__title" id={`${id}-title`}>
        {t('orders.reviewTitle')}
      </h2>
      <p class="order-section__lead">{t('orders.reviewLead')}</p>
      <form ref={form} class="review-form" onSubmit={submit} noValidate data-testid="review-form">
        <StarInput
          name={`${id}-rating`}
          legend={t('orders.rating')}
          value={rating}
          onChange={(value) => {
            setRating(value);
            if (problems.rating) setProblems({ ...problems, rating: undefined });
          }}
          describedBy={ratingError}
          invalid={!!problems.rating}
        />
        {problems.rating ? (
          <p id={ratingError} class="field__error">
            <Icon name="alert" size={16} />
            <span>{t('orders.errRating')}</span>
          </p>
        ) : null}
        <div class={`field${problems.comment ? ' field--invalid' : ''}`}>
          <label class="field__label" for={`${id}-comment`}>
            {t('orders.comment')}
            <span class="field__optional"> ({t('user.optional')})</span>
          </label>
          <textarea
            id={`${id}-comment`}
            name="comment"
            class="field__input review-form__comment"
            rows={4}
            value={comment}
            onInput={(event) => setComment((event.currentTarget as HTMLTextAreaElement).value)}
            aria-invalid={problems.comment ? true : undefined}
            aria-describedby={[commentError, `${id}-count`].filter(Boolean).join(' ')}
          />
          {problems.comment ? (
            <p id={commentError} class="field__error">
              <Icon name="alert" size={16} />
              <span>{t('orders.errComment', { max })}</span>
            </p>
          ) : null}
          <p id={`${id}-count`} class={`field__hint review-form__count${length > MAX_REVIEW_COMMENT ? ' is-over' : ''}`}>
            {t('orders.commentCount', { count: formatNumber(length), max })}
          </p>
        </div>
        {problems.form ? (
          <p class="order-alert order-alert--error" role="alert">
            <Icon name="alert" size={18} />
            <span>{problems.form}</span>
          </p>
        ) : null}
        <div class="review-form__actions">
          <button type="submit" class="button" disabled={sending}>
            <Icon name="star" size={18} />
            {sending ? t('orders.sending') : t('orders.sendReview')}
          </button>
        </div>
      </form>
    </section>
  );
}
