// The profile fields of an account (spec §3) as one form: which fields each screen asks for, their
// rules (shared with the server, @partage/graphql), and how the values become the API's inputs.
import {
  ACCOUNT_TEXT_MAX_LENGTH,
  email,
  gstNumber,
  maxLength,
  neq,
  ORGANIZATION_TYPES,
  phone,
  plainText,
  postalCode,
  qstNumber,
  required,
  type AdminCreateUserInput,
  type ContentLanguage,
  type Industry,
  type OrganizationType,
  type Profile,
  type RegisteringInterest,
  type TaxStatus,
  type UiLanguage,
} from '@partage/graphql';
import type { FieldRules } from './use-fields-form';

/**
 * The screens that show profile fields: sign-up, an administrator creating a user, a user editing
 * their own profile, an administrator editing anyone's.
 */
export type ProfileMode = 'signup' | 'adminCreate' | 'self' | 'adminEdit';
/** A USER account describes an organisation; an ADMIN account only has a name. */
export type AccountKind = 'USER' | 'ADMIN';

export type ProfileValues = {
  email: string;
  firstName: string;
  lastName: string;
  organizationName: string;
  organizationNEQ: string;
  organizationType: OrganizationType | '';
  organizationTypeOtherSpecification: string;
  industry: Industry | '';
  industryOtherSpecification: string;
  phoneNumber: string;
  showPhoneNumber: boolean;
  showEmail: boolean;
  address: string;
  postalCode: string;
  registeringInterests: readonly RegisteringInterest[];
  contactAuthorizationNews: boolean;
  contactAuthorizationSurveys: boolean;
  /** The language of the e-mails the account receives. */
  language: ContentLanguage;
  /** The organisation's sales-tax status and, when REGISTERED, its numbers (issue 39 §3). */
  taxStatus: TaxStatus;
  gstNumber: string;
  qstNumber: string;
  // Asked at sign-up only, beside the profile: never part of a profile update.
  password: string;
  passwordConfirmation: string;
  acceptedTermsAndPrivacy: boolean;
  notRentalCompany: boolean;
};

export type ProfileField = keyof ProfileValues;

export const CONTENT_LANGUAGE_OF: Record<UiLanguage, ContentLanguage> = { fr: 'FRENCH', en: 'ENGLISH' };

/**
 * The organisation types offered. NON_PROFIT is an older value that duplicates
 * NON_PROFIT_ORGANIZATIONS: it stays readable on the accounts that have it, but is not offered.
 */
export const organizationTypeChoices = (current: OrganizationType | ''): readonly OrganizationType[] =>
  ORGANIZATION_TYPES.filter((type) => type !== 'NON_PROFIT' || current === 'NON_PROFIT');

const ORGANIZATION_FIELDS = [
  'organizationName',
  'organizationNEQ',
  'organizationType',
  'organizationTypeOtherSpecification',
  'industry',
  'industryOtherSpecification',
  'address',
  'postalCode',
] as const satisfies readonly ProfileField[];

/** The profile fields a screen asks for, for an account of this kind. */
export function profileFieldsOf(mode: ProfileMode, kind: AccountKind): ReadonlySet<ProfileField> {
  const fields: ProfileField[] = ['firstName', 'lastName'];
  // A user changes their own address in the account settings, where the password is asked.
  if (mode !== 'self') fields.push('email');
  // The e-mail language follows the interface at sign-up.
  if (mode !== 'signup') fields.push('language');
  if (kind === 'USER') {
    fields.push(...ORGANIZATION_FIELDS, 'phoneNumber', 'showPhoneNumber', 'showEmail', 'registeringInterests');
    // Consent is the user's to give: an account made by an administrator starts without it.
    if (mode !== 'adminCreate') fields.push('contactAuthorizationNews', 'contactAuthorizationSurveys');
    // The organisation states its taxes once it has an account (an administrator may correct them); they show on its contracts.
    if (mode === 'self' || mode === 'adminEdit') fields.push('taxStatus', 'gstNumber', 'qstNumber');
  }
  return new Set(fields);
}

const requiredWhenOther = (choice: 'organizationType' | 'industry') => (value: string, values: ProfileValues) =>
  values[choice] === 'OTHER' ? required(value) : null;
const requiredWhenRegistered = (value: string, values: ProfileValues) => (values.taxStatus === 'REGISTERED' ? required(value) : null);

const RULES: FieldRules<ProfileValues> = {
  email: { rules: [required, email, maxLength(ACCOUNT_TEXT_MAX_LENGTH.email)], messageValues: { max: ACCOUNT_TEXT_MAX_LENGTH.email } },
  firstName: {
    rules: [required, maxLength(ACCOUNT_TEXT_MAX_LENGTH.name), plainText],
    messageValues: { max: ACCOUNT_TEXT_MAX_LENGTH.name },
  },
  lastName: { rules: [required, maxLength(ACCOUNT_TEXT_MAX_LENGTH.name), plainText], messageValues: { max: ACCOUNT_TEXT_MAX_LENGTH.name } },
  organizationName: {
    rules: [required, maxLength(ACCOUNT_TEXT_MAX_LENGTH.organization), plainText],
    messageValues: { max: ACCOUNT_TEXT_MAX_LENGTH.organization },
  },
  organizationNEQ: { rules: [neq] },
  organizationType: { rules: [required] },
  organizationTypeOtherSpecification: {
    rules: [requiredWhenOther('organizationType'), maxLength(ACCOUNT_TEXT_MAX_LENGTH.otherSpecification), plainText],
    messageValues: { max: ACCOUNT_TEXT_MAX_LENGTH.otherSpecification },
  },
  industry: { rules: [required] },
  industryOtherSpecification: {
    rules: [requiredWhenOther('industry'), maxLength(ACCOUNT_TEXT_MAX_LENGTH.otherSpecification), plainText],
    messageValues: { max: ACCOUNT_TEXT_MAX_LENGTH.otherSpecification },
  },
  phoneNumber: { rules: [phone] },
  address: { rules: [maxLength(ACCOUNT_TEXT_MAX_LENGTH.address), plainText], messageValues: { max: ACCOUNT_TEXT_MAX_LENGTH.address } },
  postalCode: { rules: [postalCode] },
  gstNumber: { rules: [requiredWhenRegistered, gstNumber] },
  qstNumber: { rules: [requiredWhenRegistered, qstNumber] },
};

