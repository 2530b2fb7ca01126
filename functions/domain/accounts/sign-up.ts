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
import { logger } from '../../adapters/log';
import { mailer } from '../../adapters/mailer';
import { countMetric } from '../../adapters/metrics';
import { DataRefusal } from '../../data/errors';
import { newAccountTermsAcceptance } from '../../data/terms';
import { createUser, findUserByEmail, type UserRecord } from '../../data/users';
import { renderEmail } from '../emails';
import { appLink } from '../links';
import { withinRateLimit } from '../rate-limits';
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
  // Hashed whether the address is new or not: the answer takes as long either way.
  const user = newAccount('USER', input.email, input, await hashPassword(input.password));
  try {
    await createUser(user, [newAccountTermsAcceptance(user.id, await latestTermsVersion(), user.createdAt)]);
  } catch (error) {
    if (!(error instanceof DataRefusal && error.reason === 'EMAIL_TAKEN')) throw error;
    // A known address is answered exactly like a new one (the id of an account never made), and its
    // owner told instead: the form must not tell who has an account (OWASP; issue 22, finding 7).
    await tellOwnerOfSignUpAttempt(user.email);
    return { id: user.id };
  }
  countMetric('SignUp');
  await sendConfirmationAfterCommit(user, safeReturnPath(input.returnPath) ?? undefined);
  return { id: user.id };
}

/**
 * "Someone tried to create an account with your address: sign in, or reset your password", in the
 * owner's language, at most RATE_LIMITS.linkEmail an hour (anyone may type the address again and again).
 */
async function tellOwnerOfSignUpAttempt(email: string): Promise<void> {
  const owner = await findUserByEmail(email);
  if (!owner || !(await withinRateLimit('linkEmail', `signUpAttempt#${owner.email}`))) return;
  await mailer().send({
    to: owner.email,
    ...renderEmail('signUpAttempt', owner.language, { link: appLink('/connexion'), resetLink: appLink('/mot-de-passe-oublie') }),
  });
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
        logger().error('sign-up confirmation not sent', { userId: user.id, error });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
