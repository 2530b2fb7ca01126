// Downloads a numbered document as a PDF in the reader's language (issue 39 §4): asks the API for a link
// of the reader's, good for a few minutes, then follows it (the route answers the file as an attachment).
// Asked at the click rather than with the page, so that a page left open downloads all the same.
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../lib/api/queries';
import { startDownload } from '../../lib/files/start-download';
import { notifyError } from '../../lib/notifications/notify-error';
import { CONTRACT_DOCUMENT_DOWNLOAD } from './operations';

interface Props {
  contractId: string;
  document: { id: string; kind: string; number: string };
}

export function DocumentDownloadButton({ contractId, document }: Props) {
  const { t, i18n } = useTranslation('contracts');
  const link = useApiMutation(CONTRACT_DOCUMENT_DOWNLOAD);
  const download = async () => {
    try {
      const answer = await link.mutateAsync({
        input: { contractId, documentId: document.id, language: i18n.language === 'en' ? 'ENGLISH' : 'FRENCH' },
      });
      startDownload(answer.contractDocumentDownload.url);
    } catch (error) {
      notifyError(error);
    }
  };
  const name = t('documents.heading', { kind: t(`documents.kind.${document.kind}`), number: document.number });
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-disabled={link.isPending || undefined}
      onClick={() => void (link.isPending ? undefined : download())}
    >
      {t('documents.download', { name })}
    </button>
  );
}

/** The PDFs of a contract's numbered documents (the contract page's and the dashboard's), each named by its kind and number; none: nothing. */
export function DocumentDownloads({ contractId, documents }: { contractId: string; documents: Props['document'][] }) {
  const { t } = useTranslation('contracts');
  if (documents.length === 0) return null;
  return (
    <ul className="dashboard__documents" aria-label={t('documents.title')}>
      {documents.map((document) => (
        <li key={document.id}>
          <DocumentDownloadButton contractId={contractId} document={document} />
        </li>
      ))}
    </ul>
  );
}
