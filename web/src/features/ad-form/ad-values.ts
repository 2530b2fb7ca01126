// The ad form's values (spec §3 Ad) and how they become the API's AdInput and back; the form's
// checks are the shared ones (adInputChecks and the schema's lengths), so the browser and the server
// name the same fields with the same rules, by their path in the AdInput (`rent.amountCents`).
import {
  AD_MAX_IMAGES,
  AD_MAX_RESTRICTIONS,
  AD_TEXT_MAX_LENGTH,
  adInputChecks,
  DEFAULT_INPUT_MAX_LENGTH,
  INPUT_MAX_LENGTHS,
  inputTextChecks,
  quebecToday,
  readTypedAmount,
  richTextEmpty,
  typedAmountOf,
  type AdCategory,
  type AdInput,
  type Allergen,
  type Certification,
  type DayPeriod,
  type KitchenEquipment,
  type PriceKind,
  type PriceOfferInput,
  type PriceRange,
  type RentUnit,
  type CancellationPolicy,
  type TaxMode,
  type RuleName,
  type TruckType,
  type UiLanguage,
  type Weekday,
} from '@partage/graphql';
import type { StoredAd } from './operations';

export interface LocalizedValues {
  fr: string;
  en: string;
}

export interface PriceValues {
  offered: boolean;
  kind: PriceKind;
  /** Dollars as typed (`1 234,50` or `1234.5`), read by readTypedAmount in the form's language. */
  amount: string;
  range: PriceRange | '';
  /** Rent only: what the price is for; '' until chosen (and on a rent saved before units existed). */
  unit: RentUnit | '';
  description: LocalizedValues;
}

export interface DescribedOfferValues {
  offered: boolean;
  description: LocalizedValues;
}

export interface RestrictionValues {
  /** Stable across additions and removals, for React and for focus. */
  key: string;
  date: string;
  period: DayPeriod;
}

export interface ImageValues {
  key: string;
  /** The uploaded variants, narrowest first. */
  fileIds: string[];
  alt: LocalizedValues;
  /** What the form shows: the stored narrowest variant, or the chosen file. */
  previewUrl: string;
}

export interface AdFormValues {
  title: LocalizedValues;
  /** HTML from the rich text editor. */
  description: LocalizedValues;
  category: AdCategory | '';
  descriptionOther: string;
  professionalKitchenEquipment: KitchenEquipment[];
  professionalKitchenEquipmentOther: string;
  deliveryTruckType: TruckType | '';
  deliveryTruckTypeOther: string;
  canHaveDriver: boolean;
  canShareRoad: boolean;
  refrigerated: boolean;
  conditionsTypeDeliveryTruck: string;
  surfaceDescription: string;
  surfaceSize: string;
  equipment: string;
  conditions: string;
  address: {
    /** The picked suggestion's street address (or place), then whatever is typed. */
    address: string;
    town: string;
    postalCode: string;
    /** Set only by picking a suggestion; typing clears them (spec §5: the address comes from the autocomplete). */
    latitude: number | null;
    longitude: number | null;
    showAddress: boolean;
  };
  availability: {
    all: boolean;
    day: boolean;
    evening: boolean;
    weekdays: Weekday[];
    restrictions: RestrictionValues[];
  };
  certifications: Certification[];
  allergens: Allergen[];
  rent: PriceValues;
  sale: PriceValues;
  /** How the rent and sale prices read (issue 39 §3); '' until chosen. */
  taxMode: TaxMode | '';
  /** What a tenant gets back by cancelling a rental (issue 39 §2); '' until chosen. */
  cancellationPolicy: CancellationPolicy | '';
  trade: DescribedOfferValues;
  donation: DescribedOfferValues;
  organization: string;
  images: ImageValues[];
  infoIsTrue: boolean;
}

/** The groups of fields a category asks for, besides the fields every ad has. */
export type CategoryFieldGroup = 'kitchenEquipment' | 'truck' | 'surface' | 'equipment' | 'conditions' | 'descriptionOther';

