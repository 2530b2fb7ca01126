// Shared validation rules of spec §5. Each rule answers `null` when the value is valid, else the
// rule's name, which is also its translation key (`validation.<rule>` in the web locales) and the
// `rule` of a FieldError sent back by the server. Web forms and resolvers call the same functions.

import { AppError, type FieldError } from './errors';
import {
  ACCOUNT_TEXT_MAX_LENGTH,
  AD_TEXT_MAX_LENGTH,
  CONTACT_TEXT_MAX_LENGTH,
  CHAT_ATTACHMENT_NAME_MAX_LENGTH,
  CHAT_MESSAGE_MAX_LENGTH,
  CONTRACT_FILE_NAME_MAX_LENGTH,
  CONTRACT_TERMS_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RATING_COMMENT_MAX_LENGTH,
  PHONE_CODE_LENGTH,
  SEARCH_KEYWORD_MAX_LENGTH,
  ALERT_PLACE_LABEL_MAX_LENGTH,
  MODERATION_REASON_MAX_LENGTH,
  REPORT_NOTE_MAX_LENGTH,
} from './constants';
import { INPUT_TYPE_FIELDS, ROOT_FIELD_ARGUMENTS, type InputTypeName, type RootFieldName } from './generated/input-shapes';
import { RETURN_PATH_MAX_LENGTH } from './return-path';

export type RuleName =
  | 'required'
  | 'requiredNumeric'
  | 'digits'
  | 'numeric'
  | 'email'
  | 'imageFileType'
  | 'exactLength'
  | 'phoneCode'
  | 'password'
  | 'samePassword'
  | 'url'
  | 'postalCode'
  | 'richTextEmpty'
  | 'latLong'
  | 'minDate'
  | 'endAfterStart'
  | 'dateTime'
  | 'maxDate'
  | 'periodTooLong'
  | 'priceCents'
  | 'amount'
  | 'amountDecimals'
  | 'amountAmbiguous'
  | 'outsideAvailability'
  | 'oneOfRentSaleTradeDonation'
  | 'neq'
  | 'gstNumber'
  | 'qstNumber'
  | 'phone'
  | 'oneOf'
  | 'maxLength'
  | 'characters'
  | 'fileType'
  | 'fileSize'
  | 'fileContent'
  | 'fileForbidden'
  | 'messageTooLarge'
  | 'tooMany'
  | 'termsVersion'
  | 'termsVersionTaken'
  | 'stars';

export type RuleResult = RuleName | null;

const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export const required = (v: unknown): RuleResult => (isBlank(v) || v === false ? 'required' : null);

export const numeric = (v: string | number | null | undefined): RuleResult =>
  isBlank(v) || /^-?\d+([.,]\d+)?$/.test(String(v).trim()) ? null : 'numeric';

export const requiredNumeric = (v: string | number | null | undefined): RuleResult =>
  isBlank(v) ? 'requiredNumeric' : numeric(v) && 'requiredNumeric';

export const digits = (v: string | null | undefined): RuleResult => (isBlank(v) || /^\d+$/.test(String(v)) ? null : 'digits');

/** RFC 5321's limits: a path of 256 octets (254 characters of address), a local part of 64, a label of 63. */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_MAX_LENGTH = 64;
const EMAIL_LABEL_MAX_LENGTH = 63;

/** Stored and compared form of an address: trimmed, lower case (addresses are case-insensitive here). */
export const normalizeEmail = (v: string): string => v.trim().toLowerCase();

// One @, a printable ASCII local part (dot-atom), a domain of letter/digit/hyphen labels with a dot,
// within RFC 5321's lengths. The confirmation e-mail proves the rest.
export const email = (v: string | null | undefined): RuleResult => {
  if (isBlank(v)) return null;
  const address = String(v).trim();
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  const valid =
    address.length <= EMAIL_MAX_LENGTH &&
    at > 0 &&
    local.length <= EMAIL_LOCAL_MAX_LENGTH &&
    /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => label.length <= EMAIL_LABEL_MAX_LENGTH && /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/.test(label)) &&
    /^[A-Za-z]{2,}$/.test(labels[labels.length - 1]!);
  return valid ? null : 'email';
};

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const imageFileType = (mimeType: string | null | undefined): RuleResult =>
  isBlank(mimeType) || IMAGE_TYPES.includes(String(mimeType).toLowerCase()) ? null : 'imageFileType';

export const exactLength =
  (length: number) =>
  (v: string | null | undefined): RuleResult =>
    isBlank(v) || String(v).length === length ? null : 'exactLength';

