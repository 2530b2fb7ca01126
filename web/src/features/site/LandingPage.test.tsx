import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, signIn } from '../../test/helpers';

describe('landing page', () => {
  it('describes the marketplace, what can be shared and the four ways to share', async () => {
    renderAt('/accueil');
    expect(await screen.findByRole('heading', { level: 1, name: 'Share equipment and spaces across the food sector' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Home | Food Equipment Sharing'));

    const categories = screen.getByRole('region', { name: 'What can be shared' });
    expect(
      within(categories)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Professional kitchen',
      'Delivery truck',
      'Storage space',
      'Professional cooking equipment',
      'Preparation equipment',
      'Refrigeration equipment',
      'Heavy equipment',
      'Surplus',
      'Other',
    ]);
    const modes = screen.getByRole('region', { name: 'Four ways to share' });
    expect(
      within(modes)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Rent', 'Sale', 'Trade', 'Donation']);
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('link', { name: 'Log in' })).toHaveLength(2);
    const signUps = main.getAllByRole('link', { name: 'Create an account' });
    expect(signUps).toHaveLength(2);
    signUps.forEach((link) => expect(link).toHaveAttribute('href', '/inscription'));
  });

  it('invites signed-in users to nothing they have already done', async () => {
    signIn('USER');
    renderAt('/accueil');
    await screen.findByRole('heading', { level: 1 });
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });
});
