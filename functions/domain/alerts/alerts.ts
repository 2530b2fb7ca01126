// The alerts' use cases (spec §2, §4, §6): create (anyone but an administrator), confirm and delete by
// an e-mailed link (no sign-in: the token is the authority), and a USER's own list, edit and delete.
// An alert is ACTIVE at once only when its address is its signed-in owner's confirmed one; any other
// address must prove it wants the e-mails first.

import { randomBytes, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  AppError,
  alertInputChecks,
  ALERTS_PER_USER_MAX,
  assertValid,
  normalizeEmail,
  type AlertLinkInput,
  type AlertLinkResult,
  type AlertSource,
  type CreateAlertInput,
  type RuleResult,
  type UpdateAlertInput,
} from '@partage/graphql';
import { getAlert, putNewAlert, replaceAlert, userAlerts, type AlertConsentRecord, type AlertRecord } from '../../data/alerts';
import { DataRefusal } from '../../data/errors';
import { getUser } from '../../data/users';
import { UI_LANGUAGE_OF } from '../accounts/account-fields';
import { epochSeconds, now } from '../clock';
import { requireRole, unauthorized, USER_ONLY, type Identity } from '../identity';
import { enforceRateLimit } from '../rate-limits';
import { criteriaOf } from '../search/entry-match';
import { alertCellEntryOf, alertCellsOf } from './alert-cells';
import { sendAlertConfirmation } from './alert-emails';
import { isAlertLinkToken, isDeletionTokenOf, isUnexpiredToken, type AlertLinkPurpose } from './alert-tokens';
import { alertLinkResult, alertView, isLive } from './alert-view';

/** An unconfirmed alert goes after this long; a deleted one stays this long as a tombstone ("already deleted"). */
const UNCONFIRMED_ALERT_DAYS = 30;
const TOMBSTONE_DAYS = 90;
const DAY_SECONDS = 86_400;

const alreadyDeleted = () => new AppError('ALERT_ALREADY_DELETED', 'This alert has already been deleted');

export type AlertFields = Pick<AlertRecord, 'criteria' | 'place' | 'radiusKm' | 'email' | 'language'>;

/** The input checked with the form's rules, in the stored (canonical) form: two saves of the same alert compare equal. */
function alertFieldsOf(input: CreateAlertInput | UpdateAlertInput): AlertFields {
  assertValid(alertInputChecks(input).map(([path, result]): [string, RuleResult] => [`input.${path}`, result]));
  const { categories, modes, availability, priceRanges, certifications } = criteriaOf(input.criteria);
  const { label, latitude, longitude } = input.place;
  return {
    criteria: { categories, modes, availability, priceRanges, certifications, keyword: input.criteria.keyword?.trim() || null },
    place: { label: label.trim(), latitude, longitude },
    radiusKm: input.radiusKm,
    email: normalizeEmail(input.email),
    language: UI_LANGUAGE_OF[input.language],
  };
}

/** Whether `email` is the signed-in caller's own confirmed account address (the alert needs no confirmation then). */
async function isOwnConfirmedAddress(ownerId: string | null, email: string): Promise<boolean> {
  const owner = ownerId ? await getUser(ownerId) : undefined;
  return !!owner && owner.emailConfirmed && normalizeEmail(owner.email) === email;
}

/**
 * The alert as written in its new state: ACTIVE ones listed in their cells, the others in none. An
 * alert that becomes ACTIVE needs the consent that makes it so (an active one keeps its own).
 */
function withStatus(alert: AlertRecord, active: boolean, at: string, consent: AlertConsentRecord | null = null): AlertRecord {
  if (!active)
    return { ...alert, status: 'PENDING_CONFIRMATION', cells: [], ttl: epochSeconds(new Date(at)) + UNCONFIRMED_ALERT_DAYS * DAY_SECONDS };
  const wasActive = alert.status === 'ACTIVE';
  if (!wasActive && !consent) throw new Error('An alert becomes active only with a consent');
  // Ads published from the confirmation on are new to it.
  const confirmedAt = wasActive ? alert.confirmedAt : at;
  const watermark = wasActive ? alert.watermark : at;
  return {
    ...alert,
    status: 'ACTIVE',
    confirmedAt,
    watermark,
    cells: alertCellsOf(alert),
    ttl: null,
    pendingLink: null,
    consent: wasActive ? alert.consent : consent,
  };
}

