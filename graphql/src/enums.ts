// Shared enumerations of spec §3. The GraphQL schema declares the same values; web forms
// and resolvers both import from here so a value list is written once.

import type { ModerationAction, ReportItemKind, ReportReason } from './generated/types';

export const USER_TYPES = ['ANONYME', 'ADMIN', 'USER'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const AD_CATEGORIES = [
  'PROFESSIONAL_KITCHEN',
  'DELIVERY_TRUCK',
  'STORAGE_SPACE',
  'PROFESSIONAL_COOKING_EQUIPMENT',
  'PREP_EQUIPMENT',
  'REFRIGERATION_EQUIPMENT',
  'HEAVY_EQUIPMENT',
  'SURPLUS',
  'OTHER',
] as const;
export type AdCategory = (typeof AD_CATEGORIES)[number];

export const INDUSTRIES = [
  'FOOD_PROCESSING_AND_DISTRIBUTION',
  'CATERING',
  'RETAIL',
  'EDUCATION_AND_TEACHING',
  'HEALTH_AND_SOCIAL_SERVICES',
  'TRANSPORT',
  'OTHER',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const ORGANIZATION_TYPES = [
  'NON_PROFIT_ORGANIZATIONS',
  'PRIVATE_COMPANY',
  'PUBLIC_SECTOR',
  'SOCIAL_ECONOMY_ORGANIZATIONS',
  'FOOD_PROCESSING_ORGANIZATIONS',
  'AGRICULTURE_ORGANIZATIONS',
  'NON_PROFIT',
  'OTHER',
] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const REGISTERING_INTERESTS = ['VIEW_AD', 'SHOW_EQUIPMENT', 'PROJECT_IN_GENERAL'] as const;
export type RegisteringInterest = (typeof REGISTERING_INTERESTS)[number];

export const CONTENT_LANGUAGES = ['FRENCH', 'ENGLISH'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

export const UI_LANGUAGES = ['fr', 'en'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'fr';

export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const TRUCK_TYPES = ['VAN', 'CUBE_12_FT', 'CUBE_14_FT', 'CUBE_16_FT_AND_MORE', 'OTHER'] as const;
export type TruckType = (typeof TRUCK_TYPES)[number];

export const KITCHEN_EQUIPMENT = [
  'COLD_ROOM',
  'COOKING_TOOLS',
  'DRY_STORAGE_SPACE',
  'FREEZER',
  'FRIDGE',
  'MICROWAVES',
  'OTHER',
  'OVEN',
  'SINK_DISHWASHER',
  'STOVE',
  'WORKPLAN',
] as const;
export type KitchenEquipment = (typeof KITCHEN_EQUIPMENT)[number];

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A part of the day: what an availability restriction makes unavailable on its date. */
export const DAY_PERIODS = ['ALL_DAY', 'DAY', 'EVENING'] as const;
export type DayPeriod = (typeof DAY_PERIODS)[number];

export const CERTIFICATIONS = ['RESTAURANT_KITCHEN_PERMIT', 'C1_KITCHEN_PERMIT', 'HACCP', 'GFSI'] as const;
export type Certification = (typeof CERTIFICATIONS)[number];

export const ALLERGENS = [
  'NUTS',
  'PEANUTS',
  'SESAME',
  'WHEAT',
  'GLUTEN',
  'SULPHITES',
  'EGGS',
  'MILK',
  'SOY',
  'CRUSTACEANS_MOLLUSCS_FISH',
  'MUSTARD',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const PRICE_RANGES = ['FROM_0_TO_100', 'FROM_100_TO_500', 'FROM_500_TO_1000', 'FROM_1000_TO_2000', 'FROM_2000'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

/** How a rent or sale price is given: an amount, a bucket of PRICE_RANGES, or to be determined. */
export const PRICE_KINDS = ['AMOUNT', 'RANGE', 'TO_BE_DETERMINED'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** What a rent price is for (GraphQL RentUnit): an hour, a day, a week, a month, or the whole rental. */
export const RENT_UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'FLAT'] as const;
export type RentUnit = (typeof RENT_UNITS)[number];

/** Sort orders of the ad search (GraphQL AdSort); the distance orders need a place. */
export const SORT_OPTIONS = ['DISTANCE_ASC', 'DISTANCE_DESC', 'DATE_ASC', 'DATE_DESC', 'PRICE_ASC', 'PRICE_DESC', 'RATING_DESC'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** How an ad is offered (GraphQL OfferMode), in the order cards and filters list them. */
export const OFFER_MODES = ['RENT', 'SALE', 'TRADE', 'DONATION'] as const;
export type OfferModeName = (typeof OFFER_MODES)[number];

/**
 * A contract's states (spec §3), plus what users expect beyond the spec: CANCELLED (by either party
 * before payment) and REFUNDED (a paid contract cancelled before the payout). The transitions and who
 * may fire each: functions/domain/contracts/contract-states.ts.
 */
export const CONTRACT_STATUSES = ['SUBMITTED', 'PAID', 'PAYOUT_DONE', 'CLOSED', 'CANCELLED', 'REFUNDED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** How a contract's start and end are given: calendar days, or whole hours (Quebec time). */
export const DATE_PRECISIONS = ['DAY', 'HOUR'] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];

export const LOG_LEVELS = ['Information', 'Warning', 'Error', 'Critical'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What an e-mailed link (e-mail address + token) is for. */
export const TOKEN_TYPES = ['EMAIL_CONFIRMATION', 'PASSWORD_RESET', 'ADMIN_INVITATION', 'EMAIL_CHANGE'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export const TOKEN_STATUSES = ['VALID', 'INVALID', 'EXPIRED', 'USED'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

/** Trust and safety (docs/moderation.md): the reasons a report offers, in the order the form lists them (the schema's ReportReason). */
export const REPORT_REASONS = ['SPAM', 'SCAM', 'OFFENSIVE', 'PROHIBITED', 'HARASSMENT', 'OTHER'] as const satisfies readonly ReportReason[];
export const MODERATION_ACTIONS = ['DISMISS', 'HIDE_AD', 'HIDE_COMMENT', 'SUSPEND_ACCOUNT'] as const satisfies readonly ModerationAction[];
/** The actions that act on one kind of item only (the others apply to any case). */
const KIND_ACTIONS: Partial<Record<ModerationAction, ReportItemKind>> = { HIDE_AD: 'AD', HIDE_COMMENT: 'RATING_COMMENT' };
/** The actions a case of `kind` allows, in the form's order (the server refuses the others). */
export const moderationActionsFor = (kind: ReportItemKind): ModerationAction[] =>
  MODERATION_ACTIONS.filter((action) => (KIND_ACTIONS[action] ?? kind) === kind);

/** How an ad's price reads (issue 39 §3): the sales taxes come on top of it, or it holds them. */
export const TAX_MODES = ['ADDED', 'INCLUDED'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

/**
 * An organisation's sales-tax status. NOT_STATED (accounts made before the question, and anyone who
 * has not answered) collects no taxes, as a small supplier does (graphql/src/sales-taxes.ts).
 */
export const TAX_STATUSES = ['NOT_STATED', 'REGISTERED', 'SMALL_SUPPLIER'] as const;
export type TaxStatus = (typeof TAX_STATUSES)[number];
