import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AD_APPROXIMATE_RADIUS_METERS, ADS_PAGE_MAX_LIMIT, type AdInput } from '@partage/graphql';
import { getAd } from '../data/ads';
import { putPendingFile } from '../data/files';
import { updateUser, type UserRecord } from '../data/users';
import type { AdView } from '../domain/ads/ad-view';
import type { Identity } from '../domain/identity';
import { replaceIndexedAd } from '../domain/search/indexed-writes';
import {
  adInput,
  ANONYMOUS,
  asUser,
  errorCodeOf,
  givenAd,
  givenStoredImage,
  givenUser,
  invalidFieldsOf,
  resolverEvent,
  TEST_PUBLIC_URL,
  useTestOutbox,
} from '../testing/fixtures';
import { handler } from './ads';
import type { ResolverEvent } from './shared/resolver';

const { emailsTo } = useTestOutbox();
let owner: UserRecord;
let verifiedOwner: UserRecord;
let otherUser: UserRecord;
let admin: UserRecord;

beforeAll(async () => {
  const storeDir = await mkdtemp(join(tmpdir(), 'ads-files-'));
  Object.assign(process.env, { FILE_STORE_ADAPTER: 'local', FILE_STORE_DIR: storeDir, FILE_STORE_SECRET: 'test-file-store-secret' });
  [owner, verifiedOwner, otherUser, admin] = await Promise.all([
    givenUser(),
    givenUser({ phoneVerified: true, phoneNumber: '+15145550199', showPhoneNumber: true, showEmail: false, organizationName: 'Traiteur' }),
    givenUser(),
    givenUser({ role: 'ADMIN', publicName: 'Administration Partage' }),
  ]);
});

const call = (field: string, args: Record<string, unknown>, identity: Identity) => handler(resolverEvent(field, args, identity));
const as = (user: UserRecord) => asUser(user);
const create = async (user: UserRecord, input: AdInput = adInput()) => (await call('Mutation.createAd', { input }, as(user))) as AdView;
const createWith = async (user: UserRecord, requestKey: string, input: AdInput = adInput()) =>
  (await call('Mutation.createAd', { input, requestKey }, as(user))) as AdView;
const read = async (id: string, identity: Identity) => (await call('Query.ad', { id }, identity)) as AdView | null;
const page = async (field: string, args: Record<string, unknown>, identity: Identity) =>
  (await call(field, args, identity)) as { items: AdView[]; nextToken: string | null };
const ids = (result: { items: AdView[] }) => result.items.map((item) => item.id);
const published = async (user: UserRecord, overrides: Partial<AdInput> = {}) => (await givenAd(user, overrides, { published: true })).id;

/** Ad.contact as AppSync calls it: one batch for the ads of a level. */
async function contactsOf(ads: AdView[], identity: Identity = ANONYMOUS) {
  const events = ads.map((ad): ResolverEvent => ({ ...resolverEvent('Ad.contact', {}, identity), source: ad }));
  return (await handler(events)) as unknown[];
}

