// /contrats/{id}/evaluation (spec §2 "contract rating"; issue 21): a party rates a rental that is over.
// The tenant in two steps, the equipment then the owner; the owner one step, the tenant. Each step
// kept as a draft when left for the next, so the author finds it again; sent once, final. Then the
// page says when it is published (the other side rates, or the deadline) and shows the other side's
// rating once it is.
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  EQUIPMENT_CRITERIA,
  PARTY_CRITERIA,
  RATING_COMMENT_MAX_LENGTH,
  RATING_MAX_STARS,
  inputTextChecks,
  quebecDay,
  ratingChecks,
  type EquipmentStarValues,
  type PartyStarValues,
  type RatingSideName,
  type RuleResult,
} from '@partage/graphql';
import type { ResultOf } from '../../lib/api/documents';
import { errorMessageKey } from '../../lib/api/errors';
import { useApiMutation, useApiQuery } from '../../lib/api/queries';
import { pickText, readerLanguage } from '../../lib/ads/localized-text';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { notifyError } from '../../lib/notifications/notify-error';
import { notify } from '../../lib/notifications/store';
import { LoadFailure } from '../../lib/profile-form/LoadFailure';
import { MY_RATINGS_TO_GIVE } from '../../lib/ratings/operations';
import { RatingComment } from '../../lib/ratings/RatingComment';
import { CONTRACT_RATINGS, SAVE_RATING_DRAFT, SUBMIT_RATING } from './operations';
import './ratings.css';

type Ratings = ResultOf<typeof CONTRACT_RATINGS>['contractRatings'];
type RatingView = NonNullable<Ratings['mine']>;
type Stars = Record<string, number | undefined>;
type Step = 'EQUIPMENT' | 'PARTY';

const STEPS: Record<RatingSideName, Step[]> = { TENANT: ['EQUIPMENT', 'PARTY'], OWNER: ['PARTY'] };
const CRITERIA: Record<Step, readonly string[]> = { EQUIPMENT: EQUIPMENT_CRITERIA, PARTY: PARTY_CRITERIA };

/** A day of Quebec in the reader's language. */
const day = (iso: string, language: string) => quebecDay(iso, readerLanguage(language));

