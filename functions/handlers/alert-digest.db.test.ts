// The weekly digest on DynamoDB Local: what matches (radius, each criterion, keywords in both
// languages), what is sent (one e-mail per alert, in its language, with its unsubscribe headers),
// and what a rerun or a crash halfway does (no e-mail twice, no alert skipped).

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdInput, CreateAlertInput } from '@partage/graphql';
import { mailer } from '../adapters/mailer';
import { listOneTimeSchedules, takeOneTimeSchedule } from '../data/scheduled-jobs';
import type { UserRecord } from '../data/users';
import { handler as digestHandler } from './alert-digest';
import { handler as shardHandler } from './alert-digest-shards';
import { adInput, alertInput, ANONYMOUS, givenAd, givenUser, TEST_PUBLIC_URL, useTestOutbox } from '../testing/fixtures';
import { manualClock, now, useClock } from '../domain/clock';
import type { Point } from '../domain/search/cell-cover';
import { alertLink } from '../domain/alerts/alert-emails';
import { getAlert } from '../data/alerts';
import { confirmAlert, createAlert } from '../domain/alerts/alerts';
import { DIGEST_JOB, DIGEST_SHARD_JOB, isoWeek, runDigestNow } from '../domain/alerts/digest';

const { emailsTo } = useTestOutbox();
const clock = manualClock('2026-03-02T11:00:00Z');
let restoreClock: () => void;
let owner: UserRecord;

beforeAll(async () => {
  restoreClock = useClock(clock);
  owner = await givenUser({ phoneVerified: true, phoneNumber: '+15145550123' });
});
afterAll(() => restoreClock());
afterEach(() => vi.restoreAllMocks());

// Each test works in an area of its own, far from the others', and in a week of its own.
let areas = 0;
function newArea(): Point {
  clock.advance(7 * 86_400_000);
  return { latitude: 46 + areas++ * 0.5, longitude: -72 };
}
const offset = (from: Point, northKm: number): Point => ({ latitude: from.latitude + northKm / 111.195, longitude: from.longitude });
let addresses = 0;
const newAddress = () => `alerte-${addresses++}@exemple.ca`;

/** A confirmed alert of a visitor around `centre`: its address. */
async function activeAlert(centre: Point, overrides: Partial<CreateAlertInput> = {}, { confirm = true } = {}): Promise<string> {
  const email = newAddress();
  const input = alertInput(email, { place: { label: 'Chez nous', ...centre }, ...overrides });
  const { id } = await createAlert(ANONYMOUS, input, undefined);
  if (confirm) await confirmAlert({ id, token: new URL(await alertLink((await getAlert(id))!, 'confirm')).searchParams.get('token')! });
  return email;
}

/** A published ad at `point` (address shown: its exact point is public), one minute later than the last. */
async function adAt(point: Point, overrides: Partial<AdInput> = {}): Promise<string> {
  clock.advance(60_000);
  const base = adInput(overrides);
  return (await givenAd(owner, { ...overrides, address: { ...base.address, ...point, showAddress: true } }, { published: true })).id;
}

/** The week's cut an hour from now, then the digest of every shard. */
async function weeklyRun() {
  clock.advance(3_600_000);
  return runDigestNow(now().toISOString());
}

const digestsTo = async (email: string) => (await emailsTo(email)).filter((mail) => mail.headers?.['List-Unsubscribe']);
/** The ads (ids) the one digest e-mailed to `email` links to. */
async function adsIn(email: string): Promise<string[]> {
  const digests = await digestsTo(email);
  expect(digests.length, `digests to ${email}`).toBeLessThanOrEqual(1);
  return (digests[0]?.links ?? [])
    .filter((link) => link.includes('/annonces/'))
    .map((link) => new URL(link).pathname.split('-').slice(-5).join('-'));
}

