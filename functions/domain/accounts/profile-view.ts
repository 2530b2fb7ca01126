// How a stored user is shown: to themself (Me.profile, also the edit screen of administrators) and
// to other users (the public profile, with contact details only where the user allows it).

import type { AcceptedTos, Profile, PublicProfileSource } from '@partage/graphql';
import type { UserRecord } from '../../data/users';
import { CONTENT_LANGUAGE_OF } from './account-fields';
import { acceptedTosOf } from './terms';

export async function profileOf(user: UserRecord): Promise<Profile> {
  // The profile shares the user's id; terms apply to USER accounts only.
  const acceptedTos: AcceptedTos | null = user.role === 'USER' ? await acceptedTosOf(user.id) : null;
  return {
    id: user.id,
    publicName: user.publicName,
    acceptedTos,
    firstName: user.firstName,
    lastName: user.lastName,
    organizationName: user.organizationName ?? null,
    organizationNEQ: user.organizationNEQ ?? null,
    organizationType: user.organizationType ?? null,
    organizationTypeOtherSpecification: user.organizationTypeOtherSpecification ?? null,
    industry: user.industry ?? null,
    industryOtherSpecification: user.industryOtherSpecification ?? null,
    phoneNumber: user.phoneNumber ?? null,
    phoneVerified: user.phoneVerified,
    showPhoneNumber: user.showPhoneNumber ?? false,
    showEmail: user.showEmail ?? false,
    address: user.address ?? null,
    postalCode: user.postalCode ?? null,
    contactAuthorizationNews: user.contactAuthorizationNews ?? false,
    contactAuthorizationSurveys: user.contactAuthorizationSurveys ?? false,
    registeringInterests: user.registeringInterests ?? [],
    language: CONTENT_LANGUAGE_OF[user.language],
    registeredSince: user.createdAt,
    taxStatus: user.taxStatus ?? 'NOT_STATED',
    gstNumber: user.gstNumber ?? null,
    qstNumber: user.qstNumber ?? null,
  };
}

export function publicProfileOf(user: UserRecord, transactionsCount: number): PublicProfileSource {
  return {
    id: user.id,
    publicName: user.publicName,
    organizationName: user.organizationName ?? null,
    organizationType: user.organizationType ?? null,
    organizationTypeOtherSpecification: user.organizationTypeOtherSpecification ?? null,
    industry: user.industry ?? null,
    industryOtherSpecification: user.industryOtherSpecification ?? null,
    registeredSince: user.createdAt,
    transactionsCount,
    email: user.showEmail ? user.email : null,
    phoneNumber: user.showPhoneNumber ? (user.phoneNumber ?? null) : null,
  };
}
