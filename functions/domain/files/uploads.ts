// Uploads: a signed form to post one file straight to storage, then a check of what arrived by its
// bytes before the file is kept where its purpose says; a file that is not what it claims (rule
// fileContent) or that is dangerous (rule fileForbidden: inspection.ts) goes to quarantine and the
// caller gets VALIDATION_FAILED. Only the uploader (or an ADMIN) reads a private
// file; a capability that shares files with others (chat, contracts) adds its rule in `mayRead`.

import { randomUUID } from 'node:crypto';
import {
  AppError,
  assertValid,
  fileSize,
  fileType,
  oneOf,
  required,
  STORAGE_QUOTA_BYTES,
  UPLOAD_RULES,
  type RequestUploadInput,
  type StoredFile,
  type UploadPurpose,
  type UploadTicket,
} from '@partage/graphql';
import { fileStore } from '../../adapters/file-store';
import {
  addStoredBytes,
  deleteFileRecord,
  deletePendingFile,
  getFile,
  pendingFilesBefore,
  putPendingFile,
  settleFile,
  storedBytesOf,
  type FileRecord,
} from '../../data/files';
import { now } from '../clock';
import { unauthorized, type Identity } from '../identity';
import { fileKey } from './file-keys';
import { IMAGE_HEADER_BYTES, imageSize } from './image-size';
import { INSPECTED_FIRST_BYTES, inspectContent, type Refusal } from './inspection';

/** How long the upload form works. */
export const UPLOAD_FORM_MINUTES = 10;
/** After this, an upload can no longer be confirmed: the purge job may take it. */
export const UPLOAD_CONFIRM_HOURS = 1;
/** Unconfirmed uploads older than this are purged (functions/handlers/schedules.ts). */
export const ABANDONED_UPLOAD_HOURS = 24;
/** How long a signed URL of a private file reads it. */
export const PRIVATE_URL_MINUTES = 5;

const HOUR_MS = 3_600_000;
const PURPOSES = Object.keys(UPLOAD_RULES) as UploadPurpose[];
/** Files everyone reads: ads' images, and the terms' PDFs (which only administrators upload). */
const PUBLIC_PURPOSES: readonly UploadPurpose[] = ['PUBLIC_IMAGE', 'LEGAL_DOCUMENT'];
const isPublic = (purpose: UploadPurpose) => PUBLIC_PURPOSES.includes(purpose);
const areaOf = (purpose: UploadPurpose) => (isPublic(purpose) ? 'public' : 'private');
const notFound = () => new AppError('NOT_FOUND', 'File not found');
const overQuota = () =>
  new AppError('VALIDATION_FAILED', `The account's files would pass ${STORAGE_QUOTA_BYTES} bytes`, [
    { path: 'input.size', rule: 'storageQuota' },
  ]);

export async function requestUpload(ownerId: string, input: RequestUploadInput): Promise<UploadTicket> {
  assertValid([['input.purpose', required(input?.purpose) ?? oneOf(PURPOSES)(input.purpose)]]);
  const rules = UPLOAD_RULES[input.purpose];
  assertValid([
    ['input.contentType', required(input.contentType) ?? fileType(rules.contentTypes)(input.contentType)],
    ['input.size', fileSize(rules.maxBytes)(input.size ?? 0)],
  ]);
  // Told before the upload rather than after it: the form would carry bytes the account cannot keep.
  if ((await storedBytesOf(ownerId)) + input.size > STORAGE_QUOTA_BYTES) throw overQuota();
  const file: FileRecord = {
    id: randomUUID(),
    ownerId,
    purpose: input.purpose,
    contentType: input.contentType,
    size: input.size,
    status: 'PENDING',
    createdAt: now().toISOString(),
  };
  await putPendingFile(file);
  const expiresAt = new Date(now().getTime() + UPLOAD_FORM_MINUTES * 60_000);
  // The form allows the declared size at most: the storage refuses anything bigger.
  const form = await fileStore().presignUpload(fileKey('incoming', file.id), {
    contentType: file.contentType,
    maxBytes: file.size,
    expiresAt,
  });
  return { fileId: file.id, url: form.url, fields: JSON.stringify(form.fields), expiresAt: expiresAt.toISOString() };
}

/** The permanent URL of a stored public file (an image, a legal document). */
export const publicFileUrl = (fileId: string): string => fileStore().publicUrl(fileKey('public', fileId));

function storedFile(file: FileRecord): StoredFile {
  const publicUrl = isPublic(file.purpose) ? publicFileUrl(file.id) : null;
  return {
    id: file.id,
    purpose: file.purpose,
    contentType: file.contentType,
    size: file.size,
    publicUrl,
    width: file.width ?? null,
    height: file.height ?? null,
  };
}

