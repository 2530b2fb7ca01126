import { randomUUID } from 'node:crypto';
import { QueryCommand as WireQueryCommand } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AD_APPROXIMATE_RADIUS_METERS, comparableDayPriceCents, type AdInput, type AdSearchInput, type AdSummary } from '@partage/graphql';
import { db, tableName } from '../data/client';
import { replaceContractRatings } from '../data/ratings';
import { addToCounts, getCellCounts, getSearchEntry, pointsBetween, putItems } from '../data/search-index';
import { cellCountKey, pointKey } from '../data/keys';
import type { UserRecord } from '../data/users';
import { approximatePoint } from '../domain/ads/location';
import { manualClock, now, useClock } from '../domain/clock';
import { distanceMeters, type Point } from '../domain/search/cell-cover';
import { encodeGeohash, geohashBounds } from '../domain/search/geohash';
import { forgetKeptPoints, SEARCH_TUNING } from '../domain/search/search-ads';
import {
  adInput,
  ANONYMOUS,
  asUser,
  errorCodeOf,
  givenAd,
  givenStoredImage,
  givenUser,
  invalidFieldsOf,
  newSourceAddress,
  resolverEvent,
  TEST_PUBLIC_URL,
  useTestOutbox,
  useUpRateLimit,
} from '../testing/fixtures';
import {
  givenAdAt,
  idsOf,
  near,
  newArea,
  offset,
  pageOf,
  search,
  type AdAtOptions,
  type SearchPage as Page,
} from '../testing/search-queries';
import { handler as adsHandler } from './ads';
import { handler } from './search';

useTestOutbox();
let owner: UserRecord;
let admin: UserRecord;
const DEFAULT_TUNING = { ...SEARCH_TUNING };

beforeAll(async () => {
  Object.assign(process.env, {
    FILE_STORE_ADAPTER: 'local',
    FILE_STORE_DIR: '/tmp/search-test-files',
    FILE_STORE_SECRET: 'test-file-store-secret',
  });
  [owner, admin] = await Promise.all([givenUser({ phoneVerified: true, phoneNumber: '+15145550123' }), givenUser({ role: 'ADMIN' })]);
});
afterEach(() => Object.assign(SEARCH_TUNING, DEFAULT_TUNING));

/** Every result, page after page. */
async function allOf(input: AdSearchInput, limit = 48): Promise<AdSummary[]> {
  const items: AdSummary[] = [];
  let nextToken: string | null = null;
  do {
    const page: Page = await pageOf(input, { limit, nextToken });
    items.push(...page.items);
    nextToken = page.nextToken;
  } while (nextToken);
  return items;
}

/** A published ad at `point` (address shown unless told), its id. */
const adAt = (point: Point, overrides: Partial<AdInput> = {}, options: AdAtOptions = {}) =>
  givenAdAt(point, overrides, { by: owner, ...options });

/** The price orders' amount: one day of the rent, else the sale's, 0 for a donation; null without one. */
const priceOf = ({ rent, sale, donation }: AdSummary) =>
  comparableDayPriceCents(rent) ?? comparableDayPriceCents(sale) ?? (donation ? 0 : null);

