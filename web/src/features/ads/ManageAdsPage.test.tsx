import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { answerOperations, callsOf } from '../../test/fake-api';
import { testAd } from '../../test/ads';
import { fill, renderAt, signIn } from '../../test/helpers';
import { storedMe } from '../../lib/profile-form/test-profiles';

const PUBLISHED = testAd({
  id: '11111111-1111-4111-8111-111111111111',
  path: 'four-11111111-1111-4111-8111-111111111111',
  title: { fr: 'Four', en: 'Oven' },
});
const DRAFT = testAd({
  id: '22222222-2222-4222-8222-222222222222',
  path: 'camion-22222222-2222-4222-8222-222222222222',
  title: { fr: 'Camion', en: 'Truck' },
  published: false,
  images: [],
});
const UNLISTED = testAd({
  id: '33333333-3333-4333-8333-333333333333',
  path: 'chambre-33333333-3333-4333-8333-333333333333',
  title: { fr: 'Chambre froide', en: 'Cold room' },
  published: false,
  unlisted: true,
});

/** The user's ads as the API would keep them: publish and unpublish move them between the tabs. */
function userAds() {
  const published = new Map([[PUBLISHED.id, PUBLISHED]]);
  const drafts = new Map([[DRAFT.id, DRAFT]]);
  const move = (from: typeof published, to: typeof published, id: string, state: boolean) => {
    const ad = { ...from.get(id)!, published: state };
    from.delete(id);
    to.set(id, ad);
    return { id, published: state };
  };
  return {
    managedAds: ({ published: wanted }: { published: boolean }) => ({
      items: [...(wanted ? published : drafts).values()],
      nextToken: null,
    }),
    publishAd: ({ id }: { id: string }) => move(drafts, published, id, true),
    unpublishAd: ({ id }: { id: string }) => move(published, drafts, id, false),
  };
}

const card = (title: string) => within(screen.getByRole('heading', { level: 2, name: title }).closest('article')!);

