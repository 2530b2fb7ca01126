import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatContractPeriod, freeDaysAround, quebecToday } from '@partage/graphql';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { queryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations, callsOf } from '../../test/fake-api';
import { fill, renderAt, signIn } from '../../test/helpers';
import { leaveForProvider } from '../../lib/payments/leave-for-provider';
import { onboardingReturn } from '../../lib/payments/onboarding-return';
import { aContract, registeredVersion, daysFromNow } from './test-fixtures';

const post = vi.hoisted(() => vi.fn());
vi.mock('../../lib/files/multipart', () => ({ postMultipart: post, UploadFailed: Error }));
// Stands in for the browser leaving for the provider's hosted page.
vi.mock('../../lib/payments/leave-for-provider', () => ({ leaveForProvider: vi.fn() }));

beforeAll(async () => {
  await i18n.loadNamespaces(['contracts', 'editor']);
  // ProseMirror measures the selection to scroll it into view; jsdom has no layout.
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});
beforeEach(() => post.mockReset());

const notifications = () => [...document.querySelectorAll('.notification__text')].map((n) => n.textContent);
const OWNER = { me: { id: 'owner-1', profile: { id: 'owner-1' } }, myUnreadMessageCount: 0 };
const conversation = (myRole: 'OWNER' | 'ASKER') => ({
  id: 'conv-1',
  ad: { id: 'ad-1', title: { fr: 'Cuisine commerciale', en: 'Commercial kitchen' } },
  participants: [
    { userId: 'owner-1', publicName: 'Cuisine du Quartier', role: 'OWNER', isMe: myRole === 'OWNER' },
    { userId: 'tenant-1', publicName: 'Traiteur du Plateau', role: 'ASKER', isMe: myRole === 'ASKER' },
  ],
});

/** The ad's calendar: open every day; `booked` answered in turn (the last one again after). */
const calendar = (...booked: { precision: 'DAY'; start: string; end: string }[][]) => ({
  ad: { id: 'ad-1', availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [] } },
  adBookedPeriods: booked,
});
const heldDays = (first: number, end: number) => ({ precision: 'DAY' as const, start: daysFromNow(first), end: daysFromNow(end) });

async function openCreate(answers: Record<string, unknown> = {}) {
  signIn('USER', 'owner-1');
  answerOperations({ ...OWNER, conversation: conversation('OWNER'), ...answers });
  const view = renderAt('/contrats/creer?conversation=conv-1');
  await screen.findByText(/You propose a contract to Traiteur du Plateau for “Commercial kitchen”/);
  return view;
}

async function fillValidForm(user: ReturnType<typeof renderAt>['user']) {
  // The first and the last day, both included: the days 10 and 11, sent as ending when the 12th starts.
  fireEvent.change(screen.getByLabelText('First day'), { target: { value: daysFromNow(10) } });
  fireEvent.change(screen.getByLabelText('Last day'), { target: { value: daysFromNow(11) } });
  await fill(user, screen.getByLabelText('Total amount'), '1 250,5');
  await user.click(screen.getByRole('textbox', { name: 'Terms' }));
  await user.keyboard('Clés remises à 8 h');
  await user.click(screen.getByLabelText(/I confirm this information is accurate/));
}