export const phoneCode = (v: string | null | undefined): RuleResult =>
  isBlank(v) || new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(String(v)) ? null : 'phoneCode';

export const password = (v: string | null | undefined): RuleResult => {
  if (isBlank(v)) return null;
  const s = String(v);
  return s.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s) ? null : 'password';
};

export const samePassword = (v: string | null | undefined, target: string | null | undefined): RuleResult =>
  (v ?? '') === (target ?? '') ? null : 'samePassword';

// http:// or https:// once, followed by a host; "https://http://x" and "htp://x" are rejected.
export const url = (v: string | null | undefined): RuleResult => {
  if (isBlank(v)) return null;
  const s = String(v).trim();
  if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(s)) return 'url';
  return /^https?:\/\/https?:/i.test(s) ? 'url' : null;
};

export const postalCode = (v: string | null | undefined): RuleResult =>
  isBlank(v) || /^[a-z]\d[a-z][ -]?\d[a-z]\d$/i.test(String(v).trim()) ? null : 'postalCode';

/** Normalised form stored by the server: upper case, one space. */
export const normalizePostalCode = (v: string): string => {
  const compact = v.replace(/[\s-]/g, '').toUpperCase();
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
};

/** Invalid when nothing but empty tags, `&nbsp;` and whitespace remain. */
/**
 * Whether a text shows anything: not only spaces (any Unicode space, no-break included) and
 * invisible format characters (zero-width space and joiners, soft hyphen, byte order mark), which
 * trim() keeps and a reader sees as nothing.
 */
export const hasVisibleText = (v: string | null | undefined): boolean => typeof v === 'string' && v.replace(/[\s\p{Cf}]+/gu, '') !== '';

/** Entities of characters that show nothing, as rich text editors write them. */
const INVISIBLE_ENTITIES = /&(?:nbsp|ensp|emsp|thinsp|zwnj|zwj|shy|lrm|rlm|ZeroWidthSpace|NoBreak);/gi;
const NUMERIC_ENTITY = /&#(x[0-9a-f]{1,6}|[0-9]{1,7});/gi;

const decodeNumericEntity = (_: string, code: string) => {
  const point = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : Number(code);
  return point <= 0x10ffff ? String.fromCodePoint(point) : '';
};

export const richTextEmpty = (v: string | null | undefined): RuleResult => {
  const text = String(v ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(INVISIBLE_ENTITIES, ' ')
    .replace(NUMERIC_ENTITY, decodeNumericEntity);
  return hasVisibleText(text) ? null : 'richTextEmpty';
};

/** An address must come from the autocomplete: both coordinates present and in range. */
export const latLong = (lat: number | null | undefined, long: number | null | undefined): RuleResult => {
  if (typeof lat !== 'number' || typeof long !== 'number' || Number.isNaN(lat) || Number.isNaN(long)) return 'latLong';
  return lat >= -90 && lat <= 90 && long >= -180 && long <= 180 ? null : 'latLong';
};

const toTime = (d: string | Date): number => (d instanceof Date ? d.getTime() : Date.parse(d));

/** Compares calendar days when given YYYY-MM-DD strings, instants otherwise. */
export const minDate = (v: string | Date | null | undefined, min: string | Date): RuleResult => {
  if (v === null || v === undefined || v === '') return null;
  const t = toTime(v);
  return Number.isNaN(t) || t < toTime(min) ? 'minDate' : null;
};

export const endAfterStart = (start: string | Date | null | undefined, end: string | Date | null | undefined): RuleResult => {
  if (!start || !end) return null;
  const s = toTime(start);
  const e = toTime(end);
  return Number.isNaN(s) || Number.isNaN(e) || e <= s ? 'endAfterStart' : null;
};

export const oneOfRentSaleTradeDonation = (flags: {
  isAvailableForRent?: boolean | null;
  isAvailableForSale?: boolean | null;
  isAvailableForTrade?: boolean | null;
  isAvailableForDonation?: boolean | null;
}): RuleResult =>
  flags.isAvailableForRent || flags.isAvailableForSale || flags.isAvailableForTrade || flags.isAvailableForDonation
    ? null
    : 'oneOfRentSaleTradeDonation';

/** Quebec enterprise number (NEQ): 10 digits, the first from 1 to 7. */
export const neq = (v: string | null | undefined): RuleResult => (isBlank(v) || /^[1-7]\d{9}$/.test(String(v).trim()) ? null : 'neq');

/** North American number, 10 digits once separators and an optional leading 1 are removed. */
export const phone = (v: string | null | undefined): RuleResult => {
  if (isBlank(v)) return null;
  const d = String(v).replace(/[\s().+-]/g, '');
  return /^1?[2-9]\d{9}$/.test(d) ? null : 'phone';
};

/** E.164 form (+1XXXXXXXXXX) for a number that passed `phone`. */
export const normalizePhone = (v: string): string =>
  `+1${String(v)
    .replace(/\D/g, '')
    .replace(/^1(?=\d{10}$)/, '')}`;

export const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: string | null | undefined): RuleResult =>
    isBlank(v) || values.includes(v as T) ? null : 'oneOf';

