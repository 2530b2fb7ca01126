// Demo accounts (docs/contracts.md "Demo data"). Every write is conditional, so running the seed
// again changes nothing and does not fail.

import { DataRefusal } from '../../data/errors';
import { initCurrentTermsVersion, recordTermsAcceptance } from '../../data/terms';
import { createUser, getUser, listUserIfUnlisted, type UserRecord } from '../../data/users';
import { reindexUserWords } from '../../data/user-directory';
import { hashPassword, type ScryptCost } from './password-hash';
import { INITIAL_TERMS_VERSION } from './terms';
import { now as clockNow } from '../clock';
import { onboardDemoOwner } from '../payments/demo-onboarding';

export const DEMO_PASSWORD = 'Demo-Partage-2026';
/** The demo owner: phone verified, onboarded with the payment provider (the local simulator), registered for the GST and QST. */
export const DEMO_OWNER_EMAIL = 'proprietaire@exemple.ca';

type DemoUser = Omit<
  UserRecord,
  'passwordHash' | 'createdAt' | 'language' | 'emailConfirmed' | 'lockedOut' | 'failedLogins' | 'firstLoginModalClosed'
>;

// Fixed ids keep the seed idempotent and give the demo stable links.
export const DEMO_USERS: DemoUser[] = [
  {
    id: 'demo-admin',
    email: 'admin@exemple.ca',
    role: 'ADMIN',
    firstName: 'Sophie',
    lastName: 'Gagnon',
    publicName: 'Sophie G.',
    phoneVerified: false,
  },
  {
    id: 'demo-proprietaire',
    email: 'proprietaire@exemple.ca',
    role: 'USER',
    firstName: 'Marie-Ève',
    lastName: 'Tremblay',
    publicName: 'Cuisine collective Hochelaga',
    organizationName: 'Cuisine collective Hochelaga',
    organizationType: 'SOCIAL_ECONOMY_ORGANIZATIONS',
    industry: 'FOOD_PROCESSING_AND_DISTRIBUTION',
    phoneNumber: '+15145550123',
    phoneVerified: true,
    showPhoneNumber: true,
    showEmail: true,
    address: '1880, rue Aylwin, Montréal',
    postalCode: 'H1W 3C7',
    registeringInterests: ['SHOW_EQUIPMENT'],
    // Registered for the GST and QST (sample numbers of the right shape): its rentals show their taxes.
    taxStatus: 'REGISTERED',
    gstNumber: '123456789RT0001',
    qstNumber: '1234567890TQ0001',
  },
  {
    id: 'demo-locataire',
    email: 'locataire@exemple.ca',
    role: 'USER',
    firstName: 'Jean-François',
    lastName: 'Bélanger',
    publicName: "Banque alimentaire de l'Est",
    organizationName: "Banque alimentaire de l'Est",
    organizationType: 'NON_PROFIT_ORGANIZATIONS',
    industry: 'HEALTH_AND_SOCIAL_SERVICES',
    phoneVerified: false,
    postalCode: 'H1L 4K8',
    registeringInterests: ['VIEW_AD'],
  },
  // Organisations that post the demo ads (functions/domain/ads/demo-ads.ts): each has a verified phone, as publishing requires.
  {
    id: 'demo-traiteur',
    email: 'traiteur@exemple.ca',
    role: 'USER',
    firstName: 'Isabelle',
    lastName: 'Côté',
    publicName: 'Traiteur Saveurs du Fleuve',
    organizationName: 'Traiteur Saveurs du Fleuve',
    organizationType: 'PRIVATE_COMPANY',
    industry: 'CATERING',
    phoneNumber: '+14185550147',
    phoneVerified: true,
    showPhoneNumber: true,
    showEmail: false,
    address: '455, rue Saint-Jean, Québec',
    postalCode: 'G1R 1P4',
    registeringInterests: ['SHOW_EQUIPMENT'],
  },
  {
    id: 'demo-transport',
    email: 'transport@exemple.ca',
    role: 'USER',
    firstName: 'Mathieu',
    lastName: 'Lavoie',
    publicName: 'Transport Frigo Laurentides',
    organizationName: 'Transport Frigo Laurentides',
    organizationType: 'PRIVATE_COMPANY',
    industry: 'TRANSPORT',
    phoneNumber: '+14505550188',
    phoneVerified: true,
    showPhoneNumber: false,
    showEmail: true,
    postalCode: 'J7Z 5T3',
    registeringInterests: ['SHOW_EQUIPMENT'],
  },
  {
    id: 'demo-ferme',
    email: 'ferme@exemple.ca',
    role: 'USER',
    firstName: 'Geneviève',
    lastName: 'Roy',
    publicName: "Coopérative maraîchère de l'Estrie",
    organizationName: "Coopérative maraîchère de l'Estrie",
    organizationType: 'AGRICULTURE_ORGANIZATIONS',
    industry: 'FOOD_PROCESSING_AND_DISTRIBUTION',
    phoneNumber: '+18195550163',
    phoneVerified: true,
    showPhoneNumber: true,
    showEmail: true,
    postalCode: 'J1H 4A7',
    registeringInterests: ['SHOW_EQUIPMENT', 'VIEW_AD'],
  },
  {
    id: 'demo-ecole',
    email: 'ecole@exemple.ca',
    role: 'USER',
    firstName: 'Patrick',
    lastName: 'Gauthier',
    publicName: 'Centre de formation en alimentation du Saguenay',
    organizationName: 'Centre de formation en alimentation du Saguenay',
    organizationType: 'PUBLIC_SECTOR',
    industry: 'EDUCATION_AND_TEACHING',
    phoneNumber: '+14185550129',
    phoneVerified: true,
    showPhoneNumber: true,
    showEmail: true,
    postalCode: 'G7H 2B1',
    registeringInterests: ['SHOW_EQUIPMENT'],
  },
  {
    id: 'demo-conserverie',
    email: 'conserverie@exemple.ca',
    role: 'USER',
    firstName: 'Nadia',
    lastName: 'Bouchard',
    publicName: 'Conserverie du Bas-Saint-Laurent',
    organizationName: 'Conserverie du Bas-Saint-Laurent',
    organizationType: 'FOOD_PROCESSING_ORGANIZATIONS',
    industry: 'FOOD_PROCESSING_AND_DISTRIBUTION',
    phoneNumber: '+14185550176',
    phoneVerified: true,
    showPhoneNumber: false,
    showEmail: true,
    postalCode: 'G5L 3B9',
    registeringInterests: ['SHOW_EQUIPMENT'],
  },
];

