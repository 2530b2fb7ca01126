// The rating reminders on DynamoDB Local (issue 21): scheduled with a paid contract's payout, e-mailed
// (HTML and text, the recipient's language, a link to the rating screen) to each side that has not
// rated while the rating is open; stopped by the one-click unsubscribe of the e-mail's headers or by
// its "stop" link's page, never by a GET or a wrong token.

import { beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getContract } from '../data/contracts';
import { listOneTimeSchedules } from '../data/scheduled-jobs';
import { getUser, type UserRecord } from '../data/users';
import { scheduleRatingReminders } from '../domain/ratings/rating-reminders';
import {
  asUser,
  errorCodeOf,
  givenContract,
  givenEndedContract,
  givenUser,
  httpEvent,
  resolverCaller,
  useTestOutbox,
} from '../testing/fixtures';
import { handler as jobs } from './rating-jobs';
import { handler as ratings } from './ratings';
import { handler as unsubscribe } from './rating-reminders-unsubscribe';

const outbox = useTestOutbox();
const call = resolverCaller(ratings);
const DAY = 86_400_000;
let owner: UserRecord;
let tenant: UserRecord;

beforeAll(async () => {
  [owner, tenant] = await Promise.all([
    givenUser({ language: 'en', publicName: 'Cuisine du Quartier' }),
    givenUser({ publicName: 'Traiteur Lumière' }),
  ]);
});

/** The rating reminders sent to `email`, newest first (givenContract e-mails the proposal too). */
const remindersTo = async (email: string) =>
  (await outbox.emailsTo(email)).filter((mail) => /^(Rate your rental|Évaluez votre location)/.test(mail.subject ?? ''));
const remind = (contractId: string) => jobs({ job: 'rating-reminder', scheduledAt: new Date().toISOString(), payload: { contractId } });

/** The request a mail client makes on the one-click (RFC 8058) to the URL of List-Unsubscribe. */
function oneClick(url: string, method: 'GET' | 'POST' = 'POST', body = 'List-Unsubscribe=One-Click'): APIGatewayProxyEventV2 {
  const { pathname, searchParams } = new URL(url);
  return {
    ...httpEvent(method, pathname, method === 'POST' ? body : undefined),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    rawQueryString: searchParams.toString(),
    queryStringParameters: Object.fromEntries(searchParams),
  };
}

describe('rating reminders', () => {
  it('are scheduled at the end of the rental, whatever the payout, and a week later', async () => {
    const { id } = await givenContract(tenant, owner);
    const contract = (await getContract(id))!;
    await scheduleRatingReminders(contract);
    const schedules = await listOneTimeSchedules();
    const endAt = Date.parse(contract.content.endAt);
    expect(schedules.find((s) => s.name === `rating-reminder-1-${id}`)).toMatchObject({
      job: 'rating-reminder',
      at: new Date(endAt).toISOString(),
    });
    expect(schedules.find((s) => s.name === `rating-reminder-2-${id}`)).toMatchObject({ at: new Date(endAt + 7 * DAY).toISOString() });
  });

  it('go to each side that has not rated, in their language, with the rating screen and a one-click unsubscribe', async () => {
    const { id } = await givenEndedContract(tenant, owner);
    await call(
      'Mutation.submitRating',
      {
        input: {
          contractId: id,
          equipment: { compliance: 5, cleanliness: 5, security: 5 },
          party: { respectOfContract: 5, communication: 5, reliability: 5 },
        },
      },
      asUser(tenant),
    );
    expect(await remind(id)).toBe(1);
    expect(await remindersTo(tenant.email)).toEqual([]);
    const [mail] = await remindersTo(owner.email);
    expect(mail?.subject).toMatch(/^Rate your rental: /);
    expect(mail?.text).toContain('with Traiteur Lumière is over');
    expect(mail?.html).toContain(`/contrats/${id}/evaluation`);
    expect(mail?.links).toContain(`http://partage.test/contrats/${id}/evaluation?lang=en`);
    const unsubscribeUrl = mail!.headers!['List-Unsubscribe']!.slice(1, -1);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // A GET (a link scanner, a browser) changes nothing: it goes to the page that asks.
    const page = await unsubscribe(oneClick(unsubscribeUrl, 'GET'));
    expect(page).toMatchObject({ statusCode: 303 });
    expect(String(page.headers?.location)).toMatch(/^\/evaluations\/arreter-les-rappels\?utilisateur=.+&token=.+&lang=en$/);
    expect((await getUser(owner.id))?.ratingRemindersStopped).toBeUndefined();
    // A wrong token neither.
    const forged = unsubscribeUrl.replace(/token=[^&]+/, 'token=forged');
    expect(await unsubscribe(oneClick(forged))).toMatchObject({ statusCode: 401 });

    expect(await unsubscribe(oneClick(unsubscribeUrl))).toMatchObject({ statusCode: 200 });
    expect(await remind(id)).toBe(0);
  });

  it('stop from the e-mail’s link page, whose token is the authority', async () => {
    const other = await givenUser();
    const { id } = await givenEndedContract(other, await givenUser());
    await remind(id);
    const [mail] = await remindersTo(other.email);
    const stopLink = new URL(mail!.links.find((link) => link.includes('/evaluations/arreter-les-rappels'))!);
    const input = { userId: stopLink.searchParams.get('utilisateur'), token: stopLink.searchParams.get('token') };
    expect(errorCodeOf(await call('Mutation.stopRatingReminders', { input: { ...input, token: 'x'.repeat(43) } }))).toBe('INVALID_TOKEN');
    expect(await call('Mutation.stopRatingReminders', { input })).toBe(true);
    expect(await remind(id)).toBe(1); // the owner still gets theirs
    expect(await remindersTo(other.email)).toHaveLength(1);
  });

  it('go to both sides of a paid rental that is over even when its payout is not made (failed, held)', async () => {
    // Two who have not stopped their reminders (the owner above has).
    const { id } = await givenEndedContract(await givenUser(), await givenUser(), { status: 'PAID' });
    expect(await remind(id)).toBe(2);
  });

  it('go to nobody when the rental is not over, refunded, or past its deadline', async () => {
    const proposed = await givenContract(tenant, owner);
    expect(await remind(proposed.id)).toBe(0);
    const running = await givenEndedContract(tenant, owner, { status: 'PAID', endedDaysAgo: -1 });
    expect(await remind(running.id)).toBe(0);
    const refunded = await givenEndedContract(tenant, owner, { status: 'REFUNDED' });
    expect(await remind(refunded.id)).toBe(0);
    const late = await givenEndedContract(tenant, owner, { endedDaysAgo: 15 });
    expect(await remind(late.id)).toBe(0);
  });
});
