// updateUserProfile (/modifier-profil) and adminUpdateUser: only the fields sent change, and a save
// that changes nothing is refused with NO_CHANGE (the screen shows a notice).

import { AppError, assertValid, type AdminUpdateUserInput, type UpdateUserProfileInput, type UserIdResult } from '@partage/graphql';
import { updateUser, type UserChanges, type UserRecord } from '../../data/users';
import { existingUser } from './existing-user';
import { accountFieldChanges, accountFieldChecks, emailAddressRule } from './account-fields';
import { sendLinkEmail } from './link-emails';
import { pendingEmailOf } from './pending-account-email';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The changes that differ from what is stored. */
function actualChanges(user: UserRecord, { set = {}, remove = [] }: UserChanges): Required<UserChanges> {
  return {
    set: Object.fromEntries(Object.entries(set).filter(([field, value]) => !same(user[field as keyof UserRecord], value))),
    remove: remove.filter((field) => user[field] !== undefined),
  };
}

async function applyProfileChanges(user: UserRecord, changes: UserChanges): Promise<UserIdResult> {
  const actual = actualChanges(user, changes);
  if (Object.keys(actual.set).length === 0 && actual.remove.length === 0) throw new AppError('NO_CHANGE', 'Nothing to change');
  await updateUser(user, actual);
  return { id: user.id };
}

/** The caller has been checked: the user themself, or an administrator. */
export async function updateUserProfile({ userId, ...fields }: UpdateUserProfileInput): Promise<UserIdResult> {
  const user = await existingUser(userId);
  assertValid(accountFieldChecks(fields, user.role, user));
  return applyProfileChanges(user, accountFieldChanges(fields, user));
}

/**
 * An administrator's edit, which may also correct the address: the new one is unconfirmed and
 * receives the e-mail that activates the account (uniqueness holds in the same transaction).
 */
export async function adminUpdateUser({ userId, email, ...fields }: AdminUpdateUserInput): Promise<UserIdResult> {
  const user = await existingUser(userId);
  const emailSent = email !== undefined && email !== null;
  assertValid([['input.email', emailSent ? emailAddressRule(email) : null], ...accountFieldChecks(fields, user.role, user)]);
  const changes = accountFieldChanges(fields, user);
  const address = emailSent ? email.trim().toLowerCase() : user.email;
  if (address === user.email) return applyProfileChanges(user, changes);
  const set = { ...changes.set, email: address, emailConfirmed: false };
  const result = await applyProfileChanges(user, { set, remove: [...changes.remove, 'pendingEmail'] });
  const updated = { ...user, ...set };
  await sendLinkEmail(pendingEmailOf(updated)!, updated);
  return result;
}
