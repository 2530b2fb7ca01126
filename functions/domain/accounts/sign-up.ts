// createUserAccount (/inscription): a USER account, unconfirmed until the e-mailed link is followed.
// Signing up accepts the current terms, which the form shows: the account, its address and that
// acceptance are written in one transaction. The confirmation e-mail follows the commit; if it cannot
// be sent, the account stands and the e-mail is sent again by "resend", or by logging in.

import {
  assertValid,
  password,
  required,
  safeReturnPath,
  type CreateUserAccountInput,
  type RuleResult,
  type UserIdResult,
} from '@partage/graphql';
import { newAccountTermsAcceptance } from '../../data/terms';
import { createUser, type UserRecord } from '../../data/users';
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
  await createUser(user, [newAccountTermsAcceptance(user.id, await latestTermsVersion(), user.createdAt)]);
  await sendConfirmationAfterCommit(user, safeReturnPath(input.returnPath) ?? undefined);
  return { id: user.id };
}

const SEND_TRIES = 3;

/**
 * Each try issues its own link (any of them confirms the address), so trying again is harmless. The
 * account is committed already: a failed send is logged and left to "resend" rather than failing a
 * sign-up that did happen.
 */
async function sendConfirmationAfterCommit(user: UserRecord, returnPath: string | undefined): Promise<void> {
  for (let attempt = 1; attempt <= SEND_TRIES; attempt++) {
    try {
      await sendLinkEmail('emailConfirmation', user, { returnPath });
      return;
    } catch (error) {
      if (attempt === SEND_TRIES) {
        console.error(JSON.stringify({ event: 'signUpConfirmationNotSent', userId: user.id, error: String(error) }));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
