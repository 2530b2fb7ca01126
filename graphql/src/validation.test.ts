import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { CHAT_MESSAGE_MAX_LENGTH } from './constants';
import {
  assertValid,
  digits,
  email,
  endAfterStart,
  exactLength,
  imageFileType,
  INPUT_MAX_LENGTHS,
  inputTextChecks,
  latLong,
  maxLength,
  minDate,
  neq,
  normalizeEmail,
  normalizePhone,
  normalizePostalCode,
  numeric,
  oneOf,
  oneOfRentSaleTradeDonation,
  password,
  phone,
  phoneCode,
  plainText,
  postalCode,
  required,
  requiredNumeric,
  richTextEmpty,
  samePassword,
  url,
} from './validation';
import { INPUT_TYPE_FIELDS, ROOT_FIELD_ARGUMENTS } from './generated/input-shapes';

describe('required', () => {
  it.each([undefined, null, '', '   ', [], false])('refuses %j', (v) => expect(required(v)).toBe('required'));
  it.each(['a', 0, true, ['x']])('accepts %j', (v) => expect(required(v)).toBeNull());
});

describe('numbers', () => {
  it('numeric accepts integers and decimals with a point or a comma, and blanks', () => {
    for (const v of ['12', '-3', '4.50', '4,50', 7, '', null]) expect(numeric(v)).toBeNull();
    for (const v of ['12a', '1.2.3', 'douze']) expect(numeric(v)).toBe('numeric');
  });
  it('requiredNumeric refuses blanks and non-numbers with its own name', () => {
    expect(requiredNumeric('')).toBe('requiredNumeric');
    expect(requiredNumeric('x')).toBe('requiredNumeric');
    expect(requiredNumeric('10')).toBeNull();
  });
  it('digits accepts digits only', () => {
    expect(digits('0123')).toBeNull();
    expect(digits('12.3')).toBe('digits');
  });
});

describe('password', () => {
  it('needs 10 characters with a lower-case letter, an upper-case letter and a digit', () => {
    expect(password('Abcdefgh12')).toBeNull();
    expect(password('Abcdefg12')).toBe('password');
    expect(password('abcdefgh12')).toBe('password');
    expect(password('ABCDEFGH12')).toBe('password');
    expect(password('Abcdefghij')).toBe('password');
  });
  it('leaves blanks to required, and samePassword compares with the target', () => {
    expect(password('')).toBeNull();
    expect(samePassword('Abcdefgh12', 'Abcdefgh12')).toBeNull();
    expect(samePassword('Abcdefgh12', 'Abcdefgh13')).toBe('samePassword');
  });
});

describe('NEQ (Quebec enterprise number)', () => {
  it('is 10 digits starting with 1 to 7', () => {
    for (const v of ['1234567890', '7000000000', ' 2234567890 ']) expect(neq(v)).toBeNull();
    for (const v of ['0234567890', '8234567890', '123456789', '12345678901', '12345678a0']) expect(neq(v)).toBe('neq');
  });
});

describe('Canadian postal code', () => {
  it('is letter-digit-letter, an optional space or dash, digit-letter-digit, in any case', () => {
    for (const v of ['H2X 1Y4', 'h2x1y4', 'H2X-1Y4']) expect(postalCode(v)).toBeNull();
    for (const v of ['H2X  1Y4', '12X 1Y4', 'H2X 1Y', 'H2X_1Y4']) expect(postalCode(v)).toBe('postalCode');
  });
  it('is stored in upper case with one space', () => {
    expect(normalizePostalCode('h2x-1y4')).toBe('H2X 1Y4');
  });
});

describe('URL', () => {
  it('starts with http or https once, followed by a host', () => {
    for (const v of ['https://exemple.ca', 'http://cuisine.exemple.ca/menu?x=1']) expect(url(v)).toBeNull();
    for (const v of ['exemple.ca', 'htp://exemple.ca', 'https://http://exemple.ca', 'https://localhost', 'ftp://exemple.ca']) {
      expect(url(v)).toBe('url');
    }
  });
});

