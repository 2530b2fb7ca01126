// The resolver frame's checks before any resolver: text arguments bounded and plain, DynamoDB's own
// refusals answered as VALIDATION_FAILED without their text.

import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, TOKEN_MAX_LENGTH } from '@partage/graphql';
import { ANONYMOUS, asUser, givenUser, invalidFieldsOf, resolverEvent, signUpInput, useTestEnvironment } from '../testing/fixtures';
import { handler as accounts } from './accounts';
import { storeValidationError } from './shared/resolver-guards';

beforeAll(async () => {
  await useTestEnvironment();
});

describe('text arguments', () => {
  it('refuses an oversize key before it reaches DynamoDB (a query argument and a mutation input)', async () => {
    const huge = `${'a'.repeat(3000)}@exemple.ca`;
    const verify = await accounts(
      resolverEvent('Query.verifyToken', { email: huge, token: 'x'.repeat(TOKEN_MAX_LENGTH + 1), type: 'EMAIL_CONFIRMATION' }, ANONYMOUS),
    );
    expect(invalidFieldsOf(verify)).toEqual(['email:maxLength', 'token:maxLength']);
    const confirm = await accounts(resolverEvent('Mutation.confirmEmail', { input: { email: huge, token: 't' } }, ANONYMOUS));
    expect(invalidFieldsOf(confirm)).toEqual(['input.email:maxLength']);
  });

  it('refuses control, bidirectional and unpaired surrogate characters in names, and writes nothing', async () => {
    const input = signUpInput({ firstName: 'Ana\u202Egnp.exe', lastName: 'Tab\there', organizationName: 'Half \ud83d' });
    expect(invalidFieldsOf(await accounts(resolverEvent('Mutation.createUserAccount', { input }, ANONYMOUS)))).toEqual([
      'input.firstName:characters',
      'input.lastName:characters',
      'input.organizationName:characters',
    ]);
    const user = await givenUser();
    const rename = { userId: user.id, address: `12 rue ${'\u0000'}Ontario` };
    expect(invalidFieldsOf(await accounts(resolverEvent('Mutation.updateUserProfile', { input: rename }, asUser(user))))).toEqual([
      'input.address:characters',
    ]);
  });

  it('accepts any whole character in a password, and bounds its length', async () => {
    const user = await givenUser();
    const change = (newPassword: string) =>
      accounts(resolverEvent('Mutation.changePassword', { input: { currentPassword: 'wrong', newPassword } }, asUser(user)));
    expect(invalidFieldsOf(await change(`Aa1${'é'.repeat(200)}`))).toEqual(['input.newPassword:maxLength']);
    expect(invalidFieldsOf(await change('Aa1\ud800aaaaaaaa'))).toEqual(['input.newPassword:characters']);
    // A tab is a character a password manager may produce: the current password is what fails here.
    expect(await change('Aa1\taaaaaaaaa')).toMatchObject({ __error: { code: 'INCORRECT_PASSWORD' } });
  });

  it('bounds an address to RFC 5321’s 254 characters', async () => {
    const address = `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(EMAIL_MAX_LENGTH - 185)}.ca`;
    expect(address.length).toBeGreaterThan(EMAIL_MAX_LENGTH);
    const result = await accounts(resolverEvent('Mutation.sendPasswordReset', { input: { email: address } }, ANONYMOUS));
    expect(invalidFieldsOf(result)).toEqual(['input.email:maxLength']);
  });
});

describe('DynamoDB refusals', () => {
  it('become VALIDATION_FAILED without DynamoDB’s text', () => {
    const refused = Object.assign(
      new Error('One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes'),
      {
        name: 'ValidationException',
      },
    );
    expect(storeValidationError(refused)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The input could not be stored.' });
    const cancelled = Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ValidationError', Message: 'Item size has exceeded the maximum allowed size' }],
    });
    expect(storeValidationError(cancelled)?.message).not.toContain('size');
    expect(storeValidationError(Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' }))).toBeNull();
  });
});