/** The fields a server refusal can name that show a message; choice groups show none (nothing to mistype). */
export const fieldsWithMessages = (fields: ReadonlySet<ProfileField>): ProfileField[] =>
  [...fields].filter((name) => name !== 'registeringInterests' && name !== 'language' && name !== 'taxStatus');

/** The rules of the fields a screen shows. */
export function profileRules(fields: ReadonlySet<ProfileField>): FieldRules<ProfileValues> {
  return Object.fromEntries(Object.entries(RULES).filter(([name]) => fields.has(name as ProfileField))) as FieldRules<ProfileValues>;
}

export const emptyProfile = (language: ContentLanguage): ProfileValues => ({
  email: '',
  firstName: '',
  lastName: '',
  organizationName: '',
  organizationNEQ: '',
  organizationType: '',
  organizationTypeOtherSpecification: '',
  industry: '',
  industryOtherSpecification: '',
  phoneNumber: '',
  showPhoneNumber: false,
  showEmail: false,
  address: '',
  postalCode: '',
  registeringInterests: [],
  contactAuthorizationNews: false,
  contactAuthorizationSurveys: false,
  language,
  taxStatus: 'NOT_STATED',
  gstNumber: '',
  qstNumber: '',
  password: '',
  passwordConfirmation: '',
  acceptedTermsAndPrivacy: false,
  notRentalCompany: false,
});

/** A stored +1XXXXXXXXXX number the way people write it here: 514 555-1234. */
export const displayPhone = (stored: string): string => stored.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '$1 $2-$3');

/** What the forms read of a stored profile (PROFILE_FORM_FIELDS in operations.ts). */
export type StoredProfile = Omit<Profile, 'id' | 'publicName' | 'acceptedTos' | 'phoneVerified' | 'registeredSince'>;

/** The form values of a stored profile (and its account's address). */
export function profileValuesOf(profile: StoredProfile, accountEmail: string): ProfileValues {
  return {
    ...emptyProfile(profile.language),
    email: accountEmail,
    firstName: profile.firstName,
    lastName: profile.lastName,
    organizationName: profile.organizationName ?? '',
    organizationNEQ: profile.organizationNEQ ?? '',
    organizationType: profile.organizationType ?? '',
    organizationTypeOtherSpecification: profile.organizationTypeOtherSpecification ?? '',
    industry: profile.industry ?? '',
    industryOtherSpecification: profile.industryOtherSpecification ?? '',
    phoneNumber: displayPhone(profile.phoneNumber ?? ''),
    showPhoneNumber: profile.showPhoneNumber,
    showEmail: profile.showEmail,
    address: profile.address ?? '',
    postalCode: profile.postalCode ?? '',
    registeringInterests: profile.registeringInterests,
    contactAuthorizationNews: profile.contactAuthorizationNews,
    contactAuthorizationSurveys: profile.contactAuthorizationSurveys,
    taxStatus: profile.taxStatus,
    gstNumber: profile.gstNumber ?? '',
    qstNumber: profile.qstNumber ?? '',
  };
}

/** An "other" text only means something while its choice is OTHER, tax numbers while the status is REGISTERED. */
const NEEDED_WHEN: Partial<Record<ProfileField, (values: ProfileValues) => boolean>> = {
  organizationTypeOtherSpecification: (values) => values.organizationType === 'OTHER',
  industryOtherSpecification: (values) => values.industry === 'OTHER',
  gstNumber: (values) => values.taxStatus === 'REGISTERED',
  qstNumber: (values) => values.taxStatus === 'REGISTERED',
};
const isMeaningful = (name: ProfileField, values: ProfileValues) => NEEDED_WHEN[name]?.(values) ?? true;

/** The profile part of a new account's input: what sign-up and an administrator's creation share. */
export type NewAccountInput = Omit<AdminCreateUserInput, 'language'>;

/**
 * The input of a new account: the shown fields, texts trimmed, blank optional texts and unused
 * "other" texts left out. The form's rules (the server's, from @partage/graphql) have made every
 * required field present before this is called.
 */
export function newAccountInput(values: ProfileValues, fields: ReadonlySet<ProfileField>): NewAccountInput {
  const input: Record<string, unknown> = {};
  for (const name of fields) {
    const value = values[name];
    if (!isMeaningful(name, values)) continue;
    if (typeof value !== 'string') input[name] = value;
    else if (value.trim() !== '') input[name] = value.trim();
  }
  return input as unknown as NewAccountInput;
}

/**
 * The changed fields as an update input (the server changes only the fields present), or null when
 * nothing changed. A cleared optional text is sent as null, which removes it.
 */
export function profileChanges(
  values: ProfileValues,
  changed: readonly ProfileField[],
  fields: ReadonlySet<ProfileField>,
): Record<string, unknown> | null {
  const changes: Record<string, unknown> = {};
  for (const name of changed) {
    if (!fields.has(name) || !isMeaningful(name, values)) continue;
    const value = values[name];
    changes[name] = typeof value !== 'string' ? value : value.trim() || null;
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
