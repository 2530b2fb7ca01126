// The profile fields of an account (spec §3, account creation input), shared by sign-up, accounts
// created by administrators and profile updates: their rules, and how a sent value is stored.

import {
  ACCOUNT_TEXT_MAX_LENGTH,
  CONTENT_LANGUAGES,
  email,
  gstNumber,
  INDUSTRIES,
  maxLength,
  neq,
  normalizePhone,
  normalizePostalCode,
  normalizeTaxNumber,
  oneOf,
  ORGANIZATION_TYPES,
  phone,
  postalCode,
  qstNumber,
  REGISTERING_INTERESTS,
  required,
  TAX_STATUSES,
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
  taxStatus: rule(oneOf(TAX_STATUSES)),
  gstNumber: rule(gstNumber),
  qstNumber: rule(qstNumber),
};

/**
 * The fields that only mean something after one choice, which needs them: the text an OTHER choice
 * explains, the registration numbers of a REGISTERED organisation.
 */
const DEPENDENT_FIELDS = {
  organizationTypeOtherSpecification: ['organizationType', 'OTHER'],
  industryOtherSpecification: ['industry', 'OTHER'],
  gstNumber: ['taxStatus', 'REGISTERED'],
  qstNumber: ['taxStatus', 'REGISTERED'],
} as const satisfies Partial<Record<ValueField, readonly [ValueField, string]>>;
const choiceExplainedBy = (field: string) =>
  DEPENDENT_FIELDS[field as keyof typeof DEPENDENT_FIELDS] as readonly [ValueField, string] | undefined;

const REQUIRED: Record<AccountRole, readonly ValueField[]> = {
  USER: ['firstName', 'lastName', 'organizationName', 'organizationType', 'industry'],
  ADMIN: ['firstName', 'lastName'],
};

/**
 * The checks of a new account's fields, or, given the account being changed (`stored`), of the
 * fields present in the update. An OTHER choice needs its text and a REGISTERED status its numbers,
 * judged on the account as it would be after the change.
 */
export function accountFieldChecks(input: AccountFieldsInput, role: AccountRole, stored?: Partial<UserRecord>): Check[] {
  const sent = (field: keyof AccountFieldsInput) => stored === undefined || field in input;
  const valueAfter = (field: ValueField): unknown => (field in input ? input[field] : stored?.[field as keyof UserRecord]);
  const checks: Check[] = [];
  for (const field of Object.keys(RULES) as ValueField[]) {
    const [choice, needingValue] = choiceExplainedBy(field) ?? [];
    if (!sent(field) && !(choice && sent(choice))) continue;
    const needed = REQUIRED[role].includes(field) || (choice !== undefined && valueAfter(choice) === needingValue);
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
 * How the fields present in a valid `input` are stored: trimmed texts, normalised phone, postal code
 * and tax numbers; a blank or null optional field is removed, and so is a NOT_STATED tax status (its
 * reading when absent); a dependent field goes with a choice that does not need it.
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
  if (present('taxStatus')) keep('taxStatus', input.taxStatus === 'NOT_STATED' ? undefined : (input.taxStatus ?? undefined));
  for (const field of ['gstNumber', 'qstNumber'] as const)
    if (present(field)) keep(field, input[field]?.trim() ? normalizeTaxNumber(input[field]) : undefined);
  if (present('registeringInterests'))
    keep('registeringInterests', input.registeringInterests?.length ? [...new Set(input.registeringInterests)] : undefined);
  if (input.language) set.language = UI_LANGUAGE_OF[input.language];

  const after: Partial<UserRecord> = { ...before, ...set };
  for (const field of remove) delete after[field];
  for (const [text, [choice, needingValue]] of Object.entries(DEPENDENT_FIELDS) as [
    keyof typeof DEPENDENT_FIELDS,
    [ValueField, string],
  ][]) {
    if (after[choice as keyof UserRecord] !== needingValue && (present(text) || present(choice))) {
      delete set[text];
      if (!remove.includes(text)) remove.push(text);
    }
  }
  if (after.phoneNumber !== before.phoneNumber) set.phoneVerified = false;
  if ((['firstName', 'lastName', 'organizationName'] as const).some(present)) set.publicName = publicNameOf(after as UserRecord);
  return { set, remove };
}
