// How the contract screens show a contract's values: the ad's title in the reader's language (or
// the other one), money as each language writes it (graphql/src/money.ts).
import { formatContractPeriod, formatMoney, QUEBEC_TIME_ZONE, type UiLanguage } from '@partage/graphql';
import type { ResultOf } from '../../lib/api/documents';
import type { ADMIN_CONTRACTS, CONTRACT, MY_CONTRACTS } from './operations';

export type ContractDetails = NonNullable<ResultOf<typeof CONTRACT>['contract']>;
export type ContractLine = ResultOf<typeof MY_CONTRACTS>['myContracts']['items'][number];
export type AdminContractLine = ResultOf<typeof ADMIN_CONTRACTS>['adminContracts']['items'][number];
export type ContractMoney = NonNullable<ContractDetails['money']>;
export type ContractDocumentDetails = ContractDetails['documents'][number];

const uiLanguage = (language: string): UiLanguage => (language === 'en' ? 'en' : 'fr');

/** A text in the reader's language when there is one, else in the other. */
export const localized = (text: { fr?: string | null; en?: string | null }, language: string): string =>
  (uiLanguage(language) === 'en' ? (text.en ?? text.fr) : (text.fr ?? text.en)) ?? '';

export const money = (cents: number, language: string): string => formatMoney(cents, uiLanguage(language));

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
export const nextStepKey = (role: 'OWNER' | 'TENANT' | 'ADMIN', status: string, cancelled = false): string =>
  status === 'SUBMITTED' ? `next.SUBMITTED_${role}` : cancelled && status === 'PAID' ? 'next.CANCELLED_PAID' : `next.${status}`;
