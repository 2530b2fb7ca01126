// Published reviews, newest first and by pages (a user's on their public profile, an ad's equipment on
// its page): who wrote it and when (`meta`, the page's words), the stars' mean, the comment, and that
// it is not counted in the averages when its pair's period ran (docs/ratings.md); the rated user
// answers a review once, publicly; other users report a comment, which moderators may hide.
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_COMMENT_MAX_LENGTH, REPUTATION_PAIR_PERIOD_DAYS } from '@partage/graphql';
import type { ResultOf } from '../api/documents';
import { errorMessageKey } from '../api/errors';
import { useApiMutation } from '../api/queries';
import { readerLanguage } from '../ads/localized-text';
import { notifyError } from '../notifications/notify-error';
import { notify } from '../notifications/store';
import { ReportButton } from '../reports/ReportButton';
import { MoreButton } from '../ui/MoreButton';
import { AD_REVIEWS, ANSWER_REVIEW, USER_REVIEWS } from './operations';
import { RatingComment } from './RatingComment';
import './ratings.css';

export type ReviewView = ResultOf<typeof USER_REVIEWS>['userReviews']['items'][number];

/** `YYYY-MM` as the month and year in the reader's language. */
export const monthOf = (month: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-CA' : 'fr-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );

/** The mean of a review's stars (null: none to show). */
const meanOf = (stars: Record<string, unknown> | null | undefined): number | null => {
  const values = Object.values(stars ?? {}).filter((value): value is number => typeof value === 'number');
  return values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
};

interface ReviewPages {
  isError: boolean;
  error: unknown;
  refetch(): unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

interface ReviewListProps {
  pages: ReviewPages;
  reviews: ReviewView[];
  /** The id of the heading that names the list. */
  labelledBy: string;
  /** Who wrote it, about what, when: in the page's words. */
  meta: (review: ReviewView) => ReactNode;
  /** The stars whose mean the review shows. */
  stars: (review: ReviewView) => Record<string, unknown> | null | undefined;
  moreLabel: string;
}

export function ReviewList({ pages, reviews, labelledBy, meta, stars, moreLabel }: ReviewListProps) {
  const { t } = useTranslation('ratings');
  return (
    <>
      {pages.isError ? (
        <div role="alert">
          <p>{t(errorMessageKey(pages.error), { ns: 'common' })}</p>
          <button type="button" className="button" onClick={() => void pages.refetch()}>
            {t('reviews.retry')}
          </button>
        </div>
      ) : (
        reviews.length > 0 && (
          <ul className="reviews" aria-labelledby={labelledBy}>
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} meta={meta(review)} mean={meanOf(stars(review))} />
            ))}
          </ul>
        )
      )}
      <MoreButton pages={pages} label={moreLabel} />
    </>
  );
}

function ReviewItem({ review, meta, mean }: { review: ReviewView; meta: ReactNode; mean: number | null }) {
  const { t, i18n } = useTranslation(['ratings', 'reports']);
  const language = readerLanguage(i18n.language);
  return (
    <li className="review">
      <p className="review__meta">{meta}</p>
      {mean !== null && (
        <p>
          <span aria-hidden="true" className="rating-stars">
            ★
          </span>{' '}
          {t('averages.outOfFive', { value: new Intl.NumberFormat(`${language}-CA`, { maximumFractionDigits: 1 }).format(mean) })}
        </p>
      )}
      {!review.counted && <p className="review__note">{t('reviews.notCounted', { days: REPUTATION_PAIR_PERIOD_DAYS })}</p>}
      <RatingComment comment={review.comment} commentHidden={review.commentHidden} className="review__comment" />
      {review.canReport && (
        <ReportButton
          kind="RATING_COMMENT"
          itemId={review.id}
          label={t('reports:comment')}
          className="button button--secondary button--small"
        />
      )}
      {review.answer && (
        <div className="review__answer">
          <p className="review__meta">{t('reviews.answer')}</p>
          <p>{review.answer.text}</p>
        </div>
      )}
      {review.canAnswer && <AnswerForm reviewId={review.id} />}
    </li>
  );
}

function AnswerForm({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation('ratings');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  // The button that opened the form is gone: focus goes to where the answer is written.
  const field = useCallback((element: HTMLTextAreaElement | null) => element?.focus(), []);
  const [error, setError] = useState(false);
  const id = useId();
  const answer = useApiMutation(ANSWER_REVIEW, { invalidates: [USER_REVIEWS, AD_REVIEWS] });
  if (!open)
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {t('reviews.answerOpen')}
      </button>
    );
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (answer.isPending) return;
    if (!text.trim()) {
      setError(true);
      document.getElementById(id)?.focus();
      return;
    }
    try {
      await answer.mutateAsync({ input: { reviewId, text } });
      notify({ type: 'success', text: 'ratings:reviews.answered' });
    } catch (failure) {
      notifyError(failure);
    }
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="review__form">
      <div className="field">
        <label htmlFor={id}>{t('reviews.answerLabel')}</label>
        <textarea
          ref={field}
          id={id}
          value={text}
          rows={3}
          maxLength={RATING_COMMENT_MAX_LENGTH}
          required
          aria-invalid={error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(false);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="field__error">
            {t('validation.required', { ns: 'common' })}
          </p>
        )}
      </div>
      <button type="submit" className="button" aria-disabled={answer.isPending || undefined}>
        {t('reviews.answerSend')}
      </button>
    </form>
  );
}
