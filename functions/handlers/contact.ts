// Resolver of the contact form (functions/domain/contact): open to anyone, so there is no role to
// check; the limits per source address need the caller's address.

import type { MutationSendContactMessageArgs } from '@partage/graphql';
import { sendContactMessage } from '../domain/contact/contact-message';
import type { Identity } from '../domain/identity';
import { resolverHandler, sourceAddressOf, type FieldMap, type ResolverEvent } from './shared/resolver';
import { observed } from './shared/observed';

export const contactFields = {
  'Mutation.sendContactMessage': ({ input }: MutationSendContactMessageArgs, _identity: Identity, event: ResolverEvent) =>
    sendContactMessage(input, sourceAddressOf(event)),
} satisfies FieldMap;

export const handler = observed('contact', resolverHandler(contactFields));