export const maxLength =
  (max: number) =>
  (v: string | null | undefined): RuleResult =>
    isBlank(v) || String(v).length <= max ? null : 'maxLength';

// Control characters (C0, DEL, C1), bidirectional controls and marks, and UTF-16 halves without
// their pair: invisible or misleading in a name, an address or a link, and never typed by a person.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text a person typed on one line: no control, bidirectional or unpaired surrogate character. */
export const plainText = (v: string | null | undefined): RuleResult =>
  v === null || v === undefined || !(HIDDEN_CHARACTERS.test(String(v)) || LONE_SURROGATE.test(String(v))) ? null : 'characters';

/** A secret may hold any character, but only whole ones: an unpaired surrogate cannot be stored as UTF-8. */
const wholeCharacters = (v: string): RuleResult => (LONE_SURROGATE.test(v) ? 'characters' : null);

export const PASSWORD_MAX_LENGTH = 128;
/** E-mailed link tokens are 43 characters (256 bits, base64url); ids are UUIDs. */
export const TOKEN_MAX_LENGTH = 128;
export const ID_MAX_LENGTH = 64;
/** Any String or ID input not listed in INPUT_MAX_LENGTHS. */
export const DEFAULT_INPUT_MAX_LENGTH = 500;

const PROFILE_FIELDS = {
  firstName: ACCOUNT_TEXT_MAX_LENGTH.name,
  lastName: ACCOUNT_TEXT_MAX_LENGTH.name,
  organizationName: ACCOUNT_TEXT_MAX_LENGTH.organization,
  organizationNEQ: 10,
  organizationTypeOtherSpecification: ACCOUNT_TEXT_MAX_LENGTH.otherSpecification,
  industryOtherSpecification: ACCOUNT_TEXT_MAX_LENGTH.otherSpecification,
  phoneNumber: 30,
  address: ACCOUNT_TEXT_MAX_LENGTH.address,
  postalCode: 10,
} as const;
const ACCOUNT_FIELDS = { ...PROFILE_FIELDS, email: EMAIL_MAX_LENGTH } as const;
const TAX_NUMBER_FIELDS = { gstNumber: 30, qstNumber: 30 } as const;

/**
 * The longest value of each String/ID input, per input type (or per root field for its scalar
 * arguments): the one table the forms and the server read. A field missing here gets
 * DEFAULT_INPUT_MAX_LENGTH (ID_MAX_LENGTH for an ID), so a new input type is bounded from its first day.
 */