describe('codes and lengths', () => {
  it('phoneCode is exactly 6 digits', () => {
    expect(phoneCode('012345')).toBeNull();
    for (const v of ['12345', '1234567', '12a456']) expect(phoneCode(v)).toBe('phoneCode');
  });
  it('exactLength and maxLength count characters', () => {
    expect(exactLength(3)('abc')).toBeNull();
    expect(exactLength(3)('ab')).toBe('exactLength');
    expect(maxLength(3)('abc')).toBeNull();
    expect(maxLength(3)('abcd')).toBe('maxLength');
  });
  it('oneOf accepts the listed values only', () => {
    expect(oneOf(['fr', 'en'])('fr')).toBeNull();
    expect(oneOf(['fr', 'en'])('de')).toBe('oneOf');
  });
});

describe('empty rich text', () => {
  it('is invalid when only empty tags, &nbsp; or whitespace remain', () => {
    for (const v of ['', null, '<p></p>', '<p><br></p>', '<p>&nbsp; </p>\n']) expect(richTextEmpty(v)).toBe('richTextEmpty');
    expect(richTextEmpty('<p>Four à convection</p>')).toBeNull();
  });

  it('is invalid when only invisible characters remain (zero-width space, joiners, soft hyphen, BOM), as typed or as entities', () => {
    for (const v of ['<p>\u200b</p>', '<p>&#8203;&zwnj;</p>', '<p>\u2060\ufeff\u00ad</p>', '<p>&#x200B;</p>', '\u3000\u00a0'])
      expect(richTextEmpty(v)).toBe('richTextEmpty');
    expect(richTextEmpty('<p>\u200bFour</p>')).toBeNull();
  });
});

describe('latitude and longitude', () => {
  it('must both be present and in range', () => {
    expect(latLong(45.5, -73.6)).toBeNull();
    expect(latLong(45.5, null)).toBe('latLong');
    expect(latLong(undefined, -73.6)).toBe('latLong');
    expect(latLong(Number.NaN, -73.6)).toBe('latLong');
    expect(latLong(91, 0)).toBe('latLong');
    expect(latLong(0, -181)).toBe('latLong');
  });
});

describe('dates', () => {
  it('minDate refuses a date before the minimum and an unreadable one', () => {
    expect(minDate('2026-03-01', '2026-03-01')).toBeNull();
    expect(minDate('2026-02-28', '2026-03-01')).toBe('minDate');
    expect(minDate('pas une date', '2026-03-01')).toBe('minDate');
    expect(minDate('', '2026-03-01')).toBeNull();
  });
  it('endAfterStart needs the end strictly later', () => {
    expect(endAfterStart('2026-03-01', '2026-03-02')).toBeNull();
    expect(endAfterStart('2026-03-01', '2026-03-01')).toBe('endAfterStart');
    expect(endAfterStart(new Date('2026-03-02'), new Date('2026-03-01'))).toBe('endAfterStart');
    expect(endAfterStart('2026-03-01', null)).toBeNull();
  });
});

describe('email', () => {
  it('needs one @, a dotted domain and no spaces', () => {
    for (const v of ['marie@exemple.ca', ' marie.eve+alertes@cuisine.qc.ca ']) expect(email(v)).toBeNull();
    for (const v of ['marie', 'marie@exemple', 'marie @exemple.ca', 'marie@exemple.c']) expect(email(v)).toBe('email');
  });
});

describe('phone', () => {
  it('is a North American number of 10 digits, with an optional leading 1', () => {
    for (const v of ['514 555-0123', '(514) 555-0123', '+1 514 555 0123', '15145550123']) expect(phone(v)).toBeNull();
    for (const v of ['555-0123', '014 555 0123', '+33 1 23 45 67 89']) expect(phone(v)).toBe('phone');
  });
  it('is stored in E.164 form', () => {
    expect(normalizePhone('(514) 555-0123')).toBe('+15145550123');
    expect(normalizePhone('1-514-555-0123')).toBe('+15145550123');
  });
});

