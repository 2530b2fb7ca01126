import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { i18n } from '../../../lib/i18n/i18n';
import { fill, renderAt, signIn } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';

beforeAll(() => i18n.loadNamespaces(['profile', 'signup']));

async function openSignup(path = '/inscription', answer: unknown = { id: 'new-user' }) {
  const api = answerOperations({ createUserAccount: answer });
  const view = renderAt(path);
  await screen.findByRole('heading', { level: 1, name: 'Create an account' });
  return { ...view, api };
}

type User = Awaited<ReturnType<typeof openSignup>>['user'];

/** Fills what sign-up requires, and nothing else. */
async function fillRequired(user: User, email = 'marie@exemple.ca') {
  await fill(user, screen.getByLabelText('Organisation name'), 'Cuisine Solidaire');
  await user.selectOptions(screen.getByLabelText('Type of organisation'), 'NON_PROFIT_ORGANIZATIONS');
  await user.selectOptions(screen.getByLabelText('Industry'), 'CATERING');
  await fill(user, screen.getByLabelText('First name'), 'Marie');
  await fill(user, screen.getByLabelText('Last name'), 'Tremblay');
  await fill(user, screen.getByLabelText('Email'), email);
  await fill(user, screen.getByLabelText('Password'), 'Secret-Password-1');
  await fill(user, screen.getByLabelText('Confirm the password'), 'Secret-Password-1');
  await user.click(screen.getByLabelText('I have read and accept the terms of use and the privacy policy.'));
  await user.click(screen.getByLabelText('I attest that my organisation is not an equipment rental company.'));
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create my account' }));

describe('sign-up page', () => {
  it('shows every field of the account creation input, with the right autocomplete', async () => {
    await openSignup();
    expect(screen.getByLabelText('Organisation name')).toHaveAttribute('autocomplete', 'organization');
    expect(screen.getByLabelText('Quebec enterprise number (NEQ) (optional)')).not.toBeRequired();
    expect(screen.getByLabelText('Type of organisation')).toBeRequired();
    expect(screen.getByLabelText('Address (optional)')).toHaveAttribute('autocomplete', 'street-address');
    expect(screen.getByLabelText('Postal code (optional)')).toHaveAttribute('autocomplete', 'postal-code');
    expect(screen.getByLabelText('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Phone number (optional)')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/At least 10 characters/);
    expect(screen.getByLabelText('Show the email address to other users')).not.toBeChecked();
    expect(screen.getByLabelText('Show the phone number to other users')).not.toBeChecked();
    const interests = screen.getByRole('group', { name: 'Interests (optional)' });
    expect(within(interests).getAllByRole('checkbox')).toHaveLength(3);
    const consents = screen.getByRole('group', { name: 'Communications (optional)' });
    expect(within(consents).getByLabelText('Receive project news by email')).not.toBeChecked();
    expect(within(consents).getByLabelText('Receive invitations to answer surveys')).not.toBeChecked();
    // The language of e-mails follows the interface.
    expect(screen.queryByRole('group', { name: 'Language of emails' })).toBeNull();
    expect(screen.getByRole('link', { name: 'terms of use' })).toHaveAttribute('href', '/legal/conditions-utilisation-en.pdf');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/legal/politique-confidentialite-en.pdf');
    await waitFor(() => expect(document.title).toBe('Create an account | Food Equipment Sharing'));
  });

  it('marks the missing fields and declarations, focusing the first one', async () => {
    const { user, api } = await openSignup();
    await submit(user);
    expect(screen.getByLabelText('Organisation name')).toHaveFocus();
    for (const label of ['Organisation name', 'Type of organisation', 'Industry', 'First name', 'Last name', 'Email', 'Password']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining('This field is required.'));
    }
    const terms = screen.getByLabelText('I have read and accept the terms of use and the privacy policy.');
    expect(terms).toBeRequired();
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('I attest that my organisation is not an equipment rental company.')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByLabelText('Quebec enterprise number (NEQ) (optional)')).not.toHaveAttribute('aria-invalid');
    expect(api.calls('createUserAccount')).toEqual([]);
  });

  it('requires the declarations even when everything else is right', async () => {
    const { user, api } = await openSignup();
    await fillRequired(user);
    const terms = screen.getByLabelText('I have read and accept the terms of use and the privacy policy.');
    await user.click(terms);
    await submit(user);
    expect(terms).toHaveFocus();
    expect(terms).toHaveAccessibleDescription('This field is required.');
    await user.click(terms);
    expect(terms).not.toHaveAttribute('aria-invalid');
    expect(api.calls('createUserAccount')).toEqual([]);
  });

  it('asks to specify an OTHER organisation type', async () => {
    const { user } = await openSignup();
    expect(screen.queryByLabelText('Specify the type of organisation')).toBeNull();
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText('Type of organisation'), 'OTHER');
    await submit(user);
    const other = screen.getByLabelText('Specify the type of organisation');
    expect(other).toHaveFocus();
    expect(other).toHaveAccessibleDescription('This field is required.');
  });

  it('requires a strong password, confirmed', async () => {
    const { user } = await openSignup();
    await fillRequired(user);
    await user.clear(screen.getByLabelText('Password'));
    await fill(user, screen.getByLabelText('Password'), 'weak');
    await submit(user);
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('The password must contain at least 10 characters'),
    );
    expect(screen.getByLabelText('Confirm the password')).toHaveAccessibleDescription('The passwords do not match.');
  });

  it('creates the account in the interface language, keeping the return path, then says to check the e-mail', async () => {
    const { user, api } = await openSignup('/inscription?returnPath=%2Fannonces%2F42');
    await fillRequired(user, ' marie@exemple.ca');
    await fill(user, screen.getByLabelText('Quebec enterprise number (NEQ) (optional)'), '1234567890');
    await user.selectOptions(screen.getByLabelText('Industry'), 'OTHER');
    await fill(user, screen.getByLabelText('Specify the industry'), 'Agrotourisme');
    await fill(user, screen.getByLabelText('Phone number (optional)'), '514 555-1234');
    await user.click(screen.getByLabelText('Show the phone number to other users'));
    await fill(user, screen.getByLabelText('Postal code (optional)'), 'h2x 1y4');
    await user.click(screen.getByLabelText('Offering equipment or spaces'));
    await user.click(screen.getByLabelText('Receive invitations to answer surveys'));
    await submit(user);

    const done = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(done).toHaveFocus();
    expect(screen.getByText('We sent a confirmation link to marie@exemple.ca. Follow it to activate your account.')).toBeVisible();
    expect(screen.getByText(/can take up to 10 minutes/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Resend the confirmation email' })).toHaveAttribute(
      'href',
      '/reenvoyer-courriel?email=marie%40exemple.ca',
    );
    await waitFor(() => expect(document.title).toBe('Check your email | Food Equipment Sharing'));
    expect(api.calls('createUserAccount')).toEqual([
      {
        input: {
          organizationName: 'Cuisine Solidaire',
          organizationNEQ: '1234567890',
          organizationType: 'NON_PROFIT_ORGANIZATIONS',
          industry: 'OTHER',
          industryOtherSpecification: 'Agrotourisme',
          postalCode: 'h2x 1y4',
          firstName: 'Marie',
          lastName: 'Tremblay',
          email: 'marie@exemple.ca',
          phoneNumber: '514 555-1234',
          showEmail: false,
          showPhoneNumber: true,
          registeringInterests: ['SHOW_EQUIPMENT'],
          contactAuthorizationNews: false,
          contactAuthorizationSurveys: true,
          password: 'Secret-Password-1',
          acceptedTermsAndPrivacy: true,
          notRentalCompany: true,
          language: 'ENGLISH',
          returnPath: '/annonces/42',
        },
      },
    ]);
  });

  it('drops a return path to another site', async () => {
    const { user, api } = await openSignup('/inscription?returnPath=%2F%2Fevil.example');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/connexion');
    await fillRequired(user);
    await submit(user);
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(api.calls('createUserAccount')[0]).not.toHaveProperty('input.returnPath');
  });

  it('offers the login page, keeping the return path', async () => {
    await openSignup('/inscription?returnPath=%2Fannonces%2F42');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/connexion?returnPath=%2Fannonces%2F42',
    );
  });

  it('puts a taken address on the e-mail field', async () => {
    const { user } = await openSignup('/inscription', new ApiError('DUPLICATE_EMAIL', 'Taken'));
    await fillRequired(user);
    await submit(user);
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('An account already exists with this email address.');
    expect(screen.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  });

  it('puts the server’s field errors on their fields', async () => {
    const { user } = await openSignup(
      '/inscription',
      new ApiError('VALIDATION_FAILED', 'Invalid', [{ path: 'input.postalCode', rule: 'postalCode' }]),
    );
    await fillRequired(user);
    await submit(user);
    const postalCode = screen.getByLabelText('Postal code (optional)');
    await waitFor(() => expect(postalCode).toHaveFocus());
    expect(postalCode).toHaveAccessibleDescription(expect.stringContaining('Enter a valid Canadian postal code'));
  });

  it('shows other failures as an error notification and keeps the form', async () => {
    const { user } = await openSignup('/inscription', new Error('Failed to fetch'));
    await fillRequired(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error has occurred.');
    expect(screen.getByLabelText('Organisation name')).toHaveValue('Cuisine Solidaire');
  });

  it('is for visitors only: a signed-in user goes to the ad list', async () => {
    signIn('USER');
    answerOperations({});
    const { location } = renderAt('/inscription');
    await waitFor(() => expect(location()).toBe('/annonces'));
  });

  it('speaks French, and signs up in French', async () => {
    await i18n.changeLanguage('fr');
    const api = answerOperations({ createUserAccount: { id: 'new-user' } });
    const { user } = renderAt('/inscription');
    await screen.findByRole('heading', { level: 1, name: 'Créer un compte' });
    expect(screen.getByRole('link', { name: "conditions d'utilisation" })).toHaveAttribute('href', '/legal/conditions-utilisation-fr.pdf');
    expect(screen.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute(
      'href',
      '/legal/politique-confidentialite-fr.pdf',
    );
    await fill(user, screen.getByLabelText("Nom de l'organisation"), 'Cuisine Solidaire');
    await user.selectOptions(screen.getByLabelText("Type d'organisation"), 'Entreprise privée');
    await user.selectOptions(screen.getByLabelText("Secteur d'activité"), 'Commerce de détail');
    await fill(user, screen.getByLabelText('Prénom'), 'Marie');
    await fill(user, screen.getByLabelText('Nom de famille'), 'Tremblay');
    await fill(user, screen.getByLabelText('Courriel'), 'marie@exemple.ca');
    await fill(user, screen.getByLabelText('Mot de passe'), 'Secret-Password-1');
    await fill(user, screen.getByLabelText('Confirmer le mot de passe'), 'Secret-Password-1');
    await user.click(screen.getByLabelText("J'ai lu et j'accepte les conditions d'utilisation et la politique de confidentialité."));
    await user.click(screen.getByLabelText("J'atteste que mon organisation n'est pas une entreprise de location d'équipement."));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vérifiez vos courriels' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Renvoyer le courriel de confirmation' })).toBeVisible();
    expect(api.calls('createUserAccount')[0]).toMatchObject({
      input: { language: 'FRENCH', organizationType: 'PRIVATE_COMPANY', industry: 'RETAIL' },
    });
  });
});
