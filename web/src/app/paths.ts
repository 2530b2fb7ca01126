// Paths of spec §2 the app links to. Screens of later capabilities add theirs with their routes.
export const PATHS = {
  root: '/',
  landing: '/accueil',
  login: '/connexion',
  settings: '/parametres',
  /** Where signed-in visitors land; the ad list screen comes with the `ads` capability. */
  adList: '/annonces',
  confirmEmail: '/confirmez-courriel',
  resendConfirmation: '/reenvoyer-courriel',
  forgotPassword: '/mot-de-passe-oublie',
  resetPassword: '/reinitialiser-mot-de-passe',
  adminRegistration: '/registration/admin',
  users: '/gestion-utilisateurs',
  createAdmin: '/gestion-utilisateurs/creer-administrateur',
  createUser: '/gestion-utilisateurs/creer-utilisateur',
  signUp: '/inscription',
  editProfile: '/modifier-profil',
  createAd: '/annonces/creer',
  prepareAd: '/annonces/preparer',
  /** The owner's (or administrators') list of ads; built by the ads screens. */
  manageAds: '/gerer-annonces',
} as const;

/** A user's public profile. */
export const publicProfilePath = (userId: string): string => `/profil/${encodeURIComponent(userId)}`;

/** A page that takes an e-mail address in its query (`?email=`), e.g. the resend page. */
export const withEmail = (path: string, email: string): string => (email ? `${path}?${new URLSearchParams({ email })}` : path);

/** The administrators' edit screen of one user. */
export const editUserPath = (userId: string): string => `/gestion-utilisateurs/modifier-utilisateur/${encodeURIComponent(userId)}`;

/** The edit screen of an ad. */
export const editAdPath = (adId: string): string => `/annonces/modifier/${encodeURIComponent(adId)}`;

/** An ad's page, from its `path` (`<slug>-<id>`). */
export const adDetailPath = (adPath: string): string => `/annonces/${encodeURIComponent(adPath)}`;
