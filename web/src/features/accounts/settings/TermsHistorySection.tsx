import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../lib/api/queries';
import { legalDocumentUrl, termsDocumentsOf } from '../../../lib/legal/legal-documents';
import { MY_TOS_HISTORY } from './terms-history-operations';

const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;

/** /parametres (USER): every terms version the user accepted, when, and that version's PDFs in the reader's language. */
export function TermsHistorySection() {
  const { t, i18n } = useTranslation('accounts');
  const titleId = useId();
  const history = useApiQuery(MY_TOS_HISTORY, {});
  const dates = new Intl.DateTimeFormat(`${i18n.language}-CA`, { dateStyle: 'long', timeStyle: 'short' });
  const acceptances = history.data?.tosHistory ?? [];
  return (
    <section aria-labelledby={titleId} className="panel">
      <h2 id={titleId}>{t('settings.termsHistory.title')}</h2>
      {history.isError ? (
        <>
          <p role="alert" className="notice notice--error">
            {t('settings.termsHistory.loadFailed')}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void history.refetch()}>
            {t('settings.termsHistory.retry')}
          </button>
        </>
      ) : history.isPending ? (
        <p role="status">{t('common:loading')}</p>
      ) : acceptances.length === 0 ? (
        <p>{t('settings.termsHistory.empty')}</p>
      ) : (
        <ul>
          {acceptances.map(({ version, acceptedAt, documents }) => (
            <li key={version}>
              <p>
                {t('settings.termsHistory.accepted', { version })} <time dateTime={acceptedAt}>{dates.format(new Date(acceptedAt))}</time>
              </p>
              <ul>
                {LEGAL_DOCUMENTS.map((document) => (
                  <li key={document}>
                    <a
                      href={legalDocumentUrl(termsDocumentsOf(documents), document, i18n.language)}
                      type="application/pdf"
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {t(`settings.termsHistory.${document}`, { version })}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