/** The signed-in owner's consent for their own confirmed address (they proved it when they confirmed the account). */
const accountConsent = (email: string, at: string): AlertConsentRecord => ({
  at,
  email,
  via: 'ACCOUNT_ADDRESS',
  linkId: null,
  linkSentAt: null,
});

/** A pending alert with a new confirmation link: the one e-mailed next, the only one that confirms it. */
const withNewLink = (alert: AlertRecord, at: string): AlertRecord => ({
  ...alert,
  pendingLink: { id: randomBytes(12).toString('base64url'), sentAt: at },
});

/** A new alert, not confirmed yet (withStatus gives it its state). */
export function newAlertRecord(id: string, ownerId: string | null, fields: AlertFields, at: string): AlertRecord {
  return {
    id,
    ownerId,
    status: 'PENDING_CONFIRMATION',
    ...fields,
    createdAt: at,
    updatedAt: at,
    confirmedAt: null,
    watermark: at,
    lastDigestAt: null,
    lastDigestWeek: null,
    digestLeaseUntil: null,
    cells: [],
    version: 1,
    addressVersion: 1,
    pendingLink: null,
    consent: null,
    deletedAt: null,
    ttl: null,
  };
}

const CHANGE_TRIES = 3;

/**
 * Runs a change (read, check, conditional write) again when another write came between the read and
 * the write (a digest's lease on the alert, a second click on a link): each try reads the alert anew.
 */
async function changeAlert<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof DataRefusal && error.reason === 'ITEM_GONE') || tries >= CHANGE_TRIES) throw error;
    }
  }
}

const cellEntry = (alert: AlertRecord) => (alert.status === 'ACTIVE' ? alertCellEntryOf(alert) : null);

export async function createAlert(identity: Identity, input: CreateAlertInput, sourceAddress: string | undefined): Promise<AlertSource> {
  // Administrators have no alerts (spec §6).
  if (identity.role === 'ADMIN') throw unauthorized();
  const fields = alertFieldsOf(input);
  await enforceRateLimit('createAlert', identity.userId || sourceAddress);
  const ownerId = identity.role === 'USER' ? identity.userId : null;
  if (ownerId && (await userAlerts(ownerId)).length >= ALERTS_PER_USER_MAX) {
    throw new AppError('VALIDATION_FAILED', `At most ${ALERTS_PER_USER_MAX} alerts`, [{ path: 'input', rule: 'tooMany' }]);
  }
  const at = now().toISOString();
  const draft = newAlertRecord(randomUUID(), ownerId, fields, at);
  const alert = (await isOwnConfirmedAddress(ownerId, fields.email))
    ? withStatus(draft, true, at, accountConsent(fields.email, at))
    : withNewLink(withStatus(draft, false, at), at);
  await putNewAlert(alert, cellEntry(alert));
  if (alert.status !== 'ACTIVE') await sendAlertConfirmation(alert);
  return alertView(alert);
}

/** The caller's own live alert; UNAUTHORIZED_ACCESS for another's, ALERT_ALREADY_DELETED for a deleted one of theirs. */
async function ownAlert(identity: Identity, alertId: string): Promise<AlertRecord> {
  const callerId = requireRole(identity, USER_ONLY);
  const alert = await getAlert(alertId);
  if (!alert) throw new AppError('NOT_FOUND', 'No such alert');
  if (alert.ownerId !== callerId) throw unauthorized();
  if (!isLive(alert)) throw alreadyDeleted();
  return alert;
}

export async function myAlerts(identity: Identity): Promise<AlertSource[]> {
  const callerId = requireRole(identity, USER_ONLY);
  return (await userAlerts(callerId)).filter(isLive).map(alertView);
}

export async function alertById(identity: Identity, alertId: string): Promise<AlertSource | null> {
  const callerId = requireRole(identity, USER_ONLY);
  const alert = await getAlert(alertId);
  if (alert && alert.ownerId !== callerId) throw unauthorized();
  return isLive(alert) ? alertView(alert) : null;
}

