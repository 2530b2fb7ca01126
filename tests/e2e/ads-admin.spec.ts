// Ads as an administrator and a visitor see them: an administrator prepares an ad and gives it to a
// user, who is told by e-mail in their language and publishes it once their phone is verified; an old
// address of an ad still leads to it; the ad list is where a signed-in user lands.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  test,
  expect,
  ACCOUNTS,
  LABELS,
  closeWelcomeLater,
  fillLogin,
  graphqlCall,
  linkIn,
  loginAdminWithEmailedCode,
  outbox,
  signUpConfirmedThroughApi,
  uniqueEmail,
  waitForEmail,
} from './support';

/** Distinguishes an ad of this run from any other's, even when a journey is repeated on one host. */
const uniqueWord = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const PREPARE = {
  titleFr: 'Titre en français',
  titleEn: 'Titre en anglais',
  category: 'Catégorie',
  descriptionFr: 'En français',
  address: 'Adresse',
  availableAll: 'En tout temps',
  rent: 'Location',
  amount: 'Montant pour : Location (dollars)',
  taxMode: 'Taxes sur le prix',
  cancellationPolicy: 'Politique d’annulation',
  rentUnit: 'Le prix de location est',
  organization: "Organisation nommée sur l'annonce",
  infoIsTrue: 'Je déclare que les informations de cette annonce sont véridiques.',
  submit: "Enregistrer l'annonce préparée",
};

const TEXT = {
  fr: {
    adList: 'Annonces',
    manageAds: 'Gérer les annonces',
    createAd: 'Créer une annonce',
    notFound: 'Page introuvable',
    adNotFound: 'Annonce introuvable',
    count: /^\d+ annonces affichées\.$/,
  },
  en: {
    adList: 'Ads',
    manageAds: 'Manage ads',
    createAd: 'Create an ad',
    notFound: 'Page not found',
    adNotFound: 'Ad not found',
    count: /^\d+ ads shown\.$/,
  },
} as const;

/** The open tab's panel of the manage page. */
const managedPanel = (page: Page) => page.getByRole('tabpanel');

/** The newest published ad, as the API lists it, with the title a French reader sees (the English one when it has no French). */
async function latestAd(request: APIRequestContext) {
  type Item = { id: string; path: string; title: { fr: string | null; en: string | null } };
  const data = await graphqlCall<{ searchAds: { items: Item[] } }>(
    request,
    'query Latest { searchAds(input: { sort: DATE_DESC }, limit: 1) { items { id path title { fr en } } } }',
    {},
  );
  const ad = data.searchAds.items[0];
  expect(ad, 'a published ad').toBeDefined();
  return { id: ad!.id, path: ad!.path, title: (ad!.title.fr ?? ad!.title.en)! };
}