describe('manage ads', () => {
  it('shows a user’s published and unpublished ads in tabs, with state, images and actions', async () => {
    answerOperations(userAds());
    signIn('USER');
    const { user } = renderAt('/gerer-annonces');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage ads' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create an ad' })).toHaveAttribute('href', '/annonces/creer');
    const published = screen.getByRole('tab', { name: 'Published' });
    expect(published).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Published' })).toBeVisible();
    await screen.findByRole('heading', { level: 2, name: 'Oven' });
    expect(card('Oven').getByText('Published')).toBeVisible();
    expect(card('Oven').getByText('2 images')).toBeVisible();
    expect(card('Oven').getByRole('link', { name: 'View “Oven”' })).toHaveAttribute('href', `/annonces/${PUBLISHED.path}`);
    expect(card('Oven').getByRole('link', { name: 'Edit “Oven”' })).toHaveAttribute('href', `/annonces/modifier/${PUBLISHED.id}`);
    expect(card('Oven').queryByRole('link', { name: /Transfer/ })).not.toBeInTheDocument();

    // Arrow keys move between the tabs (WAI-ARIA tabs).
    published.focus();
    await user.keyboard('{ArrowRight}');
    const unpublished = screen.getByRole('tab', { name: 'Unpublished' });
    expect(unpublished).toHaveFocus();
    expect(unpublished).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Truck' })).toBeVisible();
    expect(card('Truck').getByText('0 images')).toBeVisible();
    expect(callsOf('managedAds').map((call) => call?.published)).toEqual([true, false]);
  });

  it('opens on a new ad where the ad form leaves it: unpublished, its "Publish" standing out', async () => {
    answerOperations(userAds());
    signIn('USER');
    const { user } = renderAt(`/gerer-annonces?onglet=non-publiees&annonce=${DRAFT.id}`);
    expect(await screen.findByRole('tab', { name: 'Unpublished' })).toHaveAttribute('aria-selected', 'true');
    const publish = await screen.findByRole('button', { name: 'Publish “Truck”' });
    expect(publish).not.toHaveClass('button--secondary');
    await user.click(publish);
    expect(await screen.findByText('You have no unpublished ad.')).toBeVisible();
    expect(callsOf('publishAd')).toEqual([{ id: DRAFT.id }]);
  });

  it('publishes and unpublishes, each ad moving to the other tab', async () => {
    answerOperations(userAds());
    signIn('USER');
    const { user } = renderAt('/gerer-annonces');
    await user.click(await screen.findByRole('tab', { name: 'Unpublished' }));
    await user.click(await screen.findByRole('button', { name: 'Publish “Truck”' }));
    expect(await screen.findByText('You have no unpublished ad.')).toBeVisible();
    expect(callsOf('publishAd')).toEqual([{ id: DRAFT.id }]);
    // The button that had focus left with its ad: keyboard users go on from the tab's panel.
    expect(screen.getByRole('tabpanel', { name: 'Unpublished' })).toHaveFocus();

    await user.click(screen.getByRole('tab', { name: 'Published' }));
    await user.click(await screen.findByRole('button', { name: 'Unpublish “Truck”' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Truck' })).not.toBeInTheDocument());
    expect(callsOf('unpublishAd')).toEqual([{ id: DRAFT.id }]);
    expect(screen.getByRole('tabpanel', { name: 'Published' })).toHaveFocus();
  });

  it('explains that publishing needs a confirmed phone number, confirms it in the dialog and then publishes', async () => {
    const ads = userAds();
    answerOperations({
      ...ads,
      publishAd: [new ApiError('PHONE_NOT_VERIFIED', 'Phone not verified'), ads.publishAd],
      me: storedMe('owner-without-phone'),
      sendPhoneVerificationCode: {
        phoneNumber: '+15145551234',
        nextCodeAt: '2026-09-01T10:00:30.000Z',
        expiresAt: '2026-09-01T10:10:00.000Z',
      },
      verifyPhoneCode: { phoneVerified: true },
    });
    signIn('USER', 'owner-without-phone');
    const { user } = renderAt('/gerer-annonces');
    await user.click(await screen.findByRole('tab', { name: 'Unpublished' }));
    await user.click(await screen.findByRole('button', { name: 'Publish “Truck”' }));
    const alert = await card('Truck').findByRole('alert');
    expect(alert).toHaveTextContent('Confirm your phone number before publishing an ad.');
    expect(card('Truck').getByText('Unpublished')).toBeVisible();

    await user.click(within(alert).getByRole('button', { name: 'Confirm my phone number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify my phone number' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the code' }));
    await fill(user, within(dialog).getByLabelText('Code received by SMS'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(callsOf('publishAd')).toEqual([{ id: DRAFT.id }, { id: DRAFT.id }]));
    expect(callsOf('verifyPhoneCode')).toEqual([{ input: { code: '123456' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows administrators each published ad's owner, linked to their account, and searches the published ads", async () => {
    const OTHER = testAd({
      id: '44444444-4444-4444-8444-444444444444',
      path: 'petrin-44444444-4444-4444-8444-444444444444',
      title: { fr: 'Pétrin', en: 'Dough mixer' },
      contact: { userId: 'owner-2', publicName: 'Marie T.', organizationName: 'Boulangerie Hochelaga', email: null, phoneNumber: null },
    });
    answerOperations({
      managedAds: ({ search }: { search: string | null }) => ({
        items: search === 'hochelaga' ? [OTHER] : search ? [] : [PUBLISHED, OTHER],
        nextToken: null,
      }),
    });
    signIn('ADMIN');
    const { user } = renderAt('/gerer-annonces');
    await screen.findByRole('heading', { level: 2, name: 'Dough mixer' });
    expect(card('Oven').getByRole('link', { name: 'Cuisine du Quartier' })).toHaveAttribute(
      'href',
      '/gestion-utilisateurs/modifier-utilisateur/owner-1',
    );
    expect(card('Dough mixer').getByText(/Owner:/)).toHaveTextContent('Owner: Marie T. (Boulangerie Hochelaga)');

    const search = screen.getByRole('searchbox', { name: 'Search the published ads' });
    await user.type(search, ' hochelaga {Enter}');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Oven' })).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Dough mixer' })).toBeVisible();
    expect(callsOf('managedAds').at(-1)).toMatchObject({ published: true, search: 'hochelaga' });

    await user.clear(search);
    await user.type(search, 'nothing{Enter}');
    expect(await screen.findByText('No published ad matches “nothing”.')).toBeVisible();
  });

  it('gives administrators the published and the prepared ads, told apart from unpublished ones, preparing and transferring', async () => {
    answerOperations({
      managedAds: ({ published }: { published: boolean }) => ({ items: published ? [PUBLISHED] : [UNLISTED], nextToken: null }),
    });
    signIn('ADMIN');
    const { user } = renderAt('/gerer-annonces');
    expect(await screen.findByRole('link', { name: 'Prepare an ad' })).toHaveAttribute('href', '/annonces/preparer');
    expect(screen.queryByRole('link', { name: 'Create an ad' })).not.toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Oven' });
    expect(card('Oven').getByRole('button', { name: 'Unpublish “Oven”' })).toBeVisible();

    // "Unpublished" is an owner's ad taken down; a prepared ad is another state, named and explained apart.
    expect(screen.getByText(/Ads their owners published, visible to everyone/)).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Prepared ads to transfer' }));
    await screen.findByRole('heading', { level: 2, name: 'Cold room' });
    expect(card('Cold room').getByText('Prepared, to transfer')).toBeVisible();
    expect(screen.getByText(/Ads prepared by the administrators: only administrators see them/)).toBeVisible();
    expect(card('Cold room').getByRole('link', { name: 'Transfer “Cold room”' })).toHaveAttribute(
      'href',
      `/annonces/transferer/${UNLISTED.id}`,
    );
    expect(card('Cold room').queryByRole('button', { name: /Publish/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Published ads' })).toHaveAttribute('aria-selected', 'false');
  });

  it('is for signed-in users: a visitor goes to login', async () => {
    const view = renderAt('/gerer-annonces');
    await waitFor(() => expect(view.location()).toBe('/connexion?returnPath=%2Fgerer-annonces'));
  });
});