describe('Query.searchAds: filters', () => {
  it('filters by category, mode, price bucket, certifications and availability, and combines them', async () => {
    const centre = newArea();
    const truck = await adAt(centre, {
      category: 'DELIVERY_TRUCK',
      deliveryTruckType: 'VAN',
      certifications: [],
      rent: null,
      sale: { kind: 'AMOUNT', amountCents: 150_000, description: { fr: null, en: null } },
      availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [] },
    });
    const kitchen = await adAt(offset(centre, 1, 0), {
      certifications: ['HACCP', 'GFSI'],
      rent: { kind: 'RANGE', range: 'FROM_100_TO_500', unit: 'WEEK', description: { fr: null, en: null } },
      availability: { all: false, day: false, evening: true, weekdays: ['MONDAY'], restrictions: [] },
    });
    const donated = await adAt(offset(centre, 2, 0), {
      category: 'SURPLUS',
      certifications: ['HACCP'],
      rent: null,
      donation: { description: { fr: 'À donner', en: null } },
      availability: { all: false, day: true, evening: false, weekdays: ['SATURDAY'], restrictions: [] },
    });
    const tbd = await adAt(offset(centre, 3, 0), {
      rent: { kind: 'TO_BE_DETERMINED', unit: 'DAY', description: { fr: null, en: null } },
      certifications: [],
    });
    const found = async (input: AdSearchInput) => idsOf(await pageOf({ ...near(centre), ...input })).sort();
    const sorted = (...ids: string[]) => ids.sort();

    expect(await found({})).toEqual(sorted(truck, kitchen, donated, tbd));
    expect(await found({ categories: ['DELIVERY_TRUCK', 'SURPLUS'] })).toEqual(sorted(truck, donated));
    expect(await found({ modes: ['SALE'] })).toEqual([truck]);
    expect(await found({ modes: ['DONATION', 'SALE'] })).toEqual(sorted(truck, donated));
    expect(await found({ modes: ['RENT'] })).toEqual(sorted(kitchen, tbd));
    // A price to be determined is in no bucket; a picked range is in its own; an amount in the one holding it.
    expect(await found({ priceRanges: ['FROM_1000_TO_2000'] })).toEqual([truck]);
    expect(await found({ priceRanges: ['FROM_100_TO_500', 'FROM_0_TO_100'] })).toEqual([kitchen]);
    // Every certification asked must be held.
    expect(await found({ certifications: ['HACCP'] })).toEqual(sorted(kitchen, donated));
    expect(await found({ certifications: ['HACCP', 'GFSI'] })).toEqual([kitchen]);
    // Available at any time matches whatever is asked; otherwise a period asked on a weekday asked.
    expect(await found({ availability: { day: false, evening: true, weekdays: [] } })).toEqual(sorted(truck, kitchen, tbd));
    expect(await found({ availability: { day: true, evening: false, weekdays: [] } })).toEqual(sorted(truck, donated));
    expect(await found({ availability: { day: false, evening: false, weekdays: ['SATURDAY'] } })).toEqual(sorted(truck, donated));
    expect(await found({ availability: { day: false, evening: true, weekdays: ['SATURDAY'] } })).toEqual([truck]);
    expect(await found({ availability: { day: false, evening: false, weekdays: [] } })).toEqual(sorted(truck, kitchen, donated, tbd));
    // Criteria combine with AND.
    expect(await found({ certifications: ['HACCP'], modes: ['RENT'] })).toEqual([kitchen]);
    expect(await found({ categories: ['DELIVERY_TRUCK'], modes: ['RENT'] })).toEqual([]);
  });

  it('finds a keyword in titles and descriptions of both languages, whatever the accents, case and plurals; every word must appear', async () => {
    const centre = newArea();
    const cafe = await adAt(centre, { title: { fr: 'Équipement de Cafés', en: null } });
    const fridge = await adAt(offset(centre, 1, 0), {
      title: { fr: 'Camion', en: 'Truck' },
      description: { fr: '<p>Caisse <strong>réfrigérée</strong> neuve</p>', en: '<p>Two <em>ovens</em> and batteries</p>' },
    });
    const both = await adAt(offset(centre, 2, 0), { title: { fr: 'Four à café réfrigéré', en: null } });
    const found = async (keyword: string) => idsOf(await pageOf({ ...near(centre), keyword })).sort();

    for (const tuning of [{}, { countBound: 0, cellPoints: 1 }]) {
      // A few ads are read whole; many (here: any past none) are read cell by cell, nearest first.
      Object.assign(SEARCH_TUNING, DEFAULT_TUNING, tuning);
      expect(await found('cafe')).toEqual([cafe, both].sort());
      expect(await found('REFRIGERE')).toEqual([fridge, both].sort());
      expect(await found('oven')).toEqual([fridge]);
      expect(await found('battery')).toEqual([fridge]);
      expect(await found('café réfrigérés')).toEqual([both]);
      expect(await found('cafe pizza')).toEqual([]);
      // Stop words alone ask for nothing.
      expect(await found('de la')).toEqual([cafe, fridge, both].sort());
    }
  });

  it('finds an edited ad by its new words only', async () => {
    const centre = newArea();
    const id = await adAt(centre, { title: { fr: 'Trancheuse à jambon', en: null } });
    const input = adInput({
      title: { fr: 'Mélangeur planétaire', en: null },
      address: { ...adInput().address, ...centre, showAddress: true },
    });
    await adsHandler(resolverEvent('Mutation.updateAd', { id, input }, asUser(owner)));
    expect(idsOf(await pageOf({ ...near(centre), keyword: 'melangeurs' }))).toEqual([id]);
    expect(idsOf(await pageOf({ ...near(centre), keyword: 'jambon' }))).toEqual([]);
  });

  it('finds an ad by a word an edit gave back while an earlier edit was still removing it', async () => {
    // Given an ad whose word one edit removes while a second edit, in between, puts it back.
    const centre = newArea();
    const id = await adAt(centre, { title: { fr: 'Déshydrateur commercial', en: null } });
    const edit = (title: string) =>
      adsHandler(
        resolverEvent(
          'Mutation.updateAd',
          { id, input: adInput({ title: { fr: title, en: null }, address: { ...adInput().address, ...centre, showAddress: true } }) },
          asUser(owner),
        ),
      );
    const client = db();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    let between: Promise<unknown> | undefined;
    const interleaved = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      // The first edit's clean-up waits for the second edit.
      if (!between && command instanceof BatchWriteCommand && JSON.stringify(command.input).includes('DeleteRequest')) {
        between = edit('Déshydrateur commercial');
        await between;
      }
      return send(command);
    }) as never);
    try {
      // When the first edit ends last.
      await edit('Séchoir commercial');
    } finally {
      interleaved.mockRestore();
    }
    // Then the ad, titled with the word again, is found by it.
    expect(between).toBeDefined();
    expect(idsOf(await pageOf({ ...near(centre), keyword: 'deshydrateur' }))).toEqual([id]);
  });

  it('publishes and finds an ad whose text holds a very long word (a paragraph of Chinese has no spaces)', async () => {
    // Given an ad whose description is one "word" longer than a DynamoDB key may be.
    const centre = newArea();
    const draft = await adAt(
      centre,
      { title: { fr: 'Wok à induction', en: null }, description: { fr: `<p>${'炒'.repeat(700)}</p>`, en: null } },
      { published: false },
    );
    // When its owner publishes it.
    const published = await adsHandler(resolverEvent('Mutation.publishAd', { id: draft }, asUser(owner)));
    // Then it is published and found by its words.
    expect(errorCodeOf(published)).toBeUndefined();
    expect(idsOf(await pageOf({ ...near(centre), keyword: 'woks' }))).toEqual([draft]);
    expect(idsOf(await pageOf({ ...near(centre), keyword: '炒'.repeat(700 / 10) }))).toEqual([draft]);
  });
});

