import { describe, expect, it } from 'vitest';
import { adInputChecks, hasSomeLanguage, quebecToday } from './ad-validation';
import type { AdInput } from './generated/types';

const TODAY = '2026-11-23';

const valid = (): AdInput => ({
  title: { fr: 'Cuisine commerciale à louer', en: null },
  description: { fr: '<p>Grande cuisine équipée.</p>', en: null },
  category: 'PROFESSIONAL_KITCHEN',
  professionalKitchenEquipment: ['OVEN'],
  address: { address: '123 rue Principale', town: 'Rimouski', latitude: 48.45, longitude: -68.52, showAddress: false },
  availability: { all: false, day: true, evening: false, weekdays: ['MONDAY'], restrictions: [{ date: TODAY, period: 'DAY' }] },
  certifications: [],
  allergens: [],
  rent: { kind: 'AMOUNT', amountCents: 12_550, unit: 'DAY' },
  taxMode: 'ADDED',
  cancellationPolicy: 'MODERATE',
  images: [{ fileIds: ['a', 'b'], alt: { fr: 'La cuisine' } }],
  infoIsTrue: true,
});

const failures = (input: AdInput) =>
  adInputChecks(input, TODAY)
    .filter(([, rule]) => rule !== null)
    .map(([path, rule]) => `${path}:${rule}`);

describe('adInputChecks', () => {
  it('accepts a complete ad in one language', () => {
    expect(failures(valid())).toEqual([]);
  });

  it('wants a title and a non-empty description in at least one language', () => {
    expect(failures({ ...valid(), title: { fr: '  ', en: null }, description: { fr: '<p><br></p>', en: '<p>&nbsp;</p>' } })).toEqual([
      'title:required',
      'description:richTextEmpty',
    ]);
    expect(failures({ ...valid(), title: { en: 'Kitchen' }, description: { en: '<p>Big</p>' } })).toEqual([]);
  });

  it('asks for the "other" texts of the category that is chosen, and only that one', () => {
    expect(failures({ ...valid(), professionalKitchenEquipment: ['OTHER'] })).toEqual(['professionalKitchenEquipmentOther:required']);
    expect(failures({ ...valid(), category: 'DELIVERY_TRUCK' })).toEqual(['deliveryTruckType:required']);
    expect(failures({ ...valid(), category: 'DELIVERY_TRUCK', deliveryTruckType: 'OTHER' })).toEqual(['deliveryTruckTypeOther:required']);
    expect(failures({ ...valid(), category: 'OTHER' })).toEqual(['descriptionOther:required']);
    expect(failures({ ...valid(), category: 'SURPLUS', professionalKitchenEquipment: ['OTHER'] })).toEqual([]);
  });

  it('wants an address picked from the suggestions, with both coordinates', () => {
    expect(failures({ ...valid(), address: { ...valid().address, latitude: null } })).toEqual(['address:latLong']);
    expect(failures({ ...valid(), address: { ...valid().address, address: '', town: '' } })).toEqual([
      'address.address:required',
      'address.town:required',
    ]);
  });

  it('wants some availability and no restriction in the past', () => {
    expect(
      failures({ ...valid(), availability: { all: false, day: false, evening: false, weekdays: ['MONDAY'], restrictions: [] } }),
    ).toEqual(['availability:required']);
    expect(failures({ ...valid(), availability: { all: false, day: true, evening: false, weekdays: [], restrictions: [] } })).toEqual([
      'availability:required',
    ]);
    expect(
      failures({ ...valid(), availability: { ...valid().availability, restrictions: [{ date: '2026-11-22', period: 'EVENING' }] } }),
    ).toEqual(['availability.restrictions.0.date:minDate']);
  });

  it('wants at least one mode, and a price that matches its kind', () => {
    expect(failures({ ...valid(), rent: null })).toEqual(['offers:oneOfRentSaleTradeDonation']);
    expect(failures({ ...valid(), rent: { kind: 'AMOUNT', unit: 'HOUR' } })).toEqual(['rent.amountCents:requiredNumeric']);
    expect(failures({ ...valid(), sale: { kind: 'AMOUNT', amountCents: 10.5 } })).toEqual(['sale.amountCents:numeric']);
    expect(failures({ ...valid(), sale: { kind: 'AMOUNT', amountCents: -1 } })).toEqual(['sale.amountCents:numeric']);
    expect(failures({ ...valid(), sale: { kind: 'RANGE' } })).toEqual(['sale.range:required']);
    expect(failures({ ...valid(), sale: { kind: 'TO_BE_DETERMINED' } })).toEqual([]);
    expect(failures({ ...valid(), rent: null, trade: { description: { fr: ' ' } } })).toEqual(['trade.description:required']);
    expect(failures({ ...valid(), rent: null, donation: { description: { en: 'Two pallets of flour' } } })).toEqual([]);
  });

  it('wants the tax mode of a rent or sale price, and none without either', () => {
    expect(failures({ ...valid(), taxMode: null })).toEqual(['taxMode:required']);
    expect(failures({ ...valid(), rent: null, sale: { kind: 'TO_BE_DETERMINED' }, taxMode: undefined })).toEqual(['taxMode:required']);
    expect(failures({ ...valid(), taxMode: 'EXEMPT' as never })).toEqual(['taxMode:oneOf']);
    expect(failures({ ...valid(), taxMode: 'INCLUDED' })).toEqual([]);
    expect(failures({ ...valid(), rent: null, taxMode: null, donation: { description: { en: 'Flour' } } })).toEqual([]);
  });

  it('wants the cancellation policy of a rental, one of the list, and none without rent', () => {
    expect(failures({ ...valid(), cancellationPolicy: null })).toEqual(['cancellationPolicy:required']);
    expect(failures({ ...valid(), cancellationPolicy: 'LENIENT' as never })).toEqual(['cancellationPolicy:oneOf']);
    expect(failures({ ...valid(), cancellationPolicy: 'STRICT' })).toEqual([]);
    expect(failures({ ...valid(), rent: null, sale: { kind: 'TO_BE_DETERMINED' }, cancellationPolicy: null })).toEqual([]);
  });

  it('wants a rent price to say what it is for, whatever its kind; a sale needs no unit', () => {
    for (const kind of ['AMOUNT', 'RANGE', 'TO_BE_DETERMINED'] as const) {
      const rent = { kind, amountCents: 4_300, range: 'FROM_0_TO_100' as const };
      expect(failures({ ...valid(), rent }), kind).toEqual(['rent.unit:required']);
      expect(failures({ ...valid(), rent: { ...rent, unit: 'WEEK' } }), kind).toEqual([]);
    }
    expect(failures({ ...valid(), sale: { kind: 'AMOUNT', amountCents: 4_300 } })).toEqual([]);
  });

  it('allows ten images, each with its sizes and an alt text', () => {
    const image = { fileIds: ['a'], alt: { en: 'Oven' } };
    expect(failures({ ...valid(), images: Array.from({ length: 11 }, () => image) })).toEqual(['images:tooMany']);
    expect(failures({ ...valid(), images: [{ fileIds: [], alt: { fr: '' } }] })).toEqual([
      'images.0.fileIds:required',
      'images.0.alt:required',
    ]);
  });

  it('wants a Canadian postal code when one is given (spec §5)', () => {
    const at = (postalCode: string | null) => failures({ ...valid(), address: { ...valid().address, postalCode } });
    expect(at('G5L 1A1')).toEqual([]);
    expect(at('g5l-1a1')).toEqual([]);
    expect(at(null)).toEqual([]);
    expect(at('4321 rue')).toEqual(['address.postalCode:postalCode']);
  });

  it('wants the truthfulness declaration', () => {
    expect(failures({ ...valid(), infoIsTrue: false })).toEqual(['infoIsTrue:required']);
  });
});

