// Both languages must say everything, with the same placeholders; every shared rule and error code
// has its message (spec §5, §8).
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type RuleName } from '@partage/graphql';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

// Listing every rule name here makes the type checker fail when validation.ts gains a rule.
const RULES = {
  required: true,
  requiredNumeric: true,
  digits: true,
  numeric: true,
  email: true,
  imageFileType: true,
  exactLength: true,
  phoneCode: true,
  password: true,
  samePassword: true,
  url: true,
  postalCode: true,
  richTextEmpty: true,
  latLong: true,
  minDate: true,
  endAfterStart: true,
  dateTime: true,
  maxDate: true,
  periodTooLong: true,
  priceCents: true,
  outsideAvailability: true,
  oneOfRentSaleTradeDonation: true,
  neq: true,
  gstNumber: true,
  qstNumber: true,
  phone: true,
  oneOf: true,
  maxLength: true,
  characters: true,
  fileType: true,
  fileSize: true,
  fileContent: true,
  tooMany: true,
  fileForbidden: true,
  messageTooLarge: true,
  termsVersion: true,
  termsVersionTaken: true,
  stars: true,
  amount: true,
  amountDecimals: true,
  amountAmbiguous: true,
} satisfies Record<RuleName, true>;

function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') entries.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value as Record<string, unknown>, `${prefix}${key}.`)) entries.set(k, v);
  }
  return entries;
}

const namespaces = [...new Set(Object.keys(files).map((path) => path.split('/')[2]!))];
const messages = (language: string, namespace: string) => flatten(files[`./${language}/${namespace}.json`] ?? {});
const placeholders = (message: string) => [...message.matchAll(/{{\s*(\w+)\s*}}|\$t\(([^)]+)\)/g)].map((m) => m[0]).sort();

describe('locales', () => {
  it.each(namespaces)('%s has the same keys and placeholders in French and English, none empty', (namespace) => {
    const fr = messages('fr', namespace);
    const en = messages('en', namespace);
    expect([...fr.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of fr) {
      expect(text.trim(), `fr ${namespace}:${key}`).not.toBe('');
      expect(en.get(key)!.trim(), `en ${namespace}:${key}`).not.toBe('');
      expect(placeholders(en.get(key)!), `${namespace}:${key}`).toEqual(placeholders(text));
    }
  });

  it('has a message for every validation rule and every error code', () => {
    const common = messages('en', 'common');
    for (const rule of Object.keys(RULES)) expect(common.has(`validation.${rule}`), rule).toBe(true);
    for (const code of ERROR_CODES) expect(common.has(`errors.${code}`), code).toBe(true);
  });

  it('uses the known English wording', () => {
    const common = messages('en', 'common');
    expect(common.get('validation.required')).toBe('This field is required.');
    expect(common.get('validation.email')).toBe('Please provide a valid email address.');
    expect(common.get('errors.UNAUTHORIZED_ACCESS')).toBe('You are not authorized to perform this operation.');
    expect(common.get('error.unexpected')).toBe('An unexpected error has occurred.');
  });
});
