// Paths of spec §2 the app links to. Screens of later capabilities add theirs with their routes.
export const PATHS = {
  root: '/',
  landing: '/accueil',
  login: '/connexion',
  settings: '/parametres',
  /** Where signed-in visitors land; the ad list screen comes with the `ads` capability. */
  adList: '/annonces',
} as const;