describe('Query.searchAds: orders', () => {
  it('sorts by distance both ways (the default with a place), and by publication date both ways, within the circle', async () => {
    const centre = newArea();
    const made = [];
    for (const km of [3, 1, 7, 5]) made.push({ id: await adAt(offset(centre, km, 0)), km });
    await adAt(offset(centre, 12, 0)); // out of the 10 km circle
    const byKm = [...made].sort((a, b) => a.km - b.km).map((ad) => ad.id);
    const published = made.map((ad) => ad.id);

    const nearest = await pageOf(near(centre));
    expect(idsOf(nearest)).toEqual(byKm);
    expect(nearest.items.map((item) => item.distanceKm)).toEqual([1, 3, 5, 7]);
    expect(idsOf(await pageOf({ ...near(centre), sort: 'DISTANCE_DESC' }))).toEqual([...byKm].reverse());
    expect(idsOf(await pageOf({ ...near(centre), sort: 'DATE_ASC' }))).toEqual(published);
    expect(idsOf(await pageOf({ ...near(centre), sort: 'DATE_DESC' }))).toEqual([...published].reverse());
  });

  it('lists the newest published ads first without a place, with no distance', async () => {
    const id = await adAt(newArea());
    const page = await pageOf({}, { limit: 3 });
    expect(page.items[0]).toMatchObject({ id, distanceKm: null });
    expect(page.nextToken).not.toBeNull();
    const oldestFirst = await allOf({ sort: 'DATE_ASC' });
    expect(oldestFirst.at(-1)!.id).toBe(id);
    expect(oldestFirst.map((item) => item.publishedAt)).toEqual(oldestFirst.map((item) => item.publishedAt).sort());
  });

  it('pages through every order with no duplicate and no gap while ads are published between pages, every page full but the last', async () => {
    const centre = newArea();
    // 24 ads in the circle, published among 12 out of it (which the reads must pass over).
    const made = await Promise.all(
      Array.from({ length: 36 }, (_, i) =>
        i % 3 === 2 ? adAt(offset(centre, 8, i / 6)) : adAt(offset(centre, (i % 6) - 2.5, (i % 4) - 1.5)),
      ),
    );
    const before = made.filter((_, i) => i % 3 !== 2);
    // Few points per cell and a tiny bound: the large-set paths, cells split, partitions read in many small pages.
    Object.assign(SEARCH_TUNING, { cellPoints: 1, countBound: 2, maxPartitionPage: 2 });
    for (const sort of ['DISTANCE_ASC', 'DISTANCE_DESC', 'DATE_ASC', 'DATE_DESC', 'PRICE_ASC', 'PRICE_DESC', 'RATING_DESC'] as const) {
      const seen: AdSummary[] = [];
      const meanwhile: string[] = [];
      let nextToken: string | null = null;
      let pages = 0;
      let shortPages = 0;
      do {
        const page: Page = await pageOf({ ...near(centre, 5), sort }, { limit: 4, nextToken });
        seen.push(...page.items);
        nextToken = page.nextToken;
        // A short page with a token would leave a client to guess whether to read on.
        if (nextToken && page.items.length < 4) shortPages++;
        if (++pages <= 3) meanwhile.push(await adAt(offset(centre, pages - 2, 0.5)));
      } while (nextToken && pages < 100);
      const ids = seen.map((item) => item.id);
      expect(shortPages, sort).toBe(0);
      expect(new Set(ids).size, sort).toBe(ids.length);
      expect(ids.filter((id) => before.includes(id)).sort(), sort).toEqual([...before].sort());
      // Pages follow one another in the order asked.
      const keys = seen.map((item) =>
        sort.startsWith('DISTANCE')
          ? distanceMeters(centre, item)
          : sort.startsWith('DATE') || sort === 'RATING_DESC' // (none rated: newest first)
            ? Date.parse(item.publishedAt)
            : (priceOf(item) ?? (sort.endsWith('DESC') ? -Infinity : Infinity)),
      );
      const ordered = [...keys].sort((a, b) => (sort.endsWith('DESC') ? b - a : a - b));
      expect(keys, sort).toEqual(ordered);
      // Ads published meanwhile after the last page read in the date order come at its end.
      if (sort === 'DATE_ASC') expect(ids.slice(-meanwhile.length)).toEqual(meanwhile);
    }
  });
  it('ends a search nothing matches in one request, in every order, among many ads; and the farthest first gives a full first page', async () => {
    // Given a dense area (40 ads within 2 km) read a few entries at a time, and a category none of them has.
    const centre = newArea();
    await Promise.all(Array.from({ length: 40 }, (_, i) => adAt(offset(centre, ((i % 8) - 4) / 4, ((i % 5) - 2) / 2))));
    Object.assign(SEARCH_TUNING, { cellPoints: 1, countBound: 2, maxPartitionPage: 2 });
    for (const sort of ['DISTANCE_ASC', 'DISTANCE_DESC', 'DATE_ASC', 'DATE_DESC', 'PRICE_ASC', 'PRICE_DESC', 'RATING_DESC'] as const) {
      // When it is searched: then one request says there is nothing, rather than an empty page and a token.
      const nothing = { items: [], nextToken: null, count: { value: 0, exact: true } };
      expect(await pageOf({ ...near(centre, 5), sort, categories: ['SURPLUS'] }), sort).toEqual(nothing);
      expect(await pageOf({ ...near(centre, 5), sort, keyword: 'introuvable' }), sort).toEqual(nothing);
      expect(await pageOf({ ...near(centre, 5), sort, certifications: ['GFSI'] }), sort).toEqual(nothing);
    }
    // And the farthest first comes at once: a full page, the ads at the edge.
    const farthest = await pageOf({ ...near(centre, 5), sort: 'DISTANCE_DESC' }, { limit: 10 });
    const nearestFirst = await allOf(near(centre, 5));
    expect(nearestFirst).toHaveLength(40);
    expect(idsOf(farthest)).toEqual(idsOf({ items: nearestFirst.slice(-10).reverse(), nextToken: null }));
    expect(farthest.nextToken).not.toBeNull();
  });
});

describe('Query.searchAds: the price orders', () => {
  it('compare one day of each price whatever its unit, donations first, on every page', async () => {
    const centre = newArea();
    const priced = (amountCents: number, unit: 'HOUR' | 'DAY' | 'WEEK') =>
      adAt(offset(centre, Math.random(), 0), { rent: { kind: 'AMOUNT', amountCents, unit, description: { fr: null, en: null } } });
    const perWeek = await priced(2_800, 'WEEK');
    const perHour = await priced(4_000, 'HOUR');
    const perDay = await priced(4_700, 'DAY');
    const perWeekMore = await priced(3_400, 'WEEK');
    const donation = await adAt(offset(centre, 0.5, 0.5), {
      rent: null,
      donation: { description: { fr: 'À donner', en: null } },
    });
    const ids: string[] = [];
    let nextToken: string | null = null;
    do {
      const page: Page = await pageOf({ ...near(centre, 5), sort: 'PRICE_ASC' }, { limit: 2, nextToken });
      ids.push(...idsOf(page));
      nextToken = page.nextToken;
    } while (nextToken);
    // 0 $ (given), 4 $ and 4.86 $ a day by the week, 47 $ a day, 320 $ a day at 40 $ an hour.
    expect(ids).toEqual([donation, perWeek, perWeekMore, perDay, perHour]);
  });
});

