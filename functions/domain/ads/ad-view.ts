// An ad as one reader receives it: the exact address and point only for its owner and the
// administrators (or everyone, when the owner shows the address), image variants with their URLs,
// and whether the reader may edit it. The contact details come from the owner's profile, read for a
// whole page of ads at once (Ad.contact).

import {
  adPath,
  DEFAULT_CANCELLATION_POLICY,
  type AdContact,
  type AdSource,
  type CancellationPolicy,
  type TaxMode,
} from '@partage/graphql';
import type { AdContent, AdImageRecord, AdRecord, LocalizedValue, PriceOfferRecord } from '../../data/ads';
import type { OfferPriceRecord } from '../../data/search-index';
import type { UserRecord } from '../../data/users';
import { publicFileUrl } from '../files/uploads';
import type { Identity } from '../identity';
import { approximateArea } from './location';

/** What Ad.contact needs to know of the ad, beyond the schema's fields: whose it is. */
export interface AdView extends AdSource {
  ownerId: string;
}

/** The owner or an administrator: sees everything of the ad, and may change it. */
export const managesAd = (identity: Identity, ad: Pick<AdRecord, 'ownerId'>): boolean =>
  identity.role === 'ADMIN' ? !!identity.userId : identity.role === 'USER' && identity.userId === ad.ownerId;

/** Published ads are everyone's to read; the others only their owner's and the administrators'. */
export const mayReadAd = (identity: Identity, ad: AdRecord): boolean => (ad.published && !ad.unlisted) || managesAd(identity, ad);

const localizedText = ({ fr, en }: LocalizedValue) => ({ fr, en });

/** An image as readers receive it: its variants' public URLs (also the search results' first image). */
export const imageView = (image: AdImageRecord) => ({
  id: image.variants.at(-1)!.fileId,
  alt: localizedText(image.alt),
  variants: image.variants.map(({ fileId, width, height }) => ({ fileId, url: publicFileUrl(fileId), width, height })),
});

/**
 * How an ad's prices read (issue 39 §3): ads priced before the choice existed read ADDED, as the
 * demo ads' "Taxes en sus" and most listings of equipment for businesses say.
 */
export const taxModeOf = (content: Pick<AdContent, 'rent' | 'sale' | 'taxMode'>): TaxMode | null =>
  content.rent || content.sale ? (content.taxMode ?? 'ADDED') : null;

/** What cancelling a rental of the ad gives back (issue 39 §2): ads saved before the choice read the middle policy. */
export const cancellationPolicyOf = (content: Pick<AdContent, 'rent' | 'cancellationPolicy'>): CancellationPolicy | null =>
  content.rent ? (content.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY) : null;

/**
 * A rent or sale price without its notes, as cards, the digest (through the search entry) and the
 * contract form's suggested total read it; the unit and the ad's tax mode ride along.
 */
export const offerPriceOf = (
  offer: PriceOfferRecord | null,
  content: Pick<AdContent, 'rent' | 'sale' | 'taxMode'>,
): OfferPriceRecord | null =>
  offer && { kind: offer.kind, amountCents: offer.amountCents, range: offer.range, unit: offer.unit ?? null, taxMode: taxModeOf(content) };

const priceOffer = (offer: PriceOfferRecord | null) =>
  offer && {
    kind: offer.kind,
    amountCents: offer.amountCents,
    range: offer.range,
    unit: offer.unit ?? null,
    description: localizedText(offer.description),
  };

function locationFor(ad: AdRecord, exact: boolean): AdSource['location'] {
  const { address, town, postalCode, latitude, longitude, showAddress } = ad.content.address;
  if (exact) return { exact: true, address, town, postalCode, latitude, longitude, radiusMeters: 0, showAddress };
  // The postal code's first half only (the area): the whole one narrows a hidden address to a street.
  return {
    exact: false,
    address: null,
    town,
    postalCode: postalCode?.slice(0, 3) ?? null,
    ...approximateArea({ latitude, longitude }),
    showAddress: null,
  };
}

/** `<slug>-<id>`, from the French title or else the English one. */
export const adPathOf = ({ id, content }: AdRecord) => adPath(content.title.fr ?? content.title.en ?? '', id);

export function adView(ad: AdRecord, reader: Identity): AdView {
  const { content } = ad;
  const manages = managesAd(reader, ad);
  return {
    id: ad.id,
    ownerId: ad.ownerId,
    path: adPathOf(ad),
    title: localizedText(content.title),
    description: localizedText(content.description),
    category: content.category,
    descriptionOther: content.descriptionOther,
    professionalKitchenEquipment: content.professionalKitchenEquipment,
    professionalKitchenEquipmentOther: content.professionalKitchenEquipmentOther,
    deliveryTruckType: content.deliveryTruckType,
    deliveryTruckTypeOther: content.deliveryTruckTypeOther,
    canHaveDriver: content.canHaveDriver,
    canShareRoad: content.canShareRoad,
    refrigerated: content.refrigerated,
    conditionsTypeDeliveryTruck: content.conditionsTypeDeliveryTruck,
    surfaceDescription: content.surfaceDescription,
    surfaceSize: content.surfaceSize,
    equipment: content.equipment,
    conditions: content.conditions,
    location: locationFor(ad, manages || content.address.showAddress),
    availability: {
      ...content.availability,
      restrictions: content.availability.restrictions.map(({ date, period }) => ({ date, period })),
    },
    certifications: content.certifications,
    allergens: content.allergens,
    rent: priceOffer(content.rent),
    sale: priceOffer(content.sale),
    taxMode: taxModeOf(content),
    cancellationPolicy: cancellationPolicyOf(content),
    trade: content.trade && { description: localizedText(content.trade.description) },
    donation: content.donation && { description: localizedText(content.donation.description) },
    organization: content.organization,
    images: content.images.map(imageView),
    infoIsTrue: content.infoIsTrue,
    published: ad.published,
    unlisted: ad.unlisted,
    editable: manages,
    createdAt: ad.createdAt,
    updatedAt: ad.updatedAt,
    publishedAt: ad.publishedAt,
  };
}

/**
 * How to reach an ad's owner: their public name and organisation, their e-mail address and phone
 * number only where their profile shows them (the phone number also only once verified), and only to
 * a signed-in reader: published ads are public pages, and an address or number on them would be
 * scraped (issue 23, point 11). An unlisted ad names no one: the administrator who prepared it is not
 * the contact, the organisation on the ad is.
 */
export function adContact(ad: Pick<AdView, 'unlisted' | 'organization'>, owner: UserRecord | undefined, reader: Identity): AdContact {
  if (ad.unlisted || !owner) {
    return { userId: null, publicName: ad.organization ?? '', organizationName: ad.organization ?? null, email: null, phoneNumber: null };
  }
  const signedIn = reader.role !== 'ANONYME';
  return {
    userId: owner.id,
    publicName: owner.publicName,
    organizationName: owner.organizationName ?? null,
    email: signedIn && owner.showEmail ? owner.email : null,
    // Verified only: a number changed after publishing (unverified again) may be anyone's.
    phoneNumber: signedIn && owner.showPhoneNumber && owner.phoneVerified ? (owner.phoneNumber ?? null) : null,
  };
}
