// An AdInput as the server keeps it: fields of other categories dropped, texts trimmed, a language
// left empty stored as null, the description's HTML sanitised. The rules of spec §5 run on that
// normalised form (adInputChecks, shared with the web form), so what is checked is what is stored.

import sanitizeHtml from 'sanitize-html';
import {
  AD_TEXT_MAX_LENGTH,
  ALLERGENS,
  CERTIFICATIONS,
  DAY_PERIODS,
  KITCHEN_EQUIPMENT,
  WEEKDAYS,
  type DayPeriod,
  adInputChecks,
  hasVisibleText,
  maxLength,
  normalizePostalCode,
  quebecToday,
  richTextEmpty,
  type AdCategory,
  type AdInput,
  type LocalizedRichTextInput,
  type PriceOfferInput,
  type RuleResult,
} from '@partage/graphql';
import type { AdContent, LocalizedValue, PriceOfferRecord } from '../../data/ads';

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** An absolute http, https or mailto URL (as a browser parses it: tabs and leading spaces ignored). */
function isAbsoluteLink(href: string | undefined): boolean {
  if (!href) return false;
  try {
    return LINK_PROTOCOLS.has(new URL(href).protocol);
  } catch {
    return false;
  }
}

/** Tags and attributes an ad description may hold (spec §3: paragraphs, bold, italic, lists, links). */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link leaves the site without telling it where from, and lends it no ranking. Only absolute
    // links: allowedSchemes lets a relative one through ("/deconnexion", "www.x.ca"), which would
    // point into the site itself from a text anyone can write.
    a: (tagName, { href }) => ({
      tagName,
      attribs: { ...(isAbsoluteLink(href) ? { href: href! } : {}), rel: 'noopener noreferrer nofollow' },
    }),
  },
};

/** The description's HTML with only the allowed tags, attributes and link schemes. */
export const sanitizeDescription = (html: string): string => sanitizeHtml(html, SANITIZE_OPTIONS).trim();

/** Trimmed; null when nothing visible is left (a zero-width space is no title). */
const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed && hasVisibleText(trimmed) ? trimmed : null;
};

const localized = (value: { fr?: string | null; en?: string | null } | null | undefined): LocalizedValue => ({
  fr: text(value?.fr),
  en: text(value?.en),
});

/** A language whose sanitised HTML holds no text (only empty tags) counts as absent. */
function richText(value: LocalizedRichTextInput): LocalizedValue {
  const clean = (html: string | null | undefined) => {
    const sanitized = sanitizeDescription(html ?? '');
    return richTextEmpty(sanitized) ? null : sanitized;
  };
  return { fr: clean(value.fr), en: clean(value.en) };
}

/** A rent or sale offer as stored; only a rent price has a unit (a sale's is left out). */
const priceOffer = (offer: PriceOfferInput | null | undefined, mode: 'rent' | 'sale'): PriceOfferRecord | null =>
  offer
    ? {
        kind: offer.kind,
        amountCents: offer.kind === 'AMOUNT' ? (offer.amountCents ?? null) : null,
        range: offer.kind === 'RANGE' ? (offer.range ?? null) : null,
        unit: mode === 'rent' ? (offer.unit ?? null) : null,
        description: localized(offer.description),
      }
    : null;

/**
 * A set of choices, once each, in the order of its enumeration: the order the boxes were ticked in
 * is no change (NO_CHANGE) and no order for readers.
 */
const choices = <T extends string>(all: readonly T[], picked: readonly T[] | null | undefined): T[] =>
  all.filter((value) => picked?.includes(value));

/** Restrictions by date then period, once each. */
function restrictionsOf(restrictions: AdInput['availability']['restrictions']): AdContent['availability']['restrictions'] {
  const byDay = (a: { date: string; period: DayPeriod }, b: { date: string; period: DayPeriod }) =>
    a.date.localeCompare(b.date) || DAY_PERIODS.indexOf(a.period) - DAY_PERIODS.indexOf(b.period);
  return restrictions
    .map(({ date, period }) => ({ date, period }))
    .sort(byDay)
    .filter((restriction, index, sorted) => index === 0 || byDay(sorted[index - 1]!, restriction) !== 0);
}