describe('Query.searchAds: what is listed', () => {
  it('lists only published, listed ads; an ad unpublished leaves at once, and comes back when published again', async () => {
    const centre = newArea();
    const live = await adAt(centre, { title: { fr: 'Friteuse double', en: null } });
    await adAt(offset(centre, 1, 0), { title: { fr: 'Friteuse brouillon', en: null } }, { published: false });
    await adAt(offset(centre, 2, 0), { title: { fr: 'Friteuse préparée', en: null } }, { by: admin, published: false });
    const listed = async () => [
      idsOf(await pageOf(near(centre))),
      idsOf(await pageOf({ ...near(centre), keyword: 'friteuses' })),
      idsOf(await pageOf({ ...near(centre), sort: 'DATE_DESC' })),
    ];
    expect(await listed()).toEqual([[live], [live], [live]]);

    await adsHandler(resolverEvent('Mutation.unpublishAd', { id: live }, asUser(owner)));
    expect(await listed()).toEqual([[], [], []]);
    expect((await allOf({})).map((item) => item.id)).not.toContain(live);
    await adsHandler(resolverEvent('Mutation.publishAd', { id: live }, asUser(owner)));
    expect(await listed()).toEqual([[live], [live], [live]]);
  });

  it('lists an ad once by a keyword after a failed clean-up left its points of an earlier publication', async () => {
    // Given an ad unpublished while its old points could not be deleted (the write after the transaction failed).
    const centre = newArea();
    const id = await adAt(centre, { title: { fr: 'Sorbetière italienne', en: null } });
    const client = db();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const failing = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof BatchWriteCommand) throw new Error('Network down');
      return send(command);
    }) as never);
    await expect(adsHandler(resolverEvent('Mutation.unpublishAd', { id }, asUser(owner)))).rejects.toThrow('Network down');
    failing.mockRestore();
    expect(idsOf(await pageOf({ ...near(centre), keyword: 'sorbetiere' }))).toEqual([]);
    // When it is published again (new points, at its new publication time).
    await adsHandler(resolverEvent('Mutation.publishAd', { id }, asUser(owner)));
    // Then its word finds it once, in every order.
    for (const sort of ['DISTANCE_ASC', 'DATE_DESC', 'PRICE_ASC'] as const) {
      const page = await search({ ...near(centre), keyword: 'sorbetieres', sort });
      expect(errorCodeOf(page), sort).toBeUndefined();
      expect(idsOf(page as Page), sort).toEqual([id]);
    }
  });

  it('never hands out a hidden address: the approximate point, its radius, and distances measured from it', async () => {
    const centre = newArea();
    const exact = offset(centre, 0.4, 0.3);
    const hidden = await adAt(exact, {}, { showAddress: false });
    const shown = await adAt(offset(centre, 2, 0));
    const page = await pageOf(near(centre));
    const item = page.items.find((candidate) => candidate.id === hidden)!;
    const approximate = approximatePoint(exact);
    expect(item).toMatchObject({ ...approximate, radiusMeters: AD_APPROXIMATE_RADIUS_METERS });
    expect(item.distanceKm).toBe(Math.round(distanceMeters(centre, approximate) / 100) / 10);
    expect(page.items.find((candidate) => candidate.id === shown)).toMatchObject({ radiusMeters: 0 });
    const text = JSON.stringify(page);
    expect(text).not.toContain(adInput().address.address);
    expect(text).not.toContain('postalCode');
    expect(text).not.toContain(String(exact.latitude));
  });

  it('gives what a card shows: path, titles, town, prices, modes, the first image with its URLs', async () => {
    const centre = newArea();
    const [small, large] = await Promise.all([givenStoredImage(owner, 480), givenStoredImage(owner, 1024)]);
    const id = await adAt(centre, {
      title: { fr: 'Cuisine Éole', en: 'Eole kitchen' },
      sale: { kind: 'RANGE', range: 'FROM_2000', description: { fr: null, en: null } },
      trade: { description: { fr: 'Échange', en: null } },
      images: [{ fileIds: [large, small], alt: { fr: 'La cuisine', en: 'The kitchen' } }],
    });
    const [item] = (await pageOf(near(centre))).items;
    expect(item).toEqual({
      id,
      path: `cuisine-eole-${id}`,
      title: { fr: 'Cuisine Éole', en: 'Eole kitchen' },
      category: 'PROFESSIONAL_KITCHEN',
      town: 'Montréal',
      latitude: centre.latitude,
      longitude: centre.longitude,
      radiusMeters: 0,
      image: {
        id: large,
        alt: { fr: 'La cuisine', en: 'The kitchen' },
        variants: [
          { fileId: small, url: `${TEST_PUBLIC_URL}/files/public/${small}`, width: 480, height: 360 },
          { fileId: large, url: `${TEST_PUBLIC_URL}/files/public/${large}`, width: 1024, height: 768 },
        ],
      },
      // The ad's tax mode rides with each price (issue 39 §3).
      rent: { kind: 'AMOUNT', amountCents: 4_500, range: null, unit: 'HOUR', taxMode: 'ADDED' },
      sale: { kind: 'RANGE', amountCents: null, range: 'FROM_2000', unit: null, taxMode: 'ADDED' },
      trade: true,
      donation: false,
      publishedAt: expect.any(String),
      distanceKm: 0,
    });
  });
});

