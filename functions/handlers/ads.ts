// Resolvers of the ads capability (functions/domain/ads/ads.ts): each use case checks the caller's
// role and ownership itself, before it reads the input.

import type {
  MutationCreateAdArgs,
  MutationPublishAdArgs,
  MutationTransferAdArgs,
  MutationUnpublishAdArgs,
  MutationUpdateAdArgs,
  QueryAdArgs,
  QueryManagedAdsArgs,
  QueryUserAdsArgs,
} from '@partage/graphql';
import { adById, adContacts, createAd, managedAds, publishAd, transferAd, unpublishAd, updateAd, userAds } from '../domain/ads/ads';
import type { AdView } from '../domain/ads/ad-view';
import type { Identity } from '../domain/identity';
import { batched, resolverHandler, type FieldMap } from './shared/resolver';
import { observed } from './shared/observed';

/** The fields of the ads Lambda. */
export const adsFields = {
  'Query.ad': ({ id }: QueryAdArgs, identity: Identity) => adById(identity, id),
  'Query.managedAds': (args: QueryManagedAdsArgs, identity: Identity) => managedAds(identity, args),
  'Query.userAds': (args: QueryUserAdsArgs, identity: Identity) => userAds(identity, args),

  'Mutation.createAd': ({ input, requestKey }: MutationCreateAdArgs, identity: Identity) => createAd(identity, input, requestKey),
  'Mutation.updateAd': ({ id, input, expectedUpdatedAt }: MutationUpdateAdArgs, identity: Identity) =>
    updateAd(identity, id, input, expectedUpdatedAt),
  'Mutation.publishAd': ({ id }: MutationPublishAdArgs, identity: Identity) => publishAd(identity, id),
  'Mutation.unpublishAd': ({ id }: MutationUnpublishAdArgs, identity: Identity) => unpublishAd(identity, id),
  'Mutation.transferAd': ({ input }: MutationTransferAdArgs, identity: Identity) => transferAd(identity, input),

  // The ads of a page (or the one of a detail) were read by a caller allowed to see them: their
  // owners' profiles are read at once, whatever the number of ads.
  'Ad.contact': batched(async (calls) => adContacts(calls.map((call) => ({ ad: call.source as AdView, reader: call.identity })))),
} satisfies FieldMap;

export const handler = observed('ads', resolverHandler(adsFields));
