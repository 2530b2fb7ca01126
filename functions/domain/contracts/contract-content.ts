// A proposal or an edit as the server keeps it: the form's rules (graphql/src/contract-validation.ts)
// checked on the normalised input, the terms' HTML sanitised like an ad's description, each file a
// checked PRIVATE_DOCUMENT of the owner's (or one the contract already holds), the period's instants
// computed, and the total, the platform's fee and the sales taxes fixed for this version from the ad's
// tax mode and the owner's tax status (contract-taxes.ts), and the ad's cancellation policy. Then the ad: the period inside its
// availability, and clear of the periods held for its other contracts.

import {
  AppError,
  assertValid,
  contractInputChecks,
  firstUnavailableDay,
  periodInstants,
  quebecToday,
  richTextEmpty,
  type ContractPeriodInput,
  type RuleResult,
} from '@partage/graphql';
import { platformFeeEnv, platformTaxEnv } from '../../adapters/env';
import type { AdRecord } from '../../data/ads';
import { bookedPeriods, type ContractContent, type ContractFileRecord, type TaxLinesRecord } from '../../data/contracts';
import { getFiles } from '../../data/files';
import type { UserRecord } from '../../data/users';
import { sanitizeDescription } from '../ads/ad-input';
import { cancellationPolicyOf, taxModeOf } from '../ads/ad-view';
import { now } from '../clock';
import { periodsOverlap } from './booking-periods';
import { contractMoneyOf, contractTaxesOf } from './contract-taxes';
import { platformFeeSettingsOf, platformTaxRegistrationOf } from './platform-fee';

export interface ContractContentInput {
  period: ContractPeriodInput;
  totalPriceCents: number;
  terms: string;
  files?: readonly { fileId: string; name: string }[] | null;
  disclaimerAccepted: boolean;
}

const prefixed = (checks: Array<[string, RuleResult]>): Array<[string, RuleResult]> =>
  checks.map(([path, rule]) => [`input.${path}`, rule]);

/**
 * The files as stored: each once, a STORED PRIVATE_DOCUMENT uploaded by the owner, or a file of the
 * contract's present version (kept through an edit).
 */
async function checkedFiles(ownerId: string, inputs: readonly { fileId: string; name: string }[], kept: readonly ContractFileRecord[]) {
  const files = new Map((await getFiles(inputs.map((f) => f.fileId))).map((file) => [file.id, file]));
  const keptIds = new Set(kept.map((file) => file.fileId));
  assertValid(
    inputs.map(({ fileId }, index): [string, RuleResult] => {
      const file = files.get(fileId);
      const usable =
        inputs.findIndex((f) => f.fileId === fileId) === index &&
        (keptIds.has(fileId) || (file?.status === 'STORED' && file.purpose === 'PRIVATE_DOCUMENT' && file.ownerId === ownerId));
      return [`input.files.${index}.fileId`, usable ? null : 'fileType'];
    }),
  );
  return inputs.map(({ fileId, name }): ContractFileRecord => {
    const { contentType, size } = files.get(fileId)!;
    return { fileId, name: name.trim(), contentType, size };
  });
}

/**
 * The content of a new version of a contract for `ad` by its owner (read now: their tax status of
 * today applies); VALIDATION_FAILED (paths `input.…`) with every broken rule.
 */
export async function contractContentOf(
  owner: UserRecord,
  ad: AdRecord,
  input: ContractContentInput,
  keptFiles: readonly ContractFileRecord[] = [],
): Promise<ContractContent> {
  const files = (input.files ?? []).map(({ fileId, name }) => ({ fileId, name: name ?? '' }));
  const terms = sanitizeDescription(input.terms ?? '');
  const period = { precision: input.period?.precision, start: input.period?.start ?? '', end: input.period?.end ?? '' };
  assertValid(
    prefixed(
      contractInputChecks(
        { period, totalPriceCents: input.totalPriceCents, terms: input.terms ?? '', files, disclaimerAccepted: input.disclaimerAccepted },
        now(),
      ),
    ),
  );
  // Sanitising may leave nothing of what was sent (only scripts, say).
  assertValid([['input.terms', richTextEmpty(terms)]]);
  const instants = periodInstants(period)!;
  return {
    ...period,
    startAt: instants.startAt.toISOString(),
    endAt: instants.endAt.toISOString(),
    ...contractMoneyOf({
      priceCents: input.totalPriceCents,
      mode: taxModeOf(ad.content) ?? 'ADDED',
      owner,
      platform: platformTaxRegistrationOf(platformTaxEnv()),
      fee: platformFeeSettingsOf(platformFeeEnv()),
      day: quebecToday(now()),
    }),
    // The ad's policy of today binds the version (a later change of the ad changes no paid rental).
    ...(cancellationPolicyOf(ad.content) ? { cancellationPolicy: cancellationPolicyOf(ad.content)! } : {}),
    terms,
    files: await checkedFiles(owner.id, files, keptFiles),
    disclaimerAccepted: true,
  };
}

/**
 * The ad may be booked for the content's period: inside its availability (VALIDATION_FAILED
 * `input.period`, rule outsideAvailability) and clear of every period held for another of its
 * contracts (DATES_UNAVAILABLE). The hold placed at payment is what enforces it against a race.
 */
export async function assertBookable(ad: AdRecord, content: ContractContent, contractId?: string): Promise<void> {
  assertValid([['input.period', firstUnavailableDay(content, ad.content.availability) ? 'outsideAvailability' : null]]);
  const held = await bookedPeriods(ad.id, now().toISOString());
  if (held.some((hold) => hold.contractId !== contractId && periodsOverlap(hold, content))) {
    throw new AppError('DATES_UNAVAILABLE', 'These dates are held for another contract of this ad');
  }
}

const sameTaxLines = (a: TaxLinesRecord, b: TaxLinesRecord): boolean =>
  a.baseCents === b.baseCents &&
  a.gstCents === b.gstCents &&
  a.qstCents === b.qstCents &&
  a.gstNumber === b.gstNumber &&
  a.qstNumber === b.qstNumber;

/** Whether an edit changes nothing the tenant would see (spec §4: such a save is skipped with a notice). */
export const sameContent = (a: ContractContent, b: ContractContent): boolean =>
  a.precision === b.precision &&
  a.start === b.start &&
  a.end === b.end &&
  a.totalPriceCents === b.totalPriceCents &&
  // The same total may break down otherwise (the owner registered since, in INCLUDED mode).
  sameTaxLines(contractTaxesOf(a).owner, contractTaxesOf(b).owner) &&
  a.terms === b.terms &&
  a.disclaimerAccepted === b.disclaimerAccepted &&
  JSON.stringify(a.files.map((f) => [f.fileId, f.name])) === JSON.stringify(b.files.map((f) => [f.fileId, f.name]));
