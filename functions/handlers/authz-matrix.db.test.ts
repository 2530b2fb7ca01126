// The authorization matrix, generated from the schema: every Query, Mutation and Subscription field,
// called through its handler (AppSync-shaped events, DynamoDB Local) as an anonymous visitor, a user
// on their own data, a user on another user's data and an administrator, against the table kept
// beside the field's schema part (graphql/schema/<capability>.authz.ts). A field without a row fails;
// so does a call refused where the table says yes, or let through where it says no.

import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import { loadSchemaParts, rootFieldsByPart, SCHEMA_PARTS_DIR } from '@partage/graphql/schema-parts';
import type { AuthzCaller, AuthzTable } from '@partage/graphql/authz';
import { recordTermsAcceptance } from '../data/terms';
import type { UserRecord } from '../data/users';
import { latestTermsVersion } from '../domain/accounts/terms';
import { now } from '../domain/clock';
import { createConversation } from '../domain/chat/conversations';
import type { Identity } from '../domain/identity';
import {
  firstMessage,
  asUser,
  ANONYMOUS,
  errorCodeOf,
  givenAd,
  givenAlert,
  givenContract,
  givenEndedContract,
  givenPublishedReview,
  givenConversation,
  givenPaymentOnboarding,
  givenUser,
  resolverEvent,
  useTestEnvironment,
} from '../testing/fixtures';
import { RESOLVER_LAMBDAS } from './catalog';
import type { ResolverEvent } from './shared/resolver';

const { schema, registry } = loadSchemaParts();
const partsFields = rootFieldsByPart();
const CALLERS: AuthzCaller[] = ['anonymous', 'own', 'other', 'admin'];

async function tableOf(part: string): Promise<AuthzTable> {
  const path = `${SCHEMA_PARTS_DIR}${part}.authz.ts`;
  return existsSync(path) ? ((await import(/* @vite-ignore */ path)) as { authz: AuthzTable }).authz : {};
}

/**
 * Arguments that name `target`: every ID argument or input field is their id, every e-mail field
 * their address; other required values are plausible placeholders (they may fail validation, which
 * is not a refusal); optional ones are left out.
 */
function valueFor(type: GraphQLInputType, name: string, target: UserRecord): unknown {
  if (isNonNullType(type)) return valueFor(type.ofType, name, target);
  if (isListType(type)) return [valueFor(type.ofType, name, target)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) return argumentsOf(Object.values(type.getFields()), target);
  if (isScalarType(type) && type.name === 'ID') return target.id;
  if (type.name === 'Boolean') return true;
  if (type.name === 'Int' || type.name === 'Float') return 1;
  return /email/i.test(name) ? target.email : `${name}-1`;
}

const argumentsOf = (members: readonly (GraphQLArgument | GraphQLInputField)[], target: UserRecord) =>
  Object.fromEntries(
    members
      .filter((member) => isNonNullType(member.type) || getNamedType(member.type).name === 'ID')
      .map((member) => [member.name, valueFor(member.type, member.name, target)]),
  );

const handlers = new Map<string, (event: ResolverEvent) => Promise<unknown>>();
let user: UserRecord;
let otherUser: UserRecord;
let admin: UserRecord;

beforeAll(async () => {
  await useTestEnvironment();
  // The data exports write their file (privacy.graphql).
  const storeDir = await mkdtemp(join(tmpdir(), 'authz-store-'));
  Object.assign(process.env, { FILE_STORE_ADAPTER: 'local', FILE_STORE_DIR: storeDir, FILE_STORE_SECRET: 'test-file-store-secret' });
  for (const { name, fields } of RESOLVER_LAMBDAS) {
    const { handler } = (await import(/* @vite-ignore */ `./${name}.ts`)) as { handler: (event: ResolverEvent) => Promise<unknown> };
    for (const field of fields) handlers.set(field, handler);
  }
  [user, otherUser, admin] = await Promise.all([givenUser(), givenUser(), givenUser({ role: 'ADMIN' })]);
});

/**
 * ID arguments that name a resource rather than a user (`path` in the field's arguments): the matrix
 * makes one for the target, so that ownership is what the call tests.
 */
