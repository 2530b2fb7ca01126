import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { startDownload } from '../../lib/files/start-download';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations, callsOf, emit } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';

vi.mock('../../lib/files/start-download', () => ({ startDownload: vi.fn() }));

beforeAll(() => i18n.loadNamespaces(['contracts']));

const line = (id: string, status: string, otherPartyName: string, title: string) => ({
  id,
  status,
  version: 1,
  adTitle: { fr: title, en: null },
  otherPartyName,
  period: {
    precision: 'HOUR',
    start: '2027-01-11T09:00',
    end: '2027-01-11T17:00',
    startAt: '2027-01-11T14:00:00.000Z',
    endAt: '2027-01-11T22:00:00.000Z',
  },
  totalPriceCents: 45_000,
  updatedAt: '2026-11-20T15:00:00.000Z',
  ratingToGive: null as { deadline: string; started: boolean } | null,
  documents: [] as { id: string; kind: string; number: string }[],
});

function open(answer: unknown, more: Record<string, unknown> = {}) {
  signIn('USER', 'user-1');
  answerOperations({ me: { id: 'user-1', profile: { id: 'user-1' } }, myUnreadMessageCount: 0, myContracts: answer, ...more });
  return renderAt('/tableau-de-bord');
}

describe('dashboard', () => {
  it('lists my contracts as owner and as tenant, with what to do next', async () => {
    open((variables: { role: string }) =>
      variables.role === 'OWNER'
        ? { items: [line('c-1', 'SUBMITTED', 'Traiteur du Plateau', 'Four à convection')], nextToken: null }
        : { items: [line('c-2', 'CANCELLED', 'Cuisine du Quartier', 'Chambre froide')], nextToken: null },
    );
    const asOwner = await screen.findByRole('region', { name: 'My contracts as owner' });
    expect(await within(asOwner).findByRole('link', { name: 'Four à convection' })).toHaveAttribute('href', '/contrats/c-1');
    expect(within(asOwner).getByText('Tenant: Traiteur du Plateau')).toBeVisible();
    expect(within(asOwner).getByText('$450.00')).toBeVisible();
    expect(within(asOwner).getByText(/You can still change or cancel it/)).toBeVisible();
    const asTenant = screen.getByRole('region', { name: 'My contracts as tenant' });
    expect(within(asTenant).getByText('Owner: Cuisine du Quartier')).toBeVisible();
    expect(within(asTenant).getByText('Cancelled')).toBeVisible();
    expect(callsOf('myContracts')).toEqual(
      expect.arrayContaining([
        { role: 'OWNER', nextToken: null },
        { role: 'TENANT', nextToken: null },
      ]),
    );
  });

  it('puts first what waits for me: the proposals to pay, then every rating to give from the server, soonest deadline first', async () => {
    const proposed = line('c-3', 'SUBMITTED', 'Cuisine du Quartier', 'Chambre froide');
    const rated = {
      ...line('c-1', 'CLOSED', 'Traiteur du Plateau', 'Four à convection'),
      ratingToGive: { deadline: '2026-12-04T17:00:00.000Z', started: false },
    };
    // The server lists them all, those of contracts not loaded below too (c-9, on a later page).
    const toGive = [
      {
        id: 'c-9',
        adTitle: { fr: 'Camion réfrigéré', en: null },
        otherPartyName: 'Ferme Lumière',
        ratingToGive: { deadline: '2026-12-01T17:00:00.000Z', started: true },
      },
      { id: 'c-1', adTitle: rated.adTitle, otherPartyName: 'Traiteur du Plateau', ratingToGive: rated.ratingToGive },
    ];
    open((variables: { role: string }) => ({ items: variables.role === 'OWNER' ? [rated] : [proposed], nextToken: null }), {
      myRatingsToGive: [toGive],
    });
    const toDo = await screen.findByRole('region', { name: 'To do' });
    const items = await within(toDo).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Chambre froide',
      'Camion réfrigéré',
      'Four à convection',
    ]);
    expect(
      within(items[0]!).getByText('Cuisine du Quartier proposes this contract to you: read it, then accept and pay it.'),
    ).toBeVisible();
    expect(within(items[0]!).getByRole('link', { name: 'Read and pay' })).toHaveAttribute('href', '/contrats/c-3');
    expect(within(items[1]!).getByText('Rate the rental with Ferme Lumière.')).toBeVisible();
    expect(within(items[1]!).getByRole('link', { name: /^Resume the rating \(before Dec 1, 2026/ })).toHaveAttribute(
      'href',
      '/contrats/c-9/evaluation',
    );
    expect(within(items[2]!).getByRole('link', { name: /^Rate before Dec 4, 2026/ })).toHaveAttribute('href', '/contrats/c-1/evaluation');
    // Before the rest: the contracts as owner and as tenant, the contract's own line offering the rating too.
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(regions.indexOf('dashboard-todo')).toBeLessThan(regions.indexOf('dashboard-OWNER'));
    const asOwner = screen.getByRole('region', { name: 'My contracts as owner' });
    expect(within(asOwner).getByRole('link', { name: /^Rate before/ })).toHaveAttribute('href', '/contrats/c-1/evaluation');
  });

  const asOwner = (variables: { role: string }) =>
    variables.role === 'OWNER'
      ? { items: [line('c-1', 'SUBMITTED', 'Traiteur du Plateau', 'Four à convection')], nextToken: null }
      : { items: [], nextToken: null };

  it('asks an owner whose contracts wait on their payouts to finish setting them up', async () => {
    open(asOwner, { me: { id: 'user-1', paymentOnboarding: 'INCOMPLETE', profile: { id: 'user-1' } } });
    const toDo = await screen.findByRole('region', { name: 'To do' });
    expect(await within(toDo).findByRole('heading', { name: 'Your payouts' })).toBeVisible();
    expect(within(toDo).getByRole('link', { name: 'Finish setting up' })).toHaveAttribute('href', '/paiements');
  });

  it('says when nothing waits for me', async () => {
    open(asOwner, { me: { id: 'user-1', paymentOnboarding: 'COMPLETE', profile: { id: 'user-1' } }, myRatingsToGive: [[]] });
    expect(await within(await screen.findByRole('region', { name: 'To do' })).findByText('Nothing to do for now.')).toBeVisible();
  });

  it('tells the statuses apart by an icon and a style of their own, not by colour alone', async () => {
    const statuses = ['SUBMITTED', 'PAID', 'PAYOUT_DONE', 'CLOSED', 'CANCELLED', 'REFUNDED'];
    open({ items: statuses.map((status, i) => line(`c-${i}`, status, 'Traiteur du Plateau', `Contrat ${i}`)), nextToken: null });
    const asOwner = await screen.findByRole('region', { name: 'My contracts as owner' });
    await within(asOwner).findByRole('link', { name: 'Contrat 0' });
    const badges = statuses.map((_, i) =>
      within(asOwner)
        .getByRole('link', { name: `Contrat ${i}` })
        .closest('li')!
        .querySelector('.contract-status')!,
    );
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'Proposed',
      'Paid',
      'Paid out to the owner',
      'Over',
      'Cancelled',
      'Refunded',
    ]);
    const icons = badges.map((badge) => badge.querySelector('svg[aria-hidden="true"] path')?.getAttribute('d'));
    expect(new Set(icons).size).toBe(statuses.length);
    expect(new Set(badges.map((badge) => badge.className)).size).toBe(statuses.length);
  });

  it('says when a side has no contract, and pages through a long list', async () => {
    const { user } = open((variables: { role: string; nextToken: string | null }) =>
      variables.role === 'TENANT'
        ? { items: [], nextToken: null }
        : variables.nextToken
          ? { items: [line('c-3', 'SUBMITTED', 'B', 'Second')], nextToken: null }
          : { items: [line('c-1', 'SUBMITTED', 'A', 'First')], nextToken: 'next' },
    );
    expect(await screen.findByText('No contract was proposed to you.')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Show more contracts' }));
    expect(await screen.findByRole('link', { name: 'Second' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show more contracts' })).not.toBeInTheDocument();
  });

  it('reads the lists again when a contract changes', async () => {
    open({ items: [], nextToken: null });
    await screen.findByText('No contract was proposed to you.');
    const reads = callsOf('myContracts').length;
    emit('onContractEvent', {
      userId: 'user-1',
      contractId: 'c-1',
      kind: 'PROPOSED',
      status: 'SUBMITTED',
      version: 1,
      at: '2026-11-21T10:00:00.000Z',
    });
    await waitFor(() => expect(callsOf('myContracts').length).toBeGreaterThan(reads));
  });

  it('downloads a paid contract’s numbered receipt and fee invoice as PDFs in my language', async () => {
    const paid = {
      ...line('c-4', 'PAID', 'Traiteur du Plateau', 'Four à convection'),
      documents: [
        { id: 'receipt', kind: 'RECEIPT', number: 'OWNER1-2026-000007' },
        { id: 'fee-invoice', kind: 'FEE_INVOICE', number: 'PA-2026-000123' },
      ],
    };
    const { user } = open((variables: { role: string }) => ({ items: variables.role === 'OWNER' ? [paid] : [], nextToken: null }), {
      contractDocumentDownload: { url: 'http://localhost/documents/pdf?jeton=x', expiresAt: '2026-11-21T15:05:00.000Z' },
    });
    const asOwner = await screen.findByRole('region', { name: 'My contracts as owner' });
    const documents = await within(asOwner).findByRole('list', { name: 'Numbered documents' });
    expect(within(documents).getByRole('button', { name: 'Download as PDF: Receipt no. OWNER1-2026-000007' })).toBeVisible();
    await user.click(within(documents).getByRole('button', { name: 'Download as PDF: Service fee invoice no. PA-2026-000123' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('http://localhost/documents/pdf?jeton=x'));
    expect(callsOf('contractDocumentDownload')).toEqual([{ input: { contractId: 'c-4', documentId: 'fee-invoice', language: 'ENGLISH' } }]);
  });

  it('says when the list could not be read', async () => {
    open(new ApiError('INTERNAL', 'down'));
    await waitFor(() => expect(screen.getAllByText('An unexpected error has occurred.')).toHaveLength(2));
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
  });
});
