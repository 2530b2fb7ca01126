// Money after the payment, in the browser (issue 37, docs/payments.md): a dispute the tenant's bank
// wins after the owner was paid out (the owner's transfer reversed, shown on the contract, the rental
// out of the owner's count), and a refund made in the provider's dashboard before the payout (the
// contract refunded, the payout then transfers nothing). What the provider does is done on the local
// simulator's dashboard page, /_dev/payments/charges; the app hears of it only by its signed events.
// The contracts are proposed and paid through the API: the rental journey walks those steps.
import type { APIRequestContext, Page } from '@playwright/test';
import { quebecToday } from '@partage/graphql';
import { DAY_MS, ownerAdAndTenant, PASSWORD, signedIn } from './rental-setup';
import { apiToken, expect, graphqlCall, test } from './support';

const json = { accept: 'application/json' };

/** The owner onboards with the simulator's hosted page (its form posted as the page would). */
async function onboard(request: APIRequestContext, ownerToken: string): Promise<void> {
  const { startPaymentOnboarding } = await graphqlCall<{ startPaymentOnboarding: { url: string } }>(
    request,
    'mutation { startPaymentOnboarding { url } }',
    {},
    ownerToken,
  );
  const link = new URL(startPaymentOnboarding.url).searchParams.get('link')!;
  expect((await request.post('/_dev/payments/onboarding', { form: { link, choice: 'complete' }, maxRedirects: 0 })).status()).toBe(303);
}

/** An owner onboarded, their ad and a tenant who asked about it (ownerAdAndTenant), with both parties' API tokens. */
async function onboardedOwnerAndTenant(request: APIRequestContext) {
  const setUp = await ownerAdAndTenant(request);
  const tokens = {
    owner: await apiToken(request, setUp.owner.email, PASSWORD),
    tenant: await apiToken(request, setUp.tenant.email, PASSWORD),
  };
  await onboard(request, tokens.owner);
  return { ...setUp, tokens };
}

/** A contract of `days` days from tomorrow proposed by the owner, accepted and paid by the tenant on the simulator: its id, once PAID. */
async function paidContract(request: APIRequestContext, tokens: { owner: string; tenant: string }, conversationId: string, from: number) {
  const { proposeContract } = await graphqlCall<{ proposeContract: { id: string } }>(
    request,
    'mutation Propose($input: ProposeContractInput!) { proposeContract(input: $input) { id } }',
    {
      input: {
        conversationId,
        requestKey: crypto.randomUUID(),
        period: {
          precision: 'DAY',
          start: quebecToday(new Date(Date.now() + from * DAY_MS)),
          end: quebecToday(new Date(Date.now() + (from + 2) * DAY_MS)),
        },
        totalPriceCents: 30_000,
        terms: '<p>Remise des clés à 8 h.</p>',
        files: [],
        disclaimerAccepted: true,
      },
    },
    tokens.owner,
  );
  const id = proposeContract.id;
  const { acceptAndPayContract } = await graphqlCall<{ acceptAndPayContract: { url: string } }>(
    request,
    'mutation Pay($input: PayContractInput!) { acceptAndPayContract(input: $input) { url } }',
    { input: { contractId: id, expectedVersion: 1 } },
    tokens.tenant,
  );
  const session = new URL(acceptAndPayContract.url).searchParams.get('session')!;
  expect((await request.post('/_dev/payments/checkout', { form: { session, choice: 'pay' }, maxRedirects: 0 })).status()).toBe(303);
  await expect.poll(() => statusOf(request, tokens.owner, id)).toBe('PAID');
  return id;
}

async function statusOf(request: APIRequestContext, token: string, id: string): Promise<string> {
  const { contract } = await graphqlCall<{ contract: { status: string } }>(
    request,
    'query C($id: ID!) { contract(id: $id) { status } }',
    { id },
    token,
  );
  return contract.status;
}

