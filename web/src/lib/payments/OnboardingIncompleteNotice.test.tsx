import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leaveForProvider } from './leave-for-provider';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOperations } from '../../test/fake-api';
import { OnboardingIncompleteNotice } from './OnboardingIncompleteNotice';

// Stands in for the browser leaving for the provider's hosted page.
vi.mock('./leave-for-provider', () => ({ leaveForProvider: vi.fn() }));

afterEach(() => vi.mocked(leaveForProvider).mockReset());

describe('OnboardingIncompleteNotice', () => {
  it('says onboarding is incomplete and resumes it at the provider', async () => {
    const left: string[] = [];
    vi.mocked(leaveForProvider).mockImplementation((url) => void left.push(url));
    answerOperations({ startPaymentOnboarding: { url: 'https://connect.stripe.test/setup/acct_1' } });
    render(<OnboardingIncompleteNotice />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your onboarding with the card payment provider is not complete.');
    await userEvent.click(screen.getByRole('button', { name: 'Resume payment onboarding' }));
    await waitFor(() => expect(left).toEqual(['https://connect.stripe.test/setup/acct_1']));
  });
});