describe('Mutation.createAd', () => {
  it('refuses anonymous visitors before reading the input', async () => {
    expect(errorCodeOf(await call('Mutation.createAd', { input: {} }, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
  });

  it("makes a user's ad unpublished, theirs, editable, at its slug, normalised as stored", async () => {
    const ad = await create(
      owner,
      adInput({
        title: { fr: '  Cuisine & Café Éole ', en: '   ' },
        // Fields of another category are dropped.
        deliveryTruckType: 'VAN',
        surfaceSize: '40 m²',
        rent: { kind: 'AMOUNT', amountCents: 4_500, range: 'FROM_0_TO_100', unit: 'HOUR', description: { fr: ' par heure ', en: '' } },
        // A sale has no unit: one sent is left out.
        sale: { kind: 'AMOUNT', amountCents: 90_000, unit: 'DAY', description: null },
      }),
    );
    expect(ad).toMatchObject({
      path: `cuisine-and-cafe-eole-${ad.id}`,
      title: { fr: 'Cuisine & Café Éole', en: null },
      published: false,
      unlisted: false,
      editable: true,
      publishedAt: null,
      deliveryTruckType: null,
      surfaceSize: null,
      rent: { kind: 'AMOUNT', amountCents: 4_500, range: null, unit: 'HOUR', description: { fr: 'par heure', en: null } },
      sale: { kind: 'AMOUNT', amountCents: 90_000, unit: null },
    });
    expect(await read(ad.id, as(owner))).toMatchObject({ id: ad.id, published: false });
    expect(ids(await page('Query.managedAds', { published: false }, as(owner)))).toContain(ad.id);
  });

  it("makes an administrator's ad unlisted: only administrators see it", async () => {
    const ad = await create(admin);
    expect(ad).toMatchObject({ unlisted: true, published: false, editable: true });
    expect(await read(ad.id, as(otherUser))).toBeNull();
    expect(await read(ad.id, ANONYMOUS)).toBeNull();
    expect(await read(ad.id, as(admin))).toMatchObject({ id: ad.id, unlisted: true });
    expect(ids(await page('Query.managedAds', { published: false, limit: ADS_PAGE_MAX_LIMIT }, as(admin)))).toContain(ad.id);
  });

  it('answers a retried creation (the answer lost after the write) with the ad its first call made, once', async () => {
    const user = await givenUser();
    const requestKey = randomUUID();
    const first = await createWith(user, requestKey);
    // The retry of that submit, even sent with other values: the ad the first call made, as it is.
    const retried = await createWith(user, requestKey, adInput({ title: { fr: 'Autre titre', en: null } }));
    expect(retried).toMatchObject({ id: first.id, title: first.title });
    // A double submission, both calls at the same moment: one ad.
    const [left, right] = await Promise.all([createWith(user, 'same-moment'), createWith(user, 'same-moment')]);
    expect(right.id).toBe(left.id);
    const listed = ids(await page('Query.managedAds', { published: false }, as(user)));
    expect(listed.sort()).toEqual([first.id, left.id].sort());
    // The key is the caller's: another user sending the same one makes their own ad.
    const others = await createWith(otherUser, requestKey);
    expect(others.id).not.toBe(first.id);
    expect((await getAd(others.id))?.ownerId).toBe(otherUser.id);
  });

  it('refuses a blank request key, writing nothing', async () => {
    const user = await givenUser();
    const refused = await call('Mutation.createAd', { input: adInput(), requestKey: ' ' }, as(user));
    expect(invalidFieldsOf(refused)).toEqual(['requestKey:required']);
    expect(ids(await page('Query.managedAds', { published: false }, as(user)))).toEqual([]);
  });

  it('answers every broken rule at once, with paths under input', async () => {
    const result = await call(
      'Mutation.createAd',
      {
        input: adInput({
          title: { fr: ' ', en: null },
          description: { fr: '<p> </p><p><br></p>', en: '<script>alert(1)</script>' },
          availability: {
            all: false,
            day: true,
            evening: false,
            weekdays: ['MONDAY'],
            restrictions: [{ date: '2001-01-01', period: 'DAY' }],
          },
          rent: null,
          infoIsTrue: false,
        }),
      },
      as(owner),
    );
    expect(invalidFieldsOf(result)?.sort()).toEqual(
      [
        'input.title:required',
        'input.description:richTextEmpty',
        'input.availability.restrictions.0.date:minDate',
        'input.offers:oneOfRentSaleTradeDonation',
        'input.infoIsTrue:required',
      ].sort(),
    );
  });

  it('wants the tax mode of a priced ad, writes nothing without it, and reads an ad priced before tax modes as ADDED', async () => {
    const user = await givenUser();
    const refused = await call('Mutation.createAd', { input: adInput({ taxMode: null }) }, as(user));
    expect(errorCodeOf(refused)).toBe('VALIDATION_FAILED');
    expect(invalidFieldsOf(refused)).toEqual(['input.taxMode:required']);
    expect((await page('Query.managedAds', { published: false }, as(user))).items).toEqual([]);

    const included = await create(user, adInput({ taxMode: 'INCLUDED' }));
    expect(included.taxMode).toBe('INCLUDED');
    const stored = (await getAd(included.id))!;
    const { taxMode: _, ...before } = stored.content;
    await replaceIndexedAd(stored, { ...stored, content: before });
    expect((await read(included.id, as(user)))?.taxMode).toBe('ADDED');
    // Without rent or sale there is no price to tax: none stored, none read.
    const donation = await create(user, adInput({ rent: null, taxMode: 'ADDED', donation: { description: { fr: 'Farine' } } }));
    expect(donation.taxMode).toBeNull();
    expect((await getAd(donation.id))!.content.taxMode).toBeNull();
  });

  it('sanitises the description: no script, no event handler, no javascript: link; links get a forced rel', async () => {
    const ad = await create(
      owner,
      adInput({
        description: {
          fr:
            '<p onclick="steal()">Bonjour <script>alert(1)</script><em>vous</em> <img src=x onerror=alert(1)>' +
            '<a href="javascript:alert(1)">piège</a> <a href="https://exemple.ca" rel="opener" target="_blank">site</a> ' +
            '<a href="mailto:info@exemple.ca">courriel</a><iframe src="https://evil.example"></iframe></p>',
          en: '<h1>Title</h1><ul><li>one</li></ul>',
        },
      }),
    );
    expect(ad.description.fr).toBe(
      '<p>Bonjour <em>vous</em> <a rel="noopener noreferrer nofollow">piège</a> ' +
        '<a href="https://exemple.ca" rel="noopener noreferrer nofollow">site</a> ' +
        '<a href="mailto:info@exemple.ca" rel="noopener noreferrer nofollow">courriel</a></p>',
    );
    expect(ad.description.en).toBe('Title<ul><li>one</li></ul>');
  });
});

describe('Mutation.updateAd', () => {
  it("lets the owner and administrators change an ad, and refuses another user's", async () => {
    const { id } = await givenAd(owner);
    const changed = adInput({ title: { fr: 'Nouveau titre', en: 'New title' } });
    expect(errorCodeOf(await call('Mutation.updateAd', { id, input: changed }, as(otherUser)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Mutation.updateAd', { id, input: changed }, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(await call('Mutation.updateAd', { id, input: changed }, as(owner))).toMatchObject({ path: `nouveau-titre-${id}` });
    const byAdmin = adInput({ title: { fr: 'Corrigé', en: null } });
    expect(await call('Mutation.updateAd', { id, input: byAdmin }, as(admin))).toMatchObject({ title: { fr: 'Corrigé', en: null } });
    expect(errorCodeOf(await call('Mutation.updateAd', { id: 'inconnue', input: changed }, as(owner)))).toBe('NOT_FOUND');
  });

  it('answers NO_CHANGE when the normalised input is what is stored', async () => {
    const { id } = await givenAd(owner);
    const same = adInput({ title: { fr: ' Cuisine commerciale à Rosemont ', en: '' }, surfaceSize: 'ignored: not a storage space' });
    expect(errorCodeOf(await call('Mutation.updateAd', { id, input: same }, as(owner)))).toBe('NO_CHANGE');
  });

  it('answers NO_CHANGE when only the order of a set of choices differs (weekdays, equipment, restrictions...)', async () => {
    const restrictions = [
      { date: '2099-03-02', period: 'DAY' as const },
      { date: '2099-01-05', period: 'EVENING' as const },
    ];
    const first = adInput({
      professionalKitchenEquipment: ['OVEN', 'FRIDGE'],
      certifications: ['HACCP', 'GFSI'],
      allergens: ['MILK', 'EGGS'],
      availability: { all: false, day: true, evening: true, weekdays: ['FRIDAY', 'MONDAY'], restrictions },
    });
    const ad = await create(owner, first);
    expect(ad.availability.weekdays).toEqual(['MONDAY', 'FRIDAY']);
    expect(ad.availability.restrictions.map((r) => r.date)).toEqual(['2099-01-05', '2099-03-02']);
    const reordered = adInput({
      professionalKitchenEquipment: ['FRIDGE', 'OVEN', 'OVEN'],
      certifications: ['GFSI', 'HACCP'],
      allergens: ['EGGS', 'MILK'],
      availability: { all: false, day: true, evening: true, weekdays: ['MONDAY', 'FRIDAY'], restrictions: [...restrictions].reverse() },
    });
    expect(errorCodeOf(await call('Mutation.updateAd', { id: ad.id, input: reordered }, as(owner)))).toBe('NO_CHANGE');
  });

  it('refuses a save made from a version older than the stored one (AD_CHANGED), and keeps the newer change', async () => {
    const loaded = await create(owner);
    const byAdmin = (await call(
      'Mutation.updateAd',
      { id: loaded.id, input: adInput({ organization: 'Par l’administration' }) },
      as(admin),
    )) as AdView;
    expect(byAdmin.updatedAt >= loaded.updatedAt).toBe(true);
    const stale = { id: loaded.id, input: adInput({ organization: 'Ma version' }), expectedUpdatedAt: '2000-01-01T00:00:00.000Z' };
    expect(errorCodeOf(await call('Mutation.updateAd', stale, as(owner)))).toBe('AD_CHANGED');
    expect((await read(loaded.id, as(owner)))?.organization).toBe('Par l’administration');
    const current = { ...stale, expectedUpdatedAt: byAdmin.updatedAt };
    expect(((await call('Mutation.updateAd', current, as(owner))) as AdView).organization).toBe('Ma version');
  });

  it('checks ownership before the input', async () => {
    const { id } = await givenAd(owner);
    expect(errorCodeOf(await call('Mutation.updateAd', { id, input: { title: {} } }, as(otherUser)))).toBe('UNAUTHORIZED_ACCESS');
  });
});

describe('Mutation.publishAd and Mutation.unpublishAd', () => {
  it('publishes only with a verified phone; an unverified owner keeps a draft', async () => {
    const { id } = await givenAd(owner);
    expect(errorCodeOf(await call('Mutation.publishAd', { id }, as(owner)))).toBe('PHONE_NOT_VERIFIED');
    expect(await read(id, ANONYMOUS)).toBeNull();
  });

  it('makes the ad everyone’s at once, in the published lists and the owner’s profile, and takes it back off', async () => {
    const { id } = await givenAd(verifiedOwner);
    expect(errorCodeOf(await call('Mutation.publishAd', { id }, as(otherUser)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Mutation.publishAd', { id }, as(admin)))).toBe('UNAUTHORIZED_ACCESS');
    const ad = (await call('Mutation.publishAd', { id }, as(verifiedOwner))) as AdView;
    expect(ad).toMatchObject({ published: true, publishedAt: expect.any(String) });
    expect(await read(id, ANONYMOUS)).toMatchObject({ id, published: true, editable: false });
    expect(ids(await page('Query.managedAds', { published: true }, as(admin)))[0]).toBe(id);
    expect(ids(await page('Query.userAds', { userId: verifiedOwner.id }, as(otherUser)))).toContain(id);
    expect(ids(await page('Query.managedAds', { published: true }, as(verifiedOwner)))).toContain(id);
    expect(ids(await page('Query.managedAds', { published: false }, as(verifiedOwner)))).not.toContain(id);

    expect(errorCodeOf(await call('Mutation.unpublishAd', { id }, as(otherUser)))).toBe('UNAUTHORIZED_ACCESS');
    expect(await call('Mutation.unpublishAd', { id }, as(verifiedOwner))).toMatchObject({ published: false });
    expect(await read(id, ANONYMOUS)).toBeNull();
    expect(ids(await page('Query.managedAds', { published: true, limit: ADS_PAGE_MAX_LIMIT }, as(admin)))).not.toContain(id);
    expect(ids(await page('Query.managedAds', { published: false }, as(verifiedOwner)))).toContain(id);
  });

  it('answers every one of simultaneous calls as if they came one after the other (a double click is no error)', async () => {
    const { id } = await givenAd(verifiedOwner);
    const publishes = await Promise.all(Array.from({ length: 4 }, () => call('Mutation.publishAd', { id }, as(verifiedOwner))));
    expect(publishes.map(errorCodeOf)).toEqual([undefined, undefined, undefined, undefined]);
    const edits = await Promise.all(
      ['Un', 'Deux', 'Trois'].map((fr) =>
        call('Mutation.updateAd', { id, input: adInput({ title: { fr, en: null } }) }, as(verifiedOwner)),
      ),
    );
    expect(edits.map(errorCodeOf)).toEqual([undefined, undefined, undefined]);
    expect(await read(id, ANONYMOUS)).toMatchObject({ published: true });
  });

  it("lets an administrator unpublish a user's ad", async () => {
    const id = await published(verifiedOwner);
    expect(await call('Mutation.unpublishAd', { id }, as(admin))).toMatchObject({ published: false, editable: true });
    expect(await read(id, as(otherUser))).toBeNull();
  });
});

describe('Query.ad', () => {
  it('answers null for an unpublished ad to anyone but its owner and administrators, and for an unknown id', async () => {
    const { id } = await givenAd(owner);
    expect(await read(id, ANONYMOUS)).toBeNull();
    expect(await read(id, as(otherUser))).toBeNull();
    expect(await read(id, as(owner))).toMatchObject({ id, editable: true });
    expect(await read(id, as(admin))).toMatchObject({ id, editable: true });
    expect(await read('inconnue', as(admin))).toBeNull();
  });

  it('gives the exact address of a hidden-address ad only to its owner and administrators', async () => {
    const input = adInput();
    const id = await published(verifiedOwner, input);
    const { latitude, longitude } = input.address;
    for (const reader of [ANONYMOUS, as(otherUser)]) {
      const { location } = (await read(id, reader))!;
      expect(location).toMatchObject({ exact: false, address: null, showAddress: null, town: 'Montréal', postalCode: 'H2J' });
      expect(location.radiusMeters).toBe(AD_APPROXIMATE_RADIUS_METERS);
      expect([location.latitude, location.longitude]).not.toEqual([latitude, longitude]);
      expect(JSON.stringify(await read(id, reader))).not.toContain('Saint-Denis');
    }
    const first = (await read(id, ANONYMOUS))!.location;
    expect((await read(id, as(otherUser)))!.location).toEqual(first); // the same point for every read
    for (const reader of [as(verifiedOwner), as(admin)]) {
      expect((await read(id, reader))!.location).toEqual({
        exact: true,
        address: '4321, rue Saint-Denis, Montréal',
        town: 'Montréal',
        postalCode: 'H2J 2K9',
        latitude,
        longitude,
        radiusMeters: 0,
        showAddress: false,
      });
    }
  });

  it('gives everyone the exact address when the owner shows it', async () => {
    const id = await published(verifiedOwner, { address: { ...adInput().address, showAddress: true } });
    expect((await read(id, ANONYMOUS))!.location).toMatchObject({
      exact: true,
      address: '4321, rue Saint-Denis, Montréal',
      showAddress: true,
    });
  });
});

describe('Query.managedAds searched by an administrator', () => {
  it("finds published ads by words of their texts or of their owner's name, organisation or address, newest first", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const seller = await givenUser({ lastName: `Pelletier${tag}`, organizationName: `Cuisine Hochelaga ${tag}` });
    const sellersAds = [await published(seller), await published(seller)];
    const titled = await published(otherUser, { title: { fr: `Pétrin ${tag}zz`, en: null } });
    const hidden = await givenAd(seller);
    const search = async (text: string, identity: Identity = as(admin)) =>
      (await page('Query.managedAds', { published: true, search: text }, identity)) as { items: AdView[]; nextToken: string | null };

    expect(ids(await search(`hochelaga ${tag}`))).toEqual([...sellersAds].reverse());
    expect(ids(await search(`pelletier${tag}`))).toEqual([...sellersAds].reverse());
    expect(ids(await search(seller.email.split('@')[0]!))).toEqual([...sellersAds].reverse());
    expect(ids(await search(`petrin ${tag}zz`))).toEqual([titled]);
    expect(ids(await search(`pelletier${tag}`))).not.toContain(hidden.id);
    expect(await search(`nobody${tag}`)).toEqual({ items: [], nextToken: null });
    // Users' own list is theirs, searched or not.
    expect(ids(await search(`hochelaga ${tag}`, as(otherUser)))).toContain(titled);
  });
});

describe('Ad.contact', () => {
  it("shows a signed-in reader the owner's e-mail and phone only as their profile allows, for a page of ads in one call", async () => {
    const emailOnly = await givenUser({ showEmail: true, showPhoneNumber: false, phoneNumber: '+15145550100', phoneVerified: true });
    const ads = [(await read(await published(verifiedOwner), ANONYMOUS))!, (await read(await published(emailOnly), ANONYMOUS))!];
    expect(await contactsOf(ads, as(otherUser))).toEqual([
      {
        userId: verifiedOwner.id,
        publicName: verifiedOwner.publicName,
        organizationName: 'Traiteur',
        email: null,
        phoneNumber: '+15145550199',
      },
      { userId: emailOnly.id, publicName: emailOnly.publicName, organizationName: null, email: emailOnly.email, phoneNumber: null },
    ]);
  });

  it('gives an anonymous visitor neither e-mail nor phone, whatever the profile shows: public pages get scraped', async () => {
    const showsAll = await givenUser({ showEmail: true, showPhoneNumber: true, phoneNumber: '+15145550101', phoneVerified: true });
    const ad = (await read(await published(showsAll), ANONYMOUS))!;
    expect(await contactsOf([ad], ANONYMOUS)).toEqual([
      { userId: showsAll.id, publicName: showsAll.publicName, organizationName: null, email: null, phoneNumber: null },
    ]);
    expect(await contactsOf([ad], as(otherUser))).toMatchObject([{ email: showsAll.email, phoneNumber: '+15145550101' }]);
  });

  it('shows no phone number the owner has not verified: a number changed after publishing is no contact yet', async () => {
    const user = await givenUser({ showPhoneNumber: true, phoneNumber: '+15145550177', phoneVerified: true });
    const ad = (await read(await published(user), ANONYMOUS))!;
    expect(await contactsOf([ad], as(otherUser))).toMatchObject([{ phoneNumber: '+15145550177' }]);
    // The profile's number changed (to anyone's): unverified until its own code.
    await updateUser(user, { set: { phoneNumber: '+15145550178', phoneVerified: false } });
    expect(await contactsOf([ad], as(otherUser))).toMatchObject([{ phoneNumber: null }]);
  });

  it('names no one on an unlisted ad: the organisation written on it', async () => {
    const ad = await create(admin, adInput({ organization: 'Cuisine collective Hochelaga' }));
    expect(await contactsOf([ad], as(admin))).toEqual([
      {
        userId: null,
        publicName: 'Cuisine collective Hochelaga',
        organizationName: 'Cuisine collective Hochelaga',
        email: null,
        phoneNumber: null,
      },
    ]);
  });
});

describe('Mutation.transferAd', () => {
  const transfer = (id: string, email: string, identity: Identity = as(admin)) =>
    call('Mutation.transferAd', { input: { id, email } }, identity);

  it('gives an unlisted ad to a user by e-mail: theirs, unpublished, announced in their language', async () => {
    const english = await givenUser({ language: 'en' });
    const ad = await create(admin, adInput({ title: { fr: 'Four à pizza', en: 'Pizza oven' } }));
    expect(await transfer(ad.id, english.email.toUpperCase())).toMatchObject({ id: ad.id, unlisted: false, published: false });
    expect(await read(ad.id, as(english))).toMatchObject({ editable: true, unlisted: false });
    expect(ids(await page('Query.managedAds', { published: false }, as(english)))).toEqual([ad.id]);
    expect(ids(await page('Query.managedAds', { published: false, limit: ADS_PAGE_MAX_LIMIT }, as(admin)))).not.toContain(ad.id);
    const [mail] = await emailsTo(english.email);
    expect(mail).toMatchObject({
      subject: 'An ad was transferred to you',
      links: [`${TEST_PUBLIC_URL}/gerer-annonces?lang=en`, `${TEST_PUBLIC_URL}/?lang=en`],
    });
    expect(mail!.text).toContain('Pizza oven');

    const french = await givenUser({ language: 'fr' });
    const other = await create(admin, adInput({ title: { fr: null, en: 'Walk-in fridge' } }));
    await transfer(other.id, french.email);
    expect((await emailsTo(french.email))[0]).toMatchObject({
      subject: 'Une annonce vous a été transférée',
      links: [`${TEST_PUBLIC_URL}/gerer-annonces?lang=fr`, `${TEST_PUBLIC_URL}/?lang=fr`],
    });
  });

  it('transfers only unlisted ads, to an existing USER account', async () => {
    const { id: usersAd } = await givenAd(owner);
    expect(errorCodeOf(await transfer(usersAd, otherUser.email))).toBe('AD_NOT_TRANSFERABLE');
    const unlisted = await create(admin);
    expect(errorCodeOf(await transfer(unlisted.id, 'personne@exemple.ca'))).toBe('TRANSFER_USER_NOT_FOUND');
    expect(errorCodeOf(await transfer(unlisted.id, admin.email))).toBe('TRANSFER_USER_NOT_FOUND');
    expect(errorCodeOf(await transfer('inconnue', otherUser.email))).toBe('NOT_FOUND');
    expect(invalidFieldsOf(await transfer(unlisted.id, 'pas-une-adresse'))).toEqual(['input.email:email']);
    expect(errorCodeOf(await transfer(unlisted.id, otherUser.email, as(owner)))).toBe('UNAUTHORIZED_ACCESS');
    expect(await read(unlisted.id, as(admin))).toMatchObject({ unlisted: true });
  });
});

describe('images', () => {
  it('takes stored public images of the caller and answers their variants narrowest first, with their URLs', async () => {
    const [wide, narrow, middle] = [
      await givenStoredImage(owner, 1920),
      await givenStoredImage(owner, 480),
      await givenStoredImage(owner, 1024),
    ];
    const ad = await create(owner, adInput({ images: [{ fileIds: [wide, narrow, middle], alt: { fr: 'La cuisine', en: ' ' } }] }));
    expect(ad.images).toEqual([
      {
        id: wide,
        alt: { fr: 'La cuisine', en: null },
        variants: [
          { fileId: narrow, url: `${TEST_PUBLIC_URL}/files/public/${narrow}`, width: 480, height: 360 },
          { fileId: middle, url: `${TEST_PUBLIC_URL}/files/public/${middle}`, width: 1024, height: 768 },
          { fileId: wide, url: `${TEST_PUBLIC_URL}/files/public/${wide}`, width: 1920, height: 1440 },
        ],
      },
    ]);
  });

  it("refuses another user's image, an unconfirmed upload and an unknown file", async () => {
    const others = await givenStoredImage(otherUser, 480);
    const pending = crypto.randomUUID();
    await putPendingFile({
      id: pending,
      ownerId: owner.id,
      purpose: 'PUBLIC_IMAGE',
      contentType: 'image/webp',
      size: 1,
      status: 'PENDING',
      createdAt: new Date().toISOString(),
    });
    const alt = { fr: 'Photo', en: null };
    const input = adInput({
      images: [
        { fileIds: [await givenStoredImage(owner, 480)], alt },
        { fileIds: [others], alt },
        { fileIds: [pending], alt },
        { fileIds: ['inconnu'], alt },
      ],
    });
    expect(invalidFieldsOf(await call('Mutation.createAd', { input }, as(owner)))).toEqual([
      'input.images.1.fileIds:fileType',
      'input.images.2.fileIds:fileType',
      'input.images.3.fileIds:fileType',
    ]);
  });

  it("lets an administrator keep the owner's images when editing their ad", async () => {
    const image = await givenStoredImage(owner, 480);
    const input = adInput({ images: [{ fileIds: [image], alt: { fr: 'Photo', en: null } }] });
    const ad = await create(owner, input);
    const edited = { ...input, title: { fr: 'Titre corrigé', en: null } };
    expect(await call('Mutation.updateAd', { id: ad.id, input: edited }, as(admin))).toMatchObject({ images: [{ id: image }] });
    // The image is on this ad, not on any other: another ad of the administrator cannot take it.
    expect(invalidFieldsOf(await call('Mutation.createAd', { input }, as(admin)))).toEqual(['input.images.0.fileIds:fileType']);
  });
});

describe('lists', () => {
  it('page through with opaque tokens, newest first, and refuse a token they did not hand out', async () => {
    const lister = await givenUser();
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await givenAd(lister)).id);
    const seen: string[] = [];
    let nextToken: string | null = null;
    do {
      const result = await page('Query.managedAds', { published: false, limit: 2, nextToken }, as(lister));
      seen.push(...ids(result));
      nextToken = result.nextToken;
    } while (nextToken);
    expect(seen).toEqual([...made].reverse());

    const first = await page('Query.managedAds', { published: false, limit: 1 }, as(lister));
    const adminTab = (args: Record<string, unknown>) => call('Query.managedAds', { published: true, ...args }, as(admin));
    expect(invalidFieldsOf(await adminTab({ nextToken: first.nextToken }))).toEqual(['nextToken:oneOf']);
    expect(invalidFieldsOf(await adminTab({ nextToken: 'bidon' }))).toEqual(['nextToken:oneOf']);
    expect(invalidFieldsOf(await adminTab({ limit: ADS_PAGE_MAX_LIMIT + 1 }))).toEqual(['limit:oneOf']);
    expect(invalidFieldsOf(await adminTab({ limit: 0 }))).toEqual(['limit:oneOf']);
  });

  it('show administrators every published ad, newest publication first, users only their own, and anonymous visitors nothing to manage', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await published(verifiedOwner));
    const first = await page('Query.managedAds', { published: true, limit: 2 }, as(admin));
    const second = await page('Query.managedAds', { published: true, limit: 2, nextToken: first.nextToken }, as(admin));
    expect([...ids(first), ...ids(second)].slice(0, 3)).toEqual([...made].reverse());
    expect(first.items.every((ad) => ad.published && !ad.unlisted)).toBe(true);
    const id = made[0]!;
    expect(ids(await page('Query.managedAds', { published: true, limit: ADS_PAGE_MAX_LIMIT }, as(otherUser)))).not.toContain(id);
    expect(errorCodeOf(await call('Query.managedAds', { published: true }, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Query.userAds', { userId: verifiedOwner.id }, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
  });
});
