// Resolvers of privacy rights (functions/domain/privacy, docs/privacy.md): data exports and account
// deletions, by the person or by an administrator on their request, and the log of them. A Lambda of its
// own: it reads and writes every capability's items of one person, and schedules the jobs that finish a
// deletion and delete an export's file (privacy-jobs).

import type {
  MutationAdminDeleteUserArgs,
  MutationAdminExportUserDataArgs,
  MutationDeleteMyAccountArgs,
  QueryPrivacyRequestsArgs,
} from '@partage/graphql';
import type { Identity } from '../domain/identity';
import { adminDeleteUser, deleteMyAccount } from '../domain/privacy/account-deletion';
import { adminExportUserData, myDataExports, requestMyDataExport } from '../domain/privacy/data-exports';
import { privacyRequests } from '../domain/privacy/privacy-log';
import { observed } from './shared/observed';
import { resolverHandler, type FieldMap } from './shared/resolver';

export const privacyFields = {
  'Query.myDataExports': (_args: Record<string, never>, identity: Identity) => myDataExports(identity),
  'Query.privacyRequests': (args: QueryPrivacyRequestsArgs, identity: Identity) => privacyRequests(identity, args),
  'Mutation.requestMyDataExport': (_args: Record<string, never>, identity: Identity) => requestMyDataExport(identity),
  'Mutation.deleteMyAccount': ({ input }: MutationDeleteMyAccountArgs, identity: Identity) => deleteMyAccount(identity, input),
  'Mutation.adminExportUserData': ({ input }: MutationAdminExportUserDataArgs, identity: Identity) => adminExportUserData(identity, input),
  'Mutation.adminDeleteUser': ({ input }: MutationAdminDeleteUserArgs, identity: Identity) => adminDeleteUser(identity, input),
} satisfies FieldMap;

export const handler = observed('privacy', resolverHandler(privacyFields));
