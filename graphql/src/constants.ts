// Business constants of spec §9, in one place for web and functions.

export const STATUS_POLL_MS = 60_000;
export const TOKEN_STORAGE_CHECK_MS = 30_000;
export const TOKEN_RENEWAL_WAIT_POLL_MS = 50;
export const LOG_FLUSH_COUNT = 5;
export const LOG_FLUSH_DELAY_MS = 1_000;
export const NOTIFICATION_DURATION_MS = { success: 6_000, info: 6_000, warning: 8_000, error: 8_000 } as const;
export const NOTIFICATION_NEVER = -1;
export const PASSWORD_MIN_LENGTH = 10;
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_INTERVAL_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PAYOUT_DELAY_MS = 24 * 60 * 60 * 1000;
/**
 * The least time between a payment and its payout, whatever the rental's start: a day rental may start
 * "today" at a midnight already past, and money out an hour after a stolen card paid is a cash-out
 * path (issue 37 §5). The AWS host may set another (PAYOUT_MIN_AFTER_PAYMENT_MS in the functions' environment).
 */
export const PAYOUT_MIN_AFTER_PAYMENT_MS = 24 * 60 * 60 * 1000;
/** An administrator's reason for a refund: required, kept on the contract. */
export const REFUND_REASON_MAX_LENGTH = 500;

/**
 * Ratings (issue 21). After the rental's end each side has this many days to rate; a rating the other
 * side has not answered with theirs is published then (Airbnb's rule: nobody rates in retaliation).
 */
export const RATING_WINDOW_DAYS = 14;
/** A reminder goes at the end of the rental, and once more this many days later to a side that has not rated. */
export const RATING_SECOND_REMINDER_DAYS = 7;
/**
 * Reputation counts arm's-length rentals (issue 37 §8): of the reviews one author gives one user, and of
 * the rentals paid out between two accounts, one counts per this many days (from the one counted); the
 * others are published and listed but add to no average, count nor order (docs/ratings.md).
 */
export const REPUTATION_PAIR_PERIOD_DAYS = 90;
/** The administrators' list of linked accounts: pairs a page (docs/ratings.md). */
export const LINKED_ACCOUNTS_PAGE = { default: 20, max: 100 } as const;
/** A rating's comment and a review's answer, plain text. */
export const RATING_COMMENT_MAX_LENGTH = 1_000;
/** A page of a user's reviews on their public profile. */
export const REVIEWS_PAGE = { default: 10, max: 50 } as const;
export const RATING_MIN_STARS = 1;
export const RATING_MAX_STARS = 5;

/**
 * Contracts. The total is what the tenant pays, in CAD cents: at least what a card payment can charge
 * (50 cents), at most 100 000 $ (a GraphQL Int holds it with room to spare).
 */
export const CONTRACT_MIN_PRICE_CENTS = 50;
export const CONTRACT_MAX_PRICE_CENTS = 10_000_000;
/** The terms' HTML (sanitised like an ad's description). */
export const CONTRACT_TERMS_MAX_LENGTH = 20_000;
/** Other files joined to a contract (PRIVATE_DOCUMENT uploads), and the longest name shown for one. */
export const CONTRACT_MAX_FILES = 10;
/** Versions of one contract at most: an owner who needs more cancels and proposes anew (each version is kept whole). */
export const CONTRACT_MAX_VERSIONS = 20;
export const CONTRACT_FILE_NAME_MAX_LENGTH = 200;
/** Farthest a contract may start from today, in days. */
export const CONTRACT_MAX_DAYS_AHEAD = 2 * 365;
/** Longest a contract may last, in days. */
export const CONTRACT_MAX_DAYS = 366;
/** The longest period an export for the books covers (issue 39 §5): a year, a leap one included. */
export const BOOKS_EXPORT_MAX_DAYS = 366;
/** How many days either side of a refused period the contract form lists the ad's free days for (freeDaysAround). */
export const FREE_DAYS_REACH = 14;
/** A contract file's signed URL lasts this long (its page reads the contract again for new ones). */
export const CONTRACT_FILE_URL_MINUTES = 15;
/** A contract document's PDF link lasts this long: the page asks for one when the reader downloads. */
export const CONTRACT_DOCUMENT_LINK_MINUTES = 5;
/** Pages of a user's contracts (dashboard). */
export const CONTRACTS_PAGE = { default: 20, max: 50 } as const;
/**
 * The hours (Quebec time, [from, to)) an ad's day and evening availability stand for, when a contract
 * is given by the hour; a contract by the day needs its weekdays only.
 */
