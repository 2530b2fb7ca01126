import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADS_PAGE_DEFAULT_LIMIT, type PublicProfile } from '@partage/graphql';
import { ApiError } from '../../../lib/api/errors';
import { syncSessionFromStorage } from '../../../lib/auth/session';
import { answerOperations, callsOf } from '../../../test/fake-api';
import userEvent from '@testing-library/user-event';
import { testAds } from '../../../test/ads';
import { renderAt, signIn } from '../../../test/helpers';

const PROFILE: PublicProfile = {
  id: 'user-2',
  publicName: 'Jean B.',
  organizationName: 'Traiteur du Faubourg',
  organizationType: 'OTHER',
  organizationTypeOtherSpecification: 'Coopérative de solidarité',
  industry: 'CATERING',
  industryOtherSpecification: null,
  registeredSince: '2026-01-15T14:00:00.000Z',
  transactionsCount: 3,
  ratings: { count: 0, organizationsCount: 0, respectOfContract: null, communication: null, reliability: null, overall: null },
  email: null,
  phoneNumber: null,
};

const NO_ADS = { items: [], nextToken: null };

/** A published review of the profile's user by a tenant. */
const aReview = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'Review',
  id: 'contract-1.TENANT',
  side: 'TENANT',
  authorName: 'Épicerie Rosemont',
  ad: { id: 'ad-1', path: 'cuisine-ad-1', title: { fr: 'Cuisine', en: 'Kitchen' } },
  month: '2026-10',
  stars: { respectOfContract: 5, communication: 4, reliability: 5 },
  comment: 'Very welcoming.',
  commentHidden: false,
  publishedAt: '2026-11-02T12:00:00.000Z',
  counted: true,
  answer: null,
  canAnswer: false,
  canReport: false,
  ...overrides,
});

/** `me` is not what these tests are about: the signed-in user has nothing pending. */
function answer(publicProfile: () => { publicProfile: unknown }, userAds: unknown = NO_ADS) {
  answerOperations({ publicProfile: () => publicProfile().publicProfile, userAds });
}