/**
 * The demo accounts' password is printed in the README: a slow hash protects nothing there, and every
 * sign-in to them (a demo, each end-to-end journey) would pay a tenth of a second of CPU for it. Other
 * accounts, and a demo account's new password, get the production cost.
 */
const DEMO_HASH_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

export async function seedDemoData(): Promise<void> {
  await initCurrentTermsVersion(INITIAL_TERMS_VERSION);
  const now = clockNow().toISOString();
  // One hash for all the accounts (they share the password).
  let passwordHash: Promise<string> | undefined;
  for (const demo of DEMO_USERS) {
    const existing = await getUser(demo.id);
    // Accounts seeded before the user list or its word items existed get listed and indexed (idempotent).
    if (existing) {
      await listUserIfUnlisted(existing);
      await reindexUserWords(existing);
    } else await createDemoUser(demo, now, await (passwordHash ??= hashPassword(DEMO_PASSWORD, DEMO_HASH_COST)));
    if (demo.role === 'USER') await recordTermsAcceptance(demo.id, INITIAL_TERMS_VERSION, now);
  }
  await onboardDemoOwner(DEMO_USERS.find((demo) => demo.email === DEMO_OWNER_EMAIL)!);
}

async function createDemoUser(demo: DemoUser, createdAt: string, passwordHash: string): Promise<void> {
  const user: UserRecord = {
    ...demo,
    passwordHash,
    language: 'fr',
    emailConfirmed: true,
    lockedOut: false,
    failedLogins: 0,
    // Demo accounts act as returning users; a fresh sign-up is what shows the welcome modal.
    firstLoginModalClosed: true,
    createdAt,
  };
  try {
    await createUser(user);
  } catch (error) {
    // Another seed run created it between our read and our write.
    if (!(error instanceof DataRefusal && error.reason === 'EMAIL_TAKEN')) throw error;
  }
}
