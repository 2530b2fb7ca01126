import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MODERATION_REASON_MAX_LENGTH, moderationActionsFor, type ModerationAction } from '@partage/graphql';
import { editUserPath } from '../../../app/paths';
import { adDetailPath } from '../../../lib/ads/ad-path';
import type { ResultOf } from '../../../lib/api/documents';
import { errorMessageKey } from '../../../lib/api/errors';
import { useApiInfiniteQuery, useApiMutation } from '../../../lib/api/queries';
import { ChoiceFieldset } from '../../../lib/forms/controls';
import { SubmitButton } from '../../../lib/forms/SubmitButton';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { MoreButton } from '../../../lib/ui/MoreButton';
import { MODERATE_CASE, MODERATION_QUEUE } from './operations';
import './moderation.css';

type Case = ResultOf<typeof MODERATION_QUEUE>['moderationQueue']['items'][number];

/**
 * /moderation (ADMIN): the open cases, the latest report first; each with its reports as the item was
 * then, and the actions (dismiss, hide the ad or the comment, suspend the account), each with the reason kept.
 */
export function ModerationQueuePage() {
  const { t } = useTranslation('moderation');
  usePageTitle(t('title'));
  // A page at a time, the latest report first: older cases come on request, never out of reach.
  const queue = useApiInfiniteQuery(MODERATION_QUEUE, { limit: null }, (page) => page.moderationQueue.nextToken, { notifyError: true });
  const [closed, setClosed] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The handled case's form leaves the page with the focus in it: keyboard users go on from the top of
  // the queue (the status below says the case is handled) rather than from the start of the document.
  useEffect(() => {
    if (closed) heading.current?.focus();
  }, [closed]);
  const cases = queue.data?.pages.flatMap((page) => page.moderationQueue.items) ?? [];
  return (
    <div className="page moderation">
      <h1 ref={heading} tabIndex={-1}>
        {t('title')}
      </h1>
      <p role="status">{closed ? t('closed') : ''}</p>
      {queue.isPending ? (
        <p role="status">{t('common:loading')}</p>
      ) : cases.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ol className="moderation__cases">
          {cases.map((found) => (
            <li key={found.id}>
              <CaseCard found={found} onClosed={() => setClosed(found.id)} />
            </li>
          ))}
        </ol>
      )}
      <MoreButton pages={queue} label={t('more')} />
    </div>
  );
}

function CaseCard({ found, onClosed }: { found: Case; onClosed: () => void }) {
  const { t, i18n } = useTranslation(['moderation', 'reports']);
  const titleId = useId();
  const dates = new Intl.DateTimeFormat(`${i18n.language}-CA`, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <article className="panel moderation__case" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {t(`kinds.${found.kind}`)} — {t('reportCount', { count: found.reportCount })}
      </h2>
      <p>
        {t('subject', {
          name:
            found.subjectOrganization && found.subjectOrganization !== found.subjectName
              ? `${found.subjectName} (${found.subjectOrganization})`
              : found.subjectName || t('subjectGone'),
        })}
      </p>
      <p>
        {found.kind === 'AD' && (
          <>
            <Link to={adDetailPath(`annonce-${found.itemId}`)}>{t('seeAd')}</Link>
            {' · '}
          </>
        )}
        <Link to={editUserPath(found.subjectUserId)}>{t('seeSubject')}</Link>
      </p>
      <ul className="moderation__reports">
        {found.reports.map((report) => (
          <li key={report.reporterId}>
            <p>
              <strong>{t(`reports:reasons.${report.reason}`)}</strong> —{' '}
              <time dateTime={report.reportedAt}>{dates.format(new Date(report.reportedAt))}</time>
            </p>
            {report.note && <p className="moderation__note">{t('note', { note: report.note })}</p>}
            <blockquote className="moderation__content" aria-label={t('contentThen')}>
              {report.content}
            </blockquote>
          </li>
        ))}
      </ul>
      <ActionForm found={found} onClosed={onClosed} />
    </article>
  );
}

function ActionForm({ found, onClosed }: { found: Case; onClosed: () => void }) {
  const { t } = useTranslation('moderation');
  const reasonId = useId();
  const errorId = useId();
  const [action, setAction] = useState<ModerationAction>('DISMISS');
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const moderate = useApiMutation(MODERATE_CASE, { invalidates: [MODERATION_QUEUE], onSuccess: onClosed });
  const actions = moderationActionsFor(found.kind);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (moderate.isPending) return;
    if (!reason.trim()) {
      // To the field the error is about, once it describes it.
      flushSync(() => setMissingReason(true));
      reasonField.current?.focus();
      return;
    }
    setFailure(null);
    try {
      await moderate.mutateAsync({ input: { caseId: found.id, action, reason: reason.trim() } });
    } catch (error) {
      setFailure(errorMessageKey(error));
    }
  };

  return (
    <form className="moderation__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <ChoiceFieldset legend={t('action')}>
        {actions.map((value) => (
          <label key={value} className="moderation__choice">
            <input type="radio" name={`action-${found.id}`} value={value} checked={action === value} onChange={() => setAction(value)} />
            {t(`actions.${value}`)}
          </label>
        ))}
      </ChoiceFieldset>
      <div className="field">
        <label htmlFor={reasonId}>{t('reason')}</label>
        <textarea
          ref={reasonField}
          id={reasonId}
          rows={3}
          required
          maxLength={MODERATION_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setMissingReason(false);
          }}
          aria-invalid={missingReason || undefined}
          aria-describedby={missingReason ? errorId : undefined}
        />
        {missingReason && (
          <p id={errorId} className="field__error">
            {t('reasonRequired')}
          </p>
        )}
      </div>
      {failure && (
        <p role="alert" className="notice notice--error">
          {t(failure, { ns: 'common' })}
        </p>
      )}
      <SubmitButton busy={moderate.isPending}>{t('apply')}</SubmitButton>
    </form>
  );
}
