// The ad's booked periods, a field of the contracts' Lambda that the pages painted by the server read
// too (page-resolvers.ts): on its own so that those carry none of the contracts' payment code.

import type { QueryAdBookedPeriodsArgs } from '@partage/graphql';
import { adBookedPeriods } from '../../domain/contracts/ad-booked-periods';
import type { Identity } from '../../domain/identity';
import type { FieldMap } from './resolver';

export const bookedPeriodsFields = {
  'Query.adBookedPeriods': ({ adId }: QueryAdBookedPeriodsArgs, identity: Identity) => adBookedPeriods(identity, adId),
} satisfies FieldMap;
