import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { answerOperations, callsOf } from '../../test/fake-api';
import { fill, renderAt, signIn } from '../../test/helpers';
import { anAlert } from './test-fixtures';

const USER = { me: { id: 'user-1', profile: { id: 'user-1' } } };
const notifications = () => [...document.querySelectorAll('.notification__text')].map((n) => n.textContent);

async function openEdit(answers: Record<string, unknown>) {
  signIn('USER');
  answerOperations({ ...USER, alert: anAlert(), ...answers });
  const view = renderAt('/alertes/modifier/alert-1');
  await screen.findByRole('button', { name: 'Save' });
  return view;
}

describe('alert edition', () => {
  it('shows the alert in the form and saves the whole of it', async () => {
    const { user } = await openEdit({ updateAlert: anAlert({ radiusKm: 30 }) });
    expect(screen.getByRole('checkbox', { name: 'Refrigeration equipment' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Keywords' })).toHaveValue('chambre froide');
    expect(screen.getByRole('combobox', { name: 'Address, city or postal code' })).toHaveValue('Québec, QC');
    expect(screen.getByRole('combobox', { name: 'Language of the e-mails' })).toHaveValue('FRENCH');
    const radius = screen.getByRole('textbox', { name: 'Radius (km)' });
    await user.clear(radius);
    await fill(user, radius, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your alert is saved.')).toBeVisible();
    expect(callsOf('updateAlert')).toEqual([
      {
        input: {
          id: 'alert-1',
          criteria: { categories: ['REFRIGERATION_EQUIPMENT'], modes: ['RENT'], keyword: 'chambre froide' },
          place: { label: 'Québec, QC', latitude: 46.8139, longitude: -71.208 },
          radiusKm: 30,
          email: 'marie@exemple.ca',
          language: 'FRENCH',
        },
      },
    ]);
  });

  it('ignores a save that changes nothing, with the notice, and stays on the form', async () => {
    const { user } = await openEdit({ updateAlert: new ApiError('NO_CHANGE', 'Nothing to change') });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notifications()).toContain('There are no changes to save.'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
    expect(screen.queryByText('Your alert is saved.')).not.toBeInTheDocument();
  });

  it('says so when the alert is someone else’s', async () => {
    signIn('USER');
    answerOperations({ ...USER, alert: new ApiError('UNAUTHORIZED_ACCESS', 'Not yours') });
    renderAt('/alertes/modifier/alert-9');
    expect(await screen.findByText('This alert does not exist or is not yours.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
