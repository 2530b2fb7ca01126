import { beforeAll, describe, expect, it } from 'vitest';
import { ALERTS_PER_USER_MAX, type Alert, type CreateAlertInput, type PublicAlerts } from '@partage/graphql';
import { getAlert } from '../data/alerts';
import type { UserRecord } from '../data/users';
import type { Identity } from '../domain/identity';
import {
  alertInput,
  ANONYMOUS,
  asUser,
  errorCodeOf,
  givenAlert,
  givenUser,
  invalidFieldsOf,
  newSourceAddress,
  resolverEvent,
  TEST_PUBLIC_URL,
  useTestOutbox,
  useUpRateLimit,
} from '../testing/fixtures';
import { manualClock, useClock } from '../domain/clock';
import { handler as accountsHandler } from './accounts';
import { handler } from './alerts';

const { emailsTo } = useTestOutbox();
let user: UserRecord;
let otherUser: UserRecord;
let admin: UserRecord;

beforeAll(async () => {
  [user, otherUser, admin] = await Promise.all([givenUser(), givenUser(), givenUser({ role: 'ADMIN' })]);
});

const call = (field: string, args: Record<string, unknown>, identity: Identity) => handler(resolverEvent(field, args, identity));
const create = (input: CreateAlertInput, identity: Identity = ANONYMOUS) => call('Mutation.createAlert', { input }, identity);
const myAlerts = async (owner: UserRecord) => (await call('Query.myAlerts', {}, asUser(owner))) as Alert[];
let addresses = 0;
const newAddress = () => `visiteur-${Date.now()}-${addresses++}@exemple.ca`;

/** The confirmation e-mail's two links (confirm, delete): alert id and token of each. */
async function confirmationLinks(to: string) {
  const [mail] = await emailsTo(to);
  expect(mail, `a confirmation e-mail to ${to}`).toBeDefined();
  const [confirm, remove] = mail!.links.map((link) => new URL(link));
  return { mail: mail!, confirm: confirm!, remove: remove! };
}
const linkInput = (url: URL) => ({ id: url.pathname.split('/').at(-1)!, token: url.searchParams.get('token')! });

