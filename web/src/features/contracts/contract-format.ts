// How the contract screens show a contract's values: the ad's title in the reader's language (or
// the other one), money as each language writes it (graphql/src/money.ts), amounts as the form types them.
import { formatContractPeriod, formatMoney, QUEBEC_TIME_ZONE, type UiLanguage } from '@partage/graphql';
import type { ResultOf } from '../../lib/api/documents';
import type { ADMIN_CONTRACTS, CONTRACT, MY_CONTRACTS } from './operations';

export type ContractDetails = NonNullable<ResultOf<typeof CONTRACT>['contract']>;
export type ContractLine = ResultOf<typeof MY_CONTRACTS>['myContracts']['items'][number];
export type AdminContractLine = ResultOf<typeof ADMIN_CONTRACTS>['adminContracts']['items'][number];
export type ContractMoney = NonNullable<ContractDetails['money']>;

const uiLanguage = (language: string): UiLanguage => (language === 'en' ? 'en' : 'fr');

/** A text in the reader's language when there is one, else in the other. */
export const localized = (text: { fr?: string | null; en?: string | null }, language: string): string =>
  (uiLanguage(language) === 'en' ? (text.en ?? text.fr) : (text.fr ?? text.en)) ?? '';

export const money = (cents: number, language: string): string => formatMoney(cents, uiLanguage(language));

/** Cents as the price field shows them (`1234,50` in French): integer arithmetic, no float. */
export const typedAmount = (cents: number, language: string): string =>
  `${Math.floor(cents / 100)}${uiLanguage(language) === 'fr' ? ',' : '.'}${String(cents % 100).padStart(2, '0')}`;

/** An instant as a date and time of Quebec, in the reader's language. */
export const dateTime = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(uiLanguage(language) === 'en' ? 'en-CA' : 'fr-CA', {
    timeZone: QUEBEC_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));

/** A contract's period in words (the same as its e-mails). */
export const period = (value: { precision: 'DAY' | 'HOUR'; start: string; end: string }, language: string): string =>
  formatContractPeriod(value, uiLanguage(language));

/** What comes next for the reader (the dashboard's "what to do next"): only an unpaid contract differs by side. */
export const nextStepKey = (role: 'OWNER' | 'TENANT' | 'ADMIN', status: string): string =>
  status === 'SUBMITTED' ? `next.SUBMITTED_${role}` : `next.${status}`;