export function RatingPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('ratings');
  usePageTitle(t('title'));
  const query = useApiQuery(CONTRACT_RATINGS, { contractId: id });
  const ratings = query.data?.contractRatings;
  return (
    <div className="page page--narrow rating-page">
      <h1>{t('title')}</h1>
      {ratings ? (
        <RatingContent ratings={ratings} />
      ) : query.isError ? (
        <LoadFailure failure={errorMessageKey(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <p role="status">{t('common:loading')}</p>
      )}
    </div>
  );
}

function RatingContent({ ratings }: { ratings: Ratings }) {
  const { t, i18n } = useTranslation('ratings');
  const adTitle = pickText(ratings.adTitle, readerLanguage(i18n.language))?.text ?? '';
  const side = ratings.viewerSide;
  return (
    <>
      <p className="rating-page__about">
        {t(`${ratings.window === 'NOT_YET' ? 'aboutRunning' : 'about'}.${side === 'TENANT' ? 'TENANT' : 'OWNER'}`, {
          ad: adTitle,
          name: ratings.otherPartyName,
          end: day(ratings.endAt, i18n.language),
        })}
      </p>
      {ratings.canRate ? (
        <>
          <p>{t('deadline', { date: day(ratings.deadline, i18n.language) })}</p>
          <p>{t('blind')}</p>
          <RatingForm ratings={ratings} />
        </>
      ) : (
        <RatingSummary ratings={ratings} />
      )}
    </>
  );
}

/** What the caller sent, when it is published, and the other side's rating once published. */
function RatingSummary({ ratings }: { ratings: Ratings }) {
  const { t, i18n } = useTranslation('ratings');
  const { mine, theirs } = ratings;
  return (
    <>
      {mine?.submittedAt ? (
        <section aria-labelledby="rating-mine" className="panel">
          <h2 id="rating-mine">{t('summary.mine')}</h2>
          <p role="status">
            {mine.publishedAt
              ? t('summary.published', { date: day(mine.publishedAt, i18n.language) })
              : t('summary.waiting', { name: ratings.otherPartyName, date: day(ratings.deadline, i18n.language) })}
          </p>
          <GivenRating rating={mine} />
        </section>
      ) : (
        // Nothing sent and nothing to rate: not over yet (it opens at the end), never rateable, or too late.
        <p role="status">
          {t(
            ratings.window === 'NOT_YET' ? 'summary.notYet' : ratings.window === 'NOT_RATEABLE' ? 'summary.notRateable' : 'summary.closed',
            {
              date: day(ratings.endAt, i18n.language),
            },
          )}
        </p>
      )}
      {theirs && (
        <section aria-labelledby="rating-theirs" className="panel">
          <h2 id="rating-theirs">{t('summary.theirs', { name: ratings.otherPartyName })}</h2>
          <GivenRating rating={theirs} />
        </section>
      )}
    </>
  );
}

function GivenRating({ rating }: { rating: RatingView }) {
  const { t } = useTranslation('ratings');
  const groups: [Step, Stars | null][] = [
    ['EQUIPMENT', rating.equipment],
    ['PARTY', rating.party],
  ];
  return (
    <>
      {groups.map(([step, stars]) =>
        stars ? (
          <div key={step}>
            <h3>{t(step === 'EQUIPMENT' ? 'steps.EQUIPMENT' : `steps.${rating.side === 'TENANT' ? 'OWNER' : 'TENANT'}`)}</h3>
            <dl className="rating-given">
              {CRITERIA[step].map((criterion) => (
                <div key={criterion}>
                  <dt>{t(`criteria.${criterion}`)}</dt>
                  <dd>{t('starsOutOfFive', { count: stars[criterion] ?? 0 })}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null,
      )}
      <RatingComment comment={rating.comment} commentHidden={rating.commentHidden} className="rating-given__comment" />
    </>
  );
}

type Errors = Record<string, RuleResult>;

function RatingForm({ ratings }: { ratings: Ratings }) {
  const { t } = useTranslation('ratings');
  const side = ratings.viewerSide;
  const steps = STEPS[side];
  const draft = ratings.mine;
  const [stars, setStars] = useState<Record<Step, Stars>>({ EQUIPMENT: { ...draft?.equipment }, PARTY: { ...draft?.party } });
  const [comment, setComment] = useState(draft?.comment ?? '');
  // A draft with its first step done opens at the next one.
  const [index, setIndex] = useState(side === 'TENANT' && draft?.equipment ? 1 : 0);
  const [errors, setErrors] = useState<Errors>({});
  const saveDraft = useApiMutation(SAVE_RATING_DRAFT, { invalidates: [] });
  const submit = useApiMutation(SUBMIT_RATING, { invalidates: [CONTRACT_RATINGS, MY_RATINGS_TO_GIVE] });
  const step = steps[index]!;
  const last = index === steps.length - 1;
  const headingId = useId();
  /** Where the step's criteria are in the input (the rules' and the server's paths). */
  const prefix = step === 'EQUIPMENT' ? 'input.equipment' : 'input.party';

  // The steps' checks have passed when these are sent: every criterion of a step given is there.
  const values = () => ({
    equipment: side === 'TENANT' ? (stars.EQUIPMENT as EquipmentStarValues) : undefined,
    party: last ? (stars.PARTY as PartyStarValues) : undefined,
    comment: comment.trim() || undefined,
  });
  /** The failed checks of this step (and of the comment at the last): every criterion given, within the scale. */
  const checkStep = (): Errors => {
    const given = step === 'EQUIPMENT' ? { equipment: stars.EQUIPMENT } : { party: stars.PARTY };
    const failed = [
      ...ratingChecks(side, given, false),
      ...(last ? inputTextChecks('Mutation.submitRating', { input: { contractId: ratings.contractId, comment } }) : []),
    ];
    return Object.fromEntries(failed.filter(([path, rule]) => rule !== null && (path.startsWith(prefix) || path === 'input.comment')));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saveDraft.isPending || submit.isPending) return;
    const failed = checkStep();
    setErrors(failed);
    if (Object.keys(failed).length > 0) {
      document.getElementById(`rating-${Object.keys(failed)[0]}`)?.focus();
      return;
    }
    try {
      if (last) {
        await submit.mutateAsync({ input: { contractId: ratings.contractId, ...values() } });
        notify({ type: 'success', text: 'ratings:sent' });
      } else {
        await saveDraft.mutateAsync({ input: { contractId: ratings.contractId, equipment: values().equipment } });
        setIndex(index + 1);
      }
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={headingId} className="rating-form">
      <p className="rating-form__progress">{t('progress', { step: index + 1, steps: steps.length })}</p>
      <h2 id={headingId}>{t(step === 'EQUIPMENT' ? 'steps.EQUIPMENT' : `steps.${side === 'TENANT' ? 'OWNER' : 'TENANT'}`)}</h2>
      {CRITERIA[step].map((criterion) => (
        <StarInput
          key={criterion}
          name={`${prefix}.${criterion}`}
          label={t(`criteria.${criterion}`)}
          value={stars[step][criterion]}
          error={errors[`${prefix}.${criterion}`] ?? null}
          onChange={(value) => {
            setStars({ ...stars, [step]: { ...stars[step], [criterion]: value } });
            // Given now: its "required" goes (the other criteria's messages stay until given).
            const { [`${prefix}.${criterion}`]: _given, ...others } = errors;
            setErrors(others);
          }}
        />
      ))}
      {last && (
        <div className="field">
          <label htmlFor="rating-input.comment">{t('comment.label')}</label>
          <p id="rating-comment-hint" className="field__hint">
            {t('comment.hint', { max: RATING_COMMENT_MAX_LENGTH })}
          </p>
          <textarea
            id="rating-input.comment"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            rows={5}
            maxLength={RATING_COMMENT_MAX_LENGTH}
            aria-invalid={errors['input.comment'] ? true : undefined}
            aria-describedby={errors['input.comment'] ? 'rating-comment-hint rating-comment-error' : 'rating-comment-hint'}
          />
          {errors['input.comment'] && (
            <p id="rating-comment-error" className="field__error">
              {t(`validation.${errors['input.comment']}`, { ns: 'common', max: RATING_COMMENT_MAX_LENGTH })}
            </p>
          )}
        </div>
      )}
      <div className="rating-form__actions">
        {index > 0 && (
          <button type="button" className="button button--secondary" onClick={() => setIndex(index - 1)}>
            {t('previous')}
          </button>
        )}
        <button type="submit" className="button" aria-disabled={saveDraft.isPending || submit.isPending || undefined}>
          {last ? t('send') : t('next')}
        </button>
      </div>
    </form>
  );
}

/**
 * A criterion's 1 to 5 stars: a group of radio buttons named by the criterion, each named "4 stars out
 * of 5". The stars up to the value are filled, the others outlined: shape tells them apart, not colour alone.
 */
function StarInput({
  name,
  label,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  value: number | undefined;
  error: RuleResult;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation('ratings');
  const errorId = `rating-${name}-error`;
  return (
    <fieldset className="star-input" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>{label}</legend>
      <div className="star-input__choices">
        {Array.from({ length: RATING_MAX_STARS }, (_, i) => i + 1).map((count) => (
          <label key={count} className={`star-input__star${value !== undefined && count <= value ? ' star-input__star--on' : ''}`}>
            <input
              type="radio"
              name={name}
              id={count === 1 ? `rating-${name}` : undefined}
              checked={value === count}
              onChange={() => onChange(count)}
            />
            <span aria-hidden="true">{value !== undefined && count <= value ? '★' : '☆'}</span>
            <span className="visually-hidden">{t('starsOutOfFive', { count })}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {t(`validation.${error}`, { ns: 'common' })}
        </p>
      )}
    </fieldset>
  );
}
