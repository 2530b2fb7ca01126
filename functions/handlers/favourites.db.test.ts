import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAVOURITES_PER_USER_MAX } from '@partage/graphql';
import { db, tableName } from '../data/client';
import { favouriteCountKey } from '../data/keys';
import type { UserRecord } from '../data/users';
import { manualClock, useClock } from '../domain/clock';
import { ANONYMOUS, asUser, errorCodeOf, givenAd, givenUser, invalidFieldsOf, resolverCaller, useTestOutbox } from '../testing/fixtures';
import { handler as adsHandler } from './ads';
import { handler } from './favourites';

useTestOutbox();
const call = resolverCaller(handler);
const callAds = resolverCaller(adsHandler);
let owner: UserRecord;
let admin: UserRecord;

beforeAll(async () => {
  process.env.FILE_STORE_ADAPTER = 'local';
  process.env.FILE_STORE_DIR = '/tmp/favourites-test-files';
  process.env.FILE_STORE_SECRET = 'test-file-store-secret';
  [owner, admin] = await Promise.all([givenUser({ phoneVerified: true, phoneNumber: '+15145550123' }), givenUser({ role: 'ADMIN' })]);
});

interface Favourite {
  adId: string;
  savedAt: string;
  title: { fr: string | null; en: string | null };
  ad: { id: string; path: string; town: string } | null;
}
interface Page {
  items: Favourite[];
  nextToken: string | null;
}

const publishedAd = (titleFr: string) => givenAd(owner, { title: { fr: titleFr, en: null } }, { published: true });
const save = (user: UserRecord, adId: string) => call('Mutation.addFavourite', { adId }, asUser(user));
const remove = (user: UserRecord, adId: string) => call('Mutation.removeFavourite', { adId }, asUser(user));
const ids = async (user: UserRecord) => ((await call('Query.myFavouriteAdIds', {}, asUser(user))) as string[]).sort();
const list = async (user: UserRecord, args: { limit?: number; nextToken?: string | null } = {}) =>
  (await call('Query.myFavourites', args, asUser(user))) as Page;

describe('favourites', () => {
  it('saves a published ad once, lists it with its card, and removes it', async () => {
    const user = await givenUser();
    const ad = await publishedAd('Four à convection');

    expect(await save(user, ad.id)).toBe(ad.id);
    const first = await list(user);
    // Saving again changes nothing: one favourite, saved when it first was.
    expect(await save(user, ad.id)).toBe(ad.id);
    const again = await list(user);

    expect(again).toEqual(first);
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ adId: ad.id, title: { fr: 'Four à convection' }, ad: { id: ad.id } });
    expect(first.items[0]!.ad!.path).toMatch(new RegExp(`${ad.id}$`));
    expect(first.nextToken).toBeNull();
    expect(await ids(user)).toEqual([ad.id]);

    expect(await remove(user, ad.id)).toBe(ad.id);
    // Removing what is not saved changes nothing either.
    expect(await remove(user, ad.id)).toBe(ad.id);
    expect(await list(user)).toEqual({ items: [], nextToken: null });
    expect(await ids(user)).toEqual([]);
  });

  it('lists newest saved first, page by page', async () => {
    const user = await givenUser();
    const ads = [await publishedAd('Premier'), await publishedAd('Deuxième'), await publishedAd('Troisième')];
    const clock = manualClock('2026-03-02T15:00:00.000Z');
    const restore = useClock(clock);
    try {
      for (const ad of ads) {
        await save(user, ad.id);
        clock.advance(60_000);
      }
    } finally {
      restore();
    }

    const first = await list(user, { limit: 2 });
    const second = await list(user, { limit: 2, nextToken: first.nextToken });

    expect(first.items.map((item) => item.adId)).toEqual([ads[2]!.id, ads[1]!.id]);
    expect(second.items.map((item) => item.adId)).toEqual([ads[0]!.id]);
    expect(second.nextToken).toBeNull();
    const forged = await call('Query.myFavourites', { nextToken: 'eyJQSyI6IlgifQ' }, asUser(user));
    expect(invalidFieldsOf(forged)).toEqual(['nextToken:oneOf']);
    expect(invalidFieldsOf(await call('Query.myFavourites', { limit: 0 }, asUser(user)))).toEqual(['limit:oneOf']);
  });

  it('keeps a favourite whose ad was unpublished, without its card, and still removes it', async () => {
    const user = await givenUser();
    const ad = await publishedAd('Camion réfrigéré');
    await save(user, ad.id);

    await callAds('Mutation.unpublishAd', { id: ad.id }, asUser(owner));
    const page = await list(user);

    expect(page.items).toEqual([expect.objectContaining({ adId: ad.id, title: { fr: 'Camion réfrigéré', en: null }, ad: null })]);
    expect(await ids(user)).toEqual([ad.id]);
    await remove(user, ad.id);
    expect((await list(user)).items).toEqual([]);
  });

  it('refuses to save an ad nobody may find, and visitors', async () => {
    const user = await givenUser();
    const draft = await givenAd(owner);
    const published = await publishedAd('Chambre froide');

    expect(errorCodeOf(await save(user, draft.id))).toBe('NOT_FOUND');
    expect(errorCodeOf(await save(user, 'no-such-ad'))).toBe('NOT_FOUND');
    expect(invalidFieldsOf(await save(user, ''))).toEqual(['adId:required']);
    expect(errorCodeOf(await call('Mutation.addFavourite', { adId: published.id }, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Query.myFavourites', {}, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(await ids(user)).toEqual([]);
    // Administrators keep favourites too.
    expect(await save(admin, published.id)).toBe(published.id);
    expect(await ids(admin)).toEqual([published.id]);
  });

  it(`refuses a favourite past ${FAVOURITES_PER_USER_MAX} until one is removed`, async () => {
    const user = await givenUser();
    const [kept, next] = [await publishedAd('Gardé'), await publishedAd('Suivant')];
    await save(user, kept.id);
    // As if the user had saved as many as they may (saving each would take minutes).
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...favouriteCountKey(user.id), count: FAVOURITES_PER_USER_MAX } }));

    expect(errorCodeOf(await save(user, next.id))).toBe('FAVOURITES_FULL');
    // One already saved is still "saved" (nothing to add), not refused.
    expect(await save(user, kept.id)).toBe(kept.id);
    expect(await ids(user)).toEqual([kept.id]);

    await remove(user, kept.id);
    expect(await save(user, next.id)).toBe(next.id);
    expect(await ids(user)).toEqual([next.id]);
  });
});
