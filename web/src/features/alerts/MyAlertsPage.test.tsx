import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { answerOperations, callsOf } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';
import { anAlert } from './test-fixtures';

const USER = { me: { id: 'user-1', profile: { id: 'user-1' } } };

describe('my alerts', () => {
  it('lists the user’s alerts with their place, radius in km, state and criteria in words', async () => {
    signIn('USER');
    answerOperations({
      ...USER,
      myAlerts: [
        [
          anAlert({ criteria: { ...anAlert().criteria, availability: { day: false, evening: true, weekdays: ['SATURDAY'] } } }),
          anAlert({
            id: 'alert-2',
            status: 'PENDING_CONFIRMATION',
            radiusKm: 40,
            place: { label: 'Lévis, QC', latitude: 46.8, longitude: -71.17 },
          }),
        ],
      ],
    });
    renderAt('/alertes');
    const first = (await screen.findByRole('heading', { level: 2, name: 'Within 15 km of Québec, QC' })).closest('li')!;
    expect(first).toHaveTextContent('Active');
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Categories: Refrigeration equipment',
      'Offered for: Rent',
      'Availability: Evening, Saturday',
      'Keywords: “chambre froide”',
    ]);
    expect(first).toHaveTextContent('Sent to marie@exemple.ca, in French');
    expect(within(first).getByRole('link', { name: 'Edit Québec, QC' })).toHaveAttribute('href', '/alertes/modifier/alert-1');
    const second = screen.getByRole('heading', { level: 2, name: 'Within 40 km of Lévis, QC' }).closest('li')!;
    expect(second).toHaveTextContent('Waiting for e-mail address confirmation');
    expect(screen.getByRole('link', { name: 'Create an alert' })).toHaveAttribute('href', '/alertes/creer');
  });

  it('names the e-mails’ language in lower case mid-sentence, in French', async () => {
    const { i18n } = await import('../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    signIn('USER');
    answerOperations({ ...USER, myAlerts: [[anAlert(), anAlert({ id: 'alert-2', language: 'ENGLISH' })]] });
    renderAt('/alertes');
    expect(await screen.findByText('Envoyée à marie@exemple.ca, en français')).toBeVisible();
    expect(screen.getByText('Envoyée à marie@exemple.ca, en anglais')).toBeVisible();
  });

  it('deletes an alert once the user confirms, and not before', async () => {
    signIn('USER');
    answerOperations({ ...USER, myAlerts: [[anAlert()], []], deleteAlert: 'alert-1' });
    const { user } = renderAt('/alertes');
    await user.click(await screen.findByRole('button', { name: 'Delete Québec, QC' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this alert?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsOf('deleteAlert')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Québec, QC' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this alert?' })).getByRole('button', { name: 'Delete the alert' }));
    await waitFor(() => expect(callsOf('deleteAlert')).toEqual([{ id: 'alert-1' }]));
    expect(await screen.findByText('You have no alerts. Create one to receive the new ads every week.')).toBeVisible();
  });

  it('explains a failure and asks again on request', async () => {
    signIn('USER');
    answerOperations({ ...USER, myAlerts: [new ApiError('INTERNAL', 'boom'), []] });
    const { user } = renderAt('/alertes');
    expect(await screen.findByText('Your alerts could not be loaded.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no alerts. Create one to receive the new ads every week.')).toBeVisible();
    expect(callsOf('myAlerts')).toHaveLength(2);
  });

  it('is for users: an administrator goes to the root', async () => {
    signIn('ADMIN');
    answerOperations({ searchAds: { items: [], nextToken: null } });
    const { location } = renderAt('/alertes');
    await waitFor(() => expect(location()).toBe('/annonces'));
    expect(callsOf('myAlerts')).toEqual([]);
  });
});
