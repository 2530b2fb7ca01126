import { beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getAlert } from '../data/alerts';
import type { UserRecord } from '../data/users';
import { unsubscribeUrl } from '../domain/alerts/alert-emails';
import { asUser, givenAlert, givenUser, httpEvent, resolverEvent, useTestOutbox } from '../testing/fixtures';
import { handler as alertsHandler } from './alerts';
import { handler } from './alert-unsubscribe';

useTestOutbox();
let owner: UserRecord;
beforeAll(async () => {
  owner = await givenUser();
});

/** The request a mail client makes on the one-click (RFC 8058), to the URL of the alert's List-Unsubscribe. */
function oneClick(url: string, body = 'List-Unsubscribe=One-Click', method: 'GET' | 'POST' = 'POST'): APIGatewayProxyEventV2 {
  const { pathname, searchParams } = new URL(url);
  return {
    ...httpEvent(method, pathname, method === 'POST' ? body : undefined),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    rawQueryString: searchParams.toString(),
    queryStringParameters: Object.fromEntries(searchParams),
  };
}
/** The stored alert, whose address version the link names. */
const stored = async (id: string) => (await getAlert(id))!;
const alertOf = async (id: string) => alertsHandler(resolverEvent('Query.alert', { id }, asUser(owner)));

describe('POST /alerts/unsubscribe (one-click)', () => {
  it('deletes the alert without a page, and answers the same to a repeated click', async () => {
    const { id } = await givenAlert(owner);
    const url = await unsubscribeUrl({ ...(await stored(id)), language: 'en' });
    expect(await handler(oneClick(url))).toMatchObject({ statusCode: 200 });
    expect(await alertOf(id)).toBeNull();
    expect(await handler(oneClick(url))).toMatchObject({ statusCode: 200 });
  });

  it('refuses a token of another alert, and a body other than the one-click', async () => {
    const [first, second] = [await givenAlert(owner), await givenAlert(owner)];
    const secondUrl = new URL(await unsubscribeUrl({ ...(await stored(second.id)), language: 'fr' }));
    secondUrl.searchParams.set('id', first.id);
    expect(await handler(oneClick(secondUrl.toString()))).toMatchObject({ statusCode: 401 });
    expect(
      await handler(oneClick(await unsubscribeUrl({ ...(await stored(first.id)), language: 'fr' }), 'List-Unsubscribe=Maybe')),
    ).toMatchObject({
      statusCode: 400,
    });
    expect(await handler(oneClick(`http://x/alerts/unsubscribe?id=${first.id}`))).toMatchObject({ statusCode: 400 });
    expect(await alertOf(first.id)).toMatchObject({ id: first.id });
    expect(await alertOf(second.id)).toMatchObject({ id: second.id });
  });

  it('sends a GET (a link opened in a browser) to the deletion page, deleting nothing', async () => {
    const { id } = await givenAlert(owner);
    const url = new URL(await unsubscribeUrl({ ...(await stored(id)), language: 'en' }));
    const response = await handler(oneClick(url.toString(), '', 'GET'));
    expect(response).toMatchObject({ statusCode: 303 });
    expect(response.headers!.location).toBe(`/alertes/supprimer/${id}?token=${encodeURIComponent(url.searchParams.get('token')!)}&lang=en`);
    expect(await alertOf(id)).toMatchObject({ id });
  });
});