describe('Query.searchAds: by equipment rating', () => {
  let month = 0;
  /** A tenant's rating of the ad's equipment (three criteria's stars), published as a contract's ratings are (data/ratings.ts). */
  async function rateEquipment(adId: string, [compliance, cleanliness, security]: [number, number, number]) {
    const contractId = randomUUID();
    const at = now().toISOString();
    const tenantId = randomUUID();
    const party = { respectOfContract: 4, communication: 4, reliability: 4 };
    const equipment = { compliance, cleanliness, security };
    const review = {
      contractId,
      side: 'TENANT' as const,
      authorId: tenantId,
      ratedUserId: owner.id,
      adId,
      month: `2025-${String((month++ % 12) + 1).padStart(2, '0')}`,
      stars: party,
      publishedAt: at,
    };
    await replaceContractRatings(
      undefined,
      {
        contractId,
        adId,
        ownerId: owner.id,
        tenantId,
        endAt: at,
        month: review.month,
        TENANT: { equipment, party, updatedAt: at, submittedAt: at, publishedAt: at },
      },
      [{ side: 'TENANT', review, equipment }],
    );
  }
  const byRating = (centre: Point, more: AdSearchInput = {}) => ({ ...near(centre), sort: 'RATING_DESC' as const, ...more });
  const idsIn = async (input: AdSearchInput, limit?: number) => (await allOf(input, limit)).map((item) => item.id);

  it('puts the best rated equipment first, the newest first among equal averages, the unrated last (newest first), page after page', async () => {
    const centre = newArea();
    const at = (km: number, overrides: Partial<AdInput> = {}) =>
      adAt(offset(centre, km, 0), { title: { fr: 'Tempéreuse à chocolat', en: null }, ...overrides });
    const unratedOld = await at(1);
    const fair = await at(2);
    const goodOld = await at(3);
    const best = await at(4);
    const goodNew = await at(5);
    const unratedNew = await at(6);
    const otherCategory = await at(7, { category: 'SURPLUS' });
    await rateEquipment(fair, [3, 3, 3]);
    await rateEquipment(goodOld, [4, 4, 5]);
    await rateEquipment(goodNew, [5, 4, 4]);
    await rateEquipment(best, [5, 5, 4]);
    await rateEquipment(best, [5, 5, 5]);
    await rateEquipment(otherCategory, [1, 1, 1]);

    // 4.8, then two at 4.3 (the later publication first), 3.0, 1.0, then the unrated.
    const expected = [best, goodNew, goodOld, fair, otherCategory, unratedNew, unratedOld];
    expect(await idsIn(byRating(centre))).toEqual(expected);
    // Every page a full one, its token valid for the next, across the rated and the unrated ones.
    expect(await idsIn(byRating(centre), 2)).toEqual(expected);
    expect(await idsIn(byRating(centre), 5)).toEqual(expected);
    // The large set's path (the rated shards, then the date partitions), read one item at a time, as the small set's.
    for (const tuning of [{}, { cellPoints: 1, countBound: 2, maxPartitionPage: 1 }]) {
      Object.assign(SEARCH_TUNING, DEFAULT_TUNING, tuning);
      expect(await idsIn(byRating(centre), 3)).toEqual(expected);
      // The filters apply as in every order: a category, a keyword (a stem's points are read whole).
      expect(await idsIn(byRating(centre, { categories: ['PROFESSIONAL_KITCHEN'] }), 2)).toEqual(
        expected.filter((id) => id !== otherCategory),
      );
      expect(await idsIn(byRating(centre, { modes: ['RENT'] }), 2)).toEqual(expected);
      expect(await idsIn(byRating(centre, { keyword: 'tempereuses' }), 2)).toEqual(expected);
      expect(await idsIn({ keyword: 'tempereuses', sort: 'RATING_DESC' }, 3)).toEqual(expected);
    }
    // A token of this order is refused by another.
    const { nextToken } = await pageOf(byRating(centre), { limit: 2 });
    expect(invalidFieldsOf(await search({ ...near(centre), sort: 'DATE_DESC' }, { limit: 2, nextToken }))).toEqual(['nextToken:oneOf']);
  });

  it('moves an ad when a rating of its equipment is published, and keeps its place through its own writes', async () => {
    const centre = newArea();
    const first = await adAt(centre);
    const second = await adAt(offset(centre, 1, 0));
    const order = () => idsIn(byRating(centre));
    expect(await order()).toEqual([second, first]);

    await rateEquipment(first, [3, 3, 3]);
    expect(await order()).toEqual([first, second]);
    await rateEquipment(second, [5, 5, 5]);
    expect(await order()).toEqual([second, first]);
    // (15 + 3 + 3) / 9 = 2.3 < 3.0
    await rateEquipment(second, [1, 1, 1]);
    await rateEquipment(second, [1, 1, 1]);
    expect(await order()).toEqual([first, second]);

    // Edited, it stays at its place; unpublished, it leaves the order; a rating published meanwhile
    // counts once it is published again (at its new publication time).
    await adsHandler(
      resolverEvent(
        'Mutation.updateAd',
        {
          id: first,
          input: adInput({ address: { ...adInput().address, ...centre, showAddress: true }, title: { fr: 'Four à sole', en: null } }),
        },
        asUser(owner),
      ),
    );
    expect(await order()).toEqual([first, second]);
    await adsHandler(resolverEvent('Mutation.unpublishAd', { id: second }, asUser(owner)));
    expect(await order()).toEqual([first]);
    await rateEquipment(second, [5, 5, 5]);
    expect(await order()).toEqual([first]);
    await adsHandler(resolverEvent('Mutation.publishAd', { id: second }, asUser(owner)));
    // (21 + 15) / 12 = 3.0, as the first's: its new publication is the newer.
    expect(await order()).toEqual([second, first]);
    await adsHandler(resolverEvent('Mutation.unpublishAd', { id: first }, asUser(owner)));
    expect(await order()).toEqual([second]);
  });

  it('reads the cards of the rated ads in the circle only, and follows an ad moved, even while a rating of it is published', async () => {
    const centre = newArea();
    const [inside, outside] = [await adAt(centre), await adAt(offset(centre, 20, 0))];
    await rateEquipment(inside, [3, 3, 3]);
    await rateEquipment(outside, [4, 4, 4]);
    const input = byRating(centre, { near: { ...centre, radiusKm: 5 } });
    /** The ads whose cards a search reads, and what it finds. */
    const cardsRead = async () => {
      const client = db();
      const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
      const ids = new Set<string>();
      const spy = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
        if (command instanceof BatchGetCommand) {
          for (const key of Object.values(command.input.RequestItems!).flatMap((request) => request.Keys ?? [])) {
            if (key.SK === 'SEARCH') ids.add(String(key.PK).slice('AD#'.length));
          }
        }
        return send(command);
      }) as never);
      try {
        return { found: await idsIn(input), ids };
      } finally {
        spy.mockRestore();
      }
    };
    // A large set's path (cells split to the finest: the one holding `inside` lies wholly in the
    // circle): the rated shards, whose aggregates hold their ad's place.
    Object.assign(SEARCH_TUNING, { cellPoints: 0, countBound: 0 });
    const before = await cardsRead();
    expect(before.found).toEqual([inside]);
    expect(before.ids.has(inside)).toBe(true);
    expect(before.ids.has(outside)).toBe(false);

    // Moved into the circle while a rating of it is published: the rating, which read the ad's old
    // place, is refused (its caller reads again); then both the move and the rating count.
    const moveTo = (point: Point) =>
      adsHandler(
        resolverEvent(
          'Mutation.updateAd',
          { id: outside, input: adInput({ address: { ...adInput().address, ...point, showAddress: true } }) },
          asUser(owner),
        ),
      );
    const client = db();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    let moved = false;
    const crossing = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      const items =
        command instanceof TransactWriteCommand ? (command.input.TransactItems as { Put?: { Item?: Record<string, unknown> } }[]) : [];
      if (!moved && items[0]?.Put?.Item?.type === 'ContractRatings') {
        moved = true;
        await moveTo(offset(centre, 1, 0));
      }
      return send(command);
    }) as never);
    await expect(rateEquipment(outside, [5, 5, 5])).rejects.toMatchObject({ reason: 'STALE_VERSION' });
    crossing.mockRestore();
    expect((await cardsRead()).found).toEqual([outside, inside]);
    await rateEquipment(outside, [1, 1, 1]);
    expect((await cardsRead()).found).toEqual([inside, outside]);
    // Moved out again: its card is not read any more.
    await moveTo(offset(centre, 20, 0));
    const after = await cardsRead();
    expect(after.found).toEqual([inside]);
    expect(after.ids.has(outside)).toBe(false);
  });

  it('keeps the order in step when a rating is published while the ad is written: the later of the two reads again', async () => {
    const centre = newArea();
    const ad = await adAt(centre);
    const other = await adAt(offset(centre, 1, 0));
    await rateEquipment(other, [3, 3, 3]);
    const order = () => idsIn(byRating(centre));
    /** Runs `meanwhile` once, just before the first transaction `matches` picks is sent. */
    const crossing = (matches: (items: { Put?: { Item?: Record<string, unknown> } }[]) => boolean, meanwhile: () => Promise<unknown>) => {
      const client = db();
      const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
      let crossed = false;
      return vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
        if (!crossed && command instanceof TransactWriteCommand && matches(command.input.TransactItems as never)) {
          crossed = true;
          await meanwhile();
        }
        return send(command);
      }) as never);
    };

    // A rating published between the edit's read of the sums and its transaction: the edit is done anew.
    const edit = crossing(
      (items) => items[0]?.Put?.Item?.type === 'Ad',
      () => rateEquipment(ad, [5, 5, 5]),
    );
    const edited = await adsHandler(
      resolverEvent(
        'Mutation.updateAd',
        {
          id: ad,
          input: adInput({ address: { ...adInput().address, ...centre, showAddress: true }, title: { fr: 'Laminoir', en: null } }),
        },
        asUser(owner),
      ),
    );
    edit.mockRestore();
    expect(errorCodeOf(edited)).toBeUndefined();
    expect(await order()).toEqual([ad, other]);

    // The ad unpublished between a publication's reads and its transaction: the publication is refused (its callers read again).
    const unpublish = crossing(
      (items) => items[0]?.Put?.Item?.type === 'ContractRatings',
      () => adsHandler(resolverEvent('Mutation.unpublishAd', { id: other }, asUser(owner))),
    );
    await expect(rateEquipment(other, [1, 1, 1])).rejects.toMatchObject({ reason: 'STALE_VERSION' });
    unpublish.mockRestore();
    expect(await order()).toEqual([ad]);
    await adsHandler(resolverEvent('Mutation.publishAd', { id: other }, asUser(owner)));
    expect(await order()).toEqual([ad, other]);
  });
});

