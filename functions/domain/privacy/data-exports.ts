// Data exports (docs/privacy.md): the file of everything about a person is built at once (a few hundred
// key and index reads: seconds, well within the API's 30 s), written privately to the file store, and
// answered with a signed link. The file is kept DATA_EXPORT_HOURS: the settings page lists it with a new
// link each time (a link signed by a Lambda's short-lived credentials would not last a day on S3), and a
// one-time job deletes it when its time is up.

import { randomUUID } from 'node:crypto';
import {
  assertValid,
  DATA_EXPORT_HOURS,
  DATA_EXPORT_LINK_MINUTES,
  required,
  type AdminPrivacyRequestInput,
  type DataExport,
} from '@partage/graphql';
import { fileStore } from '../../adapters/file-store';
import { scheduler } from '../../adapters/scheduler';
import { dataExportsOf, deleteDataExport, putDataExport, putPrivacyRequest, type DataExportRecord } from '../../data/privacy';
import type { UserRecord } from '../../data/users';
import { existingUser } from '../accounts/existing-user';
import { now } from '../clock';
import { fileKey } from '../files/file-keys';
import { ADMIN_ONLY, requireRole, SIGNED_IN, type Identity } from '../identity';
import { enforceRateLimit } from '../rate-limits';
import { personalDataOf } from './personal-data';

export const DATA_EXPORT_EXPIRY_JOB = 'data-export-expire';

const HOUR_MS = 3_600_000;

/**
 * Where a data export's file is kept: private, read only through signed links, under its own id (a UUID,
 * as uploads are; no file record names it, so `fileUrl` never reaches it).
 */
const exportFileKey = (exportId: string) => fileKey('private', exportId);

/** The file's name in the person's downloads: the day it was made. */
const downloadName = (record: DataExportRecord) => `partage-donnees-${record.createdAt.slice(0, 10)}.json`;

async function exportView(record: DataExportRecord): Promise<DataExport> {
  const linkExpiry = new Date(now().getTime() + DATA_EXPORT_LINK_MINUTES * 60_000);
  const url = await fileStore().signedUrl(exportFileKey(record.id), linkExpiry, { downloadName: downloadName(record) });
  return { id: record.id, userId: record.userId, createdAt: record.createdAt, expiresAt: record.expiresAt, url };
}

/** Builds, stores and logs the file of everything about `user`; `requestedBy` is the person or the administrator. */
async function exportData(user: UserRecord, request: { requestedById: string; byAdministrator: boolean; reason: string | null }) {
  const createdAt = now().toISOString();
  const id = randomUUID();
  const document = await personalDataOf(user, createdAt);
  const record: DataExportRecord = {
    id,
    userId: user.id,
    createdAt,
    expiresAt: new Date(Date.parse(createdAt) + DATA_EXPORT_HOURS * HOUR_MS).toISOString(),
  };
  await fileStore().put(exportFileKey(id), new TextEncoder().encode(JSON.stringify(document, null, 2)), 'application/json');
  // Scheduled before the record: a file is never kept without the job that deletes it.
  await scheduler().scheduleOnce({
    name: `data-export-expire-${id}`,
    job: DATA_EXPORT_EXPIRY_JOB,
    at: new Date(record.expiresAt),
    payload: { userId: user.id, exportId: id },
  });
  await putDataExport(record);
  await putPrivacyRequest({
    id: randomUUID(),
    kind: 'EXPORT',
    status: 'DONE',
    subjectId: user.id,
    at: createdAt,
    completedAt: createdAt,
    ...request,
  });
  return exportView(record);
}

/** Signed in: a new file of everything about the caller. */
export async function requestMyDataExport(identity: Identity): Promise<DataExport> {
  const userId = requireRole(identity, SIGNED_IN);
  await enforceRateLimit('privacyRequest', userId);
  return exportData(await existingUser(userId), { requestedById: userId, byAdministrator: false, reason: null });
}

/** ADMIN: a file of everything about a user, on their request (the reason is logged). */
export async function adminExportUserData(identity: Identity, input: AdminPrivacyRequestInput): Promise<DataExport> {
  const adminId = requireRole(identity, ADMIN_ONLY);
  assertValid([
    ['input.userId', required(input?.userId)],
    ['input.reason', required(input?.reason?.trim())],
  ]);
  await enforceRateLimit('privacyRequest', adminId);
  return exportData(await existingUser(input.userId), { requestedById: adminId, byAdministrator: true, reason: input.reason.trim() });
}

/** Signed in: the caller's files still kept, newest first, each with a new link. */
export async function myDataExports(identity: Identity): Promise<DataExport[]> {
  const userId = requireRole(identity, SIGNED_IN);
  const at = now().toISOString();
  const kept = (await dataExportsOf(userId)).filter((record) => record.expiresAt > at);
  return Promise.all(kept.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(exportView));
}

/** The one-time job at a file's expiry (and the account's deletion): the file, then its record. */
export async function deleteDataExportFile(record: Pick<DataExportRecord, 'userId' | 'id'>): Promise<void> {
  await fileStore().delete(exportFileKey(record.id));
  await deleteDataExport(record.userId, record.id);
}

export const expireDataExport = (payload: Record<string, unknown>): Promise<void> =>
  deleteDataExportFile({ userId: String(payload.userId), id: String(payload.exportId) });
