// An owner's ad, end to end in the browser: a new user verifies their phone with the code texted to
// the dev outbox, creates an ad in French with two real pictures (resized and uploaded by the
// browser), publishes it, sees it on its detail page, then edits it in English. axe checks the form
// and the detail page in both languages; a renamed text file is refused before anything is uploaded,
// and by the server when it is sent past the browser.
import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import {
  test,
  expect,
  ACCOUNTS,
  DEMO_PASSWORD,
  apiToken,
  graphqlCall,
  LABELS,
  closeWelcomeLater,
  fillLogin,
  outbox,
  signUpConfirmedThroughApi,
  uniqueEmail,
} from './support';

const PASSWORD = 'Annonce-Passe-2026';
/** Distinguishes this run's ad from the demo ads and from any other run's. */
const RUN = Date.now().toString(36);
const TITLE = { fr: `Cuisine de quartier ${RUN}`, en: `Neighbourhood kitchen ${RUN}` };

/** A real picture of `width` × `height` pixels, one plain colour, as PNG or JPEG bytes. */
function picture(width: number, height: number, colour: { r: number; g: number; b: number }, format: 'png' | 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** A North American number in the fictional 555 exchange; each host is fresh, chance keeps runs of one host apart. */
const uniquePhone = () => `581 555-${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
const digitsOf = (phone: string) => phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');

/** The 6-digit code of the latest SMS to `phone` sent after `since`, read from the dev outbox. */
async function smsCode(page: Page, phone: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const texts = (await outbox(page.request)).filter(
        (entry) => entry.kind === 'sms' && digitsOf(entry.to) === digitsOf(phone) && Date.parse(entry.sentAt) >= since,
      );
      code = /\b(\d{6})\b/.exec(texts.at(-1)?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** The GraphQL requests of the page that carry `operation` (e.g. `requestUpload`). */
function watchOperations(page: Page, operation: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && (request.postData() ?? '').includes(operation)) seen.push(request);
  });
  return seen;
}

async function loginThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/connexion?lang=fr');
  await fillLogin(page, 'fr', email, password);
  await expect(page).toHaveURL(/\/annonces$/);
}

async function openAccountMenuItem(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: LABELS.fr.account }).click();
  await page.getByRole('menuitem', { name }).click();
}

test('an owner verifies the phone, creates an ad with two images in French, publishes it and edits it in English', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('proprietaire-annonce');
  const phone = uniquePhone();
  await signUpConfirmedThroughApi(page.request, email, PASSWORD, `Cuisine collective ${RUN}`, { phoneNumber: phone });
  await loginThroughForm(page, email, PASSWORD);
  await closeWelcomeLater(page, 'fr');

  // The phone, verified from the edit-profile page with the code texted to it.
  await openAccountMenuItem(page, 'Modifier le profil');
  await expect(page).toHaveURL(/\/modifier-profil$/);
  await page.getByRole('button', { name: 'Confirmer mon numéro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmer mon numéro de téléphone' });
  const since = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Envoyer le code' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /Un code a été envoyé/ })).toBeVisible();
  const code = await smsCode(page, phone, since);
  // A wrong code first: refused with its message, in the dialog, and the right one still works.
  await dialog.getByLabel('Code reçu par texto').fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Confirmer', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Ce code est invalide.');
  await dialog.getByLabel('Code reçu par texto').fill(code);
  await dialog.getByRole('button', { name: 'Confirmer', exact: true }).click();
  await expect(dialog.getByText('Votre numéro de téléphone est confirmé.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Confirmé', { exact: true })).toBeVisible();

  // The ad, in French.
  await openAccountMenuItem(page, 'Créer une annonce');
  await expect(page).toHaveURL(/\/annonces\/creer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Créer une annonce' })).toBeVisible();

  await page.getByLabel('Titre en français').fill(TITLE.fr);
  const descriptionFr = page.getByRole('textbox', { name: 'En français', exact: true });
  await descriptionFr.click();
  await page.keyboard.type('Une cuisine équipée, libre les fins de semaine.');
  await page.getByLabel('Catégorie').selectOption({ label: 'Cuisine professionnelle' });
  const kitchen = page.getByRole('group', { name: 'Équipement de la cuisine' });
  await kitchen.getByRole('checkbox', { name: 'Four' }).check();
  await kitchen.getByRole('checkbox', { name: 'Réfrigérateur' }).check();

  const address = page.getByRole('combobox', { name: 'Adresse' });
  await address.fill('12 rue Principale, Rimouski');
  await page
    .getByRole('option', { name: /Rimouski/ })
    .first()
    .click();
  await expect(page.getByText(/Emplacement choisi : Rimouski/)).toBeVisible();

  await page.getByRole('checkbox', { name: 'En tout temps' }).check();
  await page.getByRole('checkbox', { name: 'Location', exact: true }).check();
  await page.getByRole('radio', { name: 'Prix', exact: true }).check();
  await page.getByLabel('Montant pour : Location (dollars)').fill('1234,50');
  // With a price, how it reads about the GST and QST (issue 39 §3).
  await page.getByLabel('Taxes sur le prix').selectOption('ADDED');
  // A rental says what cancelling it gives back (issue 39 §2).
  await page.getByLabel('Politique d’annulation').selectOption('FLEXIBLE');
  await page.getByLabel('Le prix de location est').selectOption('DAY');
  await page.getByRole('checkbox', { name: /Je déclare que les informations/ }).check();

  const requestedUploads = watchOperations(page, 'requestUpload');
  await page.getByLabel('Ajouter des images').setInputFiles([
    { name: 'cuisine.png', mimeType: 'image/png', buffer: await picture(640, 480, { r: 200, g: 80, b: 40 }, 'png') },
    { name: 'four.jpg', mimeType: 'image/jpeg', buffer: await picture(600, 800, { r: 40, g: 90, b: 160 }, 'jpeg') },
  ]);
  const first = page.getByRole('group', { name: 'Image 1' });
  const second = page.getByRole('group', { name: 'Image 2' });
  await expect(second).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // Each picture is under the 1024 width: 480 and its own width, so two uploads each.
  expect(requestedUploads).toHaveLength(4);
  await first.getByLabel("Description de l'image en français").fill('La cuisine vue de l’entrée');
  await second.getByLabel("Description de l'image en français").fill('Le four à convection');

  await page.getByRole('button', { name: "Enregistrer l'annonce" }).click();
  // The manage page opens on the new ad's tab, unpublished, its "Publier" there.
  await expect(page).toHaveURL(/\/gerer-annonces\?onglet=non-publiees&annonce=[0-9a-f-]{36}$/);
  await expect(page.getByText('Votre annonce est enregistrée, pas encore publiée', { exact: false })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Non publiées' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE.fr }) });
  await expect(card.getByText('Location : 1\u202f234,50\u00a0$ / jour')).toBeVisible();
  await expect(card.getByText('2 images')).toBeVisible();
  await page.getByRole('button', { name: `Publier « ${TITLE.fr} »` }).click();
  await expect(page.getByText("L'annonce est publiée.")).toBeVisible();
  await page.getByRole('tab', { name: 'Publiées', exact: true }).click();
  await page.getByRole('link', { name: `Voir « ${TITLE.fr} »` }).click();

  // Its detail page: title, price in the French money format with its unit, both pictures with their widths.
  await expect(page.getByRole('heading', { level: 1, name: TITLE.fr })).toBeVisible();
  await expect(page.getByText('1\u202f234,50\u00a0$ / jour')).toBeVisible();
  const gallery = page.getByRole('region', { name: 'Images' });
  const main = gallery.getByRole('img', { name: 'La cuisine vue de l’entrée' });
  await expect(main).toHaveAttribute('srcset', /\b480w, .+\b640w$/);
  await expect.poll(() => main.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const thumbnails = gallery.getByRole('button', { name: /^Afficher l'image \d sur 2/ });
  await expect(thumbnails).toHaveCount(2);
  await expect(gallery.getByRole('button', { name: "Afficher l'image 2 sur 2 : Le four à convection" }).locator('img')).toHaveAttribute(
    'srcset',
    /\b480w, .+\b600w$/,
  );

  // A visitor reads the published ad too, without the exact address its owner chose not to show.
  const visitor = await browser.newPage();
  await visitor.goto(`${page.url()}?lang=fr`);
  await expect(visitor.getByRole('heading', { level: 1, name: TITLE.fr })).toBeVisible();
  await expect(visitor.getByText(/Emplacement approximatif/)).toBeVisible();
  await expect(visitor.getByText(/12 rue Principale/)).toHaveCount(0);
  await visitor.close();

  // In English: the form, then the English title on the detail page.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('link', { name: 'Edit the ad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit the ad' })).toBeVisible();
  await expect(page.getByLabel('Title in French')).toHaveValue(TITLE.fr);
  await expect(page.getByRole('group', { name: 'Image 2' }).getByLabel('Description of the image in French')).toHaveValue(
    'Le four à convection',
  );
  await page.getByLabel('Title in English').fill(TITLE.en);
  await page.getByRole('textbox', { name: 'In English', exact: true }).click();
  await page.keyboard.type('A fitted kitchen, free on weekends.');
  // The price as English writes it, thousands grouped with a comma.
  await page.getByLabel('Rent amount (dollars)').fill('1,500.75');
  await page.getByRole('button', { name: 'Save the changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE.en })).toBeVisible();
  await expect(page.getByText('A fitted kitchen, free on weekends.')).toBeVisible();
  await expect(page.getByText('$1,500.75 / day')).toBeVisible();
  // The pictures were kept by the edit, and what the browser shows of them is the WebP it made.
  await expect(page.getByRole('region', { name: 'Images' }).getByRole('button', { name: /^Show image \d of 2/ })).toHaveCount(2);
  const mainInEnglish = page.getByRole('region', { name: 'Images' }).getByRole('img', { name: 'La cuisine vue de l’entrée' });
  // Described in French only: read in French.
  await expect(mainInEnglish).toHaveAttribute('lang', 'fr');
  const shown = await mainInEnglish.evaluate((image: HTMLImageElement) => image.currentSrc);
  expect((await page.request.get(shown)).headers()['content-type']).toBe('image/webp');

  // Back in French, the French title.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE.fr })).toBeVisible();
  await expect(page.getByText('1\u202f500,75\u00a0$ / jour')).toBeVisible();
});

test('a picture that is not one (a .png file of text) is refused and nothing is uploaded', async ({ page }) => {
  await loginThroughForm(page, ACCOUNTS.owner);
  await page.goto('/annonces/creer');
  await expect(page.getByRole('heading', { level: 1, name: 'Créer une annonce' })).toBeVisible();
  const requestedUploads = watchOperations(page, 'requestUpload');
  await page.getByLabel('Ajouter des images').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('Ceci est un texte, pas une image.\n'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'photo.png' })).toHaveText(
    "photo.png n'a pas été ajoutée : seules les images JPEG, PNG et WebP sont acceptées. Fermer",
  );
  await expect(page.getByRole('group', { name: 'Image 1' })).toHaveCount(0);
  expect(requestedUploads).toEqual([]);
});

test('the server refuses the same renamed text file when it is sent past the browser', async ({ request }) => {
  const token = await apiToken(request, ACCOUNTS.owner);
  const text = Buffer.from('Ceci est un texte, pas une image.\n');
  const { requestUpload: ticket } = await graphqlCall<{ requestUpload: { fileId: string; url: string; fields: string } }>(
    request,
    'mutation RequestUpload($input: RequestUploadInput!) { requestUpload(input: $input) { fileId url fields } }',
    { input: { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: text.length } },
    token,
  );
  const stored = await request.post(ticket.url, {
    multipart: {
      ...(JSON.parse(ticket.fields) as Record<string, string>),
      file: { name: 'photo.png', mimeType: 'image/png', buffer: text },
    },
  });
  expect(stored.ok(), await stored.text()).toBeTruthy();
  const confirm = await request.post('/graphql', {
    headers: { Authorization: `Bearer ${token}` },
    data: { query: 'mutation ConfirmUpload($fileId: ID!) { confirmUpload(fileId: $fileId) { id } }', variables: { fileId: ticket.fileId } },
  });
  const answer = (await confirm.json()) as { data?: { confirmUpload: unknown }; errors?: Array<{ extensions?: { code?: string } }> };
  expect(answer.data?.confirmUpload ?? null).toBeNull();
  expect(answer.errors?.map((error) => error.extensions?.code)).toEqual(['VALIDATION_FAILED']);
});
