import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { i18n } from '../../../lib/i18n/i18n';
import { fill, renderAt, signIn } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';
import { storedMe } from '../../../lib/profile-form/test-profiles';

beforeAll(() => i18n.loadNamespaces(['profile']));

// `me` is kept per user once loaded: each test signs in as a user of its own.
let users = 0;
async function openAs(me: (id: string) => ReturnType<typeof storedMe>, answers: Record<string, unknown> = {}) {
  const id = `profile-user-${++users}`;
  signIn(me(id).type === 'ADMIN' ? 'ADMIN' : 'USER', id);
  const api = answerOperations({ me: me(id), ...answers });
  const view = renderAt('/modifier-profil');
  // The form is there once `me` has arrived.
  await screen.findByRole('button', { name: /^(Save|Enregistrer)$/ });
  return { ...view, api, id };
}

const save = () => screen.getByRole('button', { name: 'Save' });
const notifications = () => [...document.querySelectorAll('.notification__text')].map((n) => n.textContent);

describe('edit profile page', () => {
  it('shows the stored profile in the form', async () => {
    await openAs((id) => storedMe(id));
    expect(screen.getByLabelText('Organisation name')).toHaveValue('Cuisine Solidaire');
    expect(screen.getByLabelText('Quebec enterprise number (NEQ) (optional)')).toHaveValue('1234567890');
    expect(screen.getByLabelText('Type of organisation')).toHaveValue('NON_PROFIT_ORGANIZATIONS');
    expect(screen.getByLabelText('Industry')).toHaveValue('CATERING');
    expect(screen.getByLabelText('Phone number (optional)')).toHaveValue('514 555-1234');
    expect(screen.getByLabelText('Show the phone number to other users')).toBeChecked();
    expect(screen.getByLabelText('Show the email address to other users')).not.toBeChecked();
    expect(screen.getByLabelText('Postal code (optional)')).toHaveValue('H2X 1Y4');
    expect(screen.getByLabelText('First name')).toHaveAttribute('autocomplete', 'given-name');
    const interests = screen.getByRole('group', { name: 'Interests (optional)' });
    expect(within(interests).getByLabelText('Browsing equipment ads')).toBeChecked();
    expect(within(interests).getByLabelText('Offering equipment or spaces')).not.toBeChecked();
    expect(screen.getByLabelText('Receive project news by email')).toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Language of emails' })).getByLabelText('Français')).toBeChecked();
    // The address is changed in the settings, where the password is asked.
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByText(/Your email: marie@exemple.ca/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'account settings' })).toHaveAttribute('href', '/parametres');
    await waitFor(() => expect(document.title).toBe('Edit my profile | Food Equipment Sharing'));
  });

  it('sends only the changed fields, then says nothing changed on a second save', async () => {
    const { user, api, id } = await openAs((id) => storedMe(id), { updateUserProfile: { id: 'x' } });
    const name = screen.getByLabelText('Organisation name');
    await user.clear(name);
    await fill(user, name, 'Cuisine Solidaire du Plateau');
    await user.click(screen.getByLabelText('Offering equipment or spaces'));
    await user.clear(screen.getByLabelText('Address (optional)'));
    await user.click(save());
    await waitFor(() => expect(notifications()).toContain('Your changes have been saved.'));
    expect(api.calls('updateUserProfile')).toEqual([
      {
        input: {
          userId: id,
          organizationName: 'Cuisine Solidaire du Plateau',
          registeringInterests: ['VIEW_AD', 'SHOW_EQUIPMENT'],
          // A cleared optional field is sent as null, which removes it.
          address: null,
        },
      },
    ]);

    await user.click(save());
    await waitFor(() => expect(notifications()).toContain('There are no changes to save.'));
    expect(api.calls('updateUserProfile')).toHaveLength(1);
  });

  it('skips a save without change, with an information notice', async () => {
    const { user, api } = await openAs((id) => storedMe(id));
    await fill(user, screen.getByLabelText('First name'), '  ');
    await user.click(save());
    expect(await screen.findByText('There are no changes to save.')).toBeVisible();
    expect(api.calls('updateUserProfile')).toEqual([]);
  });

  it('asks for the "other" text only while OTHER is chosen, and requires it then', async () => {
    const { user, api } = await openAs((id) => storedMe(id));
    expect(screen.queryByLabelText('Specify the industry')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Industry'), 'OTHER');
    const other = screen.getByLabelText('Specify the industry');
    await user.click(save());
    expect(other).toHaveFocus();
    expect(other).toHaveAccessibleDescription('This field is required.');
    expect(api.calls('updateUserProfile')).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Industry'), 'RETAIL');
    expect(screen.queryByLabelText('Specify the industry')).toBeNull();
  });

  it('asks a registered organisation for its GST and QST numbers, checked with the shared rules', async () => {
    const { user, api, id } = await openAs((id) => storedMe(id), { updateUserProfile: { id: 'x' } });
    const status = screen.getByRole('group', { name: 'Does your organisation collect the GST and QST?' });
    expect(status).toHaveAccessibleDescription('You have not said yet: until you do, your rental contracts carry no GST or QST.');
    expect(screen.queryByLabelText('GST/HST number')).toBeNull();
    await user.click(within(status).getByLabelText('Yes, it is registered for the GST and the QST'));
    await fill(user, screen.getByLabelText('GST/HST number'), '12345678 RT 0001');
    await user.click(save());
    const gst = screen.getByLabelText('GST/HST number');
    expect(gst).toHaveFocus();
    expect(gst).toHaveAccessibleDescription(expect.stringContaining('A GST number has 9 digits, RT and 4 digits'));
    expect(screen.getByLabelText('QST number')).toHaveAccessibleDescription(expect.stringContaining('This field is required.'));
    expect(api.calls('updateUserProfile')).toEqual([]);

    await user.clear(gst);
    await fill(user, gst, '123456789 rt 0001');
    await fill(user, screen.getByLabelText('QST number'), '1234567890TQ0001');
    await user.click(save());
    await waitFor(() => expect(api.calls('updateUserProfile')).toHaveLength(1));
    expect(api.calls('updateUserProfile')[0]).toEqual({
      input: { userId: id, taxStatus: 'REGISTERED', gstNumber: '123456789 rt 0001', qstNumber: '1234567890TQ0001' },
    });
  });

  it('drops the numbers of an organisation that is no longer registered', async () => {
    const registered = { taxStatus: 'REGISTERED', gstNumber: '123456789RT0001', qstNumber: '1234567890TQ0001' } as const;
    const { user, api, id } = await openAs((id) => storedMe(id, {}, registered), { updateUserProfile: { id: 'x' } });
    expect(screen.getByLabelText('GST/HST number')).toHaveValue('123456789RT0001');
    await user.click(screen.getByLabelText('No, it is a small supplier, not registered'));
    expect(screen.queryByLabelText('GST/HST number')).toBeNull();
    await user.click(save());
    await waitFor(() => expect(api.calls('updateUserProfile')).toEqual([{ input: { userId: id, taxStatus: 'SMALL_SUPPLIER' } }]));
  });

  it('checks the formats with the shared rules, focusing the first field in error', async () => {
    const { user, api } = await openAs((id) => storedMe(id));
    const neq = screen.getByLabelText('Quebec enterprise number (NEQ) (optional)');
    const phone = screen.getByLabelText('Phone number (optional)');
    const postalCode = screen.getByLabelText('Postal code (optional)');
    await user.clear(neq);
    await fill(user, neq, '8123456789');
    await user.clear(phone);
    await fill(user, phone, '123');
    await user.clear(postalCode);
    await fill(user, postalCode, 'H2X');
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(save());
    expect(neq).toHaveFocus();
    expect(neq).toHaveAccessibleDescription(expect.stringContaining('The NEQ has 10 digits and starts with a digit from 1 to 7.'));
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Enter a valid 10-digit phone number.'));
    expect(postalCode).toHaveAccessibleDescription(expect.stringContaining('Enter a valid Canadian postal code'));
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('This field is required.');
    expect(api.calls('updateUserProfile')).toEqual([]);
  });

  it('puts the server’s field errors on their fields', async () => {
    const { user } = await openAs((id) => storedMe(id), {
      updateUserProfile: new ApiError('VALIDATION_FAILED', 'Invalid', [{ path: 'input.organizationName', rule: 'maxLength' }]),
    });
    await fill(user, screen.getByLabelText('Organisation name'), ' Plateau');
    await user.click(save());
    const name = screen.getByLabelText('Organisation name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('This field cannot be longer than 200 characters.');
  });

  it('treats the server’s NO_CHANGE (the same value spelled differently) as nothing changed', async () => {
    const { user } = await openAs((id) => storedMe(id), { updateUserProfile: new ApiError('NO_CHANGE', 'Nothing to change') });
    const phone = screen.getByLabelText('Phone number (optional)');
    await user.clear(phone);
    await fill(user, phone, '(514) 555-1234');
    await user.click(save());
    expect(await screen.findByText('There are no changes to save.')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeEmptyDOMElement();
  });

  it('shows other failures as an error notification', async () => {
    const { user } = await openAs((id) => storedMe(id), { updateUserProfile: new ApiError('UNAUTHORIZED_ACCESS', 'no') });
    await fill(user, screen.getByLabelText('First name'), 'e');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not authorized to perform this operation.');
  });

  it('asks an administrator only for a name and the language of e-mails', async () => {
    const { user, api, id } = await openAs(
      (id) =>
        storedMe(
          id,
          { type: 'ADMIN', email: 'admin@exemple.ca' },
          { acceptedTos: null, organizationName: null, organizationType: null, industry: null },
        ),
      { updateUserProfile: { id: 'x' } },
    );
    expect(screen.getByLabelText('First name')).toHaveValue('Marie');
    expect(screen.queryByLabelText('Organisation name')).toBeNull();
    expect(screen.queryByLabelText('Phone number (optional)')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Interests (optional)' })).toBeNull();
    await user.click(screen.getByLabelText('English'));
    await user.click(save());
    await waitFor(() => expect(api.calls('updateUserProfile')).toEqual([{ input: { userId: id, language: 'ENGLISH' } }]));
  });

  it('says when the profile cannot be loaded, and tries again on request', async () => {
    const id = `profile-user-${++users}`;
    signIn('USER', id);
    answerOperations({ me: [new ApiError('INTERNAL', 'down'), storedMe(id)] });
    const { user } = renderAt('/modifier-profil');
    expect(await screen.findByText('Your profile could not be loaded.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Organisation name')).toHaveValue('Cuisine Solidaire');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    await openAs((id) => storedMe(id));
    expect(screen.getByRole('heading', { level: 1, name: 'Modifier mon profil' })).toBeVisible();
    expect(screen.getByLabelText("Nom de l'organisation")).toHaveValue('Cuisine Solidaire');
    expect(screen.getByLabelText("Type d'organisation")).toHaveDisplayValue('Organisme à but non lucratif (OBNL)');
    expect(screen.getByLabelText("Secteur d'activité")).toHaveDisplayValue('Restauration et traiteur');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Modifier mon profil | Partage d'équipement alimentaire"));
  });
});