export const AVAILABILITY_HOURS = { DAY: [8, 17], EVENING: [17, 23] } as const;
export const DEFAULT_ALERT_RADIUS_KM = 10;
/** Alerts (docs/alerts.md): the place's label as address autocomplete gives it; alerts a USER may keep. */
export const ALERT_PLACE_LABEL_MAX_LENGTH = 300;
export const ALERTS_PER_USER_MAX = 20;
/** Favourites (issue 23): ads a user may keep saved (FAVOURITES_FULL past it), and pages of /favoris. */
export const FAVOURITES_PER_USER_MAX = 500;
export const FAVOURITES_PAGE = { default: 24, max: 100 } as const;
/** New ads listed in one digest e-mail; the rest are counted, with a link to the ad list. */
export const DIGEST_MAX_ADS = 20;
export const DEFAULT_GRAPHQL_PATH = '/graphql';
/** The confirmation e-mail can take this long to arrive (spec §9); the sign-up page says so. */
export const CONFIRMATION_EMAIL_DELAY_MINUTES = 10;

/** Longest accepted account texts, checked by the forms and the resolvers alike. */
export const ACCOUNT_TEXT_MAX_LENGTH = { name: 100, organization: 200, otherSpecification: 200, address: 300, email: 254 } as const;

/** Access tokens are short-lived; refresh tokens last a month and rotate on every use. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Two-factor login codes (e-mailed to administrators). */
export const TWO_FACTOR_CODE_TTL_SECONDS = 10 * 60;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

/** The token anonymous visitors send in `Authorization`; the authorizer maps it to ANONYME. */
export const ANONYMOUS_TOKEN = 'anonymous';

/** Texts of the login endpoint (spec §7, §8): the web app matches on them. */
export const LOGIN_TEXT = {
  twoFactorSent: '2FA code sent',
  emailNotConfirmed: 'Email not confirmed',
  lockedOut: 'User is locked out',
  invalid: 'Invalid username or password',
  invalidCode: 'Invalid code',
  /** HTTP 429, with a Retry-After header: a delay after failed logins, or too many requests. */
  tooManyAttempts: 'Too many attempts',
} as const;

/** Browser storage keys (spec §3). */
export const STORAGE_KEYS = {
  deviceId: 'partage.deviceId',
  /** Proof that this browser signed in before (given by /token/login); kept at logout, like the device id. */
  deviceToken: 'partage.deviceToken',
  token: 'partage.token',
  refreshToken: 'partage.refreshToken',
  refreshTokenStatus: 'partage.refreshTokenStatus',
  locale: 'partage.locale',
  mapLatitude: 'partage.mapLatitude',
  mapLongitude: 'partage.mapLongitude',
  mapZoom: 'partage.mapZoom',
  /** Set once an anonymous visitor has answered the first-visit invitation. */
  firstVisitModalClosed: 'partage.firstVisitModalClosed',
  /** sessionStorage: the page to come back to once onboarding with the payment provider is done (web/src/lib/payments/onboarding-return.ts). */
  onboardingReturn: 'partage.onboardingReturn',
  /** sessionStorage, followed by a conversation's id: the contract proposal being written in it. */
  contractDraft: 'partage.contractDraft.',
} as const;
export const DEVICE_ID_PREFIX = 'partage-web-';

/** Lifetimes of the links e-mailed by the accounts capability. */
export const EMAIL_CONFIRMATION_TTL_SECONDS = 48 * 60 * 60;
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 60 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
/** Admin invitations and the set-your-password link of an account created by an administrator. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Confirmation e-mails, and reset e-mails, sent to one address per hour at most (sign-up's own e-mail aside). */
export const ACCOUNT_EMAILS_PER_HOUR = 3;

/** Pages of the acceptances of a terms version (administrators). */
export const TERMS_ACCEPTANCES_PAGE = { default: 20, max: 100 } as const;