describe('Query.searchAds: cost', () => {
  /** Requests to the table while `run` runs, and the items they read; `kept`: with the points earlier searches kept, else as the first search in its area. */
  async function reads<T>(run: () => Promise<T>, { kept = false } = {}) {
    if (!kept) forgetKeptPoints();
    const client = db();
    const send = client.send.bind(client) as (command: unknown) => Promise<Record<string, unknown>>;
    // `withStems`: the Queries reading the stems points hold (attribute `w`).
    // `points`: the items of the Queries (points, and count items of a stem's scope without a place).
    const seen = { queries: 0, withStems: 0, requests: 0, items: 0, points: 0 };
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      seen.requests++;
      // (Points are read as the wire has them: the SDK's own QueryCommand, not the document client's.)
      const query = command instanceof QueryCommand || command instanceof WireQueryCommand ? command : null;
      if (query) seen.queries++;
      if (query && Object.values(query.input.ExpressionAttributeNames ?? {}).includes('w')) seen.withStems++;
      const output = await send(command);
      const responses = output.Responses as Record<string, unknown[]> | undefined;
      seen.items += ((output.Items as unknown[] | undefined) ?? Object.values(responses ?? {}).flat()).length;
      if (query) seen.points += (output.Items as unknown[]).length;
      return output;
    }) as never);
    try {
      return { result: await run(), ...seen };
    } finally {
      spy.mockRestore();
    }
  }

  it("reads the points of one of the keyword's words, however many it has, and still asks for them all", async () => {
    // Given an ad holding six words, and a keyword of those six and of 15 words no ad holds (under 100 characters).
    const centre = newArea();
    const id = await adAt(centre, { title: { fr: 'Pétrin spirale trente litres acier inoxydable', en: null } });
    const words = 'petrin spirale trente litres acier inoxydable';
    const absent = Array.from({ length: 15 }, (_, i) => `q${String.fromCharCode(97 + i)}`).join(' ');
    const found = async (keyword: string) => {
      const { result, queries, withStems } = await reads(() => pageOf({ ...near(centre), keyword }));
      return { found: idsOf(result), queries, withStems };
    };
    // When both are searched: then the points of one word's cell are read, and every word still counts.
    expect(await found(words)).toEqual({ found: [id], queries: 1, withStems: 1 });
    expect(await found(`${words} ${absent}`)).toEqual({ found: [], queries: 1, withStems: 1 });
    expect((await found(`${words} ${words.split(' ').reverse().join(' ')}`)).found).toEqual([id]);
    // One word: its points are read without the stems they hold for the other words (nothing checks them).
    expect(await found('spirale')).toEqual({ found: [id], queries: 1, withStems: 0 });
    expect(await found(absent.split(' ')[0]!)).toEqual({ found: [], queries: 0, withStems: 0 });
  });

  it('ends a search of a wide, empty circle on its counts, and reads one cell of a wide circle holding one ad', async () => {
    // Given a 300 km circle with nothing in it but one ad near its edge (Nunavik, far north of the other tests' ads).
    const centre = { latitude: 61.5, longitude: -77 };
    const empty = await reads(() => pageOf({ ...near({ latitude: 57, longitude: -57 }, 300), sort: 'DISTANCE_DESC' }));
    expect(empty).toMatchObject({ result: { items: [], nextToken: null, count: { value: 0, exact: true } }, requests: 1 });
    const far = await adAt(offset(centre, 0, 280));
    for (const sort of ['DISTANCE_DESC', 'DISTANCE_ASC', 'DATE_DESC', 'PRICE_ASC'] as const) {
      // When the whole circle is searched: its counts, its one cell, its one card.
      const search = await reads(() => pageOf({ ...near(centre, 300), sort }));
      expect(idsOf(search.result), sort).toEqual([far]);
      expect(search.requests, sort).toBe(3);
    }
  });

  it("sizes a date partition's first read by the circle's share of it: one Query for the newest of a corner", async () => {
    // Given 5 ads in a 2 km circle, then 20 published after them 6 km away, all in one date partition.
    const centre = newArea();
    await Promise.all(Array.from({ length: 5 }, (_, i) => adAt(offset(centre, i * 0.2, 0))));
    await Promise.all(Array.from({ length: 20 }, (_, i) => adAt(offset(centre, 6, i * 0.1))));
    // (A mode every ad has: a criterion the scope does not decide, so that the set is not read whole.)
    const input: AdSearchInput = { ...near(centre, 2), sort: 'DATE_DESC', modes: ['RENT'] };
    const newest = (await allOf(input)).slice(0, 3);
    // When they are a large set (read by date, its cells counted finely) and the newest 3 of the circle are asked.
    Object.assign(SEARCH_TUNING, { countBound: 2, cellPoints: 1 });
    const page = await reads(() => pageOf(input, { limit: 3 }));
    // Then one Query of the partition finds them, past the 20 newer ads outside the circle.
    expect(idsOf(page.result)).toEqual(newest.map((item) => item.id));
    expect(page.queries).toBe(1);
  });

  it('reads the cells nearest a dense place until they hold the page, whatever the number of ads around', async () => {
    // Given 40 ads within 1.5 km, counted as a large set split in fine cells, around the middle of a
    // 5-character cell (what is read depends on where the cells' bounds fall, not on the tests before).
    const area = newArea();
    const cell = geohashBounds(encodeGeohash(area.latitude, area.longitude, 5));
    const centre = { latitude: (cell.minLatitude + cell.maxLatitude) / 2, longitude: (cell.minLongitude + cell.maxLongitude) / 2 };
    await Promise.all(Array.from({ length: 40 }, (_, i) => adAt(offset(centre, ((i % 8) - 3.5) / 2.5, (Math.floor(i / 8) - 2) / 2))));
    Object.assign(SEARCH_TUNING, { cellPoints: 1, gapPoints: 0, countBound: 10 });
    // When the 5 nearest are asked, then far fewer points than the area holds are read, and the page is the nearest.
    const nearest = await reads(() => pageOf(near(centre, 5), { limit: 5 }));
    expect(nearest.points).toBeLessThan(20);
    const all = await allOf(near(centre, 5));
    expect(idsOf(nearest.result)).toEqual(all.slice(0, 5).map((item) => item.id));
  });
  it('keeps the points it read for the next searches in the area, and reads them again after any write of a point there', async () => {
    // Given three ads in a small area, searched once by price (a small set: its cells read whole).
    const centre = newArea();
    const address = { ...adInput().address, ...centre, showAddress: true };
    const rent = (amountCents: number) => ({
      kind: 'AMOUNT' as const,
      amountCents,
      unit: 'HOUR' as const,
      description: { fr: null, en: null },
    });
    const [cheap, middle, dear] = [
      await adAt(centre, { rent: rent(1_000) }),
      await adAt(centre, { rent: rent(2_000) }),
      await adAt(centre, { rent: rent(3_000) }),
    ];
    const byPrice = { ...near(centre), sort: 'PRICE_ASC' as const };
    const first = await reads(() => pageOf(byPrice));
    expect(idsOf(first.result)).toEqual([cheap, middle, dear]);
    expect(first.queries).toBeGreaterThan(0);
    // When the same area is searched again, in another order: its counts and cards only, no point read.
    const again = await reads(() => pageOf({ ...byPrice, sort: 'DISTANCE_DESC' }), { kept: true });
    expect(again.queries).toBe(0);
    expect(idsOf(again.result).sort()).toEqual([cheap, middle, dear].sort());

    // When an ad's price changes (its points rewritten in place) and one more ad is published there:
    // then the next search reads the area again and sees both, and the one after reads nothing again.
    await adsHandler(resolverEvent('Mutation.updateAd', { id: dear, input: adInput({ address, rent: rent(500) }) }, asUser(owner)));
    const edited = await reads(() => pageOf(byPrice), { kept: true });
    expect(edited.queries).toBeGreaterThan(0);
    expect(idsOf(edited.result)).toEqual([dear, cheap, middle]);
    const newest = await adAt(centre, { rent: rent(1_500) });
    expect(idsOf((await reads(() => pageOf(byPrice), { kept: true })).result)).toEqual([dear, cheap, newest, middle]);
    expect((await reads(() => pageOf(byPrice), { kept: true })).queries).toBe(0);
    // An ad unpublished leaves at once too.
    await adsHandler(resolverEvent('Mutation.unpublishAd', { id: cheap }, asUser(owner)));
    expect(idsOf((await reads(() => pageOf(byPrice), { kept: true })).result)).toEqual([dear, newest, middle]);
  });

  it('reads cells next to each other in the key order in one Query, though their parents differ', async () => {
    // Given an ad in the last 7-character cell of a 6-character one and one in the first of the next:
    // 750 m apart, next to each other in the key order.
    const area = newArea();
    const base = encodeGeohash(area.latitude, area.longitude, 5);
    const centreOf = (hash: string) => {
      const bounds = geohashBounds(hash);
      return { latitude: (bounds.minLatitude + bounds.maxLatitude) / 2, longitude: (bounds.minLongitude + bounds.maxLongitude) / 2 };
    };
    const [last, first] = [centreOf(`${base}bz`), centreOf(`${base}c0`)];
    const ids = await Promise.all([last, first].map((point) => adAt(point)));
    // (Every cell holding a point split down to the finest counted: the two are read as 7-character cells.)
    Object.assign(SEARCH_TUNING, { cellPoints: 0, countBound: 1, gapPoints: 0 });
    // When both are asked for, nearest first: then one Query reads the two cells.
    const middle = { latitude: (last.latitude + first.latitude) / 2, longitude: (last.longitude + first.longitude) / 2 };
    const search = await reads(() => pageOf(near(middle, 1), { limit: 2 }));
    expect(search.queries).toBe(1);
    expect(idsOf(search.result).sort()).toEqual(ids.sort());
  });
});