describe('proposing a contract', () => {
  it('checks the shared rules before sending, and focuses the first failing field', async () => {
    const { user } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Propose the contract' }));
    expect(screen.getByLabelText('First day')).toHaveFocus();
    expect(screen.getByLabelText('First day')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Total amount')).toHaveAccessibleDescription(/This field is required/);
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: daysFromNow(5) } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: daysFromNow(4) } });
    await fill(user, screen.getByLabelText('Total amount'), '12,3456');
    await user.click(screen.getByRole('button', { name: 'Propose the contract' }));
    expect(screen.getByLabelText('Last day')).toHaveFocus();
    expect(screen.getByLabelText('Last day')).toHaveAccessibleDescription(/The last day cannot come before the first\./);
    expect(screen.getByLabelText(/Total amount/)).toHaveAccessibleDescription(/An amount has at most two decimals \(the cents\)/);
    // The keystrokes the ad form refuses are refused here too, with the same words.
    await user.clear(screen.getByLabelText('Total amount'));
    await fill(user, screen.getByLabelText('Total amount'), '1,234,56');
    await user.click(screen.getByRole('button', { name: 'Propose the contract' }));
    expect(screen.getByLabelText(/Total amount/)).toHaveAccessibleDescription(/This amount can be read two ways/);
    expect(callsOf('proposeContract')).toEqual([]);
  });

  it('sends the period, the total in integer cents and the terms, then opens the contract', async () => {
    const { user, location } = await openCreate({ proposeContract: { id: 'contract-9' } });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Propose the contract' }));
    await waitFor(() => expect(location()).toBe('/contrats/contract-9'));
    expect(callsOf('proposeContract')).toEqual([
      {
        input: {
          conversationId: 'conv-1',
          requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
          period: { precision: 'DAY', start: daysFromNow(10), end: daysFromNow(12) },
          totalPriceCents: 125_050,
          terms: '<p>Clés remises à 8 h</p>',
          files: [],
          disclaimerAccepted: true,
        },
      },
    ]);
  });

  it("suggests a total from the ad's rent price and unit for the period chosen, which the owner may use", async () => {
    const rent = { kind: 'AMOUNT', amountCents: 4_300, unit: 'DAY' };
    const { user } = await openCreate({ conversation: { ...conversation('OWNER'), ad: { ...conversation('OWNER').ad, rent } } });
    expect(screen.queryByRole('button', { name: 'Use this amount' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: daysFromNow(10) } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: daysFromNow(12) } });
    expect(screen.getByText(/At the ad's price \(\$43\.00 \/ day\), this period comes to \$129\.00\./)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Use this amount' }));
    expect(screen.getByLabelText('Total amount')).toHaveValue('129.00');
  });

  it('by the hour, keeps the days chosen and sends whole hours', async () => {
    const { user } = await openCreate({ proposeContract: { id: 'contract-9' } });
    await fillValidForm(user);
    await user.click(screen.getByLabelText('By the hour'));
    expect(screen.getByLabelText('Start')).toHaveValue(`${daysFromNow(10)}T09:00`);
    expect(screen.getByLabelText('End')).toHaveValue(`${daysFromNow(11)}T17:00`);
    await user.click(screen.getByRole('button', { name: 'Propose the contract' }));
    await waitFor(() => expect(callsOf('proposeContract')).toHaveLength(1));
    expect(callsOf('proposeContract')[0]).toMatchObject({
      input: { period: { precision: 'HOUR', start: `${daysFromNow(10)}T09:00`, end: `${daysFromNow(11)}T17:00` } },
    });
  });

  it('leaves out a file of another type, uploads the documents as private documents', async () => {
    const { user } = await openCreate({
      requestUpload: { fileId: 'file-7', url: 'https://files.test/upload', fields: '{}', expiresAt: '2026-11-20T10:10:00.000Z' },
      confirmUpload: {
        id: 'file-7',
        purpose: 'PRIVATE_DOCUMENT',
        contentType: 'application/pdf',
        size: 4,
        publicUrl: null,
        width: null,
        height: null,
      },
      proposeContract: { id: 'contract-9' },
    });
    await fillValidForm(user);
    const pdf = new File(['%PDF'], 'inventaire.pdf', { type: 'application/pdf' });
    const program = new File(['MZ'], 'outil.exe', { type: 'application/x-msdownload' });
    // Chosen as a file manager allows it (the input's `accept` is only a hint to it).
    fireEvent.change(screen.getByLabelText('Other documents'), { target: { files: [pdf, program] } });
    expect(screen.getByText('outil.exe was left out: this type of file is not accepted.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove inventaire.pdf' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Propose the contract' }));
    await waitFor(() => expect(callsOf('proposeContract')).toHaveLength(1));
    expect(callsOf('requestUpload')).toEqual([{ input: { purpose: 'PRIVATE_DOCUMENT', contentType: 'application/pdf', size: 4 } }]);
    expect(callsOf('proposeContract')[0]).toMatchObject({ input: { files: [{ fileId: 'file-7', name: 'inventaire.pdf' }] } });
  });

  it("shows the server's refusals: a field, or the onboarding still to finish", async () => {
    const { user } = await openCreate({
      proposeContract: [
        new ApiError('VALIDATION_FAILED', 'invalid', [{ path: 'input.period', rule: 'outsideAvailability' }]),
        new ApiError('PAYMENT_ONBOARDING_INCOMPLETE', 'onboard first'),
      ],
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Propose the contract' }));
    // Said on the first day, the field it is about.
    await waitFor(() => expect(screen.getByLabelText('First day')).toHaveFocus());
    expect(screen.getByLabelText('First day')).toHaveAccessibleDescription('The ad is not available for this whole period.');
    await user.click(screen.getByRole('button', { name: 'Propose the contract' }));
    // The notice stays, with the button to resume onboarding (a passing message offered no way on).
    expect(
      await screen.findByText(
        'Your onboarding with the card payment provider is not complete. Finish it to propose contracts and get paid.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resume payment onboarding' })).toBeVisible();
    expect(notifications()).toEqual([]);
    // Both sends are one proposal of this page: the same request key (the server makes one contract of it).
    const [first, second] = callsOf('proposeContract') as { input: { requestKey: string } }[];
    expect(second!.input.requestKey).toBe(first!.input.requestKey);
  });

  it('says which days around are free when the server finds the dates booked, on the first day until the dates change', async () => {
    // Days 9 to 11 were booked after the page read the calendar: the refusal reads it again.
    const held = heldDays(9, 12);
    const { user } = await openCreate({ ...calendar([], [held]), proposeContract: new ApiError('DATES_UNAVAILABLE', 'taken') });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Propose the contract' }));
    const firstDay = screen.getByLabelText('First day');
    await waitFor(() => expect(firstDay).toHaveFocus());
    expect(firstDay).toHaveAttribute('aria-invalid', 'true');
    expect(firstDay).toHaveAccessibleDescription(
      /^These dates are already booked for another contract\. Free days within 14 days before and after:/,
    );
    const free = freeDaysAround(
      { precision: 'DAY', start: daysFromNow(10), end: daysFromNow(12) },
      { booked: [held], availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [] } },
      quebecToday(new Date()),
    );
    expect(free.map((days) => days.start)).toContain(daysFromNow(12));
    const error = screen.getByText('Free days within 14 days before and after:').parentElement!;
    expect(
      within(error)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(free.map((days) => formatContractPeriod(days, 'en')));
    // Not a passing message: it stays while the owner does anything else, and goes once the dates change.
    expect(notifications()).toEqual([]);
    await fill(user, screen.getByLabelText('Total amount'), '0');
    expect(firstDay).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: daysFromNow(10) } });
    expect(firstDay).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/already booked/)).toBeNull();
  });

  it('checks the dates against the calendar it has before sending', async () => {
    const { user } = await openCreate(calendar([heldDays(11, 13)]));
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Propose the contract' }));
    await waitFor(() => expect(screen.getByLabelText('First day')).toHaveFocus());
    expect(screen.getByLabelText('First day')).toHaveAccessibleDescription(/^These dates are already booked for another contract\./);
    expect(callsOf('proposeContract')).toEqual([]);
  });

  it('says before the form that an owner not onboarded cannot propose yet, and keeps what they fill in while they onboard', async () => {
    const left: string[] = [];
    vi.mocked(leaveForProvider).mockImplementation((url) => void left.push(url));
    const notOnboarded = { me: { ...OWNER.me, paymentOnboarding: 'NOT_STARTED' } };
    const { user, unmount } = await openCreate({
      ...notOnboarded,
      startPaymentOnboarding: { url: 'https://connect.stripe.test/setup/acct_1' },
    });
    const notice = await screen.findByText(/To propose a contract, first complete your onboarding with the card payment provider/);
    // Above the form, not after it was filled in and sent.
    expect(notice.compareDocumentPosition(screen.getByLabelText('First day')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Start payment onboarding' }));
    await waitFor(() => expect(left).toEqual(['https://connect.stripe.test/setup/acct_1']));
    // The provider's return page offers the way back to this form.
    expect(onboardingReturn()).toBe('/contrats/creer?conversation=conv-1');
    unmount();
    queryClient.clear();

    // Back from the provider: the form as it was left.
    await openCreate({ me: { ...OWNER.me, paymentOnboarding: 'COMPLETE' } });
    expect(screen.getByLabelText('First day')).toHaveValue(daysFromNow(10));
    expect(screen.getByLabelText('Total amount')).toHaveValue('1 250,5');
    expect(screen.getByLabelText(/I confirm this information is accurate/)).toBeChecked();
    expect(screen.queryByText(/first complete your onboarding/)).not.toBeInTheDocument();
  });

  it('is refused from a conversation where the user is not the owner', async () => {
    signIn('USER', 'tenant-1');
    answerOperations({ ...OWNER, conversation: conversation('ASKER') });
    renderAt('/contrats/creer?conversation=conv-1');
    expect(await screen.findByText('A contract is proposed from a conversation about one of your ads.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Propose the contract' })).not.toBeInTheDocument();
  });
});

