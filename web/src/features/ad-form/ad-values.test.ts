import { describe, expect, it } from 'vitest';
import { adFormErrors, adInputOf, adValuesOf, emptyAdValues, limitOf, sameAdInput } from './ad-values';
import { storedAd, validValues } from './test-ads';

describe('adInputOf', () => {
  it('maps the values onto the AdInput, empty texts as null', () => {
    const input = adInputOf(
      {
        ...validValues(),
        rent: {
          offered: true,
          kind: 'AMOUNT',
          amount: '25,5',
          range: 'FROM_100_TO_500',
          unit: 'DAY',
          description: { fr: ' par jour ', en: '' },
        },
        // A sale sends no unit, whatever the values hold.
        sale: { offered: true, kind: 'RANGE', amount: '10', range: 'FROM_2000', unit: 'DAY', description: { fr: '', en: '' } },
      },
      'fr',
    );
    expect(input).toMatchObject({
      title: { fr: 'Four à pizza', en: null },
      description: { fr: '<p>Un four.</p>', en: null },
      category: 'PREP_EQUIPMENT',
      address: { address: '1 rue A', town: 'Laval', postalCode: null, latitude: 45.6, longitude: -73.7, showAddress: true },
      availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [] },
      rent: { kind: 'AMOUNT', amountCents: 2550, range: null, unit: 'DAY', description: { fr: 'par jour', en: null } },
      sale: { kind: 'RANGE', amountCents: null, range: 'FROM_2000', unit: null, description: { fr: null, en: null } },
      trade: null,
      donation: { description: { fr: 'Gratuit', en: null } },
      organization: 'Cuisine Solidaire',
      images: [],
      infoIsTrue: true,
    });
  });

  it('sends only the fields of the chosen category', () => {
    const values = {
      ...validValues(),
      category: 'DELIVERY_TRUCK' as const,
      deliveryTruckType: 'OTHER' as const,
      deliveryTruckTypeOther: 'Remorque',
      canHaveDriver: true,
      professionalKitchenEquipment: ['OVEN' as const],
      surfaceSize: '20 m²',
      equipment: 'Hayon',
    };
    expect(adInputOf(values, 'fr')).toMatchObject({
      deliveryTruckType: 'OTHER',
      deliveryTruckTypeOther: 'Remorque',
      canHaveDriver: true,
      canShareRoad: false,
      refrigerated: false,
      professionalKitchenEquipment: [],
      surfaceSize: null,
      equipment: null,
    });
    expect(adInputOf({ ...values, category: 'STORAGE_SPACE' }, 'fr')).toMatchObject({
      deliveryTruckType: null,
      canHaveDriver: null,
      surfaceSize: '20 m²',
      equipment: 'Hayon',
    });
  });

  it('gives back what a stored ad holds: a stored ad sent again changes nothing', () => {
    const ad = storedAd();
    const values = adValuesOf(ad, 'fr');
    expect(values.rent.amount).toBe('1234,50');
    expect(values.images[0]).toMatchObject({ fileIds: ['file-480', 'file-1024'], previewUrl: 'https://images.test/file-480.webp' });
    const input = adInputOf(values, 'fr');
    expect(input).toMatchObject({
      rent: { kind: 'AMOUNT', amountCents: 123450, unit: 'DAY', description: { fr: 'par jour', en: null } },
      donation: { description: { fr: null, en: 'Free to a food bank' } },
      images: [{ fileIds: ['file-480', 'file-1024'], alt: { fr: 'Le four', en: 'The oven' } }],
      availability: { all: true, restrictions: [{ date: '2099-01-02', period: 'EVENING' }] },
      address: { address: '123 rue Principale', town: 'Rimouski', postalCode: 'G5L 1A1', latitude: 48.45, longitude: -68.52 },
    });
    expect(sameAdInput(input, adInputOf(adValuesOf(ad, 'en'), 'en'))).toBe(true);
    expect(sameAdInput(input, adInputOf({ ...values, certifications: ['HACCP', 'GFSI'] }, 'fr'))).toBe(false);
  });

  it('leaves out restrictions whose day has passed, which the rules would refuse on the next save', () => {
    const restrictions = [
      { date: '2001-01-02', period: 'DAY' as const },
      { date: '2099-01-02', period: 'EVENING' as const },
    ];
    const ad = storedAd({ availability: { all: true, day: false, evening: false, weekdays: [], restrictions } });
    expect(adInputOf(adValuesOf(ad, 'fr'), 'fr').availability.restrictions).toEqual([{ date: '2099-01-02', period: 'EVENING' }]);
  });
});