describe('Query.searchAds: a table written before', () => {
  it('says to re-index it when a point lacks its one-attribute fields, rather than failing on them', async () => {
    // Given a point as written before its fields were one attribute (`d`).
    const area = newArea();
    const geohash = encodeGeohash(area.latitude, area.longitude, 9);
    await putItems([{ ...pointKey('*', geohash, randomUUID()), i: 'old', y: 45.5, x: -73.5, t: '2026-01-01T00:00:00.000Z' }]);
    // When its cell is read: then the error names the re-index.
    await expect(pointsBetween('*', geohash, geohash)).rejects.toThrow(/npm run reindex:search/);
  });
  it('says to re-index it when a count item holds a number per cell, not its `cells` text', async () => {
    // Given a scope's count item as written before, one number attribute per cell.
    const scope = `C:${randomUUID()}`;
    await putItems([{ ...cellCountKey(scope, 'f25'), n: 1, cf25: 1 }]);
    // When it is read, or added to: then the error names the re-index.
    await expect(getCellCounts([{ scope, prefix: 'f25' }])).rejects.toThrow(/npm run reindex:search/);
    await expect(addToCounts([{ scope, prefix: 'f25', amounts: { n: 1, cf25: 1 } }])).rejects.toThrow(/npm run reindex:search/);
  });
});

describe('Query.searchAds: cell counts', () => {
  const countsOf = async (scope: string) => (await getCellCounts([{ scope, prefix: 'f25' }])).get(`${scope} f25`);

  it('writes changes asked at once to one count item together, losing none, and drops cells back to nothing', async () => {
    // Given 30 additions to one count item at once, over three cells.
    const scope = `C:${randomUUID()}`;
    const cells = ['cab', 'cac', 'cad'];
    const client = db();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    let writes = 0;
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof UpdateCommand) writes++;
      return send(command);
    }) as never);
    try {
      await Promise.all(
        Array.from({ length: 30 }, (_, i) => addToCounts([{ scope, prefix: 'f25', amounts: { n: 1, [cells[i % 3]!]: 1 } }])),
      );
    } finally {
      spy.mockRestore();
    }
    // Then every one is counted, in fewer writes than changes (those asked during a write go in the next).
    expect(await countsOf(scope)).toEqual({ n: 30, cab: 10, cac: 10, cad: 10 });
    expect(writes).toBeLessThan(30);
    // When a cell's points all go: then it is no longer listed, and the others stay.
    await addToCounts([{ scope, prefix: 'f25', amounts: { n: -10, cac: -10 } }]);
    expect(await countsOf(scope)).toEqual({ n: 20, cab: 10, cad: 10 });
  });

  it('reads a count item again when another process wrote it between its read and its write', async () => {
    // Given a count item, and another process that writes it just after this one has read it.
    const scope = `C:${randomUUID()}`;
    await addToCounts([{ scope, prefix: 'f25', amounts: { n: 1, cab: 1 } }]);
    const client = db();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    let reads = 0;
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      const answer = await send(command);
      if (command instanceof GetCommand && ++reads === 1) {
        await send(
          new UpdateCommand({
            TableName: tableName(),
            Key: cellCountKey(scope, 'f25'),
            UpdateExpression: 'SET n = :n, cells = :cells',
            ExpressionAttributeValues: { ':n': 2, ':cells': 'ab:1 ac:1' },
          }),
        );
      }
      return answer;
    }) as never);
    try {
      // When this process adds to it.
      await addToCounts([{ scope, prefix: 'f25', amounts: { n: 1, cad: 1 } }]);
    } finally {
      spy.mockRestore();
    }
    // Then its write, refused, was made again on what the other wrote: both changes are counted.
    expect(reads).toBe(2);
    expect(await countsOf(scope)).toEqual({ n: 3, cab: 1, cac: 1, cad: 1 });
  });
});