/** Pages of the administrators' user list. */
export const USERS_PAGE_DEFAULT_LIMIT = 20;
export const USERS_PAGE_MAX_LIMIT = 100;

/** What each upload purpose accepts: checked by the browser and the server, the size also by the storage. */
/**
 * What one account may keep in storage, all its files together (issue 22, finding 6): a few hundred
 * pictures and documents, far from what a script uploading all day would fill. Past it, requestUpload
 * and confirmUpload answer VALIDATION_FAILED on the size (rule storageQuota).
 */
export const STORAGE_QUOTA_BYTES = 2 * 1024 * 1024 * 1024;

export const UPLOAD_RULES = {
  PUBLIC_IMAGE: { contentTypes: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 10 * 1024 * 1024 },
  PRIVATE_DOCUMENT: { contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'], maxBytes: 20 * 1024 * 1024 },
  /** The terms of use and privacy policy PDFs of a terms version: uploaded by administrators, read by everyone. */
  LEGAL_DOCUMENT: { contentTypes: ['application/pdf'], maxBytes: 10 * 1024 * 1024 },
  /**
   * Files sent in a chat message: what people exchange about equipment (pictures, PDFs, office
   * documents, plain text and spreadsheets as CSV, ZIP archives). The server checks the bytes and
   * refuses anything dangerous whatever its name (docs/chat-attachments.md).
   */
  CHAT_ATTACHMENT: {
    contentTypes: [
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'application/pdf',
      'text/plain',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.oasis.opendocument.text',
      'application/vnd.oasis.opendocument.spreadsheet',
      'application/zip',
    ],
    maxBytes: 100 * 1024 * 1024,
  },
} as const;

/**
 * Chat (spec §4, §9). A message's attachments weigh CHAT_MESSAGE_MAX_BYTES at most in total; files
 * past it are left out with a notice, as are dangerous ones.
 */
export const CHAT_MESSAGE_MAX_BYTES = 100 * 1024 * 1024;
export const CHAT_MESSAGE_MAX_LENGTH = 5_000;
export const CHAT_MAX_ATTACHMENTS = 10;
export const CHAT_ATTACHMENT_NAME_MAX_LENGTH = 200;
/** How long the signed URL of an attachment reads it. */
export const CHAT_ATTACHMENT_URL_MINUTES = 15;
/** The sound of an incoming message and the unread-count refresh each wait this long after the last event. */
export const CHAT_DEBOUNCE_MS = 750;
/** A participant who leaves a new message unread this long gets one e-mail for that quiet period. */
export const CHAT_REMINDER_MINUTES = 15;
/** Characters of the last message shown in the conversation list. */
export const CHAT_PREVIEW_LENGTH = 140;
export const CHAT_MESSAGES_PAGE = { default: 30, max: 100 } as const;
export const CONVERSATIONS_PAGE = { default: 20, max: 50 } as const;

/** Phone verification codes (spec §4, §9): one request per 30 s (PHONE_CODE_INTERVAL_MS), valid 10 minutes, 5 tries. */
export const PHONE_CODE_TTL_SECONDS = 10 * 60;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** Ads: images per ad, the largest picture a user may choose (before the browser resizes it). */
export const AD_MAX_IMAGES = 10;
export const AD_IMAGE_SOURCE_MAX_BYTES = 15 * 1024 * 1024;
/**
 * Widths (px) the browser resizes each ad picture to, as WebP, before uploading: cards, detail,
 * full screen. A picture narrower than a width is uploaded at its own width once.
 */
export const AD_IMAGE_WIDTHS = [480, 1024, 1920] as const;
/** Longest ad texts; the description counts its sanitised HTML. */
export const AD_TEXT_MAX_LENGTH = {
  title: 120,
  description: 20_000,
  short: 1_000,
  alt: 250,
  address: 300,
  town: 100,
  organization: 200,
} as const;
/** A hidden address is shown as an area of this radius around a fixed point near it. */
export const AD_APPROXIMATE_RADIUS_METERS = 1_500;
/** Availability restrictions per ad. */
export const AD_MAX_RESTRICTIONS = 60;
/** Highest price accepted, in cents (10 million dollars). */
export const AD_MAX_PRICE_CENTS = 1_000_000_000;
/** Pages of ad lists. */
export const ADS_PAGE_DEFAULT_LIMIT = 24;
export const ADS_PAGE_MAX_LIMIT = 100;
/** Ad search (searchAds): page sizes, the circle's radius in whole kilometres, the keyword's length. */
export const SEARCH_PAGE_DEFAULT_LIMIT = 24;
export const SEARCH_PAGE_MAX_LIMIT = 48;
/** A search's count is exact up to this many ads; beyond, "more than" it. */
export const SEARCH_COUNT_BOUND = 500;
export const SEARCH_RADIUS_KM = { min: 1, max: 300, default: 25 } as const;
export const SEARCH_KEYWORD_MAX_LENGTH = 100;
/**
 * Where a search may be centred: Quebec with a margin (Ottawa, Labrador, the border towns). Farther
 * north, geohash cells narrow and a 300 km circle would cover thousands of them.
 */
export const SEARCH_AREA = { south: 43, north: 64, west: -81, east: -56 } as const;
/** Address autocomplete suggestions. */
export const PLACE_SUGGESTIONS_DEFAULT_LIMIT = 8;
export const PLACE_SUGGESTIONS_MAX_LIMIT = 20;
/** Cookie consent (spec §9, the consent script's cookie-duration option): a choice is kept this long, then asked again. */
export const CONSENT_COOKIE_DAYS = 14;
/** Error reporting (spec §9): the share of page loads and navigations whose performance trace is sent. */
export const ERROR_REPORTING_TRACES_SAMPLE_RATE = 0.5;
/**
 * Google Analytics 4 (spec §7): where gtag.js comes from, and the origins the site's Content-Security-Policy
 * opens when an analytics id is configured (Google's list for GA4: scripts, then the collect endpoints).
 */
export const ANALYTICS_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
export const ANALYTICS_SCRIPT_SOURCES = ['https://*.googletagmanager.com'] as const;
export const ANALYTICS_CONNECT_SOURCES = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
] as const;

