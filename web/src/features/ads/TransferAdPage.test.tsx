import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { answerOperations, callsOf } from '../../test/fake-api';
import { testAd } from '../../test/ads';
import { fill, renderAt, signIn } from '../../test/helpers';

const UNLISTED = testAd({
  id: '33333333-3333-4333-8333-333333333333',
  title: { fr: 'Chambre froide', en: 'Cold room' },
  published: false,
  unlisted: true,
});
const PATH = `/annonces/transferer/${UNLISTED.id}`;

async function openTransfer(transferAd: unknown, transferTargetExists: unknown = true) {
  answerOperations({ ad: UNLISTED, transferAd, transferTargetExists, managedAds: { items: [], nextToken: null } });
  signIn('ADMIN');
  const view = renderAt(PATH);
  expect(await screen.findByText('Ad: “Cold room”')).toBeVisible();
  return view;
}

const emailField = () => screen.getByRole('textbox', { name: 'Email address of the new owner' });

describe('transfer an ad', () => {
  it('checks the address, asks for confirmation, transfers and goes back to ad management', async () => {
    const { user, location } = await openTransfer({ id: UNLISTED.id });
    await fill(user, emailField(), 'pas-un-courriel');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please provide a valid email address.')).toBeVisible();
    expect(emailField()).toHaveFocus();

    await user.clear(emailField());
    await fill(user, emailField(), 'marie@exemple.ca');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const question = await screen.findByRole('heading', { level: 2, name: 'Transfer “Cold room” to marie@exemple.ca?' });
    await waitFor(() => expect(question).toHaveFocus());
    expect(callsOf('transferTargetExists')).toEqual([{ email: 'marie@exemple.ca' }]);
    expect(callsOf('transferAd')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Transfer the ad' }));
    await waitFor(() => expect(location()).toBe('/gerer-annonces'));
    expect(callsOf('transferAd')).toEqual([{ input: { id: UNLISTED.id, email: 'marie@exemple.ca' } }]);
    expect(await screen.findByText('The ad was transferred.')).toBeVisible();
  });

  it('says under the field when no user has the address, before asking anything', async () => {
    const { user } = await openTransfer({ id: UNLISTED.id }, false);
    await fill(user, emailField(), 'personne@exemple.ca');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('No user was found for this email address.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Transfer the ad' })).toBeNull();
    expect(emailField()).toHaveValue('personne@exemple.ca');
    await waitFor(() => expect(emailField()).toHaveFocus());
    expect(emailField()).toHaveAccessibleDescription(/No user was found for this email address./);
    expect(callsOf('transferTargetExists')).toEqual([{ email: 'personne@exemple.ca' }]);
    expect(callsOf('transferAd')).toEqual([]);
  });

  it('says under the field when the account went away between the check and the transfer', async () => {
    const { user } = await openTransfer(new ApiError('TRANSFER_USER_NOT_FOUND', 'No user'));
    await fill(user, emailField(), 'personne@exemple.ca');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Transfer the ad' }));
    expect(await screen.findByText('No user was found for this email address.')).toBeVisible();
    await waitFor(() => expect(emailField()).toHaveFocus());
  });

  it('says when the address could not be checked, and asks nothing', async () => {
    const { user } = await openTransfer({ id: UNLISTED.id }, new ApiError(null, 'offline'));
    await fill(user, emailField(), 'marie@exemple.ca');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('An unexpected error has occurred.')).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Transfer the ad' })).toBeNull();
  });

  it('explains when the ad cannot be transferred', async () => {
    const { user } = await openTransfer(new ApiError('AD_NOT_TRANSFERABLE', 'Not unlisted'));
    await fill(user, emailField(), 'marie@exemple.ca');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Transfer the ad' }));
    expect(await screen.findByText('Only an ad prepared by an administrator can be transferred.')).toHaveAttribute('role', 'alert');
  });

  it('lets the address be changed before confirming', async () => {
    const { user } = await openTransfer({ id: UNLISTED.id });
    await fill(user, emailField(), 'marie@exemple.ca');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Change the address' }));
    await waitFor(() => expect(emailField()).toHaveFocus());
    expect(emailField()).toHaveValue('marie@exemple.ca');
  });

  it('is for administrators only', async () => {
    answerOperations({ searchAds: { items: [], nextToken: null } });
    signIn('USER');
    const view = renderAt(PATH);
    await waitFor(() => expect(view.location()).toBe('/annonces'));
  });
});
