// Resolvers of trust and safety (functions/domain/moderation): reports and blocks for users, the
// moderation queue and its actions for administrators; each use case checks the role first.

import type {
  MutationBlockConversationParticipantArgs,
  MutationModerateCaseArgs,
  MutationReportItemArgs,
  MutationUnblockUserArgs,
  QueryModerationQueueArgs,
} from '@partage/graphql';
import type { Identity } from '../domain/identity';
import { blockConversationParticipant, myBlockedUsers, unblockUser } from '../domain/moderation/blocks';
import { moderateCase, moderationQueue } from '../domain/moderation/moderation';
import { reportItem } from '../domain/moderation/reports';
import { resolverHandler, type FieldMap } from './shared/resolver';
import { observed } from './shared/observed';

export const moderationFields = {
  'Query.moderationQueue': (args: QueryModerationQueueArgs, identity: Identity) => moderationQueue(identity, args),
  'Query.myBlockedUsers': (_args: unknown, identity: Identity) => myBlockedUsers(identity),
  'Mutation.reportItem': ({ input }: MutationReportItemArgs, identity: Identity) => reportItem(identity, input),
  'Mutation.moderateCase': ({ input }: MutationModerateCaseArgs, identity: Identity) => moderateCase(identity, input),
  'Mutation.blockConversationParticipant': ({ input }: MutationBlockConversationParticipantArgs, identity: Identity) =>
    blockConversationParticipant(identity, input),
  'Mutation.unblockUser': ({ userId }: MutationUnblockUserArgs, identity: Identity) => unblockUser(identity, userId),
} satisfies FieldMap;

export const handler = observed('moderation', resolverHandler(moderationFields));
