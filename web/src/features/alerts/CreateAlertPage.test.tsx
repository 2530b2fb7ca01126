import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { answerOperations, callsOf } from '../../test/fake-api';
import { fill, renderAt, signIn } from '../../test/helpers';
import { anAlert, QUEBEC } from './test-fixtures';

const field = (name: string) => screen.getByRole('textbox', { name });
const box = (name: string) => screen.getByRole('checkbox', { name });
const created = () => callsOf('createAlert').map((call) => JSON.parse(JSON.stringify(call!.input)) as Record<string, unknown>);

async function pickQuebec(user: ReturnType<typeof renderAt>['user']) {
  await fill(user, screen.getByRole('combobox', { name: 'Address, city or postal code' }), 'Québ');
  await user.click(await screen.findByRole('option', { name: 'Québec, QC' }));
}

// Lazy pages and address suggestions: on a busy shared machine a journey can pass the default 5 s.
describe('alert creation', () => {
  it('lets a visitor create an alert, which waits for the confirmation of its address', async () => {
    answerOperations({
      searchPlaces: [[QUEBEC]],
      createAlert: ({ input }: { input: { email: string } }) => anAlert({ status: 'PENDING_CONFIRMATION', email: input.email }),
    });
    const { user } = renderAt('/alertes/creer');
    await screen.findByRole('heading', { level: 1, name: 'Create an alert' });
    expect(screen.getByRole('combobox', { name: 'Language of the e-mails' })).toHaveValue('ENGLISH');
    expect(field('Radius (km)')).toHaveAttribute('placeholder', '10');
    await user.click(box('Refrigeration equipment'));
    await user.click(box('Rent'));
    await fill(user, field('Keywords'), 'chambre froide');
    await pickQuebec(user);
    await fill(user, field('Radius (km)'), '15');
    await fill(user, field('E-mail address'), 'luc@exemple.ca');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language of the e-mails' }), 'FRENCH');
    await user.click(screen.getByRole('button', { name: 'Create the alert' }));

    expect(await screen.findByText(/Check your inbox \(luc@exemple.ca\) and follow the link to confirm it/)).toBeVisible();
    expect(created()).toEqual([
      {
        criteria: { categories: ['REFRIGERATION_EQUIPMENT'], modes: ['RENT'], keyword: 'chambre froide' },
        place: { label: 'Québec, QC', latitude: 46.8139, longitude: -71.208 },
        radiusKm: 15,
        email: 'luc@exemple.ca',
        language: 'FRENCH',
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Create the alert' })).not.toBeInTheDocument();
  });

  it('proposes a signed-in user’s own address, whose alert is active at once', async () => {
    signIn('USER');
    answerOperations({
      me: { id: 'user-1', email: 'marie@exemple.ca', profile: { id: 'user-1' } },
      searchPlaces: [[QUEBEC]],
      createAlert: anAlert(),
    });
    const { user } = renderAt('/alertes/creer');
    expect(await screen.findByRole('textbox', { name: 'E-mail address' })).toHaveValue('marie@exemple.ca');
    await pickQuebec(user);
    await fill(user, field('Radius (km)'), '15');
    await user.click(screen.getByRole('button', { name: 'Create the alert' }));
    expect(await screen.findByText('Your alert is active. You will receive the new ads every week.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See my alerts' })).toHaveAttribute('href', '/alertes');
    expect(created()[0]).toMatchObject({ email: 'marie@exemple.ca', radiusKm: 15, criteria: {} });
  });

  it('checks the place, radius and address with the server’s rules before sending, focusing the first message', async () => {
    answerOperations({ searchPlaces: [[QUEBEC]] });
    const { user } = renderAt('/alertes/creer');
    await screen.findByRole('heading', { level: 1, name: 'Create an alert' });
    await fill(user, field('Radius (km)'), '400');
    await fill(user, field('E-mail address'), 'pas-un-courriel');
    await user.click(screen.getByRole('button', { name: 'Create the alert' }));
    const address = screen.getByRole('combobox', { name: 'Address, city or postal code' });
    expect(address).toHaveFocus();
    expect(address).toHaveAccessibleDescription(expect.stringContaining('Pick an address from the list of suggestions'));
    expect(field('Radius (km)')).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number from 1 to 300.'));
    expect(field('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf('createAlert')).toEqual([]);
  });

  it('places the server’s refusals on their fields', async () => {
    answerOperations({
      searchPlaces: [[QUEBEC]],
      createAlert: new ApiError('VALIDATION_FAILED', 'Invalid', [{ path: 'input.email', rule: 'email' }]),
    });
    const { user } = renderAt('/alertes/creer');
    await screen.findByRole('heading', { level: 1, name: 'Create an alert' });
    await pickQuebec(user);
    await fill(user, field('Radius (km)'), '10');
    await fill(user, field('E-mail address'), 'luc@exemple.ca');
    await user.click(screen.getByRole('button', { name: 'Create the alert' }));
    await waitFor(() => expect(field('E-mail address')).toHaveFocus());
    expect(field('E-mail address')).toHaveAccessibleDescription('Please provide a valid email address.');
  });

  it('starts from the criteria and place of a search link', async () => {
    answerOperations({});
    renderAt(
      '/alertes/creer?categories=STORAGE_SPACE&modes=SALE,DONATION&jour=1&q=four&lieu=Rimouski%2C+QC&lat=48.4489&lng=-68.5236&rayon=25',
    );
    await screen.findByRole('heading', { level: 1, name: 'Create an alert' });
    expect(box('Storage space')).toBeChecked();
    expect(box('Sale')).toBeChecked();
    expect(box('Donation')).toBeChecked();
    expect(box('Rent')).not.toBeChecked();
    expect(box('Daytime')).toBeChecked();
    expect(field('Keywords')).toHaveValue('four');
    expect(screen.getByRole('combobox', { name: 'Address, city or postal code' })).toHaveValue('Rimouski, QC');
    expect(field('Radius (km)')).toHaveValue('25');
  });

  it('sends administrators away: they have no alerts', async () => {
    signIn('ADMIN');
    answerOperations({ searchAds: { items: [], nextToken: null } });
    const { location } = renderAt('/alertes/creer');
    await waitFor(() => expect(location()).toBe('/annonces'));
    expect(within(document.body).queryByRole('heading', { name: 'Create an alert' })).not.toBeInTheDocument();
  });
});