const only = <T>(category: AdCategory, wanted: AdCategory, value: T): T | null => (category === wanted ? value : null);

/** The images are checked against the file records apart (ads.ts): here their alt texts only. */
export function normalizeAdInput(input: AdInput): Omit<AdContent, 'images'> & { images: { fileIds: string[]; alt: LocalizedValue }[] } {
  const { category } = input;
  const kitchen = category === 'PROFESSIONAL_KITCHEN';
  const truck = category === 'DELIVERY_TRUCK';
  const equipment = kitchen ? choices(KITCHEN_EQUIPMENT, input.professionalKitchenEquipment) : [];
  const address = input.address;
  return {
    title: localized(input.title),
    description: richText(input.description),
    category,
    descriptionOther: only(category, 'OTHER', text(input.descriptionOther)),
    professionalKitchenEquipment: equipment,
    professionalKitchenEquipmentOther: equipment.includes('OTHER') ? text(input.professionalKitchenEquipmentOther) : null,
    deliveryTruckType: truck ? (input.deliveryTruckType ?? null) : null,
    deliveryTruckTypeOther: truck && input.deliveryTruckType === 'OTHER' ? text(input.deliveryTruckTypeOther) : null,
    canHaveDriver: truck ? (input.canHaveDriver ?? null) : null,
    canShareRoad: truck ? (input.canShareRoad ?? null) : null,
    refrigerated: truck ? (input.refrigerated ?? null) : null,
    conditionsTypeDeliveryTruck: only(category, 'DELIVERY_TRUCK', text(input.conditionsTypeDeliveryTruck)),
    surfaceDescription: only(category, 'STORAGE_SPACE', text(input.surfaceDescription)),
    surfaceSize: only(category, 'STORAGE_SPACE', text(input.surfaceSize)),
    equipment: text(input.equipment),
    conditions: text(input.conditions),
    address: {
      address: address.address.trim(),
      town: address.town.trim(),
      postalCode: text(address.postalCode) && normalizePostalCode(address.postalCode!.trim()),
      latitude: address.latitude as number,
      longitude: address.longitude as number,
      showAddress: address.showAddress,
    },
    availability: {
      all: input.availability.all,
      day: input.availability.day,
      evening: input.availability.evening,
      weekdays: choices(WEEKDAYS, input.availability.weekdays),
      restrictions: restrictionsOf(input.availability.restrictions),
    },
    certifications: choices(CERTIFICATIONS, input.certifications),
    allergens: choices(ALLERGENS, input.allergens),
    rent: priceOffer(input.rent, 'rent'),
    sale: priceOffer(input.sale, 'sale'),
    taxMode: input.rent || input.sale ? (input.taxMode ?? null) : null,
    cancellationPolicy: input.rent ? (input.cancellationPolicy ?? null) : null,
    trade: input.trade ? { description: localized(input.trade.description) } : null,
    donation: input.donation ? { description: localized(input.donation.description) } : null,
    organization: text(input.organization),
    images: (input.images ?? []).map((image) => ({ fileIds: [...image.fileIds], alt: localized(image.alt) })),
    infoIsTrue: input.infoIsTrue,
  };
}

export type NormalizedAdInput = ReturnType<typeof normalizeAdInput>;

/**
 * Every rule of the ad form on the normalised input (paths prefixed `input.`), and the sanitised
 * description's length. `today` is YYYY-MM-DD in Quebec.
 */
export function adChecks(normalized: NormalizedAdInput, today: string): Array<[string, RuleResult]> {
  // The normalised form is an AdInput whose absent values are null.
  return [
    ...adInputChecks(normalized as unknown as AdInput, today),
    ['description.fr', maxLength(AD_TEXT_MAX_LENGTH.description)(normalized.description.fr)],
    ['description.en', maxLength(AD_TEXT_MAX_LENGTH.description)(normalized.description.en)],
  ].map(([path, result]): [string, RuleResult] => [`input.${path}`, result as RuleResult]);
}

/** Today's date in Quebec (YYYY-MM-DD): restrictions may not be in the past there. */
export const todayInQuebec = quebecToday;
