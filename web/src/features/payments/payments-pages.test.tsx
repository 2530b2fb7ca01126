import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leaveForProvider } from '../../lib/payments/leave-for-provider';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations, callsOf } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';
import { storedMe } from '../../lib/profile-form/test-profiles';
import { onboardingReturn, rememberOnboardingReturn } from '../../lib/payments/onboarding-return';

// Stands in for the browser leaving for the provider's hosted page.
vi.mock('../../lib/payments/leave-for-provider', () => ({ leaveForProvider: vi.fn() }));

const ONBOARDING_URL = 'https://connect.stripe.test/setup/acct_1';
const DASHBOARD_URL = 'https://connect.stripe.test/express/acct_1';
const me = (paymentOnboarding: 'NOT_STARTED' | 'INCOMPLETE' | 'COMPLETE') => storedMe('u-1', { paymentOnboarding });

let left: string[];
beforeEach(() => {
  left = [];
  vi.mocked(leaveForProvider).mockImplementation((url) => void left.push(url));
  signIn('USER', 'u-1');
});
afterEach(() => vi.mocked(leaveForProvider).mockReset());

describe('the payments page', () => {
  it('starts onboarding: a fresh link, then the provider’s page', async () => {
    answerOperations({ me: me('NOT_STARTED'), startPaymentOnboarding: { url: ONBOARDING_URL } });
    renderAt('/paiements');
    expect(await screen.findByText(/You have not onboarded with the payment provider yet/)).toHaveAttribute('role', 'status');
    await userEvent.click(screen.getByRole('button', { name: 'Start onboarding' }));
    await waitFor(() => expect(left).toEqual([ONBOARDING_URL]));
    expect(screen.getByRole('button', { name: 'Taking you to the payment provider…' })).toBeDisabled();
  });

  it('resumes an unfinished onboarding, and says so when the provider cannot be reached', async () => {
    answerOperations({
      me: me('INCOMPLETE'),
      startPaymentOnboarding: new ApiError('PAYMENT_PROVIDER_UNAVAILABLE', 'down'),
    });
    renderAt('/paiements');
    await userEvent.click(await screen.findByRole('button', { name: 'Resume onboarding' }));
    expect(await screen.findByText('The payment provider is not answering right now. Try again in a moment.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(left).toEqual([]);
  });

  it('opens the provider’s dashboard once onboarding is complete', async () => {
    answerOperations({ me: me('COMPLETE'), paymentDashboardLink: { url: DASHBOARD_URL } });
    renderAt('/paiements');
    await userEvent.click(await screen.findByRole('button', { name: 'See my payouts at the payment provider' }));
    await waitFor(() => expect(left).toEqual([DASHBOARD_URL]));
  });

  it('speaks French to a French reader', async () => {
    await i18n.changeLanguage('fr');
    try {
      answerOperations({ me: me('COMPLETE') });
      renderAt('/paiements');
      expect(await screen.findByRole('heading', { level: 1, name: 'Paiements' })).toBeInTheDocument();
      expect(await screen.findByText(/Votre inscription est terminée/)).toHaveAttribute('role', 'status');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('coming back from the provider', () => {
  it('validate: reads the account back once and shows the result', async () => {
    answerOperations({ me: me('COMPLETE'), confirmPaymentOnboarding: { paymentOnboarding: 'COMPLETE' } });
    renderAt('/paiement/fournisseur/valider');
    expect(await screen.findByText(/Done: your onboarding with the payment provider is complete/)).toBeInTheDocument();
    expect(callsOf('confirmPaymentOnboarding')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to my payments' })).toHaveAttribute('href', '/paiements');
  });

  it('validate: an unfinished onboarding offers to resume it, and follows the state until the provider confirms', async () => {
    let state: 'INCOMPLETE' | 'COMPLETE' = 'INCOMPLETE';
    answerOperations({ me: () => me(state), confirmPaymentOnboarding: { paymentOnboarding: 'INCOMPLETE' } });
    renderAt('/paiement/fournisseur/valider');
    expect(await screen.findByText(/Your onboarding is not complete yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume onboarding' })).toBeEnabled();
    state = 'COMPLETE'; // the provider's account.updated event arrived
    expect(await screen.findByText(/Done: your onboarding/)).toBeInTheDocument();
  });

  it('validate: once complete, leads back to the contract form the owner left to onboard', async () => {
    rememberOnboardingReturn('/contrats/creer?conversation=conv-1');
    answerOperations({ me: me('COMPLETE'), confirmPaymentOnboarding: { paymentOnboarding: 'COMPLETE' } });
    renderAt('/paiement/fournisseur/valider');
    expect(await screen.findByRole('link', { name: 'Back to my contract proposal' })).toHaveAttribute(
      'href',
      '/contrats/creer?conversation=conv-1',
    );
  });

  it('validate: keeps no way back to another site', () => {
    rememberOnboardingReturn('//evil.example/phish');
    expect(onboardingReturn()).toBeNull();
  });

  it('refresh: makes a new link and follows it at once', async () => {
    answerOperations({ me: me('INCOMPLETE'), startPaymentOnboarding: { url: ONBOARDING_URL } });
    renderAt('/paiement/fournisseur/actualiser');
    await waitFor(() => expect(left).toEqual([ONBOARDING_URL]));
    expect(callsOf('startPaymentOnboarding')).toHaveLength(1);
  });
});
