// The profile fields of an account (spec §3, account creation input), shared by sign-up, accounts
// created by administrators and profile updates: their rules, and how a sent value is stored.

import {
  ACCOUNT_TEXT_MAX_LENGTH,
  CONTENT_LANGUAGES,
  email,
  INDUSTRIES,
  maxLength,
  neq,
  normalizePhone,
  normalizePostalCode,
  oneOf,
  ORGANIZATION_TYPES,
  phone,
  postalCode,
  REGISTERING_INTERESTS,
  required,
  type ContentLanguage,
  type RuleResult,
  type UiLanguage,
  type UpdateUserProfileInput,
} from '@partage/graphql';
import type { AccountRole, UserChanges, UserRecord } from '../../data/users';

/** The profile fields as the schema types them: UpdateUserProfileInput without the account it names. */
export type AccountFieldsInput = Omit<UpdateUserProfileInput, 'userId'>;

export type Check = [path: string, result: RuleResult];

export const emailAddressRule = (value: string | null | undefined): RuleResult =>
  required(value) ?? email(value) ?? maxLength(ACCOUNT_TEXT_MAX_LENGTH.email)(value);

export const UI_LANGUAGE_OF: Record<ContentLanguage, UiLanguage> = { FRENCH: 'fr', ENGLISH: 'en' };
export const CONTENT_LANGUAGE_OF: Record<UiLanguage, ContentLanguage> = { fr: 'FRENCH', en: 'ENGLISH' };

type ValueField = Exclude<keyof AccountFieldsInput, 'registeringInterests'>;
const rule = (check: (value: string | null | undefined) => RuleResult) => (value: unknown) => check(value as string | null | undefined);

/** The format of each field (booleans are typed by the schema). */
const RULES: Record<ValueField, (value: unknown) => RuleResult> = {
  firstName: rule(maxLength(ACCOUNT_TEXT_MAX_LENGTH.name)),
  lastName: rule(maxLength(ACCOUNT_TEXT_MAX_LENGTH.name)),
  organizationName: rule(maxLength(ACCOUNT_TEXT_MAX_LENGTH.organization)),
  organizationNEQ: rule(neq),
  organizationType: rule(oneOf(ORGANIZATION_TYPES)),
  organizationTypeOtherSpecification: rule(maxLength(ACCOUNT_TEXT_MAX_LENGTH.otherSpecification)),
  industry: rule(oneOf(INDUSTRIES)),
  industryOtherSpecification: rule(maxLength(ACCOUNT_TEXT_MAX_LENGTH.otherSpecification)),
  phoneNumber: rule(phone),
  showPhoneNumber: () => null,
  showEmail: () => null,
  address: rule(maxLength(ACCOUNT_TEXT_MAX_LENGTH.address)),
  postalCode: rule(postalCode),
  contactAuthorizationNews: () => null,
  contactAuthorizationSurveys: () => null,
  language: rule(oneOf(CONTENT_LANGUAGES)),
};

/** The text an OTHER choice needs, and the choice it explains. */
const OTHER_TEXTS = { organizationTypeOtherSpecification: 'organizationType', industryOtherSpecification: 'industry' } as const;
const choiceExplainedBy = (field: string) => OTHER_TEXTS[field as keyof typeof OTHER_TEXTS] as ValueField | undefined;

const REQUIRED: Record<AccountRole, readonly ValueField[]> = {
  USER: ['firstName', 'lastName', 'organizationName', 'organizationType', 'industry'],
  ADMIN: ['firstName', 'lastName'],
};

/**
 * The checks of a new account's fields, or, given the account being changed (`stored`), of the
 * fields present in the update. An OTHER choice needs its text, judged on the account as it would be
 * after the change.
 */