describe('weekly digest matching', () => {
  it('sends each alert the new ads within its radius that meet every criterion', async () => {
    const centre = newArea();
    const everything = await activeAlert(centre);
    const trucks = await activeAlert(centre, { criteria: { categories: ['DELIVERY_TRUCK'] } });
    const forSale = await activeAlert(centre, { criteria: { modes: ['SALE'] } });
    const cheap = await activeAlert(centre, { criteria: { priceRanges: ['FROM_100_TO_500'] } });
    const gfsi = await activeAlert(centre, { criteria: { certifications: ['GFSI'] } });
    const daytime = await activeAlert(centre, { criteria: { availability: { day: true, evening: false, weekdays: [] } } });
    const frenchWord = await activeAlert(centre, { criteria: { keyword: 'cuisines COMMERCIALES' } });
    const englishWords = await activeAlert(centre, { criteria: { keyword: 'refrigerated trucks' } });

    const near = await adAt(offset(centre, 9.9));
    const beyond = await adAt(offset(centre, 10.1));
    const truck = await adAt(offset(centre, 2), {
      category: 'DELIVERY_TRUCK',
      deliveryTruckType: 'VAN',
      professionalKitchenEquipment: [],
      title: { fr: 'Camion', en: 'Refrigerated truck' },
      availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [] },
      rent: { kind: 'AMOUNT', amountCents: 25_000, unit: 'DAY', description: { fr: null, en: null } },
    });
    const sold = await adAt(offset(centre, 3), {
      rent: null,
      sale: { kind: 'RANGE', amountCents: null, range: 'FROM_2000', description: { fr: null, en: null } },
      certifications: ['GFSI', 'HACCP'],
    });
    await weeklyRun();

    expect((await adsIn(everything)).sort()).toEqual([near, truck, sold].sort());
    expect(beyond).toBeDefined();
    expect(await adsIn(trucks)).toEqual([truck]);
    expect(await adsIn(forSale)).toEqual([sold]);
    expect(await adsIn(cheap)).toEqual([truck]);
    expect(await adsIn(gfsi)).toEqual([sold]);
    expect(await adsIn(daytime)).toEqual([truck]);
    expect((await adsIn(frenchWord)).sort()).toEqual([near, sold].sort());
    expect(await adsIn(englishWords)).toEqual([truck]);
  });

  it('sends nothing to an unconfirmed alert, nor to an alert without new ads', async () => {
    const centre = newArea();
    const pending = await activeAlert(centre, {}, { confirm: false });
    const farAway = await activeAlert(offset(centre, 200));
    const noMatch = await activeAlert(centre, { criteria: { categories: ['SURPLUS'] } });
    await adAt(centre);
    expect(await weeklyRun()).toEqual({ sent: 0 });
    for (const email of [pending, farAway, noMatch]) expect(await digestsTo(email)).toEqual([]);
  });

  it('writes the e-mail in the alert’s language: cards with the ad’s words, links in that language, a one-click unsubscribe', async () => {
    const centre = newArea();
    const email = await activeAlert(centre, { language: 'ENGLISH', radiusKm: 25 });
    const id = await adAt(offset(centre, 12.34), {
      title: { fr: 'Cuisine', en: 'Kitchen for rent, see www.piege.example' },
      rent: { kind: 'AMOUNT', amountCents: 123_450, unit: 'DAY', description: { fr: null, en: null } },
      trade: { description: { fr: 'Échange', en: null } },
    });
    await weeklyRun();
    const [mail] = await digestsTo(email);
    expect(mail!.subject).toBe('1 new ad for your alert');
    // What the owner typed is never a link.
    expect(mail!.links.some((link) => link.includes('piege.example'))).toBe(false);
    expect(mail!.text).toContain('\nRent: $1,234.50 / day · Trade\nMontréal · 12.3 km away\n');
    expect(mail!.html).toContain('Montréal · 12.3 km away');
    expect(mail!.text).toContain('within 25 km of Chez nous');
    const links = mail!.links.map((link) => new URL(link));
    const adLink = links.find((link) => link.pathname.startsWith('/annonces/') && link.pathname.endsWith(id))!;
    expect(adLink.origin).toBe(TEST_PUBLIC_URL);
    expect(adLink.searchParams.get('lang')).toBe('en');
    expect(
      links
        .filter((link) => link.pathname.startsWith('/alertes/') || link.pathname.startsWith('/annonces'))
        .every((link) => link.searchParams.get('lang') === 'en'),
    ).toBe(true);
    expect(links.some((link) => link.pathname.startsWith('/alertes/supprimer/'))).toBe(true);
    const unsubscribe = mail!.headers!['List-Unsubscribe']!;
    expect(unsubscribe).toMatch(new RegExp(`^<${TEST_PUBLIC_URL}/alerts/unsubscribe\\?id=[0-9a-f-]+&token=[\\w.-]+&lang=en>$`));
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});

describe('weekly digest runs', () => {
  it('sends nothing twice when run again, and only the newer ads the week after', async () => {
    const centre = newArea();
    const email = await activeAlert(centre);
    const first = await adAt(centre);
    await weeklyRun();
    clock.advance(60_000);
    // Run again the same week: the week's e-mail went out already.
    expect(await runDigestNow(now().toISOString())).toEqual({ sent: 0 });
    expect(await digestsTo(email)).toHaveLength(1);

    clock.advance(7 * 86_400_000 - 3 * 3_600_000);
    const second = await adAt(centre);
    await weeklyRun();
    const [latest, earlier] = await digestsTo(email);
    expect(latest!.text).toContain(second);
    expect(latest!.text).not.toContain(first);
    expect(earlier!.text).toContain(first);
  });

  it('after a crash halfway, a rerun sends every alert exactly one e-mail', async () => {
    const centre = newArea();
    const emails = await Promise.all(Array.from({ length: 6 }, () => activeAlert(centre)));
    await adAt(centre);
    const sender = mailer();
    const send = sender.send.bind(sender);
    let sends = 0;
    vi.spyOn(sender, 'send').mockImplementation(async (message) => {
      // Two go out, then the mail service fails for good (as if the run died).
      if (++sends > 2) throw new Error('SES unavailable');
      return send(message);
    });
    await expect(weeklyRun()).rejects.toThrow('digest shard(s) failed');
    const delivered = await Promise.all(emails.map(digestsTo));
    expect(delivered.filter((mails) => mails.length === 1)).toHaveLength(2);

    vi.restoreAllMocks();
    clock.advance(60_000);
    await runDigestNow(now().toISOString());
    for (const email of emails) expect(await digestsTo(email), email).toHaveLength(1);
  });

  it('the weekly cron fans out one job per shard through the scheduler, and the shard jobs send the digests', async () => {
    const centre = newArea();
    const email = await activeAlert(centre);
    await adAt(centre);
    clock.advance(3_600_000);
    const scheduledAt = now().toISOString();
    await digestHandler({ job: DIGEST_JOB, scheduledAt, payload: {} });
    const shards = (await listOneTimeSchedules()).filter((schedule) => schedule.job === DIGEST_SHARD_JOB);
    expect(shards.map((shard) => shard.name).sort()).toEqual(
      Array.from({ length: 16 }, (_, shard) => `alert-digest-${isoWeek(new Date(scheduledAt))}-${shard}`).sort(),
    );
    for (const shard of shards) {
      await takeOneTimeSchedule(shard.name);
      await shardHandler({ job: DIGEST_SHARD_JOB, scheduledAt: shard.at, payload: shard.payload });
    }
    expect(await digestsTo(email)).toHaveLength(1);
    await expect(shardHandler({ job: DIGEST_SHARD_JOB, scheduledAt, payload: { shard: 99, cutoff: scheduledAt } })).rejects.toThrow(
      'Malformed',
    );
  });
});

describe('isoWeek', () => {
  it('names the ISO week, whose year is its Thursday’s', () => {
    expect(isoWeek(new Date('2026-11-23T11:00:00Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2027-01-01T11:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2024-12-30T11:00:00Z'))).toBe('2025-W01');
  });
});