describe('adFormErrors', () => {
  const today = '2030-06-15';

  it('passes valid values', () => {
    expect(adFormErrors(validValues(), today, 'en')).toEqual({});
  });

  it('names each failing field by its AdInput path with the shared rules', () => {
    const values = emptyAdValues();
    values.address.address = '1 rue A';
    values.rent = { offered: true, kind: 'AMOUNT', amount: '12.345', range: '', unit: '', description: { fr: '', en: '' } };
    values.sale = { offered: true, kind: 'RANGE', amount: '', range: '', unit: '', description: { fr: '', en: '' } };
    values.availability.restrictions = [{ key: 'r', date: '2030-06-14', period: 'DAY' }];
    values.title.en = 'x'.repeat(121);
    expect(adFormErrors(values, today, 'en')).toEqual({
      category: 'required',
      'rent.amountCents': 'amountDecimals',
      'rent.unit': 'required',
      'sale.range': 'required',
      taxMode: 'required',
      cancellationPolicy: 'required',
      'title.en': 'maxLength',
      description: 'richTextEmpty',
      'address.town': 'required',
      address: 'latLong',
      availability: 'required',
      'availability.restrictions.0.date': 'minDate',
      infoIsTrue: 'required',
    });
  });

  it('reads the amounts typed in the form’s language, and names what reads two ways', () => {
    const values = validValues();
    values.rent = { offered: true, kind: 'AMOUNT', amount: '1,234', range: '', unit: 'DAY', description: { fr: '', en: '' } };
    values.taxMode = 'ADDED';
    values.cancellationPolicy = 'FLEXIBLE';
    expect(adFormErrors(values, today, 'en')).toEqual({});
    expect(adInputOf(values, 'en').rent).toMatchObject({ amountCents: 123_400 });
    expect(adFormErrors(values, today, 'fr')).toEqual({ 'rent.amountCents': 'amountAmbiguous' });
    values.rent.amount = '1,234,56';
    expect(adFormErrors(values, today, 'en')).toEqual({ 'rent.amountCents': 'amountAmbiguous' });
  });

  it('requires a mode, an amount, and an alt text in one language per image', () => {
    const values = validValues();
    values.donation.offered = false;
    values.images = [{ key: 'i', fileIds: ['f'], alt: { fr: ' ', en: '' }, previewUrl: '' }];
    expect(adFormErrors(values, today, 'en')).toEqual({ offers: 'oneOfRentSaleTradeDonation', 'images.0.alt': 'required' });
    values.rent = { offered: true, kind: 'AMOUNT', amount: '', range: '', unit: 'DAY', description: { fr: '', en: '' } };
    expect(adFormErrors(values, today, 'en')).toMatchObject({ 'rent.amountCents': 'requiredNumeric' });
  });

  it('checks lengths and characters with the schema’s limits', () => {
    const values = validValues();
    values.equipment = 'x'.repeat(1001);
    values.organization = 'a\u202eb';
    expect(adFormErrors(values, today, 'en')).toEqual({ equipment: 'maxLength', organization: 'characters' });
  });
});

describe('limitOf', () => {
  it('quotes the limit of each kind of field', () => {
    expect(limitOf('title.fr')).toBe(120);
    expect(limitOf('description.en')).toBe(20_000);
    expect(limitOf('rent.description.fr')).toBe(1_000);
    expect(limitOf('images.3.alt.fr')).toBe(250);
    expect(limitOf('images')).toBe(10);
    expect(limitOf('address.address')).toBe(300);
    expect(limitOf('surfaceSize')).toBe(100);
    expect(limitOf('organization')).toBe(200);
  });
});
