import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../lib/api/queries';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { termsDocumentsOf } from '../../../lib/legal/legal-documents';
import { PublishTermsForm } from './PublishTermsForm';
import { TermsDocumentLinks } from './TermsDocumentLinks';
import { VersionAcceptances } from './VersionAcceptances';
import { TERMS_VERSIONS } from './operations';
import '../users/users.css';
import './terms-admin.css';

/**
 * /gestion-conditions (ADMIN): the current terms version and its PDFs, the publication of a new one,
 * every version, and who accepted a chosen version.
 */
export function TermsAdminPage() {
  const { t, i18n } = useTranslation('terms');
  usePageTitle(t('title'));
  const currentTitleId = useId();
  const versionsTitleId = useId();
  const versions = useApiQuery(TERMS_VERSIONS, {}, { notifyError: true });
  const [chosen, setChosen] = useState<string | null>(null);
  const dates = new Intl.DateTimeFormat(`${i18n.language}-CA`, { dateStyle: 'medium', timeStyle: 'short' });
  const list = versions.data?.termsVersions ?? [];
  const current = list[0];
  const publishedOn = (publishedAt: string | null | undefined) =>
    publishedAt ? <time dateTime={publishedAt}>{dates.format(new Date(publishedAt))}</time> : t('initialVersion');

  return (
    <div className="page terms-admin">
      <h1>{t('title')}</h1>
      <section aria-labelledby={currentTitleId} className="panel">
        <h2 id={currentTitleId}>{t('current.title')}</h2>
        {versions.isPending ? (
          <p role="status">{t('common:loading')}</p>
        ) : current ? (
          <>
            <p>
              {t('current.version', { version: current.version })} — {publishedOn(current.publishedAt)}
            </p>
            <TermsDocumentLinks version={current.version} documents={termsDocumentsOf(current.documents)} />
          </>
        ) : (
          <p role="alert">{t('loadFailed')}</p>
        )}
      </section>
      <section className="panel">
        <PublishTermsForm />
      </section>
      <section>
        <h2 id={versionsTitleId}>{t('versions.title')}</h2>
        {list.length > 0 && (
          // Focusable so that keyboard users can scroll it when it is wider than the screen.
          <div className="user-table" role="region" aria-labelledby={versionsTitleId} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('versions.version')}</th>
                  <th scope="col">{t('versions.publishedAt')}</th>
                  <th scope="col">{t('versions.documents')}</th>
                  <th scope="col">{t('versions.acceptances')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((version) => (
                  <tr key={version.version}>
                    <th scope="row">{version.version}</th>
                    <td>{publishedOn(version.publishedAt)}</td>
                    <td>
                      <TermsDocumentLinks version={version.version} documents={termsDocumentsOf(version.documents)} />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-pressed={chosen === version.version}
                        onClick={() => setChosen(version.version)}
                      >
                        {t('versions.show', { version: version.version })}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {chosen && <VersionAcceptances version={chosen} />}
    </div>
  );
}