describe('Query.searchAds: writes of an ad', () => {
  /** The index's writes while `run` runs: transaction items, batch items (puts and deletes), count updates. */
  async function writes(run: () => Promise<unknown>) {
    const client = db();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const seen = { transactionItems: 0, batchItems: 0, countUpdates: 0, versionRaises: 0 };
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof TransactWriteCommand) seen.transactionItems += command.input.TransactItems!.length;
      if (command instanceof BatchWriteCommand) seen.batchItems += Object.values(command.input.RequestItems!).flat().length;
      if (command instanceof UpdateCommand) seen[String(command.input.Key!.PK).startsWith('PTV#') ? 'versionRaises' : 'countUpdates']++;
      return send(command);
    }) as never);
    try {
      await run();
      return seen;
    } finally {
      spy.mockRestore();
    }
  }

  it('publishes with one point per scope and date and price, one count write per stem; an edit writes only what moved', async () => {
    const centre = newArea();
    const text = { title: { fr: 'Four à sole trois étages avec vapeur', en: null } };
    const { id } = await givenAd(owner, { ...text, address: { ...adInput().address, ...centre, showAddress: true } });
    const published = await writes(() => adsHandler(resolverEvent('Mutation.publishAd', { id }, asUser(owner))));
    const stems = (await getSearchEntry(id))!.terms.length;
    // The ad, its card, its equipment's place; a geo point per scope (all, its category, each stem) and
    // a date and a price point for the first two; three count items for each of these two, one per stem;
    // the version of the points' cell (point-cache.ts).
    expect(published).toEqual({ transactionItems: 3, batchItems: stems + 6, countUpdates: stems + 6, versionRaises: 1 });

    // An edit that moves no search field writes the ad's transaction alone.
    const same = adInput({ ...text, address: { ...adInput().address, ...centre, showAddress: true }, organization: 'Autre organisme' });
    expect(await writes(() => adsHandler(resolverEvent('Mutation.updateAd', { id, input: same }, asUser(owner))))).toEqual({
      transactionItems: 3,
      batchItems: 0,
      countUpdates: 0,
      versionRaises: 0,
    });
    // A word of the title changed: the new stem's point and count, the lost one's, and the points of
    // the longer stems (they hold the shorter ones), not all of them.
    const edited = { ...same, title: { fr: 'Four à sole trois étages avec buée', en: null } };
    const edit = await writes(() => adsHandler(resolverEvent('Mutation.updateAd', { id, input: edited }, asUser(owner))));
    expect(edit.countUpdates).toBe(2);
    // The version raised after the points put, then after those deleted.
    expect(edit.versionRaises).toBe(2);
    expect(edit.batchItems).toBeLessThan(stems);
    expect(idsOf(await pageOf({ ...near(centre), keyword: 'buée sole' }))).toEqual([id]);
    expect(idsOf(await pageOf({ ...near(centre), keyword: 'vapeur' }))).toEqual([]);

    // Unpublished: every point and count taken back.
    expect(await writes(() => adsHandler(resolverEvent('Mutation.unpublishAd', { id }, asUser(owner))))).toEqual(published);
  });
});

describe('Query.searchAds: refusals', () => {
  it('says which field is wrong: the radius, a distance order without a place, the point, the page size', async () => {
    const centre = newArea();
    const fields = async (input: AdSearchInput, more = {}) => invalidFieldsOf(await search(input, more));
    expect(await fields(near(centre, 0))).toEqual(['input.near.radiusKm:oneOf']);
    expect(await fields(near(centre, 301))).toEqual(['input.near.radiusKm:oneOf']);
    expect(await fields({ near: { ...centre, radiusKm: 2.5 } })).toEqual(['input.near.radiusKm:oneOf']);
    expect(await fields({ near: { latitude: 91, longitude: 0, radiusKm: 10 } })).toEqual(['input.near.latitude:latLong']);
    // Searches are centred over Quebec and its margin (SEARCH_AREA): a 300 km circle at the pole would read thousands of cells.
    expect(await fields({ near: { latitude: 89.9, longitude: -70, radiusKm: 300 } })).toEqual(['input.near.latitude:latLong']);
    expect(await fields({ near: { latitude: 48.85, longitude: 2.35, radiusKm: 10 } })).toEqual(['input.near.latitude:latLong']);
    expect(await fields({ sort: 'DISTANCE_ASC' })).toEqual(['input.near:required']);
    expect(await fields({ sort: 'DISTANCE_DESC' })).toEqual(['input.near:required']);
    expect(await fields({}, { limit: 0 })).toEqual(['limit:oneOf']);
    expect(await fields({}, { limit: 49 })).toEqual(['limit:oneOf']);
    expect(await fields({ keyword: 'x'.repeat(101) })).toEqual(['input.keyword:maxLength']);
  });

  it("refuses a token it did not hand out, or one of another search's", async () => {
    const centre = newArea();
    await Promise.all([adAt(centre), adAt(offset(centre, 1, 0))]);
    const { nextToken } = await pageOf(near(centre), { limit: 1 });
    expect(nextToken).not.toBeNull();
    const refusal = async (input: AdSearchInput, token: string) => invalidFieldsOf(await search(input, { limit: 1, nextToken: token }));
    expect(await refusal(near(centre), 'bidon')).toEqual(['nextToken:oneOf']);
    expect(await refusal(near(centre), Buffer.from('{"meters":"a"}').toString('base64url'))).toEqual(['nextToken:oneOf']);
    expect(await refusal({ ...near(centre), categories: ['SURPLUS'] }, nextToken!)).toEqual(['nextToken:oneOf']);
    expect(await refusal({ ...near(centre), sort: 'DATE_DESC' }, nextToken!)).toEqual(['nextToken:oneOf']);
    expect(await refusal(near(centre, 11), nextToken!)).toEqual(['nextToken:oneOf']);
    // The same search in another form (the default order spelt out) goes on.
    expect((await pageOf({ ...near(centre), sort: 'DISTANCE_ASC' }, { limit: 1, nextToken })).items).toHaveLength(1);
  });

  it('limits anonymous callers per source address (RATE_LIMITED), not other addresses', async () => {
    // A still clock: the bucket refills 2 a second, faster than the test spends it.
    const restore = useClock(manualClock());
    const source = newSourceAddress();
    await useUpRateLimit('searchAds', source, 1);
    const from = (address: string) => handler(resolverEvent('Query.searchAds', { input: {} }, ANONYMOUS, address));
    expect(errorCodeOf(await from(source))).toBeUndefined();
    expect(errorCodeOf(await from(source))).toBe('RATE_LIMITED');
    expect(errorCodeOf(await from(newSourceAddress()))).toBeUndefined();
    restore();
  });
});