export const CATEGORY_FIELD_GROUPS: Record<AdCategory, readonly CategoryFieldGroup[]> = {
  PROFESSIONAL_KITCHEN: ['kitchenEquipment', 'surface', 'equipment', 'conditions'],
  DELIVERY_TRUCK: ['truck'],
  STORAGE_SPACE: ['surface', 'equipment', 'conditions'],
  PROFESSIONAL_COOKING_EQUIPMENT: ['equipment', 'conditions'],
  PREP_EQUIPMENT: ['equipment', 'conditions'],
  REFRIGERATION_EQUIPMENT: ['equipment', 'conditions'],
  HEAVY_EQUIPMENT: ['equipment', 'conditions'],
  SURPLUS: ['equipment', 'conditions'],
  OTHER: ['descriptionOther', 'equipment', 'conditions'],
};

export const hasGroup = (category: AdCategory | '', group: CategoryFieldGroup): boolean =>
  category !== '' && CATEGORY_FIELD_GROUPS[category].includes(group);

const emptyText = (): LocalizedValues => ({ fr: '', en: '' });
const emptyPrice = (): PriceValues => ({ offered: false, kind: 'AMOUNT', amount: '', range: '', unit: '', description: emptyText() });

let keys = 0;
/** A key for a new row or image. */
export const newKey = (prefix: string): string => `${prefix}-${++keys}`;

export function emptyAdValues(organization = ''): AdFormValues {
  return {
    title: emptyText(),
    description: emptyText(),
    category: '',
    descriptionOther: '',
    professionalKitchenEquipment: [],
    professionalKitchenEquipmentOther: '',
    deliveryTruckType: '',
    deliveryTruckTypeOther: '',
    canHaveDriver: false,
    canShareRoad: false,
    refrigerated: false,
    conditionsTypeDeliveryTruck: '',
    surfaceDescription: '',
    surfaceSize: '',
    equipment: '',
    conditions: '',
    address: { address: '', town: '', postalCode: '', latitude: null, longitude: null, showAddress: false },
    availability: { all: false, day: false, evening: false, weekdays: [], restrictions: [] },
    certifications: [],
    allergens: [],
    rent: emptyPrice(),
    sale: emptyPrice(),
    taxMode: '',
    cancellationPolicy: '',
    trade: { offered: false, description: emptyText() },
    donation: { offered: false, description: emptyText() },
    organization,
    images: [],
    infoIsTrue: false,
  };
}

/** The typed amount's cents; null when it is not an amount (adFormErrors names why). */
const centsOf = (typed: string, language: UiLanguage): number | null => {
  const read = readTypedAmount(typed, language);
  return 'cents' in read ? read.cents : null;
};

const textOf = (value: string | null | undefined): string => value ?? '';
const localizedOf = (value: { fr?: string | null; en?: string | null } | null | undefined): LocalizedValues => ({
  fr: textOf(value?.fr),
  en: textOf(value?.en),
});

function priceOf(offer: StoredAd['rent'], language: UiLanguage): PriceValues {
  if (!offer) return emptyPrice();
  return {
    offered: true,
    kind: offer.kind,
    amount: typeof offer.amountCents === 'number' ? typedAmountOf(offer.amountCents, language) : '',
    range: offer.range ?? '',
    unit: offer.unit ?? '',
    description: localizedOf(offer.description),
  };
}

