// What each Lambda may touch, declared once per handler of the catalog. infra/aws/lambdas.ts grants
// exactly this and sets only the environment it implies; a handler absent here, or a capability
// left out, gets nothing. One map rather than a file per handler: CDK reads it synchronously without
// loading any handler code, and a review of who may do what reads one page.

import type { FileArea } from '../domain/files/file-keys';
import type { ServerEventName } from '../domain/events';

export interface HandlerAccess {
  /** The table (TABLE_NAME), on the partitions and indexes below only. */
  table?: 'read' | 'readWrite';
  /**
   * The table's partitions it reads or writes, by the start of their key (`USER#`: every `USER#<id>`;
   * functions/data/keys.ts): its grant allows no other partition key (dynamodb:LeadingKeys, infra/aws/lambdas.ts).
   * The DB tests prove them: a request outside them fails (functions/data/declared-access.ts).
   */
  partitions?: readonly string[];
  /** The indexes it queries (functions/data/table.ts): dynamodb:Query on those only. */
  indexes?: readonly ('GSI1' | 'GSI2' | 'GSI3')[];
  /**
   * Secrets Manager secrets it reads: `jwt` signs or verifies access tokens (JWT_SECRET_ARN);
   * `originVerify` is the value CloudFront adds to what it forwards to the HTTP API
   * (ORIGIN_VERIFY_SECRET_ARN): every HTTP route's handler needs it to refuse calls that skip CloudFront;
   * `twilio` holds the Twilio Verify credentials (TWILIO_SECRET_ARN, with PHONE_VERIFIER_ADAPTER=twilio);
   * `stripe` the Stripe secret key and webhook signing secret (STRIPE_SECRET_ARN, with PAYMENT_PROVIDER_ADAPTER=stripe).
   */
  secrets?: readonly ('jwt' | 'originVerify' | 'twilio' | 'stripe')[];
  /** ses:SendEmail from MAIL_FROM only. */
  sendEmail?: boolean;
  /** CONTACT_EMAIL, the team's address the contact form writes to (set only when the deployment has one). */
  contactEmail?: boolean;
  /** PLATFORM_FEE_BASIS_POINTS and PLATFORM_FEE_FIXED_CENTS, the contracts' fee (set only when the deployment charges one). */
  platformFee?: boolean;
  /**
   * PLATFORM_LEGAL_NAME and PLATFORM_ADDRESS, the platform as its invoices name it (each set only when configured):
   * the Lambdas that issue the contracts' numbered documents (domain/contracts/contract-documents.ts).
   */
  platformIdentity?: boolean;
  /** The PDF documents' font (Noto Sans) copied into its bundle, and PDF_FONTS_DIR naming it (domain/contracts/document-pdf.ts). */
  pdfFonts?: boolean;
  /** PUBLIC_URL, the site's address (links in e-mails, public file URLs). */
  publicUrl?: boolean;
  /** Server events it publishes: appsync:GraphQL on those IAM-only mutations only. */
  publish?: readonly ServerEventName[];
  /** Creates and deletes one-time schedules (EventBridge Scheduler), passing the scheduler's role. */
  scheduler?: boolean;
  /**
   * Searches the stack's Amazon Location place index (geo:SearchPlaceIndexForText on that index only):
   * PLACES_ADAPTER=amazon-location and PLACE_INDEX_NAME.
   */
  placeIndex?: boolean;
  /** The file store's bucket, per area (key prefix `files/<area>/`). */
  files?: Partial<Record<FileArea, 'read' | 'readWrite'>>;
  /**
   * The web app's server renderer (web/dist-server, built by `npm run build -w web`) shipped in its bundle,
   * and PAGE_RENDERER_PATH naming it (adapters/page-renderer.ts).
   */
  pageRenderer?: boolean;
  memorySize?: number;
  /** Seconds a run may take (default 10: a request's). */
  timeoutSeconds?: number;
}