/** Runs the contract's one-time job `name` from the dev schedules page once it is pending (as rental.spec.ts does). */
async function runSchedule(request: APIRequestContext, name: string): Promise<void> {
  await expect
    .poll(async () =>
      ((await (await request.get('/_dev/schedules', { headers: json })).json()) as { oneTime: { name: string }[] }).oneTime.map(
        (s) => s.name,
      ),
    )
    .toContain(name);
  await request.post('/_dev/schedules/run', { form: { name }, headers: json });
}

/** The contract's payout, run once the contract-paid job scheduled it (run here, or by the host's scheduler meanwhile). */
async function payOut(request: APIRequestContext, contractId: string): Promise<void> {
  await request.post('/_dev/schedules/run', { form: { name: `paid-${contractId}` }, headers: json });
  await runSchedule(request, `payout-${contractId}`);
}

/** What the provider's dashboard does to the contract's charge, from the simulator's page. */
async function atProvider(page: Page, contractId: string, action: RegExp): Promise<void> {
  await page.goto('/_dev/payments/charges');
  await page.getByRole('row').filter({ hasText: contractId }).getByRole('button', { name: action }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
}

/** The owner's "Transactions conclues" on their public profile (for signed-in readers). */
async function transactionsOf(page: Page, userId: string) {
  await page.goto(`/profil/${userId}?lang=fr`);
  return page.locator('.profile-facts__item').filter({ hasText: 'Transactions conclues' }).locator('dd');
}

test('a dispute lost after the payout reverses the transfer; a dashboard refund before the payout leaves nothing to pay out', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const { owner, title, conversationId, tokens } = await onboardedOwnerAndTenant(request);
  const { me } = await graphqlCall<{ me: { id: string } }>(request, 'query { me { id } }', {}, tokens.owner);
  const ownerPage = await signedIn(browser, baseURL!, owner.email);

  // A rental paid and paid out: one transaction on the owner's profile.
  const disputed = await paidContract(request, tokens, conversationId, 1);
  await payOut(request, disputed);
  await expect.poll(() => statusOf(request, tokens.owner, disputed)).toBe('PAYOUT_DONE');
  await expect(await transactionsOf(ownerPage, me.id)).toHaveText('1');

  // The tenant's bank disputes the payment, and decides for the tenant.
  await atProvider(page, disputed, /^Open a dispute/);
  await expect.poll(() => statusOf(request, tokens.owner, disputed)).toBe('PAYOUT_DONE');
  await atProvider(page, disputed, /^Dispute lost/);
  await expect.poll(() => statusOf(request, tokens.owner, disputed)).toBe('REFUNDED');

  // The owner reads it on the contract: refunded, what was taken back from their payout, and why.
  await ownerPage.goto(`/contrats/${disputed}?lang=fr`);
  await expect(ownerPage.getByRole('heading', { level: 1, name: `Contrat : ${title} Remboursé` })).toBeVisible();
  const payment = ownerPage.getByRole('region', { name: 'Paiement' });
  await expect(payment.getByText('Perdue : le paiement est rendu au locataire')).toBeVisible();
  await expect(payment.getByText('Repris sur le versement au propriétaire')).toBeVisible();
  const history = ownerPage.getByRole('region', { name: 'Historique' });
  await expect(history.getByText(/La banque du locataire conteste le paiement\./)).toBeVisible();
  await expect(history.getByText(/Un montant a été repris sur le versement au propriétaire\./)).toBeVisible();
  await expect(history.getByText(/La banque a rendu le paiement au locataire\./)).toBeVisible();
  // The rental no longer counts.
  await expect(await transactionsOf(ownerPage, me.id)).toHaveText('0');

  // Another rental, refunded in full from the provider's dashboard before its payout.
  const refunded = await paidContract(request, tokens, conversationId, 5);
  await atProvider(page, refunded, /^Refund in full from the dashboard/);
  await expect.poll(() => statusOf(request, tokens.owner, refunded)).toBe('REFUNDED');
  await ownerPage.goto(`/contrats/${refunded}?lang=fr`);
  await expect(ownerPage.getByRole('heading', { level: 1, name: `Contrat : ${title} Remboursé` })).toBeVisible();
  // Its payout job, when it comes, transfers nothing: the owner's account shows the first transfer only, reversed.
  await payOut(request, refunded);
  const { paymentDashboardLink } = await graphqlCall<{ paymentDashboardLink: { url: string } }>(
    request,
    'mutation { paymentDashboardLink { url } }',
    {},
    tokens.owner,
  );
  await page.goto(paymentDashboardLink.url);
  await expect(page.getByRole('row').filter({ hasText: refunded })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: disputed })).toHaveCount(1);
});