const isImage = (contentType: string) => contentType.startsWith('image/');

export async function confirmUpload(caller: Identity, fileId: string): Promise<StoredFile> {
  assertValid([['fileId', required(fileId)]]);
  const file = await getFile(fileId);
  if (!file) throw notFound();
  if (file.ownerId !== caller.userId) throw unauthorized();
  if (file.status === 'STORED') return storedFile(file);
  const tooLate = now().getTime() - Date.parse(file.createdAt) > UPLOAD_CONFIRM_HOURS * HOUR_MS;
  if (file.status !== 'PENDING' || tooLate) throw notFound();

  const incoming = fileKey('incoming', file.id);
  const uploaded = await fileStore().peek(incoming, isImage(file.contentType) ? IMAGE_HEADER_BYTES : INSPECTED_FIRST_BYTES);
  if (!uploaded) throw new AppError('VALIDATION_FAILED', 'Nothing was uploaded for this file', [{ path: 'file', rule: 'required' }]);
  const refusal = await inspectContent(file.contentType, {
    ...uploaded,
    read: (offset, length) => fileStore().read(incoming, offset, length),
  });
  // An image whose header gives no size is not the image it claims to be either.
  const dimensions = isImage(file.contentType) ? imageSize(file.contentType, uploaded.firstBytes) : null;
  const verdict: Refusal | null =
    refusal ?? (isImage(file.contentType) && !dimensions ? { rule: 'fileContent', reason: 'no image size in the header' } : null);
  if (verdict) {
    await fileStore().move(incoming, fileKey('quarantine', file.id), 'application/octet-stream');
    await settleFile(file.id, 'QUARANTINED', uploaded.size);
    const message = verdict.rule === 'fileForbidden' ? 'The file is refused for safety' : `The file is not ${file.contentType}`;
    throw new AppError('VALIDATION_FAILED', `${message} (${verdict.reason})`, [{ path: 'file', rule: verdict.rule }]);
  }
  // Counted before it is kept, in one conditional write: uploads confirmed at once cannot both slip under the quota.
  if (!(await addStoredBytes(file.ownerId, uploaded.size, STORAGE_QUOTA_BYTES))) {
    await fileStore().delete(incoming);
    await deletePendingFile(file.id);
    throw overQuota();
  }
  await fileStore().move(incoming, fileKey(areaOf(file.purpose), file.id), file.contentType);
  if (!(await settleFile(file.id, 'STORED', uploaded.size, dimensions ?? undefined))) {
    await addStoredBytes(file.ownerId, -uploaded.size); // a concurrent confirmation kept it: counted once
    throw notFound();
  }
  return storedFile({ ...file, ...dimensions, size: uploaded.size, status: 'STORED' });
}

/** Who may read a stored file: anyone for public files; the uploader or an ADMIN otherwise. */
function mayRead(caller: Identity, file: FileRecord): boolean {
  return isPublic(file.purpose) || caller.role === 'ADMIN' || (caller.userId !== '' && caller.userId === file.ownerId);
}

export async function fileUrl(caller: Identity, fileId: string): Promise<string> {
  assertValid([['fileId', required(fileId)]]);
  const file = await getFile(fileId);
  if (!file || file.status !== 'STORED') throw notFound();
  if (!mayRead(caller, file)) throw unauthorized();
  const key = fileKey(areaOf(file.purpose), file.id);
  if (isPublic(file.purpose)) return fileStore().publicUrl(key);
  return fileStore().signedUrl(key, new Date(now().getTime() + PRIVATE_URL_MINUTES * 60_000));
}

/** Where a file's bytes are now: `incoming` until checked, then its purpose's area, or `quarantine`. */
const currentKeyOf = (file: FileRecord) =>
  fileKey(file.status === 'PENDING' ? 'incoming' : file.status === 'QUARANTINED' ? 'quarantine' : areaOf(file.purpose), file.id);

/** Deletes a file's bytes, then its record (an account's deletion, docs/privacy.md); a file gone already is no error. */
export async function deleteUploadedFile(file: FileRecord): Promise<void> {
  await fileStore().delete(currentKeyOf(file));
  await deleteFileRecord(file.id);
}

/** Deletes uploads never confirmed within ABANDONED_UPLOAD_HOURS, their file and their record. */
export async function purgeAbandonedUploads(): Promise<{ purged: number }> {
  const before = new Date(now().getTime() - ABANDONED_UPLOAD_HOURS * HOUR_MS).toISOString();
  let purged = 0;
  for await (const ids of pendingFilesBefore(before)) {
    for (const id of ids) {
      if (!(await deletePendingFile(id))) continue;
      await fileStore().delete(fileKey('incoming', id));
      purged += 1;
    }
  }
  return { purged };
}
