// Paths of spec §2 the app links to. Screens of later capabilities add theirs with their routes.
import { PAYMENT_CHECKOUT_PATHS, PAYMENT_ONBOARDING_PATHS } from '@partage/graphql';
import { ALERT_CREATION_PATH } from '../lib/search/alert-creation-path';

export const PATHS = {
  root: '/',
  landing: '/accueil',
  login: '/connexion',
  settings: '/parametres',
  /** Where signed-in visitors land. */
  adList: '/annonces',
  manageAds: '/gerer-annonces',
  createAd: '/annonces/creer',
  prepareAd: '/annonces/preparer',
  confirmEmail: '/confirmez-courriel',
  resendConfirmation: '/reenvoyer-courriel',
  forgotPassword: '/mot-de-passe-oublie',
  resetPassword: '/reinitialiser-mot-de-passe',
  /** French like every other path (spec §2 wrote `/registration/admin`, which still leads here). */
  adminRegistration: '/inscription/admin',
  users: '/gestion-utilisateurs',
  createAdmin: '/gestion-utilisateurs/creer-administrateur',
  createUser: '/gestion-utilisateurs/creer-utilisateur',
  manageTerms: '/gestion-conditions',
  moderation: '/moderation',
  signUp: '/inscription',
  editProfile: '/modifier-profil',
  alerts: '/alertes',
  /** The ads a signed-in user saved with a heart (issue 23). */
  favourites: '/favoris',
  createAlert: ALERT_CREATION_PATH,
  shareEquipment: '/equipement-a-partager',
  findEquipment: '/recherche-d-equipement',
  about: '/a-propos',
  faq: '/faq',
  /** The contact page (its own capability). */
  contact: '/nous-joindre',
  /** How personal information is handled: the person in charge, the retention periods, the rights (docs/privacy.md). */
  privacy: '/confidentialite',
  /** The administrators' log of privacy requests (exports and deletions). */
  privacyRequests: '/gestion-utilisateurs/demandes-confidentialite',
  /** Administrators: the pairs of accounts found to be one organisation's (docs/ratings.md). */
  linkedAccounts: '/gestion-utilisateurs/comptes-lies',
  /** Onboarding with the card payment provider and the way to its dashboard of payouts. */
  payments: '/paiements',
  paymentRefresh: PAYMENT_ONBOARDING_PATHS.refresh,
  paymentValidate: PAYMENT_ONBOARDING_PATHS.validate,
  /** Where the hosted Checkout comes back to (spec §2, "payment success" and "payment cancel"), `?contrat=<id>`. */
  paymentSuccess: PAYMENT_CHECKOUT_PATHS.success,
  paymentCancel: PAYMENT_CHECKOUT_PATHS.cancel,
  /** The spec's dashboard: the user's contracts as owner and as tenant. */
  dashboard: '/tableau-de-bord',
  /** Administrators: every contract, its payment, payout and refund (beside /gestion-utilisateurs and /gestion-conditions). */
  manageContracts: '/gestion-contrats',
} as const;

/** A contract's page, for its parties and administrators. */
export const contractPath = (contractId: string): string => `/contrats/${encodeURIComponent(contractId)}`;
export const contractReceiptPath = (contractId: string): string => `${contractPath(contractId)}/recu`;
export const editContractPath = (contractId: string): string => `${contractPath(contractId)}/modifier`;
/** The contract rating screen (spec §2), also the link of the rating reminders. */
export const contractRatingPath = (contractId: string): string => `${contractPath(contractId)}/evaluation`;
/** The contract form, proposing from a conversation about one of the owner's ads. */
export const createContractPath = (conversationId: string): string =>
  `/contrats/creer?${new URLSearchParams({ conversation: conversationId })}`;

/** A user's public profile. */
export const publicProfilePath = (userId: string): string => `/profil/${encodeURIComponent(userId)}`;

/** A page that takes an e-mail address in its query (`?email=`), e.g. the resend page. */
export const withEmail = (path: string, email: string): string => (email ? `${path}?${new URLSearchParams({ email })}` : path);

/** The administrators' edit screen of one user. */
export const editUserPath = (userId: string): string => `/gestion-utilisateurs/modifier-utilisateur/${encodeURIComponent(userId)}`;

/** The edit form of an ad (its owner or an administrator). */
export const editAdPath = (adId: string): string => `/annonces/modifier/${encodeURIComponent(adId)}`;

export const MANAGE_ADS_PARAMS = { tab: 'onglet', unpublishedTab: 'non-publiees', ad: 'annonce' } as const;
/**
 * The manage page on its unpublished tab, pointing out one ad (a new one: it waits there for its
 * owner's "Publish"; the API's answer names it unless a field error left it out).
 */
export function unpublishedAdPath(adId: string | undefined): string {
  const params = new URLSearchParams({ [MANAGE_ADS_PARAMS.tab]: MANAGE_ADS_PARAMS.unpublishedTab });
  if (adId) params.set(MANAGE_ADS_PARAMS.ad, adId);
  return `${PATHS.manageAds}?${params}`;
}

/** The administrators' screen that gives an unlisted ad to a user. */
export const transferAdPath = (adId: string): string => `/annonces/transferer/${encodeURIComponent(adId)}`;

/** Starts a conversation with an ad's owner (the chat capability's screen). */
export const startConversationPath = (adId: string): string => `/conversations/creer/${encodeURIComponent(adId)}`;

/** The edit form of one of the user's alerts. */
export const editAlertPath = (alertId: string): string => `/alertes/modifier/${encodeURIComponent(alertId)}`;