const RESOURCES: { fields: RegExp; path: string[]; make: (target: UserRecord) => Promise<{ id: string }> }[] = [
  { fields: /^(Query\.ad|Mutation\.(update|publish|unpublish)Ad)$/, path: ['id'], make: (target) => givenAd(target) },
  // Only an unlisted ad (an administrator's) can be transferred; the target is the new owner's address.
  { fields: /^Mutation\.transferAd$/, path: ['input', 'id'], make: () => givenAd(admin) },
  // A conversation the target started: `own` is a participant, `other` and the administrator are not.
  { fields: /^Query\.conversation$/, path: ['id'], make: (target) => givenConversation(target) },
  { fields: /^Query\.conversationMessages$/, path: ['conversationId'], make: (target) => givenConversation(target) },
  {
    fields: /^Mutation\.(sendMessage|removeConversationNotification|blockConversationParticipant)$/,
    path: ['input', 'conversationId'],
    make: (target) => givenConversation(target),
  },
  // A conversation about the target's ad (the target owns it and is onboarded): `own` may propose from it.
  {
    fields: /^Mutation\.proposeContract$/,
    path: ['input', 'conversationId'],
    make: async (target) => {
      await givenPaymentOnboarding(target.id);
      const ad = await givenAd(target, {}, { published: true });
      return createConversation(asUser(await givenUser()), { adId: ad.id, message: firstMessage() });
    },
  },
  // A contract the target is the tenant of (the owner for updateContract): `own` is a party, `other` and the administrator are not.
  { fields: /^Query\.contract$/, path: ['id'], make: (target) => givenContract(target) },
  { fields: /^Query\.contractDocumentDownload$/, path: ['input', 'contractId'], make: (target) => givenContract(target) },
  { fields: /^Mutation\.(cancelContract|acceptAndPayContract)$/, path: ['input', 'contractId'], make: (target) => givenContract(target) },
  {
    fields: /^Mutation\.(updateContract|refundContract)$/,
    path: ['input', 'contractId'],
    make: async (target) => givenContract(await givenUser(), target),
  },
  // Ratings: a rental the target was the tenant of, over; for answerReview a published review of the target (as owner).
  { fields: /^Query\.contractRatings$/, path: ['contractId'], make: (target) => givenEndedContract(target) },
  { fields: /^Mutation\.(saveRatingDraft|submitRating)$/, path: ['input', 'contractId'], make: (target) => givenEndedContract(target) },
  { fields: /^Mutation\.answerReview$/, path: ['input', 'reviewId'], make: (target) => givenPublishedReview(target) },
  // A deletion the administrator is let through for deletes a user made for it, not the matrix's target.
  { fields: /^Mutation\.adminDeleteUser$/, path: ['input', 'userId'], make: () => givenUser() },
  // An alert of the target's: `own` is its owner; `other` and the administrator are not.
  { fields: /^(Query\.alert|Mutation\.deleteAlert)$/, path: ['id'], make: (target) => givenAlert(target) },
  { fields: /^Mutation\.updateAlert$/, path: ['input', 'id'], make: (target) => givenAlert(target) },
];

async function callAs(caller: AuthzCaller, field: string): Promise<ResolverEvent> {
  const [typeName = '', fieldName = ''] = field.split('.');
  const definition = (schema.getType(typeName) as GraphQLObjectType).getFields()[fieldName]!;
  const [identity, target]: [Identity, UserRecord] = {
    anonymous: [ANONYMOUS, otherUser],
    own: [asUser(user), user],
    other: [asUser(user), otherUser],
    admin: [asUser(admin), otherUser],
  }[caller] as [Identity, UserRecord];
  const args = argumentsOf(definition.args, target);
  for (const { path, make } of RESOURCES.filter((resource) => resource.fields.test(field))) {
    const parent = path.slice(0, -1).reduce((value: Record<string, unknown>, key) => value[key] as Record<string, unknown>, args);
    parent[path.at(-1)!] = (await make(target)).id;
  }
  return resolverEvent(field, args, identity);
}

describe('authorization matrix', () => {
  it('has a table beside every schema part, with one row per root field the part declares', async () => {
    for (const [part, fields] of partsFields) {
      const table = await tableOf(part);
      expect(Object.keys(table).sort(), `graphql/schema/${part}.authz.ts`).toEqual([...fields].sort());
    }
  });

  const rows = [...partsFields].flatMap(([part, fields]) => fields.map((field) => ({ part, field })));

  it.each(rows)('$field is refused exactly where the table of $part says so', async ({ part, field }) => {
    const row = (await tableOf(part))[field];
    if (!row) return; // reported by the test above
    if (registry.serverOnly.includes(field)) {
      // No handler serves it; AppSync (and the local host) refuse every client token on it
      // (tests/integration/server-events.db.test.ts). Its row must say so.
      expect(row).toEqual({ anonymous: false, own: false, other: false, admin: false });
      expect(handlers.has(field)).toBe(false);
      return;
    }
    const handler = handlers.get(field);
    expect(handler, `no handler serves ${field}`).toBeDefined();
    // An earlier row may have published a new terms version; a USER who has not accepted it is refused
    // every mutation (TERMS_NOT_ACCEPTED) before any role check, which is not what this row is about.
    await recordTermsAcceptance(user.id, await latestTermsVersion(), now().toISOString());
    const outcome: Record<string, boolean> = {};
    for (const caller of CALLERS) {
      const result = await handler!(await callAs(caller, field));
      outcome[caller] = errorCodeOf(result) !== 'UNAUTHORIZED_ACCESS';
    }
    expect(outcome).toEqual(row);
  });
});