async function openProfile(path = '/profil/user-2') {
  signIn('USER');
  return renderAt(path);
}

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('public profile', () => {
  it('shows who the user is, since when, and how many transactions they completed', async () => {
    answer(() => ({ publicProfile: PROFILE }));
    await openProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jean B.' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Jean B. | Food Equipment Sharing'));
    expect(callsOf('publicProfile')).toEqual([{ id: 'user-2' }]);
    expect(fact('Organisation')).toHaveTextContent('Traiteur du Faubourg');
    expect(fact('Organisation type')).toHaveTextContent('Other (Coopérative de solidarité)');
    expect(fact('Industry')).toHaveTextContent('Food service and catering');
    expect(fact('Member since')).toHaveTextContent('January 15, 2026');
    expect(fact('Completed transactions')).toHaveTextContent('3');
  });

  it('has no contact section, and no empty section, when the user shows no contact details', async () => {
    answer(() => ({ publicProfile: PROFILE }));
    await openProfile();
    await screen.findByRole('heading', { level: 1, name: 'Jean B.' });
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });

  it('shows the averages and the published reviews with their ad and month; the rated user answers one once', async () => {
    const review = aReview({ canAnswer: true });
    let answered = false;
    answerOperations({
      publicProfile: () => ({
        ...PROFILE,
        ratings: { count: 1, organizationsCount: 1, respectOfContract: 5, communication: 4, reliability: 5, overall: 4.7 },
      }),
      userAds: NO_ADS,
      userReviews: () => ({
        items: [answered ? { ...review, answer: { text: 'Thank you!', at: review.publishedAt }, canAnswer: false } : review],
        nextToken: null,
      }),
      answerReview: () => {
        answered = true;
        return { ...review, answer: { text: 'Thank you!', at: review.publishedAt }, canAnswer: false };
      },
    });
    await openProfile();
    const ratings = await screen.findByRole('region', { name: 'Ratings' });
    expect(within(ratings).getByText(/4\.7 out of 5, from 1 rating by 1 organisation$/)).toBeVisible();
    const item = await within(ratings).findByRole('listitem');
    expect(item).toHaveTextContent('By Épicerie Rosemont, tenant · Kitchen · October 2026');
    expect(within(item).getByRole('link', { name: 'Kitchen' })).toHaveAttribute('href', '/annonces/cuisine-ad-1');
    expect(within(item).getByText('Very welcoming.')).toBeVisible();

    await userEvent.click(within(item).getByRole('button', { name: 'Answer' }));
    // The button is gone: focus is where the answer is written, not lost on the page.
    expect(within(item).getByLabelText('Your public answer')).toHaveFocus();
    await userEvent.click(within(item).getByRole('button', { name: 'Publish the answer' }));
    expect(within(item).getByText('This field is required.')).toBeVisible();
    expect(callsOf('answerReview')).toEqual([]);
    await userEvent.type(within(item).getByLabelText('Your public answer'), 'Thank you!');
    await userEvent.click(within(item).getByRole('button', { name: 'Publish the answer' }));
    expect(await within(ratings).findByText('Thank you!')).toBeVisible();
    expect(callsOf('answerReview')).toEqual([{ input: { reviewId: 'contract-1.TENANT', text: 'Thank you!' } }]);
    expect(within(ratings).queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
  });

  it('reports a review’s comment, and shows a comment moderators hid as such, its stars kept', async () => {
    const stars = { respectOfContract: 1, communication: 2, reliability: 1 };
    answerOperations({
      publicProfile: () => ({
        ...PROFILE,
        ratings: { count: 2, organizationsCount: 2, respectOfContract: 1, communication: 2, reliability: 1, overall: 1.3 },
      }),
      userAds: NO_ADS,
      userReviews: {
        items: [
          aReview({ stars, comment: 'Rude and late.', canReport: true }),
          aReview({ stars, id: 'contract-2.TENANT', comment: null, commentHidden: true }),
        ],
        nextToken: null,
      },
      reportItem: { __typename: 'ReportReceipt', kind: 'RATING_COMMENT', itemId: 'contract-1.TENANT', alreadyReported: false },
    });
    await openProfile();
    const ratings = await screen.findByRole('region', { name: 'Ratings' });
    const [shown, hidden] = await within(ratings).findAllByRole('listitem');
    expect(within(hidden!).getByText('Comment hidden by moderation')).toBeVisible();
    expect(hidden).toHaveTextContent('1.3 out of 5');
    expect(within(hidden!).queryByRole('button', { name: 'Report this comment' })).not.toBeInTheDocument();

    await userEvent.click(within(shown!).getByRole('button', { name: 'Report this comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Offensive content' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(/Thank you/);
    expect(callsOf('reportItem')).toEqual([
      { input: expect.objectContaining({ kind: 'RATING_COMMENT', itemId: 'contract-1.TENANT', reason: 'OFFENSIVE' }) },
    ]);
  });

  describe('counts arm’s-length ratings only', () => {
    /** A profile whose ratings come from fewer organisations than ratings, and a review of it that is not counted. */
    function answerRatings(count: number, organizationsCount: number) {
      answerOperations({
        publicProfile: () => ({
          ...PROFILE,
          ratings: { count, organizationsCount, respectOfContract: 4, communication: 4, reliability: 4, overall: 4.5 },
        }),
        userAds: NO_ADS,
        userReviews: {
          items: [aReview({ id: 'contract-2.TENANT', counted: false }), aReview({ comment: 'Counted.' })],
          nextToken: null,
        },
      });
    }

    it('says how many organisations the ratings come from, and which review is not counted and why', async () => {
      answerRatings(2, 1);
      await openProfile();
      const ratings = await screen.findByRole('region', { name: 'Ratings' });
      expect(within(ratings).getByText(/4\.5 out of 5, from 2 ratings by 1 organisation$/)).toBeVisible();
      const [notCounted, counted] = await within(ratings).findAllByRole('listitem');
      expect(
        within(notCounted!).getByText(
          'Not counted in the average: between the same two organisations, one review counts per 90 days, and none between related accounts.',
        ),
      ).toBeVisible();
      expect(counted).not.toHaveTextContent('Not counted');
    });

    it('says it in French, with its plurals', async () => {
      const { i18n } = await import('../../../lib/i18n/i18n');
      await i18n.changeLanguage('fr');
      answerRatings(3, 2);
      await openProfile();
      const ratings = await screen.findByRole('region', { name: 'Évaluations' });
      expect(within(ratings).getByText(/4,5 sur 5, d'après 3 évaluations de 2 organisations$/)).toBeVisible();
      const [notCounted] = await within(ratings).findAllByRole('listitem');
      expect(notCounted).toHaveTextContent(
        'Non comptée dans la moyenne : entre deux mêmes organisations, une évaluation compte par période de 90 jours, et aucune entre des comptes liés.',
      );
    });
  });

  it('gives the e-mail address and phone number the user allowed others to see', async () => {
    answer(() => ({ publicProfile: { ...PROFILE, email: 'jean@exemple.ca', phoneNumber: '+15145550199' } }));
    await openProfile();
    const contact = await screen.findByRole('region', { name: 'Contact details' });
    expect(within(contact).getByRole('link', { name: 'jean@exemple.ca' })).toHaveAttribute('href', 'mailto:jean@exemple.ca');
    expect(within(contact).getByRole('link', { name: '514 555-0199' })).toHaveAttribute('href', 'tel:+15145550199');
  });

  it('lists the user’s published ads as cards, each with its equipment’s rating once it has one', async () => {
    const [unrated, rated] = testAds(2);
    const equipmentRatings = { count: 3, compliance: 4.7, cleanliness: 4, security: 4.3, overall: 4.3 };
    answer(() => ({ publicProfile: PROFILE }), { items: [unrated, { ...rated, equipmentRatings }], nextToken: null });
    await openProfile();
    const ads = await screen.findByRole('region', { name: 'Ads' });
    expect(
      within(ads)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Ad 0', 'Ad 1']);
    const [first, second] = within(ads).getAllByRole('article');
    expect(second).toHaveTextContent('4.3 out of 5, from 3 ratings');
    expect(first).not.toHaveTextContent('out of 5');
    expect(within(ads).getByRole('link', { name: 'Ad 1' })).toHaveAttribute('href', `/annonces/${testAds(2)[1]!.path}`);
    expect(callsOf('userAds')).toEqual([{ userId: 'user-2', limit: ADS_PAGE_DEFAULT_LIMIT, nextToken: null }]);
  });

  it('tells what the user’s active alerts look for, in words, and how many there are', async () => {
    const alerts = {
      count: 2,
      items: [
        { categories: ['REFRIGERATION_EQUIPMENT'], modes: ['RENT', 'SALE'], priceRanges: [], certifications: [] },
        { categories: [], modes: [], priceRanges: [], certifications: [] },
      ],
    };
    answer(() => ({ publicProfile: { ...PROFILE, alerts } }));
    await openProfile();
    const section = await screen.findByRole('region', { name: 'Alerts' });
    expect(section).toHaveTextContent('2 active alerts.');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Categories: Refrigeration equipment · Offered for: Rent, Sale', 'Every ad']);
  });

  it('shows no alerts section when the user has none', async () => {
    answer(() => ({ publicProfile: { ...PROFILE, alerts: { count: 0, items: [] } } }));
    await openProfile();
    await screen.findByRole('heading', { level: 1, name: 'Jean B.' });
    expect(screen.queryByRole('region', { name: 'Alerts' })).not.toBeInTheDocument();
  });

  it('says when there is no such profile', async () => {
    answer(() => {
      throw new ApiError('NOT_FOUND', 'No such user');
    });
    await openProfile('/profil/inconnu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the ads' })).toHaveAttribute('href', '/annonces');
    await waitFor(() => expect(document.title).toBe('Profile not found | Food Equipment Sharing'));
  });

  it('explains a failure and tries again on request', async () => {
    let calls = 0;
    answer(() => {
      calls += 1;
      if (calls === 1) throw new ApiError('INTERNAL', 'boom');
      return { publicProfile: PROFILE };
    });
    const { user } = await openProfile();
    expect(await screen.findByText('An unexpected error has occurred.', { selector: '[role="alert"]' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jean B.' })).toBeVisible();
  });

  it('is for users only: an administrator goes to the root, a visitor to login', async () => {
    answer(() => ({ publicProfile: PROFILE }));
    signIn('ADMIN');
    const admin = renderAt('/profil/user-2');
    await waitFor(() => expect(admin.location()).toBe('/annonces'));
    admin.unmount();
    localStorage.clear();
    syncSessionFromStorage();
    const visitor = renderAt('/profil/user-2');
    await waitFor(() => expect(visitor.location()).toBe('/connexion?returnPath=%2Fprofil%2Fuser-2'));
  });

  it('speaks French, with a long French date', async () => {
    const { i18n } = await import('../../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    answer(() => ({
      publicProfile: { ...PROFILE, organizationType: 'NON_PROFIT_ORGANIZATIONS', organizationTypeOtherSpecification: null },
    }));
    await openProfile();
    await screen.findByRole('heading', { level: 1, name: 'Jean B.' });
    expect(fact("Type d'organisation")).toHaveTextContent('Organisme à but non lucratif (OBNL)');
    expect(fact('Membre depuis')).toHaveTextContent('15 janvier 2026');
    expect(fact('Transactions conclues')).toHaveTextContent('3');
  });
});
