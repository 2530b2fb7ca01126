// Accounts that administrators create: other administrators (invited, they complete their
// registration at /inscription/admin) and users (who set their password from the e-mailed link).
// Neither has a password until then.

import {
  assertValid,
  password,
  required,
  type AdminCreateUserInput,
  type CompleteAdminRegistrationInput,
  type CreateAdminAccountInput,
  type UserIdResult,
} from '@partage/graphql';
import { createUser } from '../../data/users';
import { accountFieldChanges, accountFieldChecks, emailAddressRule, type AccountFieldsInput } from './account-fields';
import { redeemAccountToken, validAccountToken } from './account-tokens';
import { sendLinkEmail } from './link-emails';
import { newAccount } from './new-account';
import { hashPassword } from './password-hash';

export async function createAdminAccount({ email, firstName, lastName, language }: CreateAdminAccountInput): Promise<UserIdResult> {
  const fields = { firstName, lastName, language };
  assertValid([['input.email', emailAddressRule(email)], ...accountFieldChecks(fields, 'ADMIN')]);
  const admin = newAccount('ADMIN', email, fields);
  await createUser(admin);
  await sendLinkEmail('adminInvitation', admin);
  return { id: admin.id };
}

/** Anonymous, with the invitation's token: sets the password (and the names, if corrected). */
export async function completeAdminRegistration(input: CompleteAdminRegistrationInput): Promise<UserIdResult> {
  // Names left out (or null) keep the ones the inviting administrator typed.
  const names: AccountFieldsInput = {};
  if (input.firstName != null) names.firstName = input.firstName;
  if (input.lastName != null) names.lastName = input.lastName;
  assertValid([
    ['input.email', required(input.email)],
    ['input.token', required(input.token)],
    ['input.password', required(input.password) ?? password(input.password)],
    ...accountFieldChecks(names, 'ADMIN', { role: 'ADMIN' }),
  ]);
  const link = await validAccountToken(['ADMIN_INVITATION'], input.email, input.token);
  const { set } = accountFieldChanges(names, link.user);
  await redeemAccountToken(link.token, link.user, {
    set: { ...set, passwordHash: await hashPassword(input.password), emailConfirmed: true },
  });
  return { id: link.user.id };
}

export async function adminCreateUser(input: AdminCreateUserInput): Promise<UserIdResult> {
  assertValid([['input.email', emailAddressRule(input.email)], ...accountFieldChecks(input, 'USER')]);
  const user = newAccount('USER', input.email, input);
  await createUser(user);
  await sendLinkEmail('accountCreatedByAdmin', user);
  return { id: user.id };
}
