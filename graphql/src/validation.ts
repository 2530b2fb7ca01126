// Shared validation rules of spec §5. Each rule answers `null` when the value is valid, else the
// rule's name, which is also its translation key (`validation.<rule>` in the web locales) and the
// `rule` of a FieldError sent back by the server. Web forms and resolvers call the same functions.

import { AppError, type FieldError } from './errors';
import { PASSWORD_MIN_LENGTH, PHONE_CODE_LENGTH } from './constants';

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
  | 'oneOfRentSaleTradeDonation'
  | 'neq'
  | 'phone'
  | 'oneOf'
  | 'maxLength'
  | 'fileType'
  | 'fileSize'
  | 'fileContent';

export type RuleResult = RuleName | null;

const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export const required = (v: unknown): RuleResult => (isBlank(v) || v === false ? 'required' : null);

export const numeric = (v: string | number | null | undefined): RuleResult =>
  isBlank(v) || /^-?\d+([.,]\d+)?$/.test(String(v).trim()) ? null : 'numeric';

export const requiredNumeric = (v: string | number | null | undefined): RuleResult =>
  isBlank(v) ? 'requiredNumeric' : numeric(v) && 'requiredNumeric';

export const digits = (v: string | null | undefined): RuleResult => (isBlank(v) || /^\d+$/.test(String(v)) ? null : 'digits');

// Deliberately simple: one @, a dot in the domain, no spaces. The confirmation e-mail proves the rest.
export const email = (v: string | null | undefined): RuleResult =>
  isBlank(v) || /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(String(v).trim()) ? null : 'email';

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
export const richTextEmpty = (v: string | null | undefined): RuleResult => {
  const text = String(v ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/gi, ' ')
    .trim();
  return text === '' ? 'richTextEmpty' : null;
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

export const fileType =
  (allowed: readonly string[]) =>
  (v: string | null | undefined): RuleResult =>
    isBlank(v) || allowed.includes(String(v)) ? null : 'fileType';

/** 1 byte to maxBytes. */
export const fileSize =
  (maxBytes: number) =>
  (v: number | null | undefined): RuleResult =>
    v === null || v === undefined || (Number.isInteger(v) && v >= 1 && v <= maxBytes) ? null : 'fileSize';

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
