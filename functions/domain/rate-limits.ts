// Request limits per source address and per account (token buckets in the table, same on both
// hosts). A limit used up answers RATE_LIMITED with the wait; those that must not tell whether an
// account exists (e-mails to an address) are checked with withinRateLimit and fail silently instead.

import { ACCOUNT_EMAILS_PER_HOUR, AppError } from '@partage/graphql';
import { takeToken, type BucketRule } from '../data/token-buckets';
import { now } from './clock';

const perHour = (count: number): BucketRule => ({ capacity: count, refillPerSecond: count / 3600 });

export const RATE_LIMITS = {
  // Per source address. Generous enough for an office or a café behind one address; the WAF's
  // rate-based rules stop floods before they reach a Lambda.
  signUp: perHour(30),
  /** Every try, failed or not (failures also earn growing delays: accounts/login-throttle.ts). */
  login: { capacity: 60, refillPerSecond: 1 },
  passwordReset: perHour(20),
  resendConfirmation: perHour(20),
  log: { capacity: 60, refillPerSecond: 1 },
  /** Address autocomplete asks as the user types: a burst per field, a steady pace after it. */
  searchPlaces: { capacity: 120, refillPerSecond: 2 },
  /** Ad search: a map dragged around and pages scrolled ask often; a crawler is held to a steady pace. */
  searchAds: { capacity: 120, refillPerSecond: 2 },
  /** Per source address, and per account (a source address and a user id never look alike). */
  changeEmail: perHour(5),
  // Per account. A code has TWO_FACTOR_MAX_ATTEMPTS tries, and a new login round gives a new code:
  // these bound the codes checked and e-mailed across rounds.
  twoFactorCheck: perHour(20),
  twoFactorSend: perHour(10),
  // Per account. SMS cost money: at most this many codes an hour whatever the 30 s interval allows,
  // and checks bounded across codes (each code has PHONE_CODE_MAX_ATTEMPTS tries).
  phoneCodeSend: perHour(10),
  phoneCodeCheck: perHour(30),
  /** Alerts created, per account or source address (each may e-mail a confirmation link). */
  createAlert: perHour(30),
  // The contact form (docs/contact.md): per source address and per sender address typed, refused past
  // them (a person writes once or twice); for the whole team, a usual day past which messages are held
  // for the daily review rather than e-mailed one by one, and a ceiling (refused) far beyond what one
  // source's limit lets anyone reach, which only bounds what the table holds.
  contactMessage: perHour(5),
  contactSender: perHour(3),
  contactDelivered: { capacity: 100, refillPerSecond: 100 / 86_400 },
  contactCeiling: { capacity: 2_000, refillPerSecond: 2_000 / 86_400 },
  // The chat (docs/chat.md): a burst of short messages goes through, a flood does not. Per account
  // across its conversations, and per sender in one conversation (never per conversation as a whole:
  // one participant's flood must not silence the other).
  chatMessage: { capacity: 60, refillPerSecond: 1 / 2 },
  chatConversationMessage: { capacity: 20, refillPerSecond: 1 / 6 },
  /** Per account: new conversations a day (asking again about an ad answers its conversation, free). */
  chatNewConversation: { capacity: 30, refillPerSecond: 30 / 86_400 },
  /** Per account: reports (docs/moderation.md), a person reports now and then; a script filling the queue does not get far. */
  report: perHour(30),
  // Per account, the contracts' writes that e-mail someone or call the payment provider (whose rate
  // limit the whole platform shares): a person proposes, edits and pays a handful an hour.
  contractProposal: perHour(30),
  contractEdit: perHour(60),
  checkoutStart: perHour(20),
  /** Per account: links to the payment provider's hosted pages and reads of the account (each a call to Stripe, which limits the platform). */
  paymentLink: perHour(60),
  /** Per account: data exports (each reads everything about a person) and deletions asked (each checks a password). */
  privacyRequest: perHour(20),
  /** Per recipient address and kind of e-mail (the link e-mails: confirmation, reset, …). */
  linkEmail: perHour(ACCOUNT_EMAILS_PER_HOUR),
} satisfies Record<string, BucketRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export const rateLimited = (retryAfterSeconds: number, message = 'Too many requests') =>
  new AppError('RATE_LIMITED', message, [], retryAfterSeconds);

/** Takes one use of `name` for `subject`; false once it is used up. */
export async function withinRateLimit(name: RateLimitName, subject: string): Promise<boolean> {
  return (await takeToken(name, subject, RATE_LIMITS[name], now().getTime())).allowed;
}

/**
 * RATE_LIMITED, with the wait, once `subject` has used up `name`. Without a subject nothing is
 * limited: both hosts always give the source address (API Gateway's sourceIp, AppSync's
 * x-forwarded-for), so only direct calls in tests have none.
 */
export async function enforceRateLimit(name: RateLimitName, subject: string | undefined): Promise<void> {
  if (!subject) return;
  const answer = await takeToken(name, subject, RATE_LIMITS[name], now().getTime());
  if (!answer.allowed) throw rateLimited(answer.retryAfterSeconds);
}