/**
 * The contact form (/nous-joindre, docs/contact.md): the longest value of each text, how long a person
 * takes at least to fill it (a quicker submission is a robot's), and the reply delay the page promises
 * (spec §9: within 24 to 48 working hours).
 */
export const CONTACT_TEXT_MAX_LENGTH = { name: 100, organization: 200, subject: 200, message: 5_000 } as const;
export const CONTACT_MIN_FILL_MS = 3_000;
export const CONTACT_REPLY_WORKING_HOURS = { min: 24, max: 48 } as const;

/**
 * The `sizes` of an ad's main picture on its page (web AdGallery): the ad pages for crawlers preload the
 * same candidate (functions/domain/site/ad-page.ts), so the browser has it when the app shows it.
 */
export const AD_MAIN_PICTURE_SIZES = '(min-width: 72rem) 67rem, 100vw';

/**
 * The web app's pages the payment provider's hosted onboarding comes back to (spec §2: "payment provider
 * refresh link" when a link expired, "payment provider validate" when the owner leaves it), named by
 * the server in each link it asks for.
 */
export const PAYMENT_ONBOARDING_PATHS = {
  refresh: '/paiement/fournisseur/actualiser',
  validate: '/paiement/fournisseur/valider',
} as const;

/**
 * The web app's pages the hosted Checkout comes back to (spec §2: "payment success" and "payment
 * cancel"), each given the contract as `?contrat=<id>`.
 */
export const PAYMENT_CHECKOUT_PATHS = {
  success: '/paiement/succes',
  cancel: '/paiement/annule',
} as const;

/** How long a Checkout Session stays open, and the contract's dates are held for it (Stripe's minimum). */
export const CHECKOUT_SESSION_MINUTES = 30;

/** Trust and safety (docs/moderation.md): a report's optional note, and the reason an administrator gives for an action. */
export const REPORT_NOTE_MAX_LENGTH = 1_000;
export const MODERATION_REASON_MAX_LENGTH = 1_000;
/** The moderation queue's pages of cases. */
export const MODERATION_PAGE = { default: 20, max: 50 } as const;