/**
 * What an account's deletion reads and writes, whichever Lambda runs its steps (the privacy API, and its
 * one-time job that finishes a deletion stopped half-way): the person's items, their ads with their search
 * entries, conversations and contracts (functions/domain/privacy/account-deletion.ts).
 */
const ACCOUNT_DELETION_PARTITIONS = [
  'USER#',
  'EMAIL#',
  'TOKEN#',
  'FAILURES#',
  'PRIVACY_REQUEST#',
  'REPUTATION#',
  'FILE#',
  'ALERT#',
  'ALERT_CELL#',
  'CONV#',
  'CONTRACT#',
  'AD#',
  'PT#',
  'PTN#',
  'PTV#',
  'DT#',
  'PR#',
];

export const HANDLER_ACCESS: Record<string, HandlerAccess> = {
  // Verifies tokens and reads the session (refresh family) and the user's lock, so revoked sessions
  // stop within its cache TTL. No PUBLIC_URL: it would make a dependency cycle
  // (authorizer -> distribution -> CSP -> AppSync API -> authorizer).
  authorizer: { table: 'read', partitions: ['USER#'], secrets: ['jwt'] },
  token: {
    table: 'readWrite',
    partitions: ['USER#', 'EMAIL#', 'TOKEN#', 'BUCKET#', 'FAILURES#', 'FAILURES_FROM#'],
    secrets: ['jwt', 'originVerify'],
    sendEmail: true,
    publicUrl: true,
    memorySize: 1024,
  }, // scrypt wants CPU
  // Both hand out the public URLs of the terms' PDFs (the file store builds them, it reads no object).
  accounts: {
    table: 'readWrite',
    partitions: ['USER#', 'EMAIL#', 'TOKEN#', 'TERMS', 'BUCKET#', 'FAILURES#', 'REPUTATION#', 'LINKED_PAIR#'],
    sendEmail: true,
    publicUrl: true,
    publish: ['firstLoginModalClosed'],
    files: { public: 'read' },
    memorySize: 1024, // scrypt (changePassword)
  },
  // Locking a user out suspends them as moderation does: their open Checkout Sessions expired (Stripe).
  admin: {
    table: 'readWrite',
    partitions: ['USER#', 'EMAIL#', 'TOKEN#', 'TERMS', 'FAILURES#', 'FILE#', 'AD#', 'PT#', 'PTN#', 'PTV#', 'DT#', 'PR#', 'LINKED_PAIR#'],
    indexes: ['GSI1', 'GSI2'],
    secrets: ['stripe'],
    sendEmail: true,
    publicUrl: true,
    files: { public: 'read' },
  },
  status: { table: 'read', partitions: ['SYSTEM'], secrets: ['originVerify'] },
  log: { table: 'readWrite', partitions: ['BUCKET#'], secrets: ['originVerify'] }, // table: its rate limit per source address
  // Reads text attachments whole (up to 100 MB, in slices) to look for scripts.
  files: {
    table: 'readWrite',
    partitions: ['USER#', 'TERMS', 'FILE#'],
    memorySize: 1024,
    publicUrl: true,
    files: { incoming: 'readWrite', public: 'readWrite', private: 'readWrite', quarantine: 'readWrite' },
  },
  // The table keeps each verification's number and times, and the per-account limits.
  phone: { table: 'readWrite', partitions: ['USER#', 'TERMS', 'BUCKET#'], secrets: ['twilio'] },
  places: { table: 'readWrite', partitions: ['BUCKET#'], placeIndex: true }, // table: its rate limit per source address
  // Also e-mails the team the contact messages held for review (CONTACT_EMAIL).
  housekeeping: {
    table: 'readWrite',
    partitions: ['FILE#', 'CONTACT_HELD'],
    indexes: ['GSI1'],
    files: { incoming: 'readWrite' },
    sendEmail: true,
    contactEmail: true,
  },
  // Reads the search index; writes only its rate limit per source address or account. Hands out the
  // public URLs of the results' images (the file store builds them, it reads no object).
  search: {
    table: 'readWrite',
    partitions: ['AD#', 'PT#', 'PTN#', 'PTV#', 'DT#', 'PR#', 'BUCKET#'],
    indexes: ['GSI2'],
    publicUrl: true,
    files: { public: 'read' },
  },
  // E-mails the new owner of a transferred ad; hands out the public URLs of ad images (the file store
  // builds them, it reads no object).
  ads: {
    table: 'readWrite',
    partitions: [
      'AD#',
      'USER#',
      'EMAIL#',
      'TERMS',
      'FILE#',
      'PT#',
      'PTN#',
      'PTV#',
      'DT#',
      'PR#',
      'CONTRACT#',
      'REPUTATION#',
      'REVIEW#',
      'LINKED_PAIR#',
    ],
    indexes: ['GSI1', 'GSI2'],
    sendEmail: true,
    publicUrl: true,
    files: { public: 'read' },
  },
  // Reports, blocks, the moderation queue: e-mails the person an action is about (a link to their ads),
  // unpublishes ads (their views name the images' public URLs, built without reading a file); a
  // suspension expires the Checkout Sessions open for the person's contracts (Stripe).
  moderation: {
    table: 'readWrite',
    partitions: ['MODCASE#', 'USER#', 'TERMS', 'BUCKET#', 'AD#', 'PT#', 'PTN#', 'PTV#', 'DT#', 'PR#', 'CONV#', 'CONTRACT#', 'REVIEW#'],
    indexes: ['GSI1'],
    secrets: ['stripe'],
    sendEmail: true,
    publicUrl: true,
    files: { public: 'read' },
  },
  // Publishes chat events to both participants, schedules the e-mail reminder of an unread message,
  // signs URLs of the attachments (private area) and builds those of the ads' images (public).
  chat: {
    table: 'readWrite',
    partitions: ['CONV#', 'USER#', 'TERMS', 'BUCKET#', 'AD#', 'FILE#'],
    indexes: ['GSI1'],
    publicUrl: true,
    publish: ['chatEvent'],
    scheduler: true,
    files: { private: 'read', public: 'read' },
  },
  // Contracts: e-mails the tenant a proposal or an edit, publishes contract events and the chat's
  // system lines to both parties, signs URLs of the contracts' files (private area), opens and expires
  // Checkout Sessions (Stripe) when the tenant pays.
  // Issues the credit notes of the refunds it records; signs the links to the documents' PDFs (an HMAC with the JWT key).
  contracts: {
    table: 'readWrite',
    partitions: [
      'CONTRACT#',
      'USER#',
      'TERMS',
      'BUCKET#',
      'AD#',
      'CONV#',
      'FILE#',
      'DOCUMENT_SEQUENCE#',
      'REPUTATION#',
      'TRANSACTION_PAIR#',
      'LINK_MARK#',
      'LINKED_PAIR#',
    ],
    indexes: ['GSI1', 'GSI2', 'GSI3'],
    secrets: ['stripe', 'jwt'],
    sendEmail: true,
    publicUrl: true,
    publish: ['contractEvent', 'chatEvent'],
    files: { private: 'read' },
    platformFee: true,
    platformIdentity: true,
  },
  // Alerts: e-mails the confirmation link, signs the links' tokens (an HMAC with the JWT key).
  alerts: {
    table: 'readWrite',
    partitions: ['ALERT#', 'ALERT_CELL#', 'USER#', 'TERMS', 'BUCKET#'],
    indexes: ['GSI1'],
    secrets: ['jwt'],
    sendEmail: true,
    publicUrl: true,
  },
  // One-click unsubscribe of a digest: checks the token (JWT key) and deletes the alert.
  'alert-unsubscribe': { table: 'readWrite', partitions: ['ALERT#', 'ALERT_CELL#'], secrets: ['jwt', 'originVerify'] },
  // The weekly digest's cron job: schedules one run per shard (alert-digest-shards).
  'alert-digest': { scheduler: true },
  // One shard of the weekly digest: reads new ads and the alerts of their cells, e-mails each alert
  // its digest (cards with the ads' images), records what it sent.
  // A shard may take minutes (its e-mails go at SES's pace): the Lambda's longest run.
  'alert-digest-shards': {
    table: 'readWrite',
    partitions: ['ALERT#', 'ALERT_CELL#', 'DIGEST_RUN'],
    indexes: ['GSI2'],
    secrets: ['jwt'],
    sendEmail: true,
    publicUrl: true,
    files: { public: 'read' },
    memorySize: 1024,
    timeoutSeconds: 900,
  },
  // The contact form: e-mails the team (CONTACT_EMAIL); the table holds its limits per source and sender.
  contact: { table: 'readWrite', partitions: ['BUCKET#', 'CONTACT_HELD'], sendEmail: true, publicUrl: true, contactEmail: true },
  // The pages the server paints (an ad's, the search) and the sitemap: reads ads, their ratings and booked
  // dates and the search index, and writes the search's limits per source address; PUBLIC_URL for the absolute
  // URLs and the web app's index.html (fetched from the site); the ads' image URLs (built by the file store, no
  // object read). More memory is more CPU: React renders the page (the renderer parses about a second at a cold start).
  seo: {
    table: 'readWrite',
    partitions: ['AD#', 'USER#', 'REPUTATION#', 'PT#', 'PTN#', 'PTV#', 'DT#', 'PR#', 'BUCKET#', 'LINKED_PAIR#'],
    indexes: ['GSI2'],
    secrets: ['originVerify'],
    publicUrl: true,
    files: { public: 'read' },
    pageRenderer: true,
    memorySize: 1024,
  },
  // Onboarding with the payment provider: Stripe calls (its secret key), the user item's payment state,
  // PUBLIC_URL for the pages Stripe's onboarding comes back to.
  payments: { table: 'readWrite', partitions: ['USER#', 'TERMS', 'BUCKET#'], secrets: ['stripe'], publicUrl: true },
  // Stripe's webhook: verifies each event with the signing secret, marks it handled, applies it. A paid
  // contract: its contract events published and the contract-paid job scheduled (again on a duplicate
  // of the payment), which schedules the payout; a payment that cannot apply refunded (Stripe), the
  // tenant e-mailed when its dates went to another contract. Refunds made elsewhere, disputes, fraud
  // warnings and reversals: recorded on the contract (a transfer reversed at Stripe), each step told to
  // both parties (a conversation line, e-mails) and the team (CONTACT_EMAIL) for what needs them.
  'stripe-webhook': {
    table: 'readWrite',
    partitions: [
      'PAYMENT_EVENT#',
      'CONTRACT#',
      'AD#',
      'USER#',
      'CONV#',
      'DOCUMENT_SEQUENCE#',
      'REPUTATION#',
      'TRANSACTION_PAIR#',
      'LINK_MARK#',
      'LINKED_PAIR#',
    ],
    indexes: ['GSI1'],
    secrets: ['originVerify', 'stripe'],
    sendEmail: true,
    publicUrl: true,
    // The payment's conversation line is the contract-paid job's (contract-payouts); the money events' are the webhook's.
    publish: ['contractEvent', 'chatEvent'],
    scheduler: true,
    contactEmail: true,
    // The credit notes of the refunds and chargebacks it records.
    platformIdentity: true,
  },
  // The contracts' one-time jobs: what follows a payment (receipts, the conversation's line, the
  // closing and rating reminders scheduled), the payout (Stripe transfer) and its retries with backoff
  // (scheduled: the stack names its own ARN ahead), then PAYOUT_DONE and CLOSED, each e-mailed or
  // published to the parties.
  'contract-payouts': {
    table: 'readWrite',
    partitions: ['CONTRACT#', 'AD#', 'USER#', 'CONV#', 'DOCUMENT_SEQUENCE#', 'REPUTATION#', 'TRANSACTION_PAIR#', 'LINKED_PAIR#'],
    secrets: ['stripe'],
    sendEmail: true,
    publicUrl: true,
    publish: ['contractEvent', 'chatEvent'],
    scheduler: true,
    // The receipt and the fee invoice of a paid contract, issued by the contract-paid job.
    platformIdentity: true,
  },
  // A contract document's PDF (GET /documents/pdf): checks the link's token (JWT key) and the reader's rights,
  // reads the document, writes the PDF with the font its bundle carries.
  'contract-documents': { table: 'read', partitions: ['CONTRACT#', 'USER#'], secrets: ['jwt', 'originVerify'], pdfFonts: true },
  // Ratings: reads contracts, ads and users, writes ratings, reviews and aggregates; schedules the
  // publication of a lone rating at its deadline (rating-jobs).
  ratings: {
    table: 'readWrite',
    partitions: ['CONTRACT#', 'REVIEW#', 'REPUTATION#', 'AD#', 'USER#', 'TERMS', 'LINKED_PAIR#'],
    indexes: ['GSI1', 'GSI2'],
    scheduler: true,
    secrets: ['jwt'],
  },
  // Favourites: the user's saved ads; their cards come from the search index with the public URLs of
  // their images (the file store builds them, it reads no object).
  favourites: { table: 'readWrite', partitions: ['USER#', 'TERMS', 'AD#'], indexes: ['GSI1'], publicUrl: true, files: { public: 'read' } },
  // The ratings' one-time jobs: publishes a lone rating (its review and the aggregates); e-mails the
  // reminders with their links (the unsubscribe token is an HMAC with the JWT key). Schedules nothing.
  'rating-jobs': {
    table: 'readWrite',
    partitions: ['CONTRACT#', 'REVIEW#', 'REPUTATION#', 'AD#', 'USER#', 'LINKED_PAIR#'],
    secrets: ['jwt'],
    sendEmail: true,
    publicUrl: true,
  },
  // One-click unsubscribe from the rating reminders: checks the token (JWT key), marks the user.
  'rating-reminders-unsubscribe': { table: 'readWrite', partitions: ['USER#'], secrets: ['jwt', 'originVerify'] },
  // The chat's reminder job: e-mails a link to the conversation.
  'chat-reminders': { table: 'readWrite', partitions: ['CONV#', 'USER#'], sendEmail: true, publicUrl: true },
  // Privacy rights (docs/privacy.md): reads every item of one person for their export (the ads' picture
  // URLs built, no object read), writes its file (private) and signs its link; a deletion unpublishes and
  // deletes ads with their pictures (public) and the person's other uploads (any area), cancels their open
  // proposals as they would (the Checkout Session expired at Stripe, the other party told by e-mail and
  // in the conversation), and schedules the jobs that finish it and delete an export's file (privacy-jobs).
  // A password checked (scrypt) and a person's whole history read: more memory, and the API's 30 s.
  privacy: {
    table: 'readWrite',
    partitions: [...ACCOUNT_DELETION_PARTITIONS, 'TERMS', 'BUCKET#'],
    indexes: ['GSI1', 'GSI2'],
    secrets: ['stripe'],
    sendEmail: true,
    publicUrl: true,
    publish: ['contractEvent', 'chatEvent'],
    scheduler: true,
    files: { incoming: 'readWrite', public: 'readWrite', private: 'readWrite', quarantine: 'readWrite' },
    memorySize: 1024,
    timeoutSeconds: 30,
  },
  // The privacy rights' one-time jobs: a deletion finished (the same steps as the privacy Lambda's), an
  // export's file deleted. Schedules nothing.
  'privacy-jobs': {
    table: 'readWrite',
    partitions: ACCOUNT_DELETION_PARTITIONS,
    indexes: ['GSI1', 'GSI2'],
    secrets: ['stripe'],
    sendEmail: true,
    publicUrl: true,
    publish: ['contractEvent', 'chatEvent'],
    files: { incoming: 'readWrite', public: 'readWrite', private: 'readWrite', quarantine: 'readWrite' },
    memorySize: 1024,
    timeoutSeconds: 300,
  },
};