/** A stored ad as the form's values (edit). */
export function adValuesOf(ad: StoredAd, language: UiLanguage): AdFormValues {
  const { location, availability } = ad;
  return {
    title: localizedOf(ad.title),
    description: localizedOf(ad.description),
    category: ad.category,
    descriptionOther: textOf(ad.descriptionOther),
    professionalKitchenEquipment: [...ad.professionalKitchenEquipment],
    professionalKitchenEquipmentOther: textOf(ad.professionalKitchenEquipmentOther),
    deliveryTruckType: ad.deliveryTruckType ?? '',
    deliveryTruckTypeOther: textOf(ad.deliveryTruckTypeOther),
    canHaveDriver: ad.canHaveDriver ?? false,
    canShareRoad: ad.canShareRoad ?? false,
    refrigerated: ad.refrigerated ?? false,
    conditionsTypeDeliveryTruck: textOf(ad.conditionsTypeDeliveryTruck),
    surfaceDescription: textOf(ad.surfaceDescription),
    surfaceSize: textOf(ad.surfaceSize),
    equipment: textOf(ad.equipment),
    conditions: textOf(ad.conditions),
    address: {
      address: textOf(location.address),
      town: location.town,
      postalCode: textOf(location.postalCode),
      latitude: location.latitude,
      longitude: location.longitude,
      showAddress: location.showAddress ?? false,
    },
    availability: {
      all: availability.all,
      day: availability.day,
      evening: availability.evening,
      weekdays: [...availability.weekdays],
      // A restriction whose day has passed says nothing any more, and the rule refuses dates before
      // today: the form leaves them out, so an old ad can be saved without deleting them by hand.
      restrictions: availability.restrictions
        .filter((r) => r.date >= quebecToday(new Date()))
        .map((r) => ({ key: newKey('restriction'), date: r.date, period: r.period })),
    },
    certifications: [...ad.certifications],
    allergens: [...ad.allergens],
    rent: priceOf(ad.rent, language),
    sale: priceOf(ad.sale, language),
    taxMode: ad.taxMode ?? '',
    cancellationPolicy: ad.cancellationPolicy ?? '',
    trade: { offered: !!ad.trade, description: localizedOf(ad.trade?.description) },
    donation: { offered: !!ad.donation, description: localizedOf(ad.donation?.description) },
    organization: textOf(ad.organization),
    images: ad.images.map((image) => ({
      key: newKey('image'),
      fileIds: image.variants.map((variant) => variant.fileId),
      alt: localizedOf(image.alt),
      previewUrl: image.variants[0]?.url ?? '',
    })),
    infoIsTrue: ad.infoIsTrue,
  };
}

const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());
const localized = ({ fr, en }: LocalizedValues) => ({ fr: optional(fr), en: optional(en) });
/** The editor's "nothing" (`<p></p>`) is no text. */
const richText = (html: string): string | null => (richTextEmpty(html) ? null : html.trim());

function priceInput(price: PriceValues, mode: 'rent' | 'sale', language: UiLanguage): PriceOfferInput | null {
  if (!price.offered) return null;
  return {
    kind: price.kind,
    amountCents: price.kind === 'AMOUNT' ? centsOf(price.amount, language) : null,
    range: price.kind === 'RANGE' && price.range !== '' ? price.range : null,
    unit: mode === 'rent' && price.unit !== '' ? price.unit : null,
    description: localized(price.description),
  };
}

/**
 * The AdInput the values make, their amounts read as typed in `language`. Fields of other categories
 * than the chosen one are sent empty, so a changed category leaves nothing of the previous one on the ad.
 */
export function adInputOf(values: AdFormValues, language: UiLanguage): AdInput {
  const has = (group: CategoryFieldGroup) => hasGroup(values.category, group);
  const ifGroup = (group: CategoryFieldGroup, value: string) => (has(group) ? optional(value) : null);
  const truck = has('truck');
  const { address, availability } = values;
  return {
    title: localized(values.title),
    description: { fr: richText(values.description.fr), en: richText(values.description.en) },
    // An ad without a category is refused by the checks before it is sent.
    category: values.category as AdCategory,
    descriptionOther: ifGroup('descriptionOther', values.descriptionOther),
    professionalKitchenEquipment: has('kitchenEquipment') ? values.professionalKitchenEquipment : [],
    professionalKitchenEquipmentOther:
      has('kitchenEquipment') && values.professionalKitchenEquipment.includes('OTHER')
        ? optional(values.professionalKitchenEquipmentOther)
        : null,
    deliveryTruckType: truck && values.deliveryTruckType !== '' ? values.deliveryTruckType : null,
    deliveryTruckTypeOther: truck && values.deliveryTruckType === 'OTHER' ? optional(values.deliveryTruckTypeOther) : null,
    canHaveDriver: truck ? values.canHaveDriver : null,
    canShareRoad: truck ? values.canShareRoad : null,
    refrigerated: truck ? values.refrigerated : null,
    conditionsTypeDeliveryTruck: ifGroup('truck', values.conditionsTypeDeliveryTruck),
    surfaceDescription: ifGroup('surface', values.surfaceDescription),
    surfaceSize: ifGroup('surface', values.surfaceSize),
    equipment: ifGroup('equipment', values.equipment),
    conditions: ifGroup('conditions', values.conditions),
    address: {
      address: address.address.trim(),
      town: address.town.trim(),
      postalCode: optional(address.postalCode),
      latitude: address.latitude,
      longitude: address.longitude,
      showAddress: address.showAddress,
    },
    availability: availability.all
      ? { all: true, day: false, evening: false, weekdays: [], restrictions: restrictionsOf(values) }
      : {
          all: false,
          day: availability.day,
          evening: availability.evening,
          weekdays: availability.weekdays,
          restrictions: restrictionsOf(values),
        },
    certifications: values.certifications,
    allergens: values.allergens,
    rent: priceInput(values.rent, 'rent', language),
    sale: priceInput(values.sale, 'sale', language),
    taxMode: (values.rent.offered || values.sale.offered) && values.taxMode !== '' ? values.taxMode : null,
    cancellationPolicy: values.rent.offered && values.cancellationPolicy !== '' ? values.cancellationPolicy : null,
    trade: values.trade.offered ? { description: localized(values.trade.description) } : null,
    donation: values.donation.offered ? { description: localized(values.donation.description) } : null,
    organization: optional(values.organization),
    images: values.images.map((image) => ({ fileIds: image.fileIds, alt: localized(image.alt) })),
    infoIsTrue: values.infoIsTrue,
  };
}