/** NO_CHANGE when nothing differs. A new address that is not the owner's confirmed one waits for its confirmation. */
export async function updateAlert(identity: Identity, input: UpdateAlertInput): Promise<AlertSource> {
  await ownAlert(identity, input.id); // role and ownership before the input
  const fields = alertFieldsOf(input);
  return changeAlert(async () => saveAlert(await ownAlert(identity, input.id), fields));
}

async function saveAlert(before: AlertRecord, fields: AlertFields): Promise<AlertSource> {
  const { criteria, place, radiusKm, email, language } = before;
  if (isDeepStrictEqual(fields, { criteria, place, radiusKm, email, language }))
    throw new AppError('NO_CHANGE', 'Nothing differs from the stored alert');
  const at = now().toISOString();
  const newAddress = fields.email !== before.email;
  const active = newAddress ? await isOwnConfirmedAddress(before.ownerId, fields.email) : before.status === 'ACTIVE';
  // A new address starts over: the old one's confirmation and links say nothing about it.
  const from: AlertRecord = newAddress
    ? { ...before, status: 'PENDING_CONFIRMATION', addressVersion: before.addressVersion + 1, pendingLink: null, consent: null }
    : before;
  const changed = withStatus({ ...from, ...fields, updatedAt: at }, active, at, newAddress ? accountConsent(fields.email, at) : null);
  const next = newAddress && !active ? withNewLink(changed, at) : changed;
  const written = await replaceAlert(before, next, cellEntry(next));
  if (newAddress && !active) await sendAlertConfirmation(written);
  return alertView(written);
}

/** The alert is replaced by a tombstone without its address or place (it only answers "already deleted"). */
async function tombstone(alert: AlertRecord): Promise<void> {
  const at = now().toISOString();
  await replaceAlert(
    alert,
    {
      ...alert,
      email: '',
      place: { label: '', latitude: 0, longitude: 0 },
      cells: [],
      pendingLink: null,
      consent: null,
      updatedAt: at,
      deletedAt: at,
      ttl: epochSeconds() + TOMBSTONE_DAYS * DAY_SECONDS,
    },
    null,
  );
}

export async function deleteAlert(identity: Identity, alertId: string): Promise<string> {
  await changeAlert(async () => tombstone(await ownAlert(identity, alertId)));
  return alertId;
}

/**
 * The alert a link names, once its token is checked against the alert as it is now (its address, its
 * address version, the confirmation link it waits for or the one that confirmed it): INVALID_TOKEN for a
 * token of another alert, purpose, address or link, or an expired one; ALERT_ALREADY_DELETED when it is
 * gone (a live deletion token proves it existed; a confirmation token, whose address is gone with the
 * alert, only that it is well formed and unexpired).
 */
async function alertOfLink({ id, token }: AlertLinkInput, purpose: AlertLinkPurpose): Promise<AlertRecord> {
  const alert = await getAlert(id);
  if (!isLive(alert)) {
    const proves = purpose === 'delete' ? await isDeletionTokenOf(id, token) : isUnexpiredToken(token);
    throw proves ? alreadyDeleted() : new AppError('INVALID_TOKEN', 'INVALID');
  }
  const linkId = alert.status === 'ACTIVE' ? alert.consent?.linkId : alert.pendingLink?.id;
  const scope = { alertId: id, email: alert.email, addressVersion: alert.addressVersion, linkId };
  if (!(await isAlertLinkToken(purpose, scope, token))) throw new AppError('INVALID_TOKEN', 'INVALID');
  return alert;
}

export async function confirmAlert(input: AlertLinkInput): Promise<AlertLinkResult> {
  return changeAlert(async () => {
    const alert = await alertOfLink(input, 'confirm');
    // Only the link that confirmed it passes then: a second click changes nothing.
    if (alert.status === 'ACTIVE') return alertLinkResult(alert);
    const at = now().toISOString();
    const { id: linkId, sentAt: linkSentAt } = alert.pendingLink!;
    const next = withStatus({ ...alert, updatedAt: at }, true, at, { at, email: alert.email, via: 'EMAIL_LINK', linkId, linkSentAt });
    return alertLinkResult(await replaceAlert(alert, next, cellEntry(next)));
  });
}

export async function deleteAlertByLink(input: AlertLinkInput): Promise<string> {
  await changeAlert(async () => tombstone(await alertOfLink(input, 'delete')));
  return input.id;
}