export function accountFieldChecks(input: AccountFieldsInput, role: AccountRole, stored?: Partial<UserRecord>): Check[] {
  const sent = (field: keyof AccountFieldsInput) => stored === undefined || field in input;
  const valueAfter = (field: ValueField): unknown => (field in input ? input[field] : stored?.[field as keyof UserRecord]);
  const checks: Check[] = [];
  for (const field of Object.keys(RULES) as ValueField[]) {
    const choice = choiceExplainedBy(field);
    if (!sent(field) && !(choice && sent(choice))) continue;
    const needed = REQUIRED[role].includes(field) || (choice !== undefined && valueAfter(choice) === 'OTHER');
    const value = valueAfter(field);
    checks.push([`input.${field}`, (needed ? required(value) : null) ?? RULES[field](value)]);
  }
  if (sent('registeringInterests')) {
    const valid = (input.registeringInterests ?? []).every((interest) => oneOf(REGISTERING_INTERESTS)(interest) === null);
    checks.push(['input.registeringInterests', valid ? null : 'oneOf']);
  }
  return checks;
}

const OPTIONAL_TEXT_FIELDS = [
  'organizationName',
  'organizationNEQ',
  'organizationTypeOtherSpecification',
  'industryOtherSpecification',
  'address',
] as const;
const FLAG_FIELDS = ['showPhoneNumber', 'showEmail', 'contactAuthorizationNews', 'contactAuthorizationSurveys'] as const;

/** USER accounts show their organisation; administrators their first name and initial. */
export const publicNameOf = (user: Pick<UserRecord, 'role' | 'firstName' | 'lastName' | 'organizationName'>): string =>
  (user.role === 'USER' && user.organizationName) || `${user.firstName} ${user.lastName.charAt(0)}.`;

/**
 * How the fields present in a valid `input` are stored: trimmed texts, normalised phone and postal
 * code; a blank or null optional field is removed; an "other" text goes with a choice other than OTHER.
 * The public name follows, and a new phone number has to be verified again.
 */
export function accountFieldChanges(
  input: AccountFieldsInput,
  before: Pick<UserRecord, 'role'> & Partial<UserRecord>,
): Required<UserChanges> {
  const set: Partial<UserRecord> = {};
  const remove: NonNullable<UserChanges['remove']> = [];
  const present = (field: keyof AccountFieldsInput) => field in input && input[field] !== undefined;
  const keep = <K extends keyof UserRecord & NonNullable<UserChanges['remove']>[number]>(field: K, value: UserRecord[K] | undefined) => {
    if (value === undefined || value === '') remove.push(field);
    else set[field] = value;
  };

  // Names are required: validation has refused a blank one.
  for (const field of ['firstName', 'lastName'] as const) if (present(field)) set[field] = input[field]!.trim();
  for (const field of OPTIONAL_TEXT_FIELDS) if (present(field)) keep(field, input[field]?.trim());
  for (const field of FLAG_FIELDS) if (present(field)) keep(field, input[field] ?? undefined);
  if (present('phoneNumber')) keep('phoneNumber', input.phoneNumber?.trim() ? normalizePhone(input.phoneNumber) : undefined);
  if (present('postalCode')) keep('postalCode', input.postalCode?.trim() ? normalizePostalCode(input.postalCode) : undefined);
  if (present('organizationType')) keep('organizationType', input.organizationType ?? undefined);
  if (present('industry')) keep('industry', input.industry ?? undefined);
  if (present('registeringInterests'))
    keep('registeringInterests', input.registeringInterests?.length ? [...new Set(input.registeringInterests)] : undefined);
  if (input.language) set.language = UI_LANGUAGE_OF[input.language];

  const after: Partial<UserRecord> = { ...before, ...set };
  for (const field of remove) delete after[field];
  for (const [text, choice] of Object.entries(OTHER_TEXTS) as [keyof typeof OTHER_TEXTS, ValueField][]) {
    if (after[choice as keyof UserRecord] !== 'OTHER' && (present(text) || present(choice))) {
      delete set[text];
      if (!remove.includes(text)) remove.push(text);
    }
  }
  if (after.phoneNumber !== before.phoneNumber) set.phoneVerified = false;
  if ((['firstName', 'lastName', 'organizationName'] as const).some(present)) set.publicName = publicNameOf(after as UserRecord);
  return { set, remove };
}
