import { AD_CATEGORIES, adInputChecks, richTextEmpty, type AdInput } from '@partage/graphql';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../accounts/demo-seed';
import { DEMO_AD_COUNT, DEMO_ADMIN_AD_COUNT, demoAds, priceRangeOf } from './demo-ads';
import { DEMO_IMAGE_DESIGNS } from './demo-images';

const TODAY = '2026-11-23';
const ads = demoAds(TODAY);
const withImages = (input: AdInput, designs: string[]): AdInput => ({
  ...input,
  images: designs.map((design) => ({ fileIds: [`${design}-480`, `${design}-1024`], alt: { fr: 'Image', en: 'Picture' } })),
});
const share = (predicate: (input: AdInput) => boolean) => ads.filter((ad) => predicate(ad.input)).length / ads.length;

describe('demoAds', () => {
  it('passes every rule of the ad form', () => {
    expect(ads).toHaveLength(DEMO_AD_COUNT);
    for (const ad of ads) {
      const failed = adInputChecks(withImages(ad.input, ad.imageDesigns), TODAY).filter(([, result]) => result !== null);
      expect(failed, ad.input.title.fr ?? ad.input.title.en ?? '').toEqual([]);
    }
  });

  it('is the same list on every call', () => {
    expect(demoAds(TODAY)).toEqual(ads);
  });

  it('covers every category and every mode, with amounts, ranges and prices to be determined', () => {
    expect(new Set(ads.map((ad) => ad.input.category))).toEqual(new Set(AD_CATEGORIES));
    for (const mode of ['rent', 'sale', 'trade', 'donation'] as const) expect(share((input) => !!input[mode])).toBeGreaterThan(0.1);
    const offers = ads.flatMap((ad) => [ad.input.rent, ad.input.sale]).filter((offer) => !!offer);
    expect(new Set(offers.map((offer) => offer.kind))).toEqual(new Set(['AMOUNT', 'RANGE', 'TO_BE_DETERMINED']));
    expect(ads.some((ad) => ad.input.rent && ad.input.sale)).toBe(true);
  });

  it('writes about a quarter of the ads in French only, the others in English too (a few in English only)', () => {
    const frenchOnly = share((input) => !!input.title.fr && !input.title.en);
    expect(frenchOnly).toBeGreaterThan(0.18);
    expect(frenchOnly).toBeLessThan(0.32);
    expect(share((input) => !!input.title.fr && !!input.title.en)).toBeGreaterThan(0.6);
    expect(share((input) => !input.title.fr && !!input.title.en)).toBeGreaterThan(0);
    for (const { input } of ads) {
      // The description exists in the same languages as the title, as simple HTML.
      expect([!!input.description.fr, !!input.description.en]).toEqual([!!input.title.fr, !!input.title.en]);
      for (const html of [input.description.fr, input.description.en].filter((text) => !!text))
        expect(html).toMatch(/^<p>[^<]+<\/p><ul>(<li>[^<]+<\/li>)+<\/ul>(<p>.*<strong>.*<\/p>)+$/);
      expect(richTextEmpty(input.description.fr ?? input.description.en)).toBeNull();
    }
  });

  it('gives proprietaire@exemple.ca published and unpublished ads; every owner is a demo user who may publish', () => {
    const owner = ads.filter((ad) => ad.ownerEmail === 'proprietaire@exemple.ca');
    expect(owner.some((ad) => ad.published)).toBe(true);
    expect(owner.some((ad) => !ad.published)).toBe(true);
    const owners = new Set(ads.map((ad) => ad.ownerEmail));
    expect(owners.size).toBeGreaterThanOrEqual(6);
    for (const email of owners) {
      const user = DEMO_USERS.find((demo) => demo.email === email);
      expect(user, email).toBeDefined();
      if (user!.role === 'USER') expect(user!.phoneVerified, email).toBe(true);
    }
    expect(ads.filter((ad) => ad.published).length).toBeGreaterThan(200);
  });

  it('has a few unlisted ads prepared by the administrator, never published', () => {
    const prepared = ads.filter((ad) => ad.ownerEmail === 'admin@exemple.ca');
    expect(prepared).toHaveLength(DEMO_ADMIN_AD_COUNT);
    expect(prepared.every((ad) => !ad.published)).toBe(true);
  });

  it('places ads in many Quebec towns, with exact and hidden addresses', () => {
    const towns = new Set(ads.map((ad) => ad.input.address.town));
    expect(towns.size).toBeGreaterThanOrEqual(15);
    for (const { input } of ads) {
      expect(input.address.latitude).toBeGreaterThan(44.9);
      expect(input.address.latitude).toBeLessThan(51);
      expect(input.address.longitude).toBeGreaterThan(-80);
      expect(input.address.longitude).toBeLessThan(-64);
      expect(input.address.postalCode).toMatch(/^[A-Z]\d[A-Z] \d[A-Z]\d$/);
      expect(input.address.address).toMatch(/^\d+, .+, .+$/);
    }
    expect(share((input) => input.address.showAddress)).toBeGreaterThan(0.3);
    expect(share((input) => !input.address.showAddress)).toBeGreaterThan(0.2);
  });

  it('fills the fields of each category and restricts availability on dates after today', () => {
    const of = (category: AdInput['category']) => ads.filter((ad) => ad.input.category === category).map((ad) => ad.input);
    for (const kitchen of of('PROFESSIONAL_KITCHEN')) expect(kitchen.professionalKitchenEquipment!.length).toBeGreaterThan(3);
    for (const truck of of('DELIVERY_TRUCK')) expect(typeof truck.refrigerated).toBe('boolean');
    expect(new Set(of('DELIVERY_TRUCK').map((truck) => truck.deliveryTruckType)).size).toBeGreaterThan(3);
    const restrictions = ads.flatMap((ad) => ad.input.availability.restrictions);
    expect(restrictions.length).toBeGreaterThan(50);
    expect(restrictions.every((r) => r.date > TODAY && r.date < '2027-02-01')).toBe(true);
    expect(share((input) => !input.availability.all)).toBeGreaterThan(0.1);
    expect(share((input) => input.certifications.length > 0)).toBeGreaterThan(0.1);
    expect(share((input) => input.allergens.length > 0)).toBeGreaterThan(0.1);
  });

  it('shows one to three pictures of its own category', () => {
    for (const ad of ads) {
      expect(ad.imageDesigns.length).toBeGreaterThanOrEqual(1);
      expect(ad.imageDesigns.length).toBeLessThanOrEqual(3);
      for (const id of ad.imageDesigns) expect(DEMO_IMAGE_DESIGNS.find((d) => d.id === id)?.category).toBe(ad.input.category);
    }
  });
});

describe('priceRangeOf', () => {
  it('puts a price in the bucket of spec §9 whose lower bound it reaches', () => {
    expect([99, 100, 499, 500, 999, 1000, 1999, 2000].map(priceRangeOf)).toEqual([
      'FROM_0_TO_100',
      'FROM_100_TO_500',
      'FROM_100_TO_500',
      'FROM_500_TO_1000',
      'FROM_500_TO_1000',
      'FROM_1000_TO_2000',
      'FROM_1000_TO_2000',
      'FROM_2000',
    ]);
  });
});
