import { describe, expect, it } from 'vitest';
import {
  displayPhone,
  emptyProfile,
  newAccountInput,
  organizationTypeChoices,
  profileChanges,
  profileFieldsOf,
  profileRules,
  profileValuesOf,
  type ProfileValues,
} from './profile-values';
import { storedProfile } from './test-profiles';

const fieldsOf = (...args: Parameters<typeof profileFieldsOf>) => [...profileFieldsOf(...args)].sort();

describe('profile fields of each screen', () => {
  it('asks a new user for everything but the e-mail language, which follows the interface', () => {
    expect(fieldsOf('signup', 'USER')).toEqual(
      [
        'address',
        'contactAuthorizationNews',
        'contactAuthorizationSurveys',
        'email',
        'firstName',
        'industry',
        'industryOtherSpecification',
        'lastName',
        'organizationNEQ',
        'organizationName',
        'organizationType',
        'organizationTypeOtherSpecification',
        'phoneNumber',
        'postalCode',
        'registeringInterests',
        'showEmail',
        'showPhoneNumber',
      ].sort(),
    );
  });

  it('leaves consent out of an account an administrator creates, and the address out of a user’s own edit', () => {
    expect(fieldsOf('adminCreate', 'USER')).not.toContain('contactAuthorizationNews');
    expect(fieldsOf('adminCreate', 'USER')).toContain('language');
    expect(fieldsOf('self', 'USER')).not.toContain('email');
    expect(fieldsOf('adminEdit', 'USER')).toEqual(expect.arrayContaining(['email', 'contactAuthorizationSurveys', 'language']));
  });

  it('asks about an administrator account only its name (and address for another administrator)', () => {
    expect(fieldsOf('self', 'ADMIN')).toEqual(['firstName', 'language', 'lastName']);
    expect(fieldsOf('adminEdit', 'ADMIN')).toEqual(['email', 'firstName', 'language', 'lastName']);
  });
});

describe('profile values', () => {
  it('shows a stored phone number the way people write it', () => {
    expect(displayPhone('+15145551234')).toBe('514 555-1234');
    expect(displayPhone('')).toBe('');
  });

  it('reads a stored profile, blanks for what is missing', () => {
    const values = profileValuesOf(storedProfile({ address: null, organizationType: null }), 'marie@exemple.ca');
    expect(values).toMatchObject({
      email: 'marie@exemple.ca',
      address: '',
      organizationType: '',
      phoneNumber: '514 555-1234',
      password: '',
    });
  });

  it('offers the older NON_PROFIT type only to the accounts that have it', () => {
    expect(organizationTypeChoices('')).not.toContain('NON_PROFIT');
    expect(organizationTypeChoices('NON_PROFIT')).toContain('NON_PROFIT');
    expect(organizationTypeChoices('')).toContain('OTHER');
  });
});

describe('new account input', () => {
  const fields = profileFieldsOf('signup', 'USER');
  const filled: ProfileValues = {
    ...emptyProfile('FRENCH'),
    email: ' marie@exemple.ca ',
    firstName: 'Marie',
    lastName: 'Tremblay',
    organizationName: 'Cuisine Solidaire',
    organizationType: 'PRIVATE_COMPANY',
    organizationTypeOtherSpecification: 'left from an earlier OTHER',
    industry: 'OTHER',
    industryOtherSpecification: 'Agrotourisme',
    showEmail: true,
    registeringInterests: ['VIEW_AD'],
    password: 'Secret-Password-1',
  };

  it('trims texts, leaves blank optional ones and unused "other" texts out', () => {
    expect(newAccountInput(filled, fields)).toEqual({
      email: 'marie@exemple.ca',
      firstName: 'Marie',
      lastName: 'Tremblay',
      organizationName: 'Cuisine Solidaire',
      organizationType: 'PRIVATE_COMPANY',
      industry: 'OTHER',
      industryOtherSpecification: 'Agrotourisme',
      showEmail: true,
      showPhoneNumber: false,
      contactAuthorizationNews: false,
      contactAuthorizationSurveys: false,
      registeringInterests: ['VIEW_AD'],
    });
  });
});

describe('profile changes', () => {
  const fields = profileFieldsOf('self', 'USER');
  const stored = profileValuesOf(storedProfile(), 'marie@exemple.ca');

  it('is null when nothing changed', () => {
    expect(profileChanges(stored, [], fields)).toBeNull();
  });

  it('sends a cleared optional text as null, and the changed values as they are', () => {
    const values = { ...stored, address: '  ', showEmail: true, organizationName: ' Cuisine du Plateau ' };
    expect(profileChanges(values, ['address', 'showEmail', 'organizationName'], fields)).toEqual({
      address: null,
      showEmail: true,
      organizationName: 'Cuisine du Plateau',
    });
  });

  it('leaves out fields the screen does not show and "other" texts whose choice is not OTHER', () => {
    const values = { ...stored, email: 'new@exemple.ca', industryOtherSpecification: 'Agrotourisme' };
    expect(profileChanges(values, ['email', 'industryOtherSpecification'], fields)).toBeNull();
  });
});

describe('profile rules', () => {
  it('refuse control, bidirectional and unpaired surrogate characters in names and addresses, as the server does', () => {
    const rules = profileRules(profileFieldsOf('signup', 'USER'));
    const values = emptyProfile('FRENCH');
    const ruleOf = (field: 'firstName' | 'organizationName' | 'address', value: string) =>
      rules[field]!.rules.map((rule) => rule(value, values)).find((result) => result !== null) ?? null;
    expect(ruleOf('firstName', 'Ana\u202Egnp.exe')).toBe('characters');
    expect(ruleOf('organizationName', 'Cuisine\u0000')).toBe('characters');
    expect(ruleOf('address', '12 rue \ud83d')).toBe('characters');
    expect(ruleOf('firstName', 'Émilie 🍎')).toBeNull();
  });
});
