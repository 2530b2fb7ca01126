import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { answerOperations, callsOf } from '../../../test/fake-api';
import { fill, renderAt, signIn } from '../../../test/helpers';

const aCase = (overrides: Record<string, unknown> = {}) => ({
  id: 'AD.ad-1',
  kind: 'AD',
  itemId: '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b',
  subjectUserId: 'owner-1',
  subjectName: 'Cuisine du Quartier',
  subjectOrganization: 'Cuisine du Quartier OBNL',
  reportCount: 2,
  lastReportedAt: '2026-07-02T14:30:00.000Z',
  reports: [
    {
      reporterId: 'u-2',
      reason: 'SCAM',
      note: 'Wants cash\nup front',
      reportedAt: '2026-07-02T14:30:00.000Z',
      content: 'Walk-in cooler\n\nCheap',
    },
    { reporterId: 'u-3', reason: 'SPAM', note: null, reportedAt: '2026-07-01T09:00:00.000Z', content: 'Walk-in cooler' },
  ],
  ...overrides,
});

async function openQueue() {
  signIn('ADMIN', 'admin-1');
  const view = renderAt('/moderation');
  await screen.findByRole('heading', { level: 1, name: 'Moderation' });
  return view;
}

describe('the moderation queue', () => {
  it('shows each case with its reports as the item was then, and the actions its kind allows', async () => {
    answerOperations({
      moderationQueue: {
        items: [
          aCase(),
          aCase({ id: 'PROFILE.u-9', kind: 'PROFILE', itemId: 'u-9', reportCount: 1 }),
          aCase({ id: 'RATING_COMMENT.c-1.TENANT', kind: 'RATING_COMMENT', itemId: 'c-1.TENANT', reportCount: 1 }),
        ],
        nextToken: null,
      },
    });
    await openQueue();
    const [ad, profile, comment] = await screen.findAllByRole('article');
    expect(within(ad!).getByRole('heading', { name: 'Ad — 2 reports' })).toBeInTheDocument();
    expect(within(ad!).getByText('Account concerned: Cuisine du Quartier (Cuisine du Quartier OBNL)')).toBeInTheDocument();
    expect(within(ad!).getByText('Fraud or scam')).toBeInTheDocument();
    expect(within(ad!).getByText(/Details: Wants cash/)).toBeInTheDocument();
    expect(within(ad!).getAllByLabelText('The content when it was reported')[0]).toHaveTextContent('Walk-in cooler');
    expect(within(ad!).getByRole('radio', { name: /Take the ad down/ })).toBeInTheDocument();
    expect(within(profile!).getByRole('heading', { name: 'Profile — 1 report' })).toBeInTheDocument();
    expect(within(profile!).queryByRole('radio', { name: /Take the ad down/ })).toBeNull();
    expect(within(profile!).queryByRole('radio', { name: /Hide the comment/ })).toBeNull();
    expect(within(comment!).getByRole('heading', { name: 'Rating comment — 1 report' })).toBeInTheDocument();
    expect(within(comment!).getByRole('radio', { name: /Hide the comment, keep the stars/ })).toBeInTheDocument();
    expect(within(comment!).queryByRole('radio', { name: /Take the ad down/ })).toBeNull();
  });

  it('asks for the reason, then applies the decision and says the case is handled', async () => {
    answerOperations({
      moderationQueue: { items: [aCase()], nextToken: null },
      moderateCase: { id: 'AD.ad-1', status: 'CLOSED' },
    });
    const { user } = await openQueue();
    const found = await screen.findByRole('article');
    await user.click(within(found).getByRole('radio', { name: /Suspend the account/ }));
    await user.click(within(found).getByRole('button', { name: 'Apply the decision' }));
    expect(within(found).getByText('Give the reason for the decision.')).toBeInTheDocument();
    expect(callsOf('moderateCase')).toEqual([]);
    await fill(user, within(found).getByLabelText(/^Reason/), 'Repeated fraud');
    await user.click(within(found).getByRole('button', { name: 'Apply the decision' }));
    expect(await screen.findByText('The case is handled.')).toBeInTheDocument();
    expect(callsOf('moderateCase')).toEqual([{ input: { caseId: 'AD.ad-1', action: 'SUSPEND_ACCOUNT', reason: 'Repeated fraud' } }]);
  });

  it('takes a decision with the keyboard alone: a missing reason takes the focus, and a handled case leaves it on the heading', async () => {
    answerOperations({
      moderationQueue: { items: [aCase({ id: 'PROFILE.u-9', kind: 'PROFILE', itemId: 'u-9', reportCount: 1 })], nextToken: null },
      moderateCase: { id: 'PROFILE.u-9', status: 'CLOSED' },
    });
    const { user } = await openQueue();
    const found = await screen.findByRole('article');
    within(found)
      .getByRole('radio', { name: /Dismiss/ })
      .focus();
    await user.keyboard('{ArrowDown}');
    expect(within(found).getByRole('radio', { name: /Suspend the account/ })).toBeChecked();
    await user.tab();
    await user.tab();
    expect(within(found).getByRole('button', { name: 'Apply the decision' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const reason = within(found).getByLabelText(/^Reason/);
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription('Give the reason for the decision.');
    await user.keyboard('Repeated fraud');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('The case is handled.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toHaveFocus();
    expect(callsOf('moderateCase')).toEqual([{ input: { caseId: 'PROFILE.u-9', action: 'SUSPEND_ACCOUNT', reason: 'Repeated fraud' } }]);
  });

  it('says when another administrator handled the case first', async () => {
    answerOperations({
      moderationQueue: { items: [aCase()], nextToken: null },
      moderateCase: new ApiError('NO_CHANGE', 'The case was closed already'),
    });
    const { user } = await openQueue();
    const found = await screen.findByRole('article');
    await fill(user, within(found).getByLabelText(/^Reason/), 'Nothing wrong');
    await user.click(within(found).getByRole('button', { name: 'Apply the decision' }));
    expect(await within(found).findByRole('alert')).toBeInTheDocument();
  });

  it('brings older cases a page at a time, on request', async () => {
    answerOperations({
      moderationQueue: [
        { items: [aCase()], nextToken: 'page-2' },
        { items: [aCase({ id: 'PROFILE.u-9', kind: 'PROFILE', itemId: 'u-9', reportCount: 1 })], nextToken: null },
      ],
    });
    const { user } = await openQueue();
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'More cases' }));
    expect(await screen.findByRole('heading', { name: 'Profile — 1 report' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(callsOf('moderationQueue').map((call) => call?.nextToken)).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'More cases' })).toBeNull();
  });

  it('says when nothing waits', async () => {
    answerOperations({ moderationQueue: { items: [], nextToken: null } });
    await openQueue();
    expect(await screen.findByText('No reports waiting.')).toBeInTheDocument();
  });
});
