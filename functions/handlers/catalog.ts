// The Lambdas and what each one serves; the CDK app and the local host both read this list. The
// fields of a resolver Lambda are the keys of the field map its handler exports, so a field is
// registered once, where it is resolved (functions/handlers/registry.test.ts checks them against the schema).

import { accountsFields } from './accounts';
import { adminFields } from './admin';
import { alertsFields } from './alerts';
import { adsFields } from './ads';
import { chatFields } from './chat';
import { contactFields } from './contact';
import { contractsFields } from './contracts';
import { favouritesFields } from './favourites';
import { filesFields } from './files';
import { moderationFields } from './moderation';
import { paymentsFields } from './payments';
import { phoneFields } from './phone';
import { placesFields } from './places';
import { privacyFields } from './privacy';
import { ratingsFields } from './ratings';
import { searchFields } from './search';
import type { FieldMap } from './shared/resolver';

export const AUTHORIZER = 'authorizer';

const fieldsOf = (map: FieldMap) => Object.keys(map);

export const RESOLVER_LAMBDAS: { name: string; fields: string[] }[] = [
  { name: 'accounts', fields: fieldsOf(accountsFields) },
  // User administration (ADMIN only).
  { name: 'admin', fields: fieldsOf(adminFields) },
  // Uploads straight to storage and file URLs (functions/domain/files/uploads.ts).
  { name: 'files', fields: fieldsOf(filesFields) },
  // Ads: create, edit, publish, lists, transfer of administrator-prepared ads (functions/domain/ads).
  { name: 'ads', fields: fieldsOf(adsFields) },
  // Phone verification by SMS code (functions/domain/phone).
  { name: 'phone', fields: fieldsOf(phoneFields) },
  // Address autocomplete from Quebec place data bundled with it (functions/domain/places).
  { name: 'places', fields: fieldsOf(placesFields) },
  // Ad search: geohash, date and keyword indexes of the table (functions/domain/search).
  { name: 'search', fields: fieldsOf(searchFields) },
  // Conversations about ads, messages, read marks, chat events (functions/domain/chat).
  { name: 'chat', fields: fieldsOf(chatFields) },
  // Alerts: saved searches e-mailed weekly, confirmed and deleted by link (functions/domain/alerts).
  { name: 'alerts', fields: fieldsOf(alertsFields) },
  // The contact form: a visitor's or a user's message e-mailed to the team (functions/domain/contact).
  { name: 'contact', fields: fieldsOf(contactFields) },
  // Onboarding with the payment provider (Stripe Connect; functions/domain/payments).
  { name: 'payments', fields: fieldsOf(paymentsFields) },
  // Contracts: proposals from a conversation, versions, cancellation, the parties' lists (functions/domain/contracts).
  { name: 'contracts', fields: fieldsOf(contractsFields) },
  // Trust and safety: reports, blocks, the moderation queue and its actions (functions/domain/moderation).
  { name: 'moderation', fields: fieldsOf(moderationFields) },
  // Ratings after a rental: drafts, blind ratings, reviews and their answers, reputation (functions/domain/ratings).
  { name: 'ratings', fields: fieldsOf(ratingsFields) },
  // Favourites: saved ads, listed with their cards from the search index (functions/domain/favourites).
  { name: 'favourites', fields: fieldsOf(favouritesFields) },
  // Privacy rights: a person's data exported, their account deleted, the log of requests (functions/domain/privacy).
  { name: 'privacy', fields: fieldsOf(privacyFields) },
];

/**
 * Most parents one call of a field resolver on a type field receives (AppSync BatchInvoke's
 * maxBatchSize; the local host splits its batches the same way). A page of the user list fits.
 */
export const FIELD_RESOLVER_MAX_BATCH_SIZE = 100;

export const HTTP_ROUTES: { method: 'GET' | 'POST'; path: string; name: string }[] = [
  { method: 'POST', path: '/token/login', name: 'token' },
  { method: 'POST', path: '/token/refresh', name: 'token' },
  { method: 'POST', path: '/token/logout', name: 'token' },
  { method: 'GET', path: '/status', name: 'status' },
  { method: 'POST', path: '/log', name: 'log' },
  // An alert's one-click unsubscribe (RFC 8058: the POST of List-Unsubscribe-Post); a GET goes to the deletion page.
  { method: 'POST', path: '/alerts/unsubscribe', name: 'alert-unsubscribe' },
  { method: 'GET', path: '/alerts/unsubscribe', name: 'alert-unsubscribe' },
  // The rating reminders' one-click unsubscribe (the same protocol).
  { method: 'POST', path: '/ratings/reminders/unsubscribe', name: 'rating-reminders-unsubscribe' },
  { method: 'GET', path: '/ratings/reminders/unsubscribe', name: 'rating-reminders-unsubscribe' },
  // Pages the server paints (handlers/seo.ts): the search, every path under /annonces/ (an ad's page, or the
  // app's shell for the app's other pages there), and the sitemap.
  { method: 'GET', path: '/annonces', name: 'seo' },
  { method: 'GET', path: '/annonces/{proxy+}', name: 'seo' },
  { method: 'GET', path: '/sitemap.xml', name: 'seo' },
  // The payment provider's events (Stripe, or the local simulator): raw body, signature checked (docs/payments.md).
  { method: 'POST', path: '/webhooks/stripe', name: 'stripe-webhook' },
  // A contract's numbered document as a PDF, from the link the API gives its reader (docs/payments.md, "Receipts").
  { method: 'GET', path: '/documents/pdf', name: 'contract-documents' },
];
