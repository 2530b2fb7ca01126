// The rules of the ad form (spec §5) that go beyond one field's length and characters (those come
// from INPUT_MAX_LENGTHS): the web form shows them as the user types, createAd and updateAd throw
// them as one VALIDATION_FAILED. Paths are relative to the AdInput (`rent.amountCents`,
// `images.2.alt`); the server prefixes them with `input.`.

import { AD_MAX_IMAGES, AD_IMAGE_WIDTHS, AD_MAX_PRICE_CENTS, AD_MAX_RESTRICTIONS, AD_TEXT_MAX_LENGTH } from './constants';
import { CANCELLATION_POLICIES } from './cancellation-policy';
import { TAX_MODES } from './enums';
import type { AdInput, PriceOfferInput } from './generated/types';
import {
  hasVisibleText,
  latLong,
  maxLength,
  minDate,
  oneOf,
  oneOfRentSaleTradeDonation,
  postalCode,
  required,
  richTextEmpty,
  type RuleResult,
} from './validation';

type Localized = { fr?: string | null; en?: string | null } | null | undefined;

/** At least one language holds visible text (rich text: more than empty tags). */
export const hasSomeLanguage = (text: Localized, rich = false): boolean =>
  [text?.fr, text?.en].some((v) => (rich ? richTextEmpty(v) === null : hasVisibleText(v)));

function priceChecks(offer: PriceOfferInput | null | undefined, path: string): Array<[string, RuleResult]> {
  if (!offer) return [];
  const amount = offer.amountCents;
  return [
    [
      `${path}.amountCents`,
      offer.kind !== 'AMOUNT'
        ? null
        : typeof amount !== 'number'
          ? 'requiredNumeric'
          : Number.isInteger(amount) && amount >= 0 && amount <= AD_MAX_PRICE_CENTS
            ? null
            : 'numeric',
    ],
    [`${path}.range`, offer.kind === 'RANGE' ? required(offer.range) : null],
  ];
}

/**
 * Every rule of an ad, for `today` (YYYY-MM-DD in Quebec): availability restrictions may not be in
 * the past. Fields of another category than the ad's are ignored here (the server drops them).
 */
export function adInputChecks(input: AdInput, today: string): Array<[string, RuleResult]> {
  const { availability: av, address } = input;
  const restrictions = av.restrictions ?? [];
  const images = input.images ?? [];
  return [
    ['title', hasSomeLanguage(input.title) ? null : 'required'],
    ['title.fr', maxLength(AD_TEXT_MAX_LENGTH.title)(input.title.fr)],
    ['title.en', maxLength(AD_TEXT_MAX_LENGTH.title)(input.title.en)],
    ['description', hasSomeLanguage(input.description, true) ? null : 'richTextEmpty'],
    ['descriptionOther', input.category === 'OTHER' ? required(input.descriptionOther) : null],
    [
      'professionalKitchenEquipmentOther',
      input.category === 'PROFESSIONAL_KITCHEN' && input.professionalKitchenEquipment?.includes('OTHER')
        ? required(input.professionalKitchenEquipmentOther)
        : null,
    ],
    ['deliveryTruckType', input.category === 'DELIVERY_TRUCK' ? required(input.deliveryTruckType) : null],
    [
      'deliveryTruckTypeOther',
      input.category === 'DELIVERY_TRUCK' && input.deliveryTruckType === 'OTHER' ? required(input.deliveryTruckTypeOther) : null,
    ],
    ['address.address', required(address.address)],
    ['address.town', required(address.town)],
    // Readers of a hidden address see its first three characters (the area): they must be one.
    ['address.postalCode', postalCode(address.postalCode)],
    ['address', latLong(address.latitude, address.longitude)],
    ['availability', av.all || ((av.day || av.evening) && av.weekdays.length > 0) ? null : 'required'],
    ['availability.restrictions', restrictions.length <= AD_MAX_RESTRICTIONS ? null : 'tooMany'],
    ...restrictions.map((r, i): [string, RuleResult] => [`availability.restrictions.${i}.date`, minDate(r.date, today)]),
    [
      'offers',
      oneOfRentSaleTradeDonation({
        isAvailableForRent: !!input.rent,
        isAvailableForSale: !!input.sale,
        isAvailableForTrade: !!input.trade,
        isAvailableForDonation: !!input.donation,
      }),
    ],
    ...priceChecks(input.rent, 'rent'),
    // A rent price says what it is for (issue 23): "43 $" alone could be an hour or a month.
    ['rent.unit', input.rent ? required(input.rent.unit) : null],
    ...priceChecks(input.sale, 'sale'),
    // A price says whether the GST and QST come on top of it (issue 39 §3).
    ['taxMode', input.rent || input.sale ? (required(input.taxMode) ?? oneOf(TAX_MODES)(input.taxMode)) : null],
    // A rental says what cancelling it gives back (issue 39 §2).
    [
      'cancellationPolicy',
      input.rent ? (required(input.cancellationPolicy) ?? oneOf(CANCELLATION_POLICIES)(input.cancellationPolicy)) : null,
    ],
    ['trade.description', input.trade && !hasSomeLanguage(input.trade.description) ? 'required' : null],
    ['donation.description', input.donation && !hasSomeLanguage(input.donation.description) ? 'required' : null],
    ['images', images.length <= AD_MAX_IMAGES ? null : 'tooMany'],
    ...images.flatMap((image, i): Array<[string, RuleResult]> => [
      [`images.${i}.fileIds`, image.fileIds.length >= 1 && image.fileIds.length <= AD_IMAGE_WIDTHS.length ? null : 'required'],
      [`images.${i}.alt`, hasSomeLanguage(image.alt) ? null : 'required'],
    ]),
    ['infoIsTrue', required(input.infoIsTrue)],
  ];
}

/**
 * The calendar day (YYYY-MM-DD) in Quebec at `instant`: availability restrictions may not be before
 * it. Built from the date's parts, not from the en-CA pattern, which locale data has changed.
 */
export function quebecToday(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