const restrictionsOf = (values: AdFormValues) => values.availability.restrictions.map(({ date, period }) => ({ date, period }));

/** Same ad once sent: lists compared as sets where their order means nothing. */
export function sameAdInput(a: AdInput, b: AdInput): boolean {
  const canonical = (input: AdInput) =>
    JSON.stringify({
      ...input,
      professionalKitchenEquipment: [...(input.professionalKitchenEquipment ?? [])].sort(),
      certifications: [...input.certifications].sort(),
      allergens: [...input.allergens].sort(),
      availability: { ...input.availability, weekdays: [...input.availability.weekdays].sort() },
    });
  return canonical(a) === canonical(b);
}

/** The limit a `maxLength` or `tooMany` message quotes for a field, by its AdInput path. */
export function limitOf(path: string): number {
  const parts = path.split('.');
  const [first, second] = parts;
  if (path === 'images') return AD_MAX_IMAGES;
  if (path === 'availability.restrictions') return AD_MAX_RESTRICTIONS;
  if (first === 'title') return AD_TEXT_MAX_LENGTH.title;
  if (first === 'description') return AD_TEXT_MAX_LENGTH.description;
  if (first === 'images') return AD_TEXT_MAX_LENGTH.alt;
  if (parts.includes('description')) return AD_TEXT_MAX_LENGTH.short;
  if (first === 'address') return INPUT_MAX_LENGTHS.AdAddressInput?.[second ?? ''] ?? DEFAULT_INPUT_MAX_LENGTH;
  return INPUT_MAX_LENGTHS.AdInput?.[first ?? ''] ?? DEFAULT_INPUT_MAX_LENGTH;
}

export type AdFormErrors = Record<string, RuleName>;

/**
 * Every failing rule of the values, by AdInput path (the first failure of a path wins): a typed
 * amount that is not one (read in `language`), then the shared ad rules (`today` YYYY-MM-DD), then
 * lengths and characters.
 */
export function adFormErrors(values: AdFormValues, today: string, language: UiLanguage): AdFormErrors {
  const input = adInputOf(values, language);
  const amountFormat = (['rent', 'sale'] as const).map((mode): [string, RuleName | null] => {
    const price = values[mode];
    const read = price.offered && price.kind === 'AMOUNT' && price.amount.trim() !== '' ? readTypedAmount(price.amount, language) : null;
    return [`${mode}.amountCents`, read && 'rule' in read ? read.rule : null];
  });
  const textChecks = inputTextChecks('Mutation.createAd', { input }).map(([path, rule]): [string, RuleName | null] => [
    path.replace(/^input\./, ''),
    rule,
  ]);
  const errors: AdFormErrors = {};
  const category: [string, RuleName | null] = ['category', values.category === '' ? 'required' : null];
  for (const [path, rule] of [category, ...amountFormat, ...adInputChecks(input, today), ...textChecks]) {
    if (rule && !errors[path]) errors[path] = rule;
  }
  return errors;
}
