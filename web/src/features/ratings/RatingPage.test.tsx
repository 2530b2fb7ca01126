import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerOperations, callsOf } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';

const BASE = {
  __typename: 'ContractRatings',
  contractId: 'contract-1',
  viewerSide: 'TENANT',
  adTitle: { fr: 'Cuisine commerciale', en: 'Commercial kitchen' },
  otherPartyName: 'Cuisine du Quartier',
  endAt: '2026-11-20T05:00:00.000Z',
  deadline: '2026-12-04T05:00:00.000Z',
  window: 'OPEN',
  canRate: true,
  mine: null,
  theirs: null,
};
const EQUIPMENT = { compliance: 5, cleanliness: 4, security: 4 };
const PARTY = { respectOfContract: 5, communication: 3, reliability: 5 };
const rating = (extra: Record<string, unknown>) => ({
  __typename: 'Rating',
  side: 'TENANT',
  equipment: null,
  party: null,
  comment: null,
  submittedAt: null,
  publishedAt: null,
  ...extra,
});

async function choose(criterion: string, stars: number) {
  const group = screen.getByRole('group', { name: criterion });
  await userEvent.click(within(group).getByRole('radio', { name: `${stars} star${stars > 1 ? 's' : ''} out of 5` }));
}

describe('the rating screen', () => {
  it('takes the tenant through the equipment, kept as a draft, then the owner, and says when it is published', async () => {
    let state: Record<string, unknown> = BASE;
    answerOperations({
      contractRatings: () => state,
      saveRatingDraft: ({ input }: { input: { equipment: unknown } }) =>
        (state = { ...BASE, mine: rating({ equipment: input.equipment }) }),
      submitRating: ({ input }: { input: { equipment: unknown; party: unknown; comment: string } }) =>
        (state = {
          ...BASE,
          canRate: false,
          mine: rating({ equipment: input.equipment, party: input.party, comment: input.comment, submittedAt: '2026-11-21T12:00:00.000Z' }),
        }),
    });
    signIn('USER');
    renderAt('/contrats/contract-1/evaluation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rate the rental' })).toBeVisible();
    expect(await screen.findByText(/Your rental of “Commercial kitchen” from Cuisine du Quartier/)).toBeVisible();
    expect(screen.getByText('Step 1 of 2')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'The equipment' })).toBeVisible();

    // A criterion left out is named, and nothing is sent.
    await choose('Matches the ad', 5);
    await choose('Cleanliness', 4);
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(within(screen.getByRole('group', { name: 'Safety' })).getByText('This field is required.')).toBeVisible();
    expect(callsOf('saveRatingDraft')).toEqual([]);
    await choose('Safety', 4);
    // Given: its message goes at once; the stars up to it are filled, the others outlined (not colour alone).
    expect(within(screen.getByRole('group', { name: 'Safety' })).queryByText('This field is required.')).toBeNull();
    expect(screen.getByRole('group', { name: 'Safety' })).not.toHaveAttribute('aria-invalid');
    expect(
      [...screen.getByRole('group', { name: 'Safety' }).querySelectorAll('[aria-hidden="true"]')].map((star) => star.textContent),
    ).toEqual(['★', '★', '★', '★', '☆']);
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'The owner' })).toBeVisible();
    expect(callsOf('saveRatingDraft')).toEqual([{ input: { contractId: 'contract-1', equipment: EQUIPMENT } }]);
    await choose('Respect of the contract', 5);
    await choose('Communication', 3);
    await choose('Reliability', 5);
    await userEvent.type(screen.getByLabelText('Comment (optional)'), 'Très bel accueil.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the rating' }));

    expect(await screen.findByText(/Sent\. It will be published when Cuisine du Quartier has rated too/)).toBeVisible();
    expect(callsOf('submitRating')).toEqual([
      { input: { contractId: 'contract-1', equipment: EQUIPMENT, party: PARTY, comment: 'Très bel accueil.' } },
    ]);
    expect(screen.getByText('Très bel accueil.')).toBeVisible();
  });

  it('opens a draft at its next step, and shows the other side’s rating once published', async () => {
    answerOperations({ contractRatings: { ...BASE, mine: rating({ equipment: EQUIPMENT }) } });
    signIn('USER');
    const view = renderAt('/contrats/contract-1/evaluation');
    expect(await screen.findByRole('heading', { level: 2, name: 'The owner' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(within(screen.getByRole('group', { name: 'Cleanliness' })).getByRole('radio', { name: '4 stars out of 5' })).toBeChecked();
    view.unmount();

    answerOperations({
      contractRatings: {
        ...BASE,
        viewerSide: 'OWNER',
        canRate: false,
        mine: rating({ side: 'OWNER', party: PARTY, submittedAt: '2026-11-21T12:00:00.000Z', publishedAt: '2026-11-22T12:00:00.000Z' }),
        theirs: rating({
          equipment: EQUIPMENT,
          party: PARTY,
          comment: 'Parfait.',
          submittedAt: '2026-11-22T12:00:00.000Z',
          publishedAt: '2026-11-22T12:00:00.000Z',
        }),
      },
    });
    renderAt('/contrats/contract-2/evaluation');
    const theirs = await screen.findByRole('region', { name: 'Cuisine du Quartier’s rating' });
    expect(within(theirs).getByText('Matches the ad').nextElementSibling).toHaveTextContent('5 stars out of 5');
    expect(within(theirs).getByText('Parfait.')).toBeVisible();
    expect(screen.getByText(/Published on November 22, 2026/)).toBeVisible();
  });

  it('says the deadline has passed once it has', async () => {
    answerOperations({ contractRatings: { ...BASE, window: 'CLOSED', canRate: false } });
    signIn('USER');
    renderAt('/contrats/contract-1/evaluation');
    expect(await screen.findByText('The deadline to rate this rental has passed.')).toBeVisible();
  });

  it('says when rating opens on a rental not over yet, and that a refunded one is never rated', async () => {
    answerOperations({ contractRatings: { ...BASE, window: 'NOT_YET', canRate: false } });
    signIn('USER');
    const view = renderAt('/contrats/contract-1/evaluation');
    expect(await screen.findByText('Rating opens when the rental is over, on November 20, 2026.')).toHaveAttribute('role', 'status');
    expect(screen.getByText(/Your rental of “Commercial kitchen” from Cuisine du Quartier, which ends on November 20, 2026/)).toBeVisible();
    expect(screen.queryByText(/deadline/)).toBeNull();
    view.unmount();

    answerOperations({ contractRatings: { ...BASE, window: 'NOT_RATEABLE', canRate: false } });
    renderAt('/contrats/contract-2/evaluation');
    expect(await screen.findByText('This rental cannot be rated: it was not paid, or it was refunded.')).toBeVisible();
  });
});