describe('changing a contract', () => {
  async function openEdit(answers: Record<string, unknown> = {}) {
    signIn('USER', 'owner-1');
    answerOperations({ ...OWNER, contract: aContract(), ...answers });
    const view = renderAt('/contrats/contract-1/modifier');
    await screen.findByRole('button', { name: 'Save a new version' });
    return view;
  }

  it('starts from the present version and sends the version it edits', async () => {
    // The contract's own dates, held while its tenant pays, are no clash.
    const { user, location } = await openEdit({
      ...calendar([{ precision: 'DAY', start: '2027-01-11', end: '2027-01-13' }]),
      updateContract: { id: 'contract-1', version: 3 },
    });
    expect(screen.getByLabelText('Total amount')).toHaveValue('1234.50');
    // Stored as ending when the 13th starts: the form shows its last day.
    expect(screen.getByLabelText('First day')).toHaveValue('2027-01-11');
    expect(screen.getByLabelText('Last day')).toHaveValue('2027-01-12');
    expect(screen.getByText('The rental: from January 11 to 12, 2027 (2 days)')).toBeVisible();
    await user.clear(screen.getByLabelText('Total amount'));
    await fill(user, screen.getByLabelText('Total amount'), '1300');
    await user.click(screen.getByRole('button', { name: 'Save a new version' }));
    await waitFor(() => expect(location()).toBe('/contrats/contract-1'));
    expect(callsOf('updateContract')[0]).toMatchObject({
      input: {
        contractId: 'contract-1',
        expectedVersion: 2,
        totalPriceCents: 130_000,
        files: [{ fileId: 'file-1', name: 'inventaire.pdf' }],
      },
    });
  });

  it("starts a taxed version from the owner's price before taxes (the total holds them), and says so", async () => {
    const taxed = aContract({ current: { ...aContract().current, ...registeredVersion } });
    const { user } = await openEdit({ contract: taxed, updateContract: { id: 'contract-1', version: 3 } });
    // 1 000 $ before taxes, not the 1 149,75 $ total: saved as it is, the taxes are not added twice.
    expect(screen.getByLabelText('Total amount')).toHaveValue('1000.00');
    expect(screen.getByLabelText('Total amount')).toHaveAccessibleDescription(/Before taxes, as the ad says/);
    await user.click(screen.getByRole('button', { name: 'Save a new version' }));
    await waitFor(() => expect(callsOf('updateContract')).toHaveLength(1));
    expect(callsOf('updateContract')[0]).toMatchObject({ input: { totalPriceCents: 100_000 } });
  });

  it('ignores a save that changes nothing, with the notice, and stays on the form', async () => {
    const { user } = await openEdit({ updateContract: new ApiError('NO_CHANGE', 'same') });
    await user.click(screen.getByRole('button', { name: 'Save a new version' }));
    await waitFor(() => expect(notifications()).toContain('There are no changes to save.'));
    expect(screen.getByRole('button', { name: 'Save a new version' })).toBeVisible();
  });

  it('says so when the contract can no longer be changed', async () => {
    signIn('USER', 'owner-1');
    answerOperations({ ...OWNER, contract: aContract({ status: 'CANCELLED', availableActions: [] }) });
    renderAt('/contrats/contract-1/modifier');
    expect(await screen.findByText('This contract can no longer be changed.')).toBeVisible();
  });
});
