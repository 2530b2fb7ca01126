// The rules of the contact form (sendContactMessage), shared by the page and the server: the name,
// address, subject and message are required, the address well formed; lengths and characters come from
// INPUT_MAX_LENGTHS like every text (the message may hold line breaks).

import type { SendContactMessageInput } from './generated/types';
import { email, hasVisibleText, inputTextChecks, type RuleResult } from './validation';

/** The fields a person fills in, in the order of the form. */
export const CONTACT_FIELDS = ['name', 'email', 'organization', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactMessageFields = Pick<SendContactMessageInput, ContactField>;

// Spaces and invisible characters alone are no name nor message.
const filled = (value: string | null | undefined): RuleResult => (hasVisibleText(value) ? null : 'required');

/** Paths are relative to the input (`email`); the server prefixes them with `input.`. The first failure of a field comes first. */
export function contactMessageChecks(input: ContactMessageFields): Array<[ContactField, RuleResult]> {
  const fields = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, input[field]]));
  const texts = inputTextChecks('Mutation.sendContactMessage', { input: fields }).map(([path, result]): [ContactField, RuleResult] => [
    path.replace(/^input\./, '') as ContactField,
    result,
  ]);
  return [
    ['name', filled(input.name)],
    ['email', filled(input.email) ?? email(input.email)],
    ['subject', filled(input.subject)],
    ['message', filled(input.message)],
    ...texts,
  ];
}