describe('creating an alert', () => {
  it('keeps a visitor’s alert waiting, and e-mails its address a confirmation and a deletion link in its language', async () => {
    const email = newAddress();
    const alert = (await create(alertInput(email, { language: 'ENGLISH' }))) as Alert;
    expect(alert).toMatchObject({ status: 'PENDING_CONFIRMATION', radiusKm: 10, email, language: 'ENGLISH' });
    const { mail, confirm, remove } = await confirmationLinks(email);
    expect(mail.subject).toBe('Confirm your ad alert');
    expect(confirm.origin).toBe(TEST_PUBLIC_URL);
    expect(confirm.pathname).toBe(`/alertes/confirmer/${alert.id}`);
    expect(remove.pathname).toBe(`/alertes/supprimer/${alert.id}`);
    expect(confirm.searchParams.get('lang')).toBe('en');
    // The tokens are not the id, and differ by purpose.
    expect(confirm.searchParams.get('token')).not.toContain(alert.id);
    expect(confirm.searchParams.get('token')).not.toBe(remove.searchParams.get('token'));
  });

  it('makes a USER’s alert for their own confirmed address active at once, without an e-mail', async () => {
    const alert = (await create(alertInput(user.email.toUpperCase()), asUser(user))) as Alert;
    expect(alert.status).toBe('ACTIVE');
    expect(await emailsTo(user.email)).toEqual([]);
    expect((await myAlerts(user)).map((mine) => mine.id)).toContain(alert.id);
  });

  it('asks a USER to confirm another address first', async () => {
    const email = newAddress();
    const alert = (await create(alertInput(email), asUser(user))) as Alert;
    expect(alert.status).toBe('PENDING_CONFIRMATION');
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('limits the alerts a source address creates, and a USER’s number of alerts', async () => {
    const source = newSourceAddress();
    await useUpRateLimit('createAlert', source);
    const fromSource = (input: CreateAlertInput) => handler(resolverEvent('Mutation.createAlert', { input }, ANONYMOUS, source));
    expect(await fromSource(alertInput(newAddress()))).toMatchObject({ status: 'PENDING_CONFIRMATION' });
    expect(errorCodeOf(await fromSource(alertInput(newAddress())))).toBe('RATE_LIMITED');

    const collector = await givenUser();
    for (let i = 0; i < ALERTS_PER_USER_MAX; i++) await givenAlert(collector);
    const result = await create(alertInput(collector.email), asUser(collector));
    expect(invalidFieldsOf(result)).toEqual(['input:tooMany']);
  });

  it('lets an unconfirmed alert go after 30 days: its deletion link then says it is deleted', async () => {
    const email = newAddress();
    await create(alertInput(email));
    const { remove } = await confirmationLinks(email);
    const restore = useClock(manualClock(new Date(Date.now() + 31 * 86_400_000)));
    try {
      expect(errorCodeOf(await call('Mutation.deleteAlertByLink', { input: linkInput(remove) }, ANONYMOUS))).toBe('ALERT_ALREADY_DELETED');
    } finally {
      restore();
    }
  });

  it('refuses administrators (they have no alerts)', async () => {
    expect(errorCodeOf(await create(alertInput(admin.email), asUser(admin)))).toBe('UNAUTHORIZED_ACCESS');
  });

  it.each([
    ['radiusKm', { radiusKm: 0 }],
    ['radiusKm', { radiusKm: 301 }],
    ['radiusKm', { radiusKm: 2.5 }],
    ['place.latitude', { place: { label: 'Paris', latitude: 48.85, longitude: 2.35 } }],
    ['place.label', { place: { label: '  ', latitude: 45.5, longitude: -73.6 } }],
    ['email', { email: 'pas-une-adresse' }],
  ])('refuses an invalid %s with VALIDATION_FAILED and stores nothing', async (field, overrides) => {
    const before = await myAlerts(user);
    const result = await create(alertInput(user.email, overrides as Partial<CreateAlertInput>), asUser(user));
    expect(errorCodeOf(result)).toBe('VALIDATION_FAILED');
    expect(invalidFieldsOf(result)?.map((invalid) => invalid.split(':')[0])).toContain(`input.${field}`);
    expect(await myAlerts(user)).toEqual(before);
  });
});

describe('links of an alert', () => {
  async function pendingAlert() {
    const email = newAddress();
    const alert = (await create(alertInput(email))) as Alert;
    return { alert, ...(await confirmationLinks(email)) };
  }
  const confirm = (input: { id: string; token: string }) => call('Mutation.confirmAlert', { input }, ANONYMOUS);
  const removeByLink = (input: { id: string; token: string }) => call('Mutation.deleteAlertByLink', { input }, ANONYMOUS);

  it('confirms the alert with its confirmation token, again harmlessly', async () => {
    const { alert, confirm: link } = await pendingAlert();
    expect(await confirm(linkInput(link))).toEqual({ id: alert.id, status: 'ACTIVE', language: 'FRENCH' });
    expect(await confirm(linkInput(link))).toEqual({ id: alert.id, status: 'ACTIVE', language: 'FRENCH' });
  });

  it('refuses a token of another alert, of the other purpose, or made up', async () => {
    const first = await pendingAlert();
    const second = await pendingAlert();
    const secondToken = linkInput(second.confirm).token;
    expect(errorCodeOf(await confirm({ id: first.alert.id, token: secondToken }))).toBe('INVALID_TOKEN');
    expect(errorCodeOf(await confirm(linkInput(first.remove)))).toBe('INVALID_TOKEN');
    expect(errorCodeOf(await removeByLink(linkInput(first.confirm)))).toBe('INVALID_TOKEN');
    expect(errorCodeOf(await removeByLink({ id: first.alert.id, token: 'A'.repeat(43) }))).toBe('INVALID_TOKEN');
    expect(errorCodeOf(await removeByLink({ id: first.alert.id, token: first.alert.id }))).toBe('INVALID_TOKEN');
    // Nothing changed: both links still work for their own alert.
    expect(await confirm(linkInput(first.confirm))).toMatchObject({ status: 'ACTIVE' });
    expect(await removeByLink(linkInput(second.remove))).toBe(second.alert.id);
  });

  it('deletes the alert with its deletion token; the second time says it is already deleted', async () => {
    const { alert, confirm: confirmLink, remove } = await pendingAlert();
    expect(await removeByLink(linkInput(remove))).toBe(alert.id);
    expect(errorCodeOf(await removeByLink(linkInput(remove)))).toBe('ALERT_ALREADY_DELETED');
    expect(errorCodeOf(await confirm(linkInput(confirmLink)))).toBe('ALERT_ALREADY_DELETED');
  });

  it('deletes once when two clicks come at once: the other says already deleted', async () => {
    const { alert, remove } = await pendingAlert();
    const results = await Promise.all([removeByLink(linkInput(remove)), removeByLink(linkInput(remove))]);
    expect(results.filter((result) => result === alert.id)).toHaveLength(1);
    expect(results.map(errorCodeOf).filter(Boolean)).toEqual(['ALERT_ALREADY_DELETED']);
  });
});

describe('consent to an alert’s e-mails (issue 22, finding 1: a token confirms one address, once, for a while)', () => {
  const confirm = (input: { id: string; token: string }) => call('Mutation.confirmAlert', { input }, ANONYMOUS);
  const update = (input: Record<string, unknown>) => call('Mutation.updateAlert', { input }, asUser(user));
  const stored = async (id: string) => (await getAlert(id))!;

  it('refuses an old confirmation token once the address changed: a victim’s address never gets digests without a click', async () => {
    const own = newAddress();
    const alert = (await create(alertInput(own), asUser(user))) as Alert;
    const { confirm: ownLink } = await confirmationLinks(own);
    expect(await confirm(linkInput(ownLink))).toMatchObject({ status: 'ACTIVE' });
    const victim = newAddress();
    expect(await update({ ...alertInput(victim), id: alert.id })).toMatchObject({ status: 'PENDING_CONFIRMATION' });
    expect(errorCodeOf(await confirm(linkInput(ownLink)))).toBe('INVALID_TOKEN');
    expect(await stored(alert.id)).toMatchObject({ status: 'PENDING_CONFIRMATION', email: victim });
    // The victim's own link still works, and only it.
    expect(await confirm(linkInput((await confirmationLinks(victim)).confirm))).toMatchObject({ status: 'ACTIVE' });
  });

  it('uses a confirmation token once: back on the same address, the old link confirms nothing', async () => {
    const first = newAddress();
    const alert = (await create(alertInput(first), asUser(user))) as Alert;
    const { confirm: firstLink } = await confirmationLinks(first);
    expect(await confirm(linkInput(firstLink))).toMatchObject({ status: 'ACTIVE' });
    await update({ ...alertInput(newAddress()), id: alert.id });
    await update({ ...alertInput(first), id: alert.id });
    expect(errorCodeOf(await confirm(linkInput(firstLink)))).toBe('INVALID_TOKEN');
    expect(await stored(alert.id)).toMatchObject({ status: 'PENDING_CONFIRMATION' });
  });

  it('lets a confirmation link expire after a week', async () => {
    const email = newAddress();
    const alert = (await create(alertInput(email))) as Alert;
    const { confirm: link } = await confirmationLinks(email);
    const restore = useClock(manualClock(new Date(Date.now() + 8 * 86_400_000)));
    try {
      expect(errorCodeOf(await confirm(linkInput(link)))).toBe('INVALID_TOKEN');
    } finally {
      restore();
    }
    expect(await stored(alert.id)).toMatchObject({ status: 'PENDING_CONFIRMATION' });
  });

  it('refuses the old address’s deletion link once the address changed', async () => {
    const own = newAddress();
    const alert = (await create(alertInput(own), asUser(user))) as Alert;
    const { remove } = await confirmationLinks(own);
    await update({ ...alertInput(newAddress()), id: alert.id });
    expect(errorCodeOf(await call('Mutation.deleteAlertByLink', { input: linkInput(remove) }, ANONYMOUS))).toBe('INVALID_TOKEN');
    expect(await stored(alert.id)).toMatchObject({ deletedAt: null });
  });

  it('records the consent: when, to which address, from which link (or the account’s own confirmed address)', async () => {
    const email = newAddress();
    const alert = (await create(alertInput(email))) as Alert;
    const { mail, confirm: link } = await confirmationLinks(email);
    expect((await stored(alert.id)).consent).toBeNull();
    await confirm(linkInput(link));
    const { consent, confirmedAt } = await stored(alert.id);
    expect(consent).toMatchObject({ at: confirmedAt, email, via: 'EMAIL_LINK' });
    expect(Date.parse(consent!.linkSentAt!)).toBeLessThanOrEqual(Date.parse(consent!.at));
    expect(mail.links[0]).toContain(consent!.linkId);

    const own = (await create(alertInput(user.email), asUser(user))) as Alert;
    expect((await stored(own.id)).consent).toMatchObject({ email: user.email, via: 'ACCOUNT_ADDRESS', linkId: null, linkSentAt: null });
  });
});

describe('a USER’s own alerts', () => {
  const update = (input: Record<string, unknown>, owner = user) => call('Mutation.updateAlert', { input }, asUser(owner));

  it('lists only the caller’s alerts, and refuses another user’s', async () => {
    const mine = await givenAlert(user);
    const theirs = await givenAlert(otherUser);
    const ids = (await myAlerts(user)).map((alert) => alert.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(await call('Query.alert', { id: mine.id }, asUser(user))).toMatchObject({ id: mine.id, radiusKm: 10 });
    expect(errorCodeOf(await call('Query.alert', { id: theirs.id }, asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await update({ ...alertInput(user.email), id: theirs.id }))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Mutation.deleteAlert', { id: theirs.id }, asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
    expect(await call('Query.alert', { id: theirs.id }, asUser(otherUser))).toMatchObject({ id: theirs.id });
  });

  it('ignores a save without a change (NO_CHANGE), and saves a real one', async () => {
    const { id } = await givenAlert(user, { criteria: { categories: ['DELIVERY_TRUCK'], keyword: 'camion' } });
    // The same alert written differently (order, case, spaces) is no change either.
    const same = alertInput(` ${user.email.toUpperCase()} `, {
      criteria: { categories: ['DELIVERY_TRUCK', 'DELIVERY_TRUCK'], keyword: ' camion ' },
    });
    expect(errorCodeOf(await update({ ...same, id }))).toBe('NO_CHANGE');
    const saved = (await update({ ...same, id, radiusKm: 25 })) as Alert;
    expect(saved).toMatchObject({ id, radiusKm: 25, status: 'ACTIVE' });
    expect(saved.criteria).toMatchObject({ categories: ['DELIVERY_TRUCK'], keyword: 'camion' });
  });

  it('waits for a new address’s confirmation', async () => {
    const { id } = await givenAlert(user);
    const email = newAddress();
    expect(await update({ ...alertInput(email), id })).toMatchObject({ status: 'PENDING_CONFIRMATION', email });
    expect((await confirmationLinks(email)).confirm.pathname).toBe(`/alertes/confirmer/${id}`);
  });

  it('deletes an own alert; the second time says it is already deleted', async () => {
    const { id } = await givenAlert(user);
    expect(await call('Mutation.deleteAlert', { id }, asUser(user))).toBe(id);
    expect(errorCodeOf(await call('Mutation.deleteAlert', { id }, asUser(user)))).toBe('ALERT_ALREADY_DELETED');
    expect(await call('Query.alert', { id }, asUser(user))).toBeNull();
    expect((await myAlerts(user)).map((alert) => alert.id)).not.toContain(id);
  });
});

describe('alerts on a public profile', () => {
  it('shows other users what the active alerts look for, never where or to which address; nothing to administrators', async () => {
    const owner = await givenUser();
    await givenAlert(owner, { criteria: { categories: ['HEAVY_EQUIPMENT'], modes: ['SALE'], keyword: 'rue secrète' } });
    await create(alertInput(newAddress()), asUser(owner)); // pending: not shown
    const profile = async (reader: UserRecord) =>
      (await handler(
        Object.assign(resolverEvent('PublicProfile.alerts', {}, asUser(reader)), { source: { id: owner.id } }),
      )) as PublicAlerts | null;
    const seen = await profile(user);
    expect(seen).toEqual({ count: 1, items: [{ categories: ['HEAVY_EQUIPMENT'], modes: ['SALE'], priceRanges: [], certifications: [] }] });
    expect(JSON.stringify(seen)).not.toMatch(/secr|Rosemont|@/);
    expect(await profile(admin)).toBeNull();
    // The profile itself still answers (the field is resolved beside it).
    expect(await accountsHandler(resolverEvent('Query.publicProfile', { id: owner.id }, asUser(user)))).toMatchObject({ id: owner.id });
  });
});