test('a tenant cancels a paid rental under the moderate policy on a phone: half back, the dates freed, the owner told', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const { owner, tenant, title, conversationId, tokens } = await onboardedOwnerAndTenant(request);
  // Three days ahead: past the moderate policy's full refund (5 days before), within its half.
  const id = await paidContract(request, tokens, conversationId, 3);
  // Its numbered receipt, issued by the contract-paid job (run here unless the host's scheduler ran it).
  await request.post('/_dev/schedules/run', { form: { name: `paid-${id}` }, headers: json });

  const tenantPage = await signedIn(browser, baseURL!, tenant.email);
  await tenantPage.setViewportSize({ width: 375, height: 740 });
  await tenantPage.goto(`/contrats/${id}?lang=fr`);
  const current = tenantPage.getByRole('region', { name: /Version actuelle/ });
  await expect(current).toContainText(/Politique d’annulation\s*Modérée : remboursement complet jusqu’à 5 jours avant le début/);
  await tenantPage.getByRole('button', { name: 'Annuler la location' }).click();
  const confirm = tenantPage.getByRole('group', { name: /Vous serez remboursé de 150,00\s\$ \(50\s% du montant payé\)/ });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Oui, annuler la location' }).click();
  await expect(tenantPage.getByText('La location est annulée. Le remboursement est en route vers votre carte.')).toBeVisible();
  await expect(tenantPage.getByRole('heading', { level: 1, name: `Contrat : ${title} Annulé` })).toBeVisible();
  await expect(
    tenantPage.getByText(/Location annulée par le locataire le .* : 150,00\s\$ remboursés \(50\s% du montant payé\)\./),
  ).toBeVisible();
  await expect(tenantPage.getByRole('button', { name: 'Annuler la location' })).toHaveCount(0);
  // The receipt and the credit note of the refund, each a numbered PDF.
  await tenantPage.reload();
  await expect(tenantPage.getByRole('button', { name: /^Télécharger en PDF : Reçu n° / })).toBeVisible();
  await expect(tenantPage.getByRole('button', { name: /^Télécharger en PDF : Note de crédit n° / })).toBeVisible();

  // The owner reads the same, with the refund; the ad's dates are free again.
  const ownerPage = await signedIn(browser, baseURL!, owner.email);
  await ownerPage.goto(`/contrats/${id}?lang=fr`);
  await expect(ownerPage.getByRole('heading', { level: 1, name: `Contrat : ${title} Annulé` })).toBeVisible();
  await expect(ownerPage.getByRole('region', { name: 'Historique' }).getByText(/Traiteur du Fleuve a annulé le contrat\./)).toBeVisible();
  const { contract } = await graphqlCall<{ contract: { ad: { id: string } } }>(
    request,
    'query C($id: ID!) { contract(id: $id) { ad { id } } }',
    { id },
    tokens.owner,
  );
  const { adBookedPeriods } = await graphqlCall<{ adBookedPeriods: unknown[] }>(
    request,
    'query B($adId: ID!) { adBookedPeriods(adId: $adId) { start } }',
    { adId: contract.ad.id },
    tokens.owner,
  );
  expect(adBookedPeriods).toEqual([]);
});
