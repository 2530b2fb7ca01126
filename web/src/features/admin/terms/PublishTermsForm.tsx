// Publishing a new terms version: its label and its four PDFs, then a confirmation, since every user
// has to accept the new version at their next visit before going on.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { required, termsVersionLabel, TERMS_VERSION_MAX_LENGTH, type TermsDocuments } from '@partage/graphql';
import { useApiMutation } from '../../../lib/api/queries';
import { CURRENT_TERMS } from '../../../lib/legal/operations';
import { serverFieldErrors } from '../../../lib/forms/server-errors';
import { SubmitButton } from '../../../lib/forms/SubmitButton';
import { TextField } from '../../../lib/forms/TextField';
import { useForm, type FieldMessage } from '../../../lib/forms/use-form';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { Dialog } from '../../../lib/ui/Dialog';
import { PDF_MAX_MEGABYTES, PdfUploadField, uploadPdf, type PdfUpload } from './PdfUploadField';
import { PUBLISH_TERMS_VERSION, TERMS_VERSIONS } from './operations';

type DocumentField = keyof TermsDocuments;
const DOCUMENT_FIELDS: readonly DocumentField[] = ['termsFr', 'termsEn', 'privacyFr', 'privacyEn'];
const NO_UPLOADS: Record<DocumentField, PdfUpload> = { termsFr: {}, termsEn: {}, privacyFr: {}, privacyEn: {} };

export function PublishTermsForm() {
  const { t } = useTranslation('terms');
  const titleId = useId();
  const form = useForm({ version: { rules: [termsVersionLabel], messageValues: { max: TERMS_VERSION_MAX_LENGTH } } });
  const [uploads, setUploads] = useState(NO_UPLOADS);
  const [confirming, setConfirming] = useState<string | null>(null);
  const fileInputsId = useId();
  const fileInputId = (field: DocumentField) => `${fileInputsId}-${field}`;
  // Bumped after a publication: the file inputs start anew, without the files chosen before.
  const [generation, setGeneration] = useState(0);
  const publish = useApiMutation(PUBLISH_TERMS_VERSION, { invalidates: [TERMS_VERSIONS, CURRENT_TERMS] });

  const setUpload = (field: DocumentField, upload: PdfUpload) => setUploads((current) => ({ ...current, [field]: upload }));
  const busyUploading = DOCUMENT_FIELDS.some(
    (field) => uploads[field].progress !== undefined && !uploads[field].fileId && !uploads[field].error,
  );

  /** Messages on the files not uploaded yet; focus goes to the first. True when all four are there. */
  const filesReady = (): boolean => {
    const missing = DOCUMENT_FIELDS.filter((field) => required(uploads[field].fileId));
    if (missing.length === 0) return true;
    setUploads((current) => ({
      ...current,
      ...Object.fromEntries(
        missing.map((field) => [field, { ...current[field], error: current[field].error ?? { key: 'validation.required' } }]),
      ),
    }));
    document.getElementById(fileInputId(missing[0]!))?.focus();
    return false;
  };

  const confirmed = async (version: string) => {
    setConfirming(null);
    const files = Object.fromEntries(DOCUMENT_FIELDS.map((field) => [field, uploads[field].fileId!])) as Record<DocumentField, string>;
    try {
      await publish.mutateAsync({ input: { version, ...files } });
      notify({ type: 'success', text: 'terms:publish.done' });
      form.reset();
      setUploads(NO_UPLOADS);
      setGeneration((current) => current + 1);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, ['version', ...DOCUMENT_FIELDS] as const);
      if (!fieldErrors) return notifyError(error);
      const { version: versionError, ...fileErrors } = fieldErrors;
      if (versionError) form.showErrors({ version: versionError });
      setUploads((current) => ({
        ...current,
        ...Object.fromEntries(Object.entries(fileErrors).map(([field, message]) => [field, { error: message as FieldMessage }])),
      }));
    }
  };

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={form.submit((values) => {
        // A file still uploading is not missing: the button says it is busy until it is done.
        if (!busyUploading && filesReady()) setConfirming(values.version.trim());
      })}
    >
      <h2 id={titleId}>{t('publish.title')}</h2>
      <p>{t('publish.intro', { megabytes: PDF_MAX_MEGABYTES })}</p>
      <TextField label={t('publish.version')} hint={t('publish.versionHint')} autoComplete="off" field={form.bind('version')} />
      {DOCUMENT_FIELDS.map((field) => (
        <PdfUploadField
          key={`${field}-${generation}`}
          id={fileInputId(field)}
          label={t(`publish.files.${field}`)}
          upload={uploads[field]}
          onChoose={(file) => void uploadPdf(file, (upload) => setUpload(field, upload))}
        />
      ))}
      <div className="form-actions">
        <SubmitButton busy={publish.isPending || busyUploading}>{t('publish.submit')}</SubmitButton>
      </div>
      <Dialog open={confirming !== null} title={t('publish.confirm.title')} onClose={() => setConfirming(null)}>
        <p>{t('publish.confirm.body', { version: confirming ?? '' })}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
            {t('publish.confirm.cancel')}
          </button>
          <button type="button" className="button" onClick={() => confirming && void confirmed(confirming)}>
            {t('publish.confirm.confirm')}
          </button>
        </div>
      </Dialog>
    </form>
  );
}