export const INPUT_MAX_LENGTHS: { [T in InputTypeName | RootFieldName]?: Record<string, number> } = {
  ChangePasswordInput: { currentPassword: PASSWORD_MAX_LENGTH, newPassword: PASSWORD_MAX_LENGTH },
  CreateUserAccountInput: { ...ACCOUNT_FIELDS, password: PASSWORD_MAX_LENGTH, returnPath: RETURN_PATH_MAX_LENGTH },
  ConfirmEmailInput: { email: EMAIL_MAX_LENGTH, token: TOKEN_MAX_LENGTH },
  EmailInput: { email: EMAIL_MAX_LENGTH },
  ResetPasswordInput: { emailAddress: EMAIL_MAX_LENGTH, newPassword: PASSWORD_MAX_LENGTH, token: TOKEN_MAX_LENGTH },
  ChangeEmailInput: { newEmail: EMAIL_MAX_LENGTH, password: PASSWORD_MAX_LENGTH },
  // The tax numbers: the organisation states them on its profile, an administrator corrects them (issue 39 §3).
  UpdateUserProfileInput: { ...PROFILE_FIELDS, ...TAX_NUMBER_FIELDS },
  AcceptTosInput: { tosVersion: 50 },
  PublishTermsVersionInput: { version: 50 },
  CreateAdminAccountInput: { email: EMAIL_MAX_LENGTH, firstName: PROFILE_FIELDS.firstName, lastName: PROFILE_FIELDS.lastName },
  CompleteAdminRegistrationInput: {
    email: EMAIL_MAX_LENGTH,
    token: TOKEN_MAX_LENGTH,
    password: PASSWORD_MAX_LENGTH,
    firstName: PROFILE_FIELDS.firstName,
    lastName: PROFILE_FIELDS.lastName,
  },
  AdminCreateUserInput: ACCOUNT_FIELDS,
  AdminUpdateUserInput: { ...ACCOUNT_FIELDS, ...TAX_NUMBER_FIELDS },
  'Query.verifyToken': { email: EMAIL_MAX_LENGTH, token: TOKEN_MAX_LENGTH },
  LocalizedTextInput: { fr: AD_TEXT_MAX_LENGTH.alt, en: AD_TEXT_MAX_LENGTH.alt },
  LocalizedRichTextInput: { fr: AD_TEXT_MAX_LENGTH.description, en: AD_TEXT_MAX_LENGTH.description },
  LocalizedNoteInput: { fr: AD_TEXT_MAX_LENGTH.short, en: AD_TEXT_MAX_LENGTH.short },
  AdAddressInput: { address: AD_TEXT_MAX_LENGTH.address, town: AD_TEXT_MAX_LENGTH.town, postalCode: 10 },
  AdInput: {
    descriptionOther: AD_TEXT_MAX_LENGTH.short,
    professionalKitchenEquipmentOther: AD_TEXT_MAX_LENGTH.short,
    deliveryTruckTypeOther: AD_TEXT_MAX_LENGTH.short,
    conditionsTypeDeliveryTruck: AD_TEXT_MAX_LENGTH.short,
    surfaceDescription: AD_TEXT_MAX_LENGTH.short,
    surfaceSize: 100,
    equipment: AD_TEXT_MAX_LENGTH.short,
    conditions: AD_TEXT_MAX_LENGTH.short,
    organization: AD_TEXT_MAX_LENGTH.organization,
  },
  'Query.searchPlaces': { text: 200 },
  AdSearchInput: { keyword: SEARCH_KEYWORD_MAX_LENGTH },
  AlertCriteriaInput: { keyword: SEARCH_KEYWORD_MAX_LENGTH },
  AlertPlaceInput: { label: ALERT_PLACE_LABEL_MAX_LENGTH },
  CreateAlertInput: { email: EMAIL_MAX_LENGTH },
  UpdateAlertInput: { email: EMAIL_MAX_LENGTH },
  AlertLinkInput: { token: TOKEN_MAX_LENGTH },
  'Query.users': { search: 100, nextToken: 2000 },
  'Query.managedAds': { search: SEARCH_KEYWORD_MAX_LENGTH },
  SendMessageInput: { body: CHAT_MESSAGE_MAX_LENGTH, clientMessageId: 36 },
  NewMessageInput: { body: CHAT_MESSAGE_MAX_LENGTH, clientMessageId: 36 },
  MessageAttachmentInput: { name: CHAT_ATTACHMENT_NAME_MAX_LENGTH },
  SendContactMessageInput: { ...CONTACT_TEXT_MAX_LENGTH, email: EMAIL_MAX_LENGTH },
  ContractPeriodInput: { start: 16, end: 16 },
  ContractFileInput: { name: CONTRACT_FILE_NAME_MAX_LENGTH },
  ProposeContractInput: { terms: CONTRACT_TERMS_MAX_LENGTH, requestKey: 36 },
  UpdateContractInput: { terms: CONTRACT_TERMS_MAX_LENGTH },
  ReportInput: { note: REPORT_NOTE_MAX_LENGTH },
  ModerateCaseInput: { reason: MODERATION_REASON_MAX_LENGTH },
  LockUserInput: { reason: MODERATION_REASON_MAX_LENGTH },
  DeleteMyAccountInput: { password: PASSWORD_MAX_LENGTH },
  AdminPrivacyRequestInput: { reason: MODERATION_REASON_MAX_LENGTH },
  RatingInput: { comment: RATING_COMMENT_MAX_LENGTH },
  AnswerReviewInput: { text: RATING_COMMENT_MAX_LENGTH },
  StopRatingRemindersInput: { token: TOKEN_MAX_LENGTH },
};

/** Secrets are compared, never shown: any character a password manager produces is theirs. */
const FREE_TEXT_FIELDS = new Set(['password', 'currentPassword', 'newPassword']);

