// One PDF of a new terms version: chosen, checked against the shared upload rules, uploaded at once
// with a progress bar (the server checks its bytes when it confirms the upload).
import { useTranslation } from 'react-i18next';
import { fileSize, fileType, UPLOAD_RULES } from '@partage/graphql';
import { ApiError } from '../../../lib/api/errors';
import { FieldError } from '../../../lib/forms/field-description';
import type { FieldMessage } from '../../../lib/forms/use-form';
import { uploadFile } from '../../../lib/files/upload';

const RULES = UPLOAD_RULES.LEGAL_DOCUMENT;
export const PDF_MAX_MEGABYTES = RULES.maxBytes / (1024 * 1024);

export interface PdfUpload {
  /** The chosen file's name. */
  name?: string;
  /** 0 to 1 while it uploads. */
  progress?: number;
  /** Set once the server has checked and kept it. */
  fileId?: string;
  error?: FieldMessage;
}

/** The message of a refused upload: the server's rule when it gave one (fileContent, fileForbidden). */
function uploadFailure(error: unknown): FieldMessage {
  const rule = error instanceof ApiError && error.code === 'VALIDATION_FAILED' ? error.fields[0]?.rule : undefined;
  return rule ? { key: `validation.${rule}` } : { key: 'terms:publish.uploadFailed' };
}

/** Checks and uploads `file`, reporting each step through `onChange`. */
export async function uploadPdf(file: File, onChange: (upload: PdfUpload) => void): Promise<void> {
  const refused = fileType(RULES.contentTypes)(file.type) ?? fileSize(RULES.maxBytes)(file.size);
  if (refused) return onChange({ name: file.name, error: { key: `validation.${refused}` } });
  onChange({ name: file.name, progress: 0 });
  try {
    const fileId = await uploadFile(file, 'LEGAL_DOCUMENT', (progress) => onChange({ name: file.name, progress }));
    onChange({ name: file.name, fileId });
  } catch (error) {
    onChange({ name: file.name, error: uploadFailure(error) });
  }
}

export function PdfUploadField({
  id,
  label,
  upload,
  onChoose,
}: {
  /** The input's id: the form moves focus to it when the file is missing. */
  id: string;
  label: string;
  upload: PdfUpload;
  onChoose: (file: File) => void;
}) {
  const { t } = useTranslation('terms');
  const errorId = upload.error ? `${id}-error` : undefined;
  const uploading = upload.progress !== undefined && !upload.fileId && !upload.error;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="application/pdf"
        aria-invalid={upload.error ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onChoose(file);
        }}
      />
      {uploading && (
        <label className="terms-admin__progress">
          {t('publish.uploading', { name: upload.name })}
          <progress max={1} value={upload.progress} />
        </label>
      )}
      {upload.fileId && (
        <p role="status" className="field__hint">
          {t('publish.uploaded', { name: upload.name })}
        </p>
      )}
      <FieldError id={errorId} error={upload.error} />
    </div>
  );
}
