// The reviews on a public profile (issue 21): the averages of the published ratings the user
// received, then the published comments, newest first and by pages, each with its ad and month; the
// rated user answers a review once, publicly; other users report a comment, which moderators may hide.
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PARTY_CRITERIA, RATING_COMMENT_MAX_LENGTH } from '@partage/graphql';
import type { ResultOf } from '../../../lib/api/documents';
import { errorMessageKey } from '../../../lib/api/errors';
import { useApiInfiniteQuery, useApiMutation } from '../../../lib/api/queries';
import { adDetailPath } from '../../../lib/ads/ad-path';
import { pickText, readerLanguage } from '../../../lib/ads/localized-text';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { Averages } from '../../../lib/ratings/Averages';
import { RatingComment } from '../../../lib/ratings/RatingComment';
import { ReportButton } from '../../../lib/reports/ReportButton';
import { ANSWER_REVIEW, USER_REVIEWS, type PUBLIC_PROFILE } from './operations';
import { MoreButton } from '../../../lib/ui/MoreButton';

type Profile = NonNullable<ResultOf<typeof PUBLIC_PROFILE>['publicProfile']>;
type ReviewView = ResultOf<typeof USER_REVIEWS>['userReviews']['items'][number];

/** `YYYY-MM` as the month and year in the reader's language. */
const monthOf = (month: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-CA' : 'fr-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );

export function ProfileReviews({ profile, titleId }: { profile: Profile; titleId: string }) {
  const { t } = useTranslation(['publicProfile', 'ratings']);
  const pages = useApiInfiniteQuery(USER_REVIEWS, { userId: profile.id }, (page) => page.userReviews.nextToken);
  const reviews = pages.data?.pages.flatMap((page) => page.userReviews.items) ?? [];
  return (
    <>
      <Averages criteria={PARTY_CRITERIA} averages={profile.ratings} />
      {pages.isError ? (
        <div role="alert">
          <p>{t(errorMessageKey(pages.error), { ns: 'common' })}</p>
          <button type="button" className="button" onClick={() => void pages.refetch()}>
            {t('publicProfile:reviews.retry')}
          </button>
        </div>
      ) : (
        reviews.length > 0 && (
          <ul className="profile-reviews" aria-labelledby={titleId}>
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        )
      )}
      <MoreButton pages={pages} label={t('publicProfile:reviews.more')} />
    </>
  );
}

function ReviewItem({ review }: { review: ReviewView }) {
  const { t, i18n } = useTranslation(['publicProfile', 'ratings', 'reports']);
  const language = readerLanguage(i18n.language);
  const adTitle = pickText(review.ad.title, language)?.text ?? t('publicProfile:reviews.adGone');
  const stars = review.stars;
  const average = (stars.respectOfContract + stars.communication + stars.reliability) / 3;
  return (
    <li className="profile-review">
      <p className="profile-review__meta">
        {t(review.side === 'TENANT' ? 'publicProfile:reviews.byTenant' : 'publicProfile:reviews.byOwner', { name: review.authorName })}
        {' · '}
        {review.ad.path ? <Link to={adDetailPath(review.ad.path)}>{adTitle}</Link> : adTitle}
        {' · '}
        {monthOf(review.month, language)}
      </p>
      <p>
        <span aria-hidden="true" className="rating-stars">
          ★
        </span>{' '}
        {t('ratings:averages.outOfFive', { value: new Intl.NumberFormat(`${language}-CA`, { maximumFractionDigits: 1 }).format(average) })}
      </p>
      <RatingComment comment={review.comment} commentHidden={review.commentHidden} className="profile-review__comment" />
      {review.canReport && (
        <ReportButton
          kind="RATING_COMMENT"
          itemId={review.id}
          label={t('reports:comment')}
          className="button button--secondary button--small"
        />
      )}
      {review.answer && (
        <div className="profile-review__answer">
          <p className="profile-review__meta">{t('publicProfile:reviews.answer')}</p>
          <p>{review.answer.text}</p>
        </div>
      )}
      {review.canAnswer && <AnswerForm reviewId={review.id} />}
    </li>
  );
}

function AnswerForm({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation('publicProfile');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  // The button that opened the form is gone: focus goes to where the answer is written.
  const field = useCallback((element: HTMLTextAreaElement | null) => element?.focus(), []);
  const [error, setError] = useState(false);
  const id = useId();
  const answer = useApiMutation(ANSWER_REVIEW, { invalidates: [USER_REVIEWS] });
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
      notify({ type: 'success', text: 'publicProfile:reviews.answered' });
    } catch (failure) {
      notifyError(failure);
    }
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="profile-review__form">
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
