import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { queryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations, callsOf } from '../../test/fake-api';
import { fill, renderAt, signIn } from '../../test/helpers';
import { storedAd } from './test-ads';

// jsdom has no canvas and no network: the resize and the storage POST are replaced, the GraphQL
// half of the upload (requestUpload, confirmUpload) goes through the fake API.
const resize = vi.hoisted(() => vi.fn());
vi.mock('../../lib/files/resize', () => ({ resizeToWebp: resize }));
const post = vi.hoisted(() => vi.fn());
vi.mock('../../lib/files/multipart', () => ({ postMultipart: post, UploadFailed: Error }));

beforeAll(async () => {
  await i18n.loadNamespaces(['adForm', 'editor', 'adFields', 'address']);
  // ProseMirror measures the selection to scroll it into view; jsdom has no layout.
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  // A click in the editor asks which node is under the pointer; jsdom has no hit testing.
  document.elementFromPoint = () => null;
});
beforeEach(() => {
  resize.mockReset();
  post.mockReset();
});

const profile = (id: string, show = { showPhoneNumber: true, showEmail: false }, phoneVerified = true) => ({
  id,
  profile: { id: `profile-${id}`, organizationName: 'Cuisine Solidaire', phoneVerified, ...show },
});
const notifications = () => [...document.querySelectorAll('.notification__text')].map((n) => n.textContent);
const place = {
  label: '12 rue Lavoie, Laval',
  address: '12 rue Lavoie',
  town: 'Laval',
  postalCode: 'H7N 1A1',
  latitude: 45.57,
  longitude: -73.69,
};

let users = 0;
async function openCreate(answers: Record<string, unknown> = {}) {
  const id = `ad-user-${++users}`;
  signIn('USER', id);
  const api = answerOperations({ me: profile(id), searchPlaces: [[place]], createAd: { id: 'ad-9', path: 'four-ad-9' }, ...answers });
  const view = renderAt('/annonces/creer');
  await screen.findByRole('button', { name: 'Save the ad' });
  return { ...view, api };
}

async function openEdit(ad: unknown, role: 'USER' | 'ADMIN' = 'USER', answers: Record<string, unknown> = {}) {
  const id = `ad-user-${++users}`;
  signIn(role, id);
  answerOperations({ me: profile(id), ad, ...answers });
  const view = renderAt('/annonces/modifier/ad-1');
  return view;
}

/** The editor's editable element, typed into as a person would. */
const editor = (name: string) => screen.getByRole('textbox', { name });

async function pickAddress(user: ReturnType<typeof renderAt>['user']) {
  const address = screen.getByRole('combobox', { name: 'Address' });
  await fill(user, address, '12 rue Lav');
  await screen.findByRole('option', { name: place.label });
  await user.keyboard('{ArrowDown}{Enter}');
  return address;
}

const PHONE_NEEDED = 'Publishing the ad needs a verified phone number: you will get a code by SMS when you publish it.';