/** Texts of several lines (`Type.field`): line breaks and tabs are allowed there, other controls are not. */
const MULTILINE_FIELDS = new Set([
  'SendMessageInput.body',
  // A conversation's first message: usually several lines (refused as one line before).
  'NewMessageInput.body',
  'ReportInput.note',
  'ModerateCaseInput.reason',
  'LockUserInput.reason',
  'AdminPrivacyRequestInput.reason',
  'LocalizedRichTextInput.fr',
  'LocalizedRichTextInput.en',
  'LocalizedNoteInput.fr',
  'LocalizedNoteInput.en',
  'AdInput.descriptionOther',
  'AdInput.conditionsTypeDeliveryTruck',
  'AdInput.surfaceDescription',
  'AdInput.equipment',
  'AdInput.conditions',
  'SendContactMessageInput.message',
  'ProposeContractInput.terms',
  'UpdateContractInput.terms',
  'RatingInput.comment',
  'AnswerReviewInput.text',
]);
const withoutLineBreaks = (v: string) => v.replace(/\r\n|[\n\r\t]/g, ' ');

const namedType = (type: string) => type.replace(/[[\]!]/g, '');

function textChecks(
  typeName: string,
  fields: Readonly<Record<string, string>>,
  limits: Record<string, number> | undefined,
  value: unknown,
  path: string,
): Array<[string, RuleResult]> {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(fields).flatMap(([field, type]): Array<[string, RuleResult]> => {
    const sent = (value as Record<string, unknown>)[field];
    const fieldPath = path ? `${path}.${field}` : field;
    const items = Array.isArray(sent) ? sent : [sent];
    const name = namedType(type);
    if (name in INPUT_TYPE_FIELDS) {
      const typeName = name as InputTypeName;
      return items.flatMap((item) => textChecks(typeName, INPUT_TYPE_FIELDS[typeName], INPUT_MAX_LENGTHS[typeName], item, fieldPath));
    }
    if (name !== 'String' && name !== 'ID') return [];
    const max = limits?.[field] ?? (name === 'ID' ? ID_MAX_LENGTH : DEFAULT_INPUT_MAX_LENGTH);
    return (
      items
        .filter((item): item is string => typeof item === 'string')
        // Length first, and counted on the raw value: a megabyte of spaces is not blank to DynamoDB.
        .map((item) => [
          fieldPath,
          item.length > max
            ? 'maxLength'
            : FREE_TEXT_FIELDS.has(field)
              ? wholeCharacters(item)
              : plainText(MULTILINE_FIELDS.has(`${typeName}.${field}`) ? withoutLineBreaks(item) : item),
        ])
    );
  });
}

/**
 * The length and character checks of every String and ID in a root field's arguments, read from
 * the schema's shapes: run by the resolver frame before any resolver, and by the forms per input type.
 */
export function inputTextChecks(rootField: string, args: unknown): Array<[string, RuleResult]> {
  const shape = (ROOT_FIELD_ARGUMENTS as Record<string, Record<string, string>>)[rootField];
  return shape ? textChecks(rootField, shape, INPUT_MAX_LENGTHS[rootField as RootFieldName], args, '') : [];
}

export const fileType =
  (allowed: readonly string[]) =>
  (v: string | null | undefined): RuleResult =>
    isBlank(v) || allowed.includes(String(v)) ? null : 'fileType';

/** 1 byte to maxBytes. */
export const fileSize =
  (maxBytes: number) =>
  (v: number | null | undefined): RuleResult =>
    v === null || v === undefined || (Number.isInteger(v) && v >= 1 && v <= maxBytes) ? null : 'fileSize';

export const TERMS_VERSION_MAX_LENGTH = 30;
/**
 * A terms version's label (e.g. `2026-07`): shown to users and part of keys, so letters, digits,
 * dots, dashes and underscores only, starting with a letter or a digit. `termsVersionTaken` (a label
 * already published) is the server's verdict, no rule of its own.
 */
export const termsVersionLabel = (v: string | null | undefined): RuleResult =>
  required(v) ??
  maxLength(TERMS_VERSION_MAX_LENGTH)(v?.trim()) ??
  (/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u.test(String(v).trim()) ? null : 'termsVersion');

/** `fileContent` (the bytes are not the type the file claims) is the server's verdict after upload, no rule of its own. */

/**
 * Runs checks of the form `[path, result]` and throws one VALIDATION_FAILED error listing every
 * failed field, so a caller fixes all of them at once and nothing is written.
 */
export function assertValid(checks: Array<[path: string, result: RuleResult]>): void {
  const fields: FieldError[] = checks.filter(([, r]) => r !== null).map(([path, rule]) => ({ path, rule: rule as string }));
  if (fields.length > 0) {
    throw new AppError('VALIDATION_FAILED', `Invalid input: ${fields.map((f) => `${f.path} (${f.rule})`).join(', ')}`, fields);
  }
}
