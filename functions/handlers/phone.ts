// Resolvers of the phone capability: a USER verifies the number of their own profile.

import type { MutationVerifyPhoneCodeArgs } from '@partage/graphql';
import { sendPhoneVerificationCode, verifyPhoneCode } from '../domain/phone/phone-verification';
import { requireRole, USER_ONLY, type Identity } from '../domain/identity';
import { resolverHandler, type FieldMap } from './shared/resolver';
import { observed } from './shared/observed';

type NoArgs = Record<string, never>;

export const phoneFields = {
  'Mutation.sendPhoneVerificationCode': (_args: NoArgs, identity: Identity) => sendPhoneVerificationCode(requireRole(identity, USER_ONLY)),

  'Mutation.verifyPhoneCode': ({ input }: MutationVerifyPhoneCodeArgs, identity: Identity) =>
    verifyPhoneCode(requireRole(identity, USER_ONLY), input?.code),
} satisfies FieldMap;

export const handler = observed('phone', resolverHandler(phoneFields));
