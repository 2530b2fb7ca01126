// createUserAccount (/inscription): a USER account, unconfirmed until the e-mailed link is followed.
// Signing up accepts the current terms, which the form shows.

import {
  assertValid,
  password,
  required,
  safeReturnPath,
  type CreateUserAccountInput,
  type RuleResult,
  type UserIdResult,
} from '@partage/graphql';
import { recordTermsAcceptance } from '../../data/terms';
import { createUser } from '../../data/users';
import { accountFieldChecks, emailAddressRule } from './account-fields';
import { sendLinkEmail } from './link-emails';
import { newAccount } from './new-account';
import { hashPassword } from './password-hash';
import { latestTermsVersion } from './terms';

/** A path of this site (`/annonces/12`), never another origin: the web app's own check (shared). */
const localPath = (value: string | null | undefined): RuleResult => (!value || safeReturnPath(value) !== null ? null : 'url');

export async function createUserAccount(input: CreateUserAccountInput): Promise<UserIdResult> {
  assertValid([
    ['input.email', emailAddressRule(input.email)],
    ['input.password', required(input.password) ?? password(input.password)],
    ...accountFieldChecks(input, 'USER'),
    ['input.acceptedTermsAndPrivacy', required(input.acceptedTermsAndPrivacy === true)],
    ['input.notRentalCompany', required(input.notRentalCompany === true)],
    ['input.returnPath', localPath(input.returnPath)],
  ]);
  const user = newAccount('USER', input.email, input, await hashPassword(input.password));
  await createUser(user);
  await recordTermsAcceptance(user.id, await latestTermsVersion(), user.createdAt);
  await sendLinkEmail('emailConfirmation', user, { returnPath: safeReturnPath(input.returnPath) ?? undefined });
  return { id: user.id };
}