describe('create an ad', () => {
  it('says before its end that publishing needs a verified phone, to an owner whose phone is not', async () => {
    await openCreate({ me: profile(`ad-user-${users + 1}`, undefined, false) });
    const notice = screen.getByText(PHONE_NEEDED);
    // Before the images, the declaration and the save button.
    expect(notice.compareDocumentPosition(screen.getByRole('button', { name: 'Save the ad' }))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(notice.compareDocumentPosition(screen.getByLabelText('I declare that the information in this ad is true.'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('sends every filled field as the AdInput, then shows the new ad unpublished, with its "Publish", and a notice', async () => {
    const { user, location } = await openCreate();
    expect(screen.getByLabelText('Organisation named on the ad')).toHaveValue('Cuisine Solidaire');
    expect(screen.getByText(/Readers see your phone number but not your email address/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/modifier-profil');
    // Their phone is verified: nothing to say about publishing.
    expect(screen.queryByText(PHONE_NEEDED)).not.toBeInTheDocument();

    await fill(user, screen.getByLabelText('Title in French'), 'Camion réfrigéré');
    await user.click(editor('In English'));
    await user.keyboard('A cold truck');
    await user.selectOptions(screen.getByLabelText('Category'), 'DELIVERY_TRUCK');
    await user.selectOptions(screen.getByLabelText('Type of truck'), 'OTHER');
    await fill(user, screen.getByLabelText('Other type of truck'), 'Remorque');
    await user.click(screen.getByLabelText('Refrigerated'));
    const address = await pickAddress(user);
    expect(address).toHaveValue('12 rue Lavoie');
    expect(address).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByLabelText('Show the exact address on the ad'));
    await user.click(screen.getByLabelText('During the day'));
    await user.click(screen.getByLabelText('Monday'));
    await user.click(screen.getByLabelText('Rent'));
    await fill(user, screen.getByLabelText('Rent amount (dollars)'), '1 234,5');
    await user.selectOptions(screen.getByLabelText('The rent price is'), 'DAY');
    await fill(user, screen.getByLabelText('What the price covers (Rent) in English'), 'plus taxes');
    await user.selectOptions(screen.getByLabelText('Taxes on the price'), 'ADDED');
    await user.selectOptions(screen.getByLabelText('Cancellation policy'), 'STRICT');
    await user.click(screen.getByLabelText('Trade'));
    await fill(user, screen.getByLabelText('What you would like in exchange in French'), 'Des légumes');
    await user.click(screen.getByLabelText('HACCP'));
    await user.click(screen.getByLabelText('I declare that the information in this ad is true.'));
    await user.click(screen.getByRole('button', { name: 'Save the ad' }));

    await waitFor(() => expect(location()).toBe('/gerer-annonces?onglet=non-publiees&annonce=ad-9'));
    expect(notifications()).toContain('Your ad is saved, not yet published: publish it with its “Publish” button when it is ready.');
    expect(callsOf('createAd')).toEqual([
      {
        input: {
          title: { fr: 'Camion réfrigéré', en: null },
          description: { fr: null, en: '<p>A cold truck</p>' },
          category: 'DELIVERY_TRUCK',
          descriptionOther: null,
          professionalKitchenEquipment: [],
          professionalKitchenEquipmentOther: null,
          deliveryTruckType: 'OTHER',
          deliveryTruckTypeOther: 'Remorque',
          canHaveDriver: false,
          canShareRoad: false,
          refrigerated: true,
          conditionsTypeDeliveryTruck: null,
          surfaceDescription: null,
          surfaceSize: null,
          equipment: null,
          conditions: null,
          address: {
            address: '12 rue Lavoie',
            town: 'Laval',
            postalCode: 'H7N 1A1',
            latitude: 45.57,
            longitude: -73.69,
            showAddress: true,
          },
          availability: { all: false, day: true, evening: false, weekdays: ['MONDAY'], restrictions: [] },
          certifications: ['HACCP'],
          allergens: [],
          rent: { kind: 'AMOUNT', amountCents: 123450, range: null, unit: 'DAY', description: { fr: null, en: 'plus taxes' } },
          sale: null,
          taxMode: 'ADDED',
          cancellationPolicy: 'STRICT',
          trade: { description: { fr: 'Des légumes', en: null } },
          donation: null,
          organization: 'Cuisine Solidaire',
          images: [],
          infoIsTrue: true,
        },
        requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('sends a retry of its submit with the same request key, so the server makes one ad of both', async () => {
    // The first answer is lost to a busy service (the ad may have been written): the owner saves again.
    const { user, location } = await openCreate({
      createAd: [new ApiError('SERVICE_BUSY', 'busy'), { id: 'ad-9', path: 'four-ad-9' }],
    });
    await fill(user, screen.getByLabelText('Title in French'), 'Chambre froide');
    await user.click(editor('In French'));
    await user.keyboard('Une chambre froide');
    await user.selectOptions(screen.getByLabelText('Category'), 'STORAGE_SPACE');
    await pickAddress(user);
    await user.click(screen.getByLabelText('Any time'));
    await user.click(screen.getByLabelText('Trade'));
    await fill(user, screen.getByLabelText('What you would like in exchange in French'), 'Des légumes');
    await user.click(screen.getByLabelText('I declare that the information in this ad is true.'));
    await user.click(screen.getByRole('button', { name: 'Save the ad' }));
    expect(await screen.findByText('The service is very busy right now. Wait a moment, then try again.')).toBeVisible();
    expect(location()).toBe('/annonces/creer');

    await user.click(screen.getByRole('button', { name: 'Save the ad' }));
    await waitFor(() => expect(location()).toBe('/gerer-annonces?onglet=non-publiees&annonce=ad-9'));
    const [first, second] = callsOf('createAd') as { requestKey: string }[];
    expect(second!.requestKey).toBe(first!.requestKey);
  });

  it('shows every failing rule on its field and focuses the first, sending nothing', async () => {
    const { user } = await openCreate();
    await user.click(screen.getByLabelText('Rent'));
    await fill(user, screen.getByLabelText('Rent amount (dollars)'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Save the ad' }));
    const title = screen.getByLabelText('Title in French');
    expect(title).toHaveFocus();
    expect(title).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByRole('group', { name: 'Description of the equipment or space' })).toHaveAccessibleDescription(
      expect.stringContaining('This field cannot be empty.'),
    );
    expect(screen.getByRole('combobox', { name: 'Address' })).toHaveAccessibleDescription(
      expect.stringContaining('This field is required.'),
    );
    expect(screen.getByLabelText('Rent amount (dollars)')).toHaveAccessibleDescription(
      expect.stringContaining('An amount has at most two decimals (the cents), for example 12.50.'),
    );
    // "43 $" alone could be an hour or a month: a rent price says what it is for.
    expect(screen.getByLabelText('The rent price is')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByRole('group', { name: 'When is it available?' })).toHaveAccessibleDescription(
      'Check “Any time”, or a period (day or evening) and at least one day of the week.',
    );
    expect(screen.getByLabelText('I declare that the information in this ad is true.')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(callsOf('createAd')).toEqual([]);

    // A message follows the input: it goes once the value is right.
    await fill(user, title, 'Four');
    expect(title).not.toHaveAccessibleDescription('This field is required.');
  });

  it('requires an address picked from the suggestions: typing after a pick drops its coordinates', async () => {
    const { user } = await openCreate();
    const address = await pickAddress(user);
    expect(screen.getByText('Location chosen: Laval H7N 1A1')).toBeVisible();
    await fill(user, address, ' app. 3');
    expect(screen.queryByText(/Location chosen/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save the ad' }));
    expect(address).toHaveAccessibleDescription(expect.stringContaining('Choose an address from the list of suggestions.'));
  });

  it('follows the combobox pattern: arrows move the active option, Escape closes', async () => {
    const second = { ...place, label: '12 rue Lavoie, Longueuil', town: 'Longueuil' };
    const { user } = await openCreate({ searchPlaces: [[place, second]] });
    const address = screen.getByRole('combobox', { name: 'Address' });
    await fill(user, address, '12 rue');
    await screen.findByRole('option', { name: second.label });
    expect(callsOf('searchPlaces').at(-1)).toEqual({ text: '12 rue', language: 'ENGLISH' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: second.label });
    expect(address).toHaveAttribute('aria-activedescendant', active.id);
    expect(active).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(address).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
  });

  it('adds and removes availability restrictions, refusing past dates', async () => {
    const { user } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Add a date' }));
    const date = screen.getByLabelText('Date 1');
    await user.clear(date);
    await fill(user, date, '2000-01-01');
    await user.click(screen.getByRole('button', { name: 'Save the ad' }));
    expect(date).toHaveAccessibleDescription('This date is earlier than the earliest allowed date.');
    await user.click(screen.getByRole('button', { name: 'Remove date 1' }));
    expect(screen.queryByLabelText('Date 1')).toBeNull();
    expect(screen.getByText('Date 1 removed.')).toBeInTheDocument();
  });

  it('marks the pressed formatting buttons of the description', async () => {
    const { user } = await openCreate();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting: In French' });
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    await user.click(bold);
    expect(bold).toHaveAttribute('aria-pressed', 'true');
    // One tab stop: the arrows move between the buttons.
    expect(within(toolbar).getByRole('button', { name: 'Italic' })).toHaveAttribute('tabindex', '-1');
    // The command gives the focus back to the text.
    await waitFor(() => expect(editor('In French')).toHaveFocus());
    bold.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: 'Italic' })).toHaveFocus();
  });

  it('asks for a link’s address in a labelled field, checked as a URL', async () => {
    const { user } = await openCreate();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting: In English' });
    const link = within(toolbar).getByRole('button', { name: 'Link' });
    await user.click(link);
    expect(link).toHaveAttribute('aria-pressed', 'true');
    const address = screen.getByLabelText('Link address');
    expect(address).toHaveFocus();
    await user.clear(address);
    await user.type(address, 'htp://exemple{Enter}');
    expect(address).toHaveAccessibleDescription('Enter a valid web address starting with http:// or https://.');
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Link address')).toBeNull();
    expect(link).toHaveAttribute('aria-pressed', 'false');
  });

  it('uploads each resized width of a picture, then asks for its description', async () => {
    resize.mockResolvedValue([
      { blob: new Blob(['small'], { type: 'image/webp' }), width: 480, height: 360 },
      { blob: new Blob(['large'], { type: 'image/webp' }), width: 800, height: 600 },
    ]);
    post.mockImplementation(async (_url, _fields, _file, onProgress: (f: number) => void) => onProgress(1));
    let tickets = 0;
    const { user } = await openCreate({
      requestUpload: () => ({ fileId: `file-${++tickets}`, url: 'https://storage.test/', fields: '{"key":"k"}' }),
      confirmUpload: ({ fileId }: { fileId: string }) => ({ id: fileId, publicUrl: null }),
    });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'four.png', { type: 'image/png' });
    const notAnImage = new File(['%PDF-1.7'], 'menu.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Add images'), [png, notAnImage]);
    // Announced: it comes once the file dialog has closed, away from where focus is.
    expect(await screen.findByText('menu.png was not added: only JPEG, PNG and WebP images are accepted.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(await screen.findByRole('group', { name: 'Image 1' })).toBeVisible();
    expect(callsOf('requestUpload')).toEqual([
      { input: { purpose: 'PUBLIC_IMAGE', contentType: 'image/webp', size: 5 } },
      { input: { purpose: 'PUBLIC_IMAGE', contentType: 'image/webp', size: 5 } },
    ]);
    expect(callsOf('confirmUpload')).toEqual([{ fileId: 'file-1' }, { fileId: 'file-2' }]);
    expect(post).toHaveBeenCalledWith('https://storage.test/', { key: 'k' }, expect.any(Blob), expect.any(Function), undefined);

    await user.click(screen.getByRole('button', { name: 'Save the ad' }));
    expect(screen.getByLabelText('Description of the image in French')).toHaveAccessibleDescription('This field is required.');
  });
});

describe('images', () => {
  it('says when an upload fails, and lets the message go', async () => {
    resize.mockResolvedValue([{ blob: new Blob(['small'], { type: 'image/webp' }), width: 480, height: 360 }]);
    const { user } = await openCreate({ requestUpload: new ApiError('RATE_LIMITED', 'slow down') });
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0])], 'four.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Add images'), jpeg);
    expect(await screen.findByText('four.jpg could not be uploaded. Try again.')).toHaveAttribute('role', 'alert');
    expect(post).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/could not be uploaded/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Image 1' })).toBeNull();
  });

  it('moves an image with the keyboard buttons and says where it went', async () => {
    const ad = storedAd({
      images: [
        { id: 'a', alt: { fr: 'Premier', en: null }, variants: [{ fileId: 'a', url: 'https://images.test/a.webp', width: 480 }] },
        { id: 'b', alt: { fr: 'Second', en: null }, variants: [{ fileId: 'b', url: 'https://images.test/b.webp', width: 480 }] },
      ],
    });
    const { user } = await openEdit(ad, 'USER', { updateAd: { id: 'ad-1', path: 'four-a-pizza-ad-1' } });
    await screen.findByRole('group', { name: 'Image 2' });
    await user.click(screen.getByRole('button', { name: 'Move image 2 up' }));
    expect(screen.getByText('Image moved to position 1 of 2.')).toBeInTheDocument();
    // Dragging moves it too: image 1 (now "Second") dropped on image 2 and back.
    const items = () => screen.getAllByRole('listitem').filter((item) => item.classList.contains('ad-images__item'));
    fireEvent.dragStart(items()[0]!);
    fireEvent.dragOver(items()[1]!);
    fireEvent.drop(items()[1]!);
    expect(within(screen.getByRole('group', { name: 'Image 1' })).getByLabelText('Description of the image in French')).toHaveValue(
      'Premier',
    );
    fireEvent.dragStart(items()[1]!);
    fireEvent.drop(items()[0]!);
    expect(within(screen.getByRole('group', { name: 'Image 1' })).getByLabelText('Description of the image in French')).toHaveValue(
      'Second',
    );
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    await waitFor(() => expect(callsOf('updateAd')).toHaveLength(1));
    expect((callsOf('updateAd')[0] as { input: { images: unknown } }).input.images).toEqual([
      { fileIds: ['b'], alt: { fr: 'Second', en: null } },
      { fileIds: ['a'], alt: { fr: 'Premier', en: null } },
    ]);
  });
});

describe('edit an ad', () => {
  it('shows the stored ad and skips a save without change with a notice', async () => {
    const { user } = await openEdit(storedAd());
    expect(await screen.findByLabelText('Title in French')).toHaveValue('Four à pizza');
    expect(screen.getByLabelText('Rent amount (dollars)')).toHaveValue('1234.50');
    expect(screen.getByRole('combobox', { name: 'Address' })).toHaveValue('123 rue Principale');
    expect(screen.getByLabelText('Date 1')).toHaveValue('2099-01-02');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText('There are no changes to save.')).toBeVisible();
    expect(callsOf('updateAd')).toEqual([]);
  });

  it('saves a change and opens the ad’s page', async () => {
    const { user, location } = await openEdit(storedAd(), 'ADMIN', { updateAd: { id: 'ad-1', path: 'grand-four-ad-1' } });
    const title = await screen.findByLabelText('Title in French');
    // An administrator edits someone else's ad: the note about their own contact choices is not shown.
    expect(screen.queryByText(/as chosen in/)).toBeNull();
    await user.clear(title);
    await fill(user, title, 'Grand four');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    await waitFor(() => expect(location()).toBe('/annonces/grand-four-ad-1'));
    expect(callsOf('updateAd')[0]).toMatchObject({ id: 'ad-1', input: { title: { fr: 'Grand four', en: null } } });
    expect(notifications()).toContain('Your changes have been saved.');
  });

  it('drops the cached answers that show the ad as it was, so its page asks for it again', async () => {
    const { user, location } = await openEdit(storedAd(), 'USER', { updateAd: { id: 'ad-1', path: 'grand-four-ad-1' } });
    // The ad's page and the manage page were seen before the edit (answers are cached for 30 s).
    const seenDetail = { ad: storedAd() };
    const seenManaged = { managedAds: { items: [storedAd()] } };
    queryClient.setQueryData(['AdDetail', { id: 'ad-1' }], seenDetail);
    queryClient.setQueryData(['ManagedAds', { published: false }], seenManaged);
    const title = await screen.findByLabelText('Title in English');
    await fill(user, title, 'Big oven');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    await waitFor(() => expect(location()).toBe('/annonces/grand-four-ad-1'));
    // Gone, or asked again by the page now shown: never the answer seen before the save.
    expect(queryClient.getQueryData(['AdDetail', { id: 'ad-1' }])).not.toBe(seenDetail);
    expect(queryClient.getQueryData(['ManagedAds', { published: false }])).not.toBe(seenManaged);
  });

  it('puts the server’s field errors on their fields', async () => {
    const { user } = await openEdit(storedAd(), 'USER', {
      updateAd: new ApiError('VALIDATION_FAILED', 'Invalid', [{ path: 'input.rent.amountCents', rule: 'numeric' }]),
    });
    const amount = await screen.findByLabelText('Rent amount (dollars)');
    await user.clear(amount);
    await fill(user, amount, '99');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAccessibleDescription(expect.stringContaining('Enter a valid number.'));
  });

  it('treats the server’s NO_CHANGE as nothing changed', async () => {
    const { user } = await openEdit(storedAd(), 'USER', { updateAd: new ApiError('NO_CHANGE', 'Nothing') });
    const title = await screen.findByLabelText('Title in English');
    await fill(user, title, 'Pizza oven');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText('There are no changes to save.')).toBeVisible();
  });

  it('sends the version it was filled from, and says so when the ad changed elsewhere since', async () => {
    const { user } = await openEdit(storedAd(), 'USER', { updateAd: new ApiError('AD_CHANGED', 'Changed') });
    await fill(user, await screen.findByLabelText('Title in English'), 'Pizza oven');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText(/This ad was changed elsewhere since you opened it/)).toBeVisible();
    expect(callsOf('updateAd')[0]).toMatchObject({ id: 'ad-1', expectedUpdatedAt: '2026-11-20T10:00:00.000Z' });
  });

  it('shows the not-found page for an ad that does not exist or that the visitor may not edit', async () => {
    await openEdit(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  it('shows the not-found page for an ad that is not editable', async () => {
    await openEdit(storedAd({ editable: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.queryByLabelText('Title in French')).toBeNull();
  });
});

describe('routes', () => {
  it('lets only administrators prepare an ad', async () => {
    signIn('ADMIN', 'admin-1');
    answerOperations({});
    renderAt('/annonces/preparer');
    expect(await screen.findByLabelText('Organisation named on the ad')).toHaveValue('');
    expect(screen.getByRole('heading', { level: 1, name: 'Prepare an ad' })).toBeVisible();
  });

  it('sends a user away from the prepare page and an administrator away from create', async () => {
    signIn('USER', 'user-x');
    answerOperations({});
    const user = renderAt('/annonces/preparer');
    await waitFor(() => expect(user.location()).toBe('/annonces'));
    user.unmount();
    signIn('ADMIN', 'admin-x');
    const admin = renderAt('/annonces/creer');
    await waitFor(() => expect(admin.location()).toBe('/annonces'));
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    await openEdit(storedAd());
    expect(await screen.findByRole('heading', { level: 1, name: "Modifier l'annonce" })).toBeVisible();
    expect(await screen.findByLabelText('Montant pour : Location (dollars)')).toHaveValue('1234,50');
    expect(screen.getByLabelText('Catégorie')).toHaveDisplayValue('Équipement de cuisson professionnel');
  });
});
