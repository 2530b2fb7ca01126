// The e-mails that remind a party to rate a rental (issue 21): one at the end of the rental, one more
// RATING_SECOND_REMINDER_DAYS later, each to a side that has not sent its rating yet, in their language,
// with a link straight to the rating screen and a one-click unsubscribe from these reminders (RFC 8058;
// functions/handlers/rating-reminders-unsubscribe.ts, the page /evaluations/arreter-les-rappels).
// Scheduled with the payout when the contract is paid; they send only while the rating is open (the
// rule of rating-rules.ts ratingWindow): a contract refunded meanwhile, or past its deadline, gets none.

import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  assertValid,
  QUEBEC_TIME_ZONE,
  RATING_SECOND_REMINDER_DAYS,
  ratingDeadline,
  required,
  type RatingSideName,
  type StopRatingRemindersInput,
  type UiLanguage,
} from '@partage/graphql';
import { mailer } from '../../adapters/mailer';
import { scheduler } from '../../adapters/scheduler';
import { jwtSecret } from '../../adapters/secrets';
import { getAds } from '../../data/ads';
import { getContract, type ContractRecord } from '../../data/contracts';
import { getContractRatings } from '../../data/ratings';
import { getUsers } from '../../data/user-directory';
import { stopRatingReminders as stopReminders } from '../../data/users';
import { now } from '../clock';
import { renderEmail } from '../emails';
import { appLink } from '../links';
import { RATING_SIDES, ratingWindow } from './rating-rules';
import { adTitleIn } from '../ads/ad-title';

export const RATING_REMINDER_JOB = 'rating-reminder';
/** The one-click unsubscribe endpoint (HTTP_ROUTES), and the page a browser opening it goes to. */
export const RATING_REMINDERS_UNSUBSCRIBE_PATH = '/ratings/reminders/unsubscribe';
export const RATING_REMINDERS_STOP_PAGE = '/evaluations/arreter-les-rappels';

const DAY_MS = 86_400_000;

/**
 * The two reminders of a paid contract (scheduling them again keeps the pending ones): at the end of
 * the rental, when its rating opens whatever the payout, and a week later.
 */
export async function scheduleRatingReminders(contract: Pick<ContractRecord, 'id' | 'content'>): Promise<void> {
  const endAt = Date.parse(contract.content.endAt);
  const rounds = [endAt, endAt + RATING_SECOND_REMINDER_DAYS * DAY_MS];
  await Promise.all(
    rounds.map((at, index) =>
      scheduler().scheduleOnce({
        name: `rating-reminder-${index + 1}-${contract.id}`,
        job: RATING_REMINDER_JOB,
        at: new Date(at),
        payload: { contractId: contract.id },
      }),
    ),
  );
}

/** The token of a user's unsubscribe link: an HMAC of the purpose and the user id with the stack's signing key (nothing stored). */
async function stopToken(userId: string): Promise<string> {
  return createHmac('sha256', await jwtSecret())
    .update(`partage-rating-reminders\0stop\0${userId}`)
    .digest('base64url');
}

async function isStopToken(userId: string, token: string): Promise<boolean> {
  const expected = Buffer.from(await stopToken(userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Stops the reminders of the link's user (again: done). INVALID_TOKEN for a link that is not theirs. */
export async function stopRatingReminders(input: StopRatingRemindersInput): Promise<boolean> {
  assertValid([
    ['input.userId', required(input.userId)],
    ['input.token', required(input.token)],
  ]);
  if (!(await isStopToken(input.userId, input.token)) || !(await stopReminders(input.userId))) {
    throw new AppError('INVALID_TOKEN', 'This link is not valid');
  }
  return true;
}

const day = (iso: string, language: UiLanguage) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-CA' : 'fr-CA', { dateStyle: 'long', timeZone: QUEBEC_TIME_ZONE }).format(new Date(iso));

/**
 * Reminds `sides` of the contract (those that have not stopped the reminders) to rate it, with the
 * `ratingReminder` e-mail or, once the other side has rated, `ratingYourTurn`; how many e-mails went.
 */
async function remind(
  contract: ContractRecord,
  sides: readonly RatingSideName[],
  email: 'ratingReminder' | 'ratingYourTurn',
): Promise<number> {
  const [users, [ad]] = await Promise.all([
    getUsers([contract.ownerId, contract.tenantId]).then((list) => new Map(list.map((user) => [user.id, user]))),
    getAds([contract.adId]),
  ]);
  const deadline = ratingDeadline(contract.content.endAt).toISOString();
  let sent = 0;
  for (const side of sides) {
    const [userId, otherId] = side === 'TENANT' ? [contract.tenantId, contract.ownerId] : [contract.ownerId, contract.tenantId];
    const user = users.get(userId);
    if (!user || user.ratingRemindersStopped) continue;
    const language = user.language;
    const token = await stopToken(user.id);
    await mailer().send({
      to: user.email,
      ...renderEmail(email, language, {
        title: adTitleIn(ad, language),
        name: users.get(otherId)?.publicName ?? '',
        deadline: day(deadline, language),
        link: appLink(`/contrats/${encodeURIComponent(contract.id)}/evaluation`),
        stopLink: appLink(RATING_REMINDERS_STOP_PAGE, { utilisateur: user.id, token }),
      }),
      listUnsubscribeUrl: appLink(RATING_REMINDERS_UNSUBSCRIBE_PATH, { user: user.id, token, lang: language }),
    });
    sent++;
  }
  return sent;
}

/** Reminds each side that has not rated (and has not stopped the reminders); how many e-mails went. */
export async function sendRatingReminders(payload: Record<string, unknown>): Promise<number> {
  const contract = typeof payload.contractId === 'string' ? await getContract(payload.contractId) : undefined;
  if (!contract || ratingWindow(contract, now()) !== 'OPEN') return 0;
  const ratings = await getContractRatings(contract.id);
  return remind(
    contract,
    RATING_SIDES.filter((side: RatingSideName) => !ratings?.[side]?.submittedAt),
    'ratingReminder',
  );
}

/** The other side has rated: `side` is told it is their turn, before the deadline (unless they stopped the reminders). */
export const remindYourTurn = (contract: ContractRecord, side: RatingSideName): Promise<number> =>
  remind(contract, [side], 'ratingYourTurn');
