import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../data/users';
import { accountFieldChanges, accountFieldChecks, publicNameOf } from './account-fields';

const stored = {
  role: 'USER',
  firstName: 'Lucie',
  lastName: 'Côté',
  organizationName: 'Épicerie solidaire',
  organizationType: 'OTHER',
  organizationTypeOtherSpecification: 'Coopérative',
  phoneNumber: '+15145550123',
  phoneVerified: true,
} as UserRecord;

const failures = (checks: ReturnType<typeof accountFieldChecks>) =>
  checks.filter(([, rule]) => rule).map(([path, rule]) => `${path}:${rule}`);

describe('accountFieldChecks', () => {
  it('checks every field of a new account, and only the fields sent in an update', () => {
    expect(failures(accountFieldChecks({}, 'USER'))).toEqual([
      'input.firstName:required',
      'input.lastName:required',
      'input.organizationName:required',
      'input.organizationType:required',
      'input.industry:required',
    ]);
    expect(failures(accountFieldChecks({}, 'ADMIN'))).toEqual(['input.firstName:required', 'input.lastName:required']);
    expect(accountFieldChecks({ address: 'ici' }, 'USER', stored)).toEqual([['input.address', null]]);
  });

  it('asks for the "other" text of an OTHER choice, sent or stored', () => {
    expect(failures(accountFieldChecks({ organizationTypeOtherSpecification: null }, 'USER', stored))).toEqual([
      'input.organizationTypeOtherSpecification:required',
    ]);
    expect(failures(accountFieldChecks({ industry: 'OTHER' }, 'USER', stored))).toEqual(['input.industryOtherSpecification:required']);
    expect(
      failures(accountFieldChecks({ organizationType: 'RETAIL' as never, organizationTypeOtherSpecification: null }, 'USER', stored)),
    ).toEqual(['input.organizationType:oneOf']);
  });
});

describe('accountFieldChanges', () => {
  it('stores trimmed and normalised values, and removes blank optional ones', () => {
    const changes = accountFieldChanges({ firstName: ' Lucienne ', postalCode: 'h2x1y4', address: '  ', language: 'ENGLISH' }, stored);
    expect(changes).toEqual({
      set: { firstName: 'Lucienne', postalCode: 'H2X 1Y4', language: 'en', publicName: 'Épicerie solidaire' },
      remove: ['address'],
    });
  });

  it('drops the "other" text when the choice is no longer OTHER', () => {
    expect(accountFieldChanges({ organizationType: 'NON_PROFIT', organizationTypeOtherSpecification: 'ignoré' }, stored)).toEqual({
      set: { organizationType: 'NON_PROFIT' },
      remove: ['organizationTypeOtherSpecification'],
    });
  });

  it('asks to verify a different phone number only', () => {
    expect(accountFieldChanges({ phoneNumber: '514 555 0123' }, stored).set).toEqual({ phoneNumber: '+15145550123' });
    expect(accountFieldChanges({ phoneNumber: '438-555-0144' }, stored).set).toEqual({ phoneNumber: '+14385550144', phoneVerified: false });
    expect(accountFieldChanges({ phoneNumber: null }, stored)).toEqual({ set: { phoneVerified: false }, remove: ['phoneNumber'] });
  });
});

describe('publicNameOf', () => {
  it('is the organisation of a USER, the first name and initial of an administrator', () => {
    expect(publicNameOf(stored)).toBe('Épicerie solidaire');
    expect(publicNameOf({ ...stored, role: 'ADMIN' })).toBe('Lucie C.');
  });
});
