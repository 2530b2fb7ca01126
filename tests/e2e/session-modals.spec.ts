// The dialogs a session brings (welcome at first login, first-visit invitation), the public profile,
// and the legal PDFs of the footer.
import { STORAGE_KEYS } from '@partage/graphql';
import {
  test,
  testIn,
  expect,
  ACCOUNTS,
  apiToken,
  fillLogin,
  graphqlCall,
  reloadSignedIn,
  signUpConfirmedThroughApi,
  welcomeDialog,
} from './support';

const PASSWORD = 'Essai-Parcours-2026';
const freshEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@exemple.ca`;

const WORDS = {
  fr: {
    later: 'Plus tard',
    invitation: 'Ne manquez aucune offre',
    contact: 'Coordonnées',
    since: 'Membre depuis',
    terms: "Conditions d'utilisation (PDF)",
    privacy: 'Politique de confidentialité (PDF)',
  },
  en: {
    later: 'Later',
    invitation: 'Never miss an offer',
    contact: 'Contact details',
    since: 'Member since',
    terms: 'Terms of use (PDF)',
    privacy: 'Privacy policy (PDF)',
  },
} as const;

for (const lang of ['fr', 'en'] as const) {
  test.describe(`in ${lang}`, () => {
    testIn(lang, 'fr')(
      'a new user is welcomed at first login; closing it in one tab closes it in the other, for good',
      async ({ context, request }) => {
        const email = freshEmail('bienvenue');
        await signUpConfirmedThroughApi(request, email, PASSWORD, 'Cuisine des essais');

        const first = await context.newPage();
        await first.goto(`/connexion?lang=${lang}`);
        await fillLogin(first, lang, email, PASSWORD);
        await expect(welcomeDialog(first, lang)).toBeVisible();
        await expect(welcomeDialog(first, lang).getByRole('button', { name: WORDS[lang].later })).toBeVisible();

        // The same browser: the second tab shares the session.
        const second = await context.newPage();
        await second.goto('/parametres');
        await expect(welcomeDialog(second, lang)).toBeVisible();
        await welcomeDialog(second, lang).getByRole('button', { name: WORDS[lang].later }).click();
        await expect(welcomeDialog(second, lang)).toBeHidden();
        // Told by the real-time subscription, not by a reload.
        await expect(welcomeDialog(first, lang)).toBeHidden();

        await reloadSignedIn(first, lang);
        await expect(welcomeDialog(first, lang)).toBeHidden();
      },
    );

    testIn(lang, 'en')(
      'a first-time visitor is invited on the landing page once, and not again after closing the invitation',
      async ({ page }) => {
        await page.goto(`/accueil?lang=${lang}`);
        const invitation = page.getByRole('region', { name: WORDS[lang].invitation });
        await expect(invitation).toBeVisible();
        await expect(invitation.getByRole('link', { name: lang === 'fr' ? 'Créer un compte' : 'Create account' })).toHaveAttribute(
          'href',
          '/inscription?returnPath=%2Faccueil',
        );
        await invitation.getByRole('button', { name: lang === 'fr' ? "Fermer l'invitation" : 'Close the invitation' }).click();
        await expect(invitation).toHaveCount(0);
        await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.firstVisitModalClosed)).not.toBeNull();

        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(invitation).toBeHidden();
      },
    );
  });
}

test('a user sees another user’s public profile, with the contact details that user allows', async ({ page, request }) => {
  const sharingEmail = freshEmail('profil-visible');
  const sharingId = await signUpConfirmedThroughApi(request, sharingEmail, PASSWORD, 'Traiteur du Faubourg');
  const token = await apiToken(request, sharingEmail, PASSWORD);
  await graphqlCall(
    request,
    'mutation Show($input: UpdateUserProfileInput!) { updateUserProfile(input: $input) { id } }',
    {
      input: { userId: sharingId, showEmail: true },
    },
    token,
  );
  const discreetId = await signUpConfirmedThroughApi(request, freshEmail('profil-discret'), PASSWORD, 'Épicerie discrète');

  await page.goto('/connexion?lang=fr');
  await fillLogin(page, 'fr', ACCOUNTS.tenant);
  await expect(page).toHaveURL(/\/annonces$/);

  await page.goto(`/profil/${sharingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Traiteur du Faubourg' })).toBeVisible();
  await expect(page.getByText(WORDS.fr.since)).toBeVisible();
  await expect(page.getByText('Organisme à but non lucratif (OBNL)')).toBeVisible();
  const contact = page.getByRole('region', { name: WORDS.fr.contact });
  await expect(contact.getByRole('link', { name: sharingEmail })).toHaveAttribute('href', `mailto:${sharingEmail}`);

  await page.goto(`/profil/${discreetId}?lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Épicerie discrète' })).toBeVisible();
  await expect(page.getByText(WORDS.en.since)).toBeVisible();
  await expect(page.getByRole('region', { name: WORDS.en.contact })).toHaveCount(0);
  // No address of the user's anywhere in the page's content (the footer names the team's).
  await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toHaveCount(0);

  await page.goto('/profil/utilisateur-inexistant');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
});

test('the footer links to the terms and privacy PDFs, in each language', async ({ page, request }) => {
  for (const lang of ['fr', 'en'] as const) {
    await page.goto(`/accueil?lang=${lang}`);
    for (const name of [WORDS[lang].terms, WORDS[lang].privacy]) {
      const href = await page.getByRole('contentinfo').getByRole('link', { name }).getAttribute('href');
      expect(href).toMatch(new RegExp(`^/legal/[a-z-]+-${lang}\\.pdf$`));
      const response = await request.get(href!);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      const pdf = await response.body();
      expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
      expect(pdf.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    }
  }
});