describe('hasSomeLanguage', () => {
  it('counts rich text only when more than empty tags remain', () => {
    expect(hasSomeLanguage({ fr: '<p></p>' }, true)).toBe(false);
    expect(hasSomeLanguage({ fr: '<p></p>' })).toBe(true);
    expect(hasSomeLanguage(null)).toBe(false);
  });

  it('does not count a text of invisible characters only: an ad would have an empty title', () => {
    expect(hasSomeLanguage({ fr: '\u200b\u200d', en: '\ufeff' })).toBe(false);
    expect(hasSomeLanguage({ fr: '<p>\u200b</p>' }, true)).toBe(false);
    expect(hasSomeLanguage({ fr: '\u200bFour' })).toBe(true);
  });
});

describe('quebecToday', () => {
  it('is the calendar day in Quebec, across midnight UTC and daylight saving time', () => {
    expect(quebecToday(new Date('2026-11-24T04:59:59Z'))).toBe('2026-11-23'); // EST, UTC-5
    expect(quebecToday(new Date('2026-11-24T05:00:00Z'))).toBe('2026-11-24');
    expect(quebecToday(new Date('2026-07-01T03:59:59Z'))).toBe('2026-06-30'); // EDT, UTC-4
    expect(quebecToday(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });

  it("does not depend on how the runtime's locale data writes an en-CA date", () => {
    const format = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'format')!;
    // CLDR has written en-CA short dates both as 2026-11-23 and as 11/23/2026.
    Object.defineProperty(Intl.DateTimeFormat.prototype, 'format', { configurable: true, get: () => () => '11/23/2026' });
    try {
      expect(quebecToday(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-23');
    } finally {
      Object.defineProperty(Intl.DateTimeFormat.prototype, 'format', format);
    }
  });
});