test('an administrator prepares an ad and transfers it to a user, who publishes it for every visitor', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Three people in turn, two logins with a code read from the dev mailbox, and an SMS code.
  test.slow();
  const word = uniqueWord();
  const titleFr = `Four à convection ${word}`;
  const titleEn = `Convection oven ${word}`;
  // A new user who reads in English, whose phone is not verified yet: publishing asks for it.
  const email = uniqueEmail('transfert');
  const password = 'Transfert-Passe-2026';
  const phone = `514555${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
  await signUpConfirmedThroughApi(request, email, password, `Cuisine collective ${word}`, { language: 'ENGLISH', phoneNumber: phone });

  // The administrator prepares the ad (no image): it waits among the unlisted ads.
  await loginAdminWithEmailedCode(page, request, 'fr');
  await page.getByRole('button', { name: LABELS.fr.account }).click();
  await expect(page.getByRole('menuitem', { name: TEXT.fr.manageAds })).toBeVisible();
  // Administrators prepare ads from the manage page: they create none of their own.
  await expect(page.getByRole('menuitem', { name: TEXT.fr.createAd })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/annonces/preparer');
  await expect(page.getByRole('heading', { level: 1, name: 'Préparer une annonce' })).toBeVisible();
  await page.getByLabel(PREPARE.titleFr).fill(titleFr);
  await page.getByLabel(PREPARE.titleEn).fill(titleEn);
  await page.getByLabel(PREPARE.category).selectOption('PROFESSIONAL_COOKING_EQUIPMENT');
  await page
    .getByRole('textbox', { name: PREPARE.descriptionFr, exact: true })
    .fill('Un four à convection au gaz, nettoyé après chaque usage.');
  const address = page.getByRole('combobox', { name: PREPARE.address });
  await address.fill('Rimouski');
  await page.getByRole('option', { name: 'Rimouski, QC' }).click();
  await expect(address).toHaveValue('Rimouski');
  await expect(page.getByText(/Emplacement choisi : Rimouski/)).toBeVisible();
  await page.getByLabel(PREPARE.availableAll).check();
  await page.getByLabel(PREPARE.rent, { exact: true }).check();
  await page.getByLabel(PREPARE.amount).fill('125');
  await page.getByLabel(PREPARE.taxMode).selectOption('ADDED');
  await page.getByLabel(PREPARE.cancellationPolicy).selectOption('STRICT');
  await page.getByLabel(PREPARE.rentUnit).selectOption('WEEK');
  await page.getByLabel(PREPARE.organization).fill(`Cuisine collective ${word}`);
  await page.getByLabel(PREPARE.infoIsTrue).check();
  await page.getByRole('button', { name: PREPARE.submit }).click();

  // The manage page opens where the new ad is: the unlisted tab.
  await expect(page).toHaveURL(/\/gerer-annonces\?onglet=non-publiees&annonce=[0-9a-f-]{36}$/);
  await expect(page.getByText('Votre annonce est enregistrée, pas encore publiée', { exact: false })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Annonces préparées à transférer', exact: true })).toHaveAttribute('aria-selected', 'true');
  const prepared = managedPanel(page)
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: titleFr }) });
  await expect(prepared).toContainText('Préparée, à transférer');
  await prepared.getByRole('link', { name: `Transférer « ${titleFr} »` }).click();
  await expect(page).toHaveURL(/\/annonces\/transferer\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`Annonce : « ${titleFr} »`)).toBeVisible();

  // An address no account has is refused before any question: the message goes under the field, which keeps focus.
  const newOwner = page.getByLabel('Adresse courriel du nouveau propriétaire');
  await newOwner.fill(uniqueEmail('personne'));
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText('Aucun utilisateur ne correspond à cette adresse courriel.')).toBeVisible();
  await expect(newOwner).toBeFocused();
  await expect(newOwner).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: "Transférer l'annonce" })).toHaveCount(0);

  const transferTo = async (address: string) => {
    await newOwner.fill(address);
    await page.getByRole('button', { name: 'Continuer' }).click();
    const question = page.getByRole('heading', { name: `Transférer « ${titleFr} » à ${address}?` });
    await expect(question).toBeFocused();
    await page.getByRole('button', { name: "Transférer l'annonce" }).click();
  };
  const since = Date.now() - 1000;
  await transferTo(email);
  await expect(page).toHaveURL(/\/gerer-annonces$/);
  await expect(page.getByText("L'annonce a été transférée.")).toBeVisible();
  await page.getByRole('tab', { name: 'Annonces préparées à transférer', exact: true }).click();
  await expect(managedPanel(page).getByRole('link', { name: titleFr })).toHaveCount(0);

  // The new owner is told in English, and finds the ad among their unpublished ones.
  const mail = await waitForEmail(request, email, since);
  expect(mail.subject).toBe('An ad was transferred to you');
  expect(mail.text).toContain(`"${titleEn}"`);
  const link = linkIn(mail, '/gerer-annonces');
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  // The link opens the site in English, on a browser that never chose a language.
  expect(link).toBe('/gerer-annonces?lang=en');
  await owner.goto(link);
  await expect(owner).toHaveURL(/\/connexion\?returnPath=%2Fgerer-annonces/);
  await fillLogin(owner, 'en', email, password);
  await expect(owner).toHaveURL(/\/gerer-annonces$/);
  await closeWelcomeLater(owner, 'en');
  await owner.getByRole('tab', { name: 'Unpublished', exact: true }).click();
  const mine = managedPanel(owner)
    .getByRole('article')
    .filter({ has: owner.getByRole('link', { name: titleEn }) });
  await expect(mine).toContainText('Unpublished');
  const detailPath = await mine.getByRole('link', { name: `View “${titleEn}”` }).getAttribute('href');
  expect(detailPath).toMatch(/^\/annonces\/four-a-convection-[0-9a-z]+-[0-9a-f-]{36}$/);

  // Publishing needs a verified phone: the refusal offers the verification, after which the ad is published.
  await mine.getByRole('button', { name: `Publish “${titleEn}”` }).click();
  await expect(mine.getByRole('alert')).toBeVisible();
  await mine.getByRole('button', { name: 'Confirm my phone number' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Verify my phone number' });
  await expect(dialog).toBeVisible();
  const smsSince = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const sms = (await outbox(request)).find((e) => e.kind === 'sms' && e.to === `+1${phone}` && Date.parse(e.sentAt) >= smsSince);
      code = sms && /\b(\d{6})\b/.exec(sms.text)?.[1];
      return code !== undefined;
    })
    .toBe(true);
  await dialog.getByLabel('Code received by SMS').fill(code!);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByText('The ad is published.')).toBeVisible();
  await owner.getByRole('tab', { name: 'Published', exact: true }).click();
  await expect(
    managedPanel(owner)
      .getByRole('article')
      .filter({ has: owner.getByRole('link', { name: titleEn }) }),
  ).toContainText('Published');
  await ownerContext.close();

  // Any visitor now reads it, and finds it first in the list.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${detailPath}?lang=fr`);
  await expect(visitor.getByRole('heading', { level: 1, name: titleFr })).toBeVisible();
  await expect(visitor.getByText(/Cette annonce (n'est pas publiée|a été préparée)/)).toHaveCount(0);
  await expect(visitor.getByText('Un four à convection au gaz, nettoyé après chaque usage.')).toBeVisible();
  await visitor.goto('/annonces');
  await expect(visitor.getByRole('main').getByRole('article').first().getByRole('heading', { level: 3 })).toHaveText(titleFr);
  await visitorContext.close();
});

test('an old address of an ad leads to the ad at its current address; the list opens an ad', async ({ page, request }) => {
  const ad = await latestAd(request);
  await page.goto(`/annonces/un-ancien-titre-${ad.id}?lang=fr`);
  await expect(page).toHaveURL(new RegExp(`/annonces/${ad.path}$`));
  await expect(page.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();

  // Without an ad behind the id, the ad's own not-found page.
  await page.goto('/annonces/un-titre-00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: TEXT.fr.adNotFound })).toBeVisible();

  for (const lang of ['fr', 'en'] as const) {
    await page.goto(`/annonces?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: TEXT[lang].adList })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: TEXT[lang].count })).toBeVisible();
    expect(await page.getByRole('main').getByRole('article').count()).toBeGreaterThan(1);
  }
  const first = page.getByRole('main').getByRole('article').first().getByRole('heading', { level: 3 }).getByRole('link');
  const title = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/annonces\/[0-9a-z-]+-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

for (const lang of ['fr', 'en'] as const) {
  test(`in ${lang}, a user logging in without a return path lands on the ad list, and the header leads to the ads`, async ({ page }) => {
    const t = TEXT[lang];
    await page.goto(`/connexion?lang=${lang}`);
    await fillLogin(page, lang, ACCOUNTS.owner);
    await expect(page).toHaveURL(/\/annonces$/);
    await expect(page.getByRole('heading', { level: 1, name: t.adList })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: t.notFound })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: t.adList, exact: true })).toHaveAttribute('aria-current', 'page');
    await header.getByRole('button', { name: LABELS[lang].account }).click();
    await expect(page.getByRole('menuitem', { name: t.createAd })).toBeVisible();
    await page.getByRole('menuitem', { name: t.manageAds }).click();
    await expect(page).toHaveURL(/\/gerer-annonces$/);
    await expect(page.getByRole('heading', { level: 1, name: t.manageAds })).toBeVisible();

    await header.getByRole('link', { name: t.adList, exact: true }).click();
    await expect(page).toHaveURL(/\/annonces$/);
    await header.getByRole('button', { name: LABELS[lang].account }).click();
    await page.getByRole('menuitem', { name: t.createAd }).click();
    await expect(page).toHaveURL(/\/annonces\/creer$/);
    await expect(page.getByRole('heading', { level: 1, name: t.createAd })).toBeVisible();
  });
}