describe('other rules', () => {
  it('imageFileType accepts common web images', () => {
    expect(imageFileType('image/PNG')).toBeNull();
    expect(imageFileType('application/pdf')).toBe('imageFileType');
  });
  it('an ad is offered for rent, sale, trade or donation', () => {
    expect(oneOfRentSaleTradeDonation({ isAvailableForDonation: true })).toBeNull();
    expect(oneOfRentSaleTradeDonation({ isAvailableForRent: false })).toBe('oneOfRentSaleTradeDonation');
  });
});

describe('assertValid', () => {
  it('passes when every check passes', () => {
    expect(() => assertValid([['input.email', email('a@exemple.ca')]])).not.toThrow();
  });
  it('throws one VALIDATION_FAILED listing every failed field', () => {
    try {
      assertValid([
        ['input.email', email('a@')],
        ['input.firstName', required('Lucie')],
        ['input.neq', neq('9')],
      ]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('VALIDATION_FAILED');
      expect((error as AppError).fields).toEqual([
        { path: 'input.email', rule: 'email' },
        { path: 'input.neq', rule: 'neq' },
      ]);
    }
  });
});

describe('input limits and text rules', () => {
  it('name only String or ID fields of the schema in the table of maximum lengths', () => {
    const shapes: Record<string, Record<string, string>> = { ...INPUT_TYPE_FIELDS, ...ROOT_FIELD_ARGUMENTS };
    for (const [owner, limits] of Object.entries(INPUT_MAX_LENGTHS)) {
      for (const field of Object.keys(limits!))
        expect([owner, field, shapes[owner]?.[field]?.replace(/[[\]!]/g, '')]).toEqual([
          owner,
          field,
          expect.stringMatching(/^(String|ID)$/),
        ]);
    }
  });

  it('bound every String of an input type, listed or not, and look into nested inputs and lists', () => {
    const checks = inputTextChecks('Mutation.createUserAccount', {
      input: { firstName: 'x'.repeat(101), industryOtherSpecification: 'ok', returnPath: '/a', email: 'a@b.ca', password: 'p'.repeat(129) },
    });
    expect(checks.filter(([, rule]) => rule)).toEqual([
      ['input.password', 'maxLength'],
      ['input.firstName', 'maxLength'],
    ]);
    expect(inputTextChecks('Query.user', { id: 'i'.repeat(65) })).toEqual([['id', 'maxLength']]);
    // A conversation's first message has lines, and the length of any message.
    const first = (body: string) =>
      inputTextChecks('Mutation.createConversation', { input: { adId: 'ad-1', message: { clientMessageId: 'm', body } } }).filter(
        ([, rule]) => rule,
      );
    expect(first('Bonjour,\n\nest-ce libre samedi ?')).toEqual([]);
    expect(first('x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toEqual([['input.message.body', 'maxLength']]);
    expect(inputTextChecks('Query.unknownField', { id: 'x' })).toEqual([]);
  });

  it.each(['Ana\u202Egnp', 'a\u0000b', 'tab\there', 'line\nbreak', 'half \ud83d', '\udc00lone', 'rlm\u200f', 'iso\u2067late'])(
    'plainText refuses %j',
    (text) => {
      expect(plainText(text)).toBe('characters');
    },
  );

  it.each(['Émilie-Anne O’Brien', '日本語 🍎', '<b>markup</b> is text', ''])('plainText accepts %j', (text) => {
    expect(plainText(text)).toBeNull();
  });

  it.each([
    'a@b',
    'a..b@c.ca',
    '.a@c.ca',
    'a@-b.ca',
    'a@b.c',
    'é@b.ca',
    'a b@c.ca',
    `${'x'.repeat(65)}@b.ca`,
    `a@${'b'.repeat(64)}.ca`,
    'a@b.ca\u202e',
  ])('email refuses %j', (address) => {
    expect(email(address)).toBe('email');
  });

  it('normalises addresses: trimmed, lower case', () => {
    expect(email(' Marie.Tremblay+courriel@Exemple.CA ')).toBeNull();
    expect(normalizeEmail(' Marie.Tremblay@Exemple.CA ')).toBe('marie.tremblay@exemple.ca');
  });
});
