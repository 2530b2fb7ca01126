// What each step of a contract tells its parties: a system line in the conversation it came from,
// an event to each party's open pages (they read the contract again), and for a proposal or an edit
// an e-mail to the tenant in their language with a link to the contract.

import { randomUUID } from 'node:crypto';
import {
  formatContractPeriod,
  formatMoney,
  formatTaxRate,
  QUEBEC_TIME_ZONE,
  type ContractStepKind,
  type UiLanguage,
} from '@partage/graphql';
import { mailer } from '../../adapters/mailer';
import { publisher } from '../../adapters/publisher';
import { getAds } from '../../data/ads';
import { contractDocuments } from '../../data/contract-documents';
import { claimContractNotice, releaseContractNotice, type ContractRecord, type ContractTaxesRecord } from '../../data/contracts';
import { getUsers } from '../../data/user-directory';
import { postContractStepLine } from '../chat/contract-lines';
import { renderEmail, type EmailName } from '../emails';
import { contactEmail } from '../../adapters/env';
import { ownerShareCents, refundedCents, reversedCents } from './contract-money';
import { contractTaxesOf } from './contract-taxes';
import { creditDocumentValues, paidDocumentValues } from './document-emails';
import { appLink } from '../links';
import { adTitleIn } from '../ads/ad-title';

/** The contract's page. */
const contractPath = (contractId: string) => `/contrats/${encodeURIComponent(contractId)}`;

async function emailTenant(contract: ContractRecord, kind: 'PROPOSED' | 'UPDATED'): Promise<void> {
  const [users, [ad]] = await Promise.all([getUsers([contract.ownerId, contract.tenantId]), getAds([contract.adId])]);
  const owner = users.find((user) => user.id === contract.ownerId);
  const tenant = users.find((user) => user.id === contract.tenantId);
  if (!tenant || !owner) return;
  const language = tenant.language;
  const adTitle = adTitleIn(ad, language);
  await mailer().send({
    to: tenant.email,
    ...renderEmail(kind === 'PROPOSED' ? 'contractProposed' : 'contractUpdated', language, {
      name: owner.publicName,
      title: adTitle,
      period: formatContractPeriod(contract.content, language),
      total: formatMoney(contract.content.totalPriceCents, language),
      version: String(contract.version),
      link: appLink(contractPath(contract.id)),
    }),
  });
}

/** The party as a receipt names them: their organisation, and the name they show. */
const partyLine = (user: { publicName: string; organizationName?: string | null }) =>
  user.organizationName && user.organizationName !== user.publicName ? `${user.organizationName} (${user.publicName})` : user.publicName;

/** The receipt of a paid contract, to each party in their language (their books need it). */
async function emailReceipts(contract: ContractRecord): Promise<void> {
  const [users, [ad], documents] = await Promise.all([
    getUsers([contract.ownerId, contract.tenantId]),
    getAds([contract.adId]),
    contractDocuments(contract.id),
  ]);
  const owner = users.find((user) => user.id === contract.ownerId);
  const tenant = users.find((user) => user.id === contract.tenantId);
  if (!owner || !tenant) return;
  const { totalPriceCents, platformFeeCents } = contract.content;
  const taxes = contractTaxesOf(contract.content);
  await Promise.all(
    [owner, tenant].map(({ id, email, language }) =>
      mailer().send({
        to: email,
        ...renderEmail('contractPaid', language, {
          title: adTitleIn(ad, language),
          number: contract.id,
          version: String(contract.version),
          paidAt: formatInstant(contract.payment?.paidAt ?? contract.updatedAt, language),
          period: formatContractPeriod(contract.content, language),
          owner: partyLine(owner),
          tenant: partyLine(tenant),
          total: formatMoney(totalPriceCents, language),
          fee: formatMoney(platformFeeCents, language),
          share: formatMoney(totalPriceCents - platformFeeCents, language),
          ...taxLineValues(taxes, language),
          ...feeTaxLineValues(taxes, language),
          ...paidDocumentValues(contract, documents, id),
          link: appLink(contractPath(contract.id)),
        }),
      }),
    ),
  );
}

/** The receipt's GST and QST lines with the owner's numbers (`taxed`), or that it has none (`untaxed`). */
function taxLineValues({ owner, rates }: ContractTaxesRecord, language: UiLanguage): Record<string, string> {
  if (!owner.gstNumber || !owner.qstNumber || !rates) return { taxLines: 'untaxed' };
  return {
    taxLines: 'taxed',
    base: formatMoney(owner.baseCents, language),
    gst: formatMoney(owner.gstCents, language),
    qst: formatMoney(owner.qstCents, language),
    gstRate: formatTaxRate(rates.gst, language),
    qstRate: formatTaxRate(rates.qst, language),
    gstNumber: owner.gstNumber,
    qstNumber: owner.qstNumber,
  };
}

/** The GST and QST the platform's fee includes, with the platform's numbers (`feeTaxed`), or that it has none (`feeUntaxed`). */
function feeTaxLineValues({ platformFee, rates }: ContractTaxesRecord, language: UiLanguage): Record<string, string> {
  if (!platformFee.gstNumber || !platformFee.qstNumber || !rates) return { feeTaxLines: 'feeUntaxed' };
  return {
    feeTaxLines: 'feeTaxed',
    feeGst: formatMoney(platformFee.gstCents, language),
    feeQst: formatMoney(platformFee.qstCents, language),
    gstRate: formatTaxRate(rates.gst, language),
    qstRate: formatTaxRate(rates.qst, language),
    feeGstNumber: platformFee.gstNumber,
    feeQstNumber: platformFee.qstNumber,
  };
}

/** To the owner: their share left the platform. */
async function emailPayoutSent(contract: ContractRecord): Promise<void> {
  const [[owner], [ad]] = await Promise.all([getUsers([contract.ownerId]), getAds([contract.adId])]);
  if (!owner) return;
  const { language } = owner;
  const { totalPriceCents, platformFeeCents } = contract.content;
  await mailer().send({
    to: owner.email,
    ...renderEmail('contractPayoutSent', language, {
      title: adTitleIn(ad, language),
      number: contract.id,
      period: formatContractPeriod(contract.content, language),
      total: formatMoney(totalPriceCents, language),
      fee: formatMoney(platformFeeCents, language),
      share: formatMoney(totalPriceCents - platformFeeCents, language),
      link: appLink(contractPath(contract.id)),
    }),
  });
}

/** The money e-mails' values: the contract, where its money stands, and its page. */
function moneyValues(contract: ContractRecord, language: UiLanguage, ad: Awaited<ReturnType<typeof getAds>>[number] | undefined) {
  return {
    title: adTitleIn(ad, language),
    number: contract.id,
    period: formatContractPeriod(contract.content, language),
    total: formatMoney(contract.payment?.amountCents ?? contract.content.totalPriceCents, language),
    refunded: formatMoney(refundedCents(contract), language),
    share: formatMoney(ownerShareCents(contract), language),
    reversed: formatMoney(reversedCents(contract), language),
    // A cancellation's e-mail names its policy's text.
    policy: contract.cancellation?.policy ?? '',
    link: appLink(contractPath(contract.id)),
  };
}

/** A money step's e-mail to both parties (`parties`) or to the owner alone, each in their language. */
async function emailMoneyStep(contract: ContractRecord, name: EmailName, to: 'BOTH' | 'OWNER'): Promise<void> {
  const [users, [ad], documents] = await Promise.all([
    getUsers(to === 'BOTH' ? [contract.ownerId, contract.tenantId] : [contract.ownerId]),
    getAds([contract.adId]),
    CREDIT_EMAILS.has(name) ? contractDocuments(contract.id) : [],
  ]);
  await Promise.all(
    users.map(({ id, email, language }) =>
      mailer().send({
        to: email,
        ...renderEmail(name, language, {
          ...moneyValues(contract, language, ad),
          ...(CREDIT_EMAILS.has(name) ? creditDocumentValues(contract, documents, id) : {}),
        }),
      }),
    ),
  );
}

/** The money e-mails that name the credit notes their step issued (money given back). */
const CREDIT_EMAILS = new Set<EmailName>(['contractRefunded', 'contractPartlyRefunded', 'contractCancelled', 'contractDisputeLost']);

/** The e-mail of each money step, and who gets it. */
const MONEY_EMAILS: Partial<Record<ContractStepKind, [EmailName, 'BOTH' | 'OWNER']>> = {
  REFUNDED: ['contractRefunded', 'BOTH'],
  PARTLY_REFUNDED: ['contractPartlyRefunded', 'BOTH'],
  DISPUTE_OPENED: ['contractDisputeOpened', 'BOTH'],
  DISPUTE_WON: ['contractDisputeWon', 'BOTH'],
  DISPUTE_LOST: ['contractDisputeLost', 'BOTH'],
  PAYOUT_REVERSED: ['contractPayoutReversed', 'OWNER'],
};

/**
 * To the team (CONTACT_EMAIL, in French, its language): money that needs an administrator, with the
 * contract's page (its versions, terms and history: the evidence a dispute asks for) and, for a
 * dispute, the date the evidence is due. Nothing when the deployment has no team address.
 */
export async function emailAdministratorsOfMoney(
  contract: ContractRecord,
  what: 'DISPUTE_OPENED' | 'DISPUTE_LOST' | 'FRAUD_WARNING',
): Promise<void> {
  const to = contactEmail();
  if (!to) return;
  const [ad] = await getAds([contract.adId]);
  const dueBy = contract.dispute?.evidenceDueBy;
  await mailer().send({
    to,
    ...renderEmail(ADMIN_EMAILS[what], 'fr', {
      ...moneyValues(contract, 'fr', ad),
      reason: contract.dispute?.reason ?? contract.fraudWarning?.fraudType ?? '',
      dueBy: dueBy ? formatInstant(dueBy, 'fr') : '—',
      link: appLink('/gestion-contrats'),
      contractLink: appLink(contractPath(contract.id)),
    }),
  });
}

const ADMIN_EMAILS = {
  DISPUTE_OPENED: 'adminMoneyDisputeOpened',
  DISPUTE_LOST: 'adminMoneyDisputeLost',
  FRAUD_WARNING: 'adminMoneyFraudWarning',
} as const;

const formatInstant = (iso: string, language: UiLanguage) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-CA' : 'fr-CA', {
    timeZone: QUEBEC_TIME_ZONE,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso));

/**
 * To the tenant: a payment that completed after its dates were booked for another contract was
 * refunded (`amountCents`, what the session charged); the contract stays as it was.
 */
export async function emailPaymentRefundedDatesTaken(contract: ContractRecord, amountCents: number): Promise<void> {
  const [[tenant], [ad]] = await Promise.all([getUsers([contract.tenantId]), getAds([contract.adId])]);
  if (!tenant) return;
  const { language } = tenant;
  await mailer().send({
    to: tenant.email,
    ...renderEmail('paymentRefundedDatesTaken', language, {
      title: adTitleIn(ad, language),
      number: contract.id,
      period: formatContractPeriod(contract.content, language),
      total: formatMoney(amountCents, language),
      link: appLink(contractPath(contract.id)),
    }),
  });
}

/** Tells both parties of a step `actorId` made: their open pages at once, the conversation and the e-mails. */
export async function announceContractStep(contract: ContractRecord, kind: ContractStepKind, actorId: string): Promise<void> {
  await Promise.all([publishContractStep(contract, kind), tellPartiesOfStep(contract, kind, actorId)]);
}

/** What a step's live event says of the contract (the webhook's fast path knows it without reading the contract). */
export type PublishedContract = Pick<ContractRecord, 'id' | 'ownerId' | 'tenantId' | 'status' | 'version' | 'updatedAt'>;

/** The step's live event to each party's open pages (they read the contract again). */
export async function publishContractStep(contract: PublishedContract, kind: ContractStepKind): Promise<void> {
  await Promise.all(
    [contract.ownerId, contract.tenantId].map((userId) =>
      publisher().publish({
        name: 'contractEvent',
        data: { userId, contractId: contract.id, kind, status: contract.status, version: contract.version, at: contract.updatedAt },
      }),
    ),
  );
}

/**
 * Sends a step's notice once, whatever runs the step's telling again (the contract-paid job's retry, a
 * duplicate fire, a proposal's request sent again): the run that claims it sends it, and gives the
 * claim back if sending fails. `version`: once per version (a proposal's or an edit's e-mail).
 */
async function once(contract: ContractRecord, kind: ContractStepKind, send: () => Promise<void>, version?: number): Promise<void> {
  const token = randomUUID();
  if (!(await claimContractNotice(contract.id, kind, token, version))) return;
  try {
    await send();
  } catch (error) {
    await releaseContractNotice(contract.id, kind, token, version);
    throw error;
  }
}

/**
 * The step's line in the conversation (in `actorId`'s name; put once per step and version) and its
 * e-mails; the receipts of a payment go once.
 */
export async function tellPartiesOfStep(contract: ContractRecord, kind: ContractStepKind, actorId: string): Promise<void> {
  await Promise.all([
    postContractStepLine({
      conversationId: contract.conversationId,
      senderId: actorId,
      recipientId: actorId === contract.ownerId ? contract.tenantId : contract.ownerId,
      contractId: contract.id,
      kind,
      version: contract.version,
      occurrence: contract.history.filter((step) => step.kind === kind).length,
    }),
    ...(kind === 'PROPOSED' || kind === 'UPDATED' ? [once(contract, kind, () => emailTenant(contract, kind), contract.version)] : []),
    ...(kind === 'PAID' ? [once(contract, kind, () => emailReceipts(contract))] : []),
    ...(kind === 'PAYOUT_DONE' ? [emailPayoutSent(contract)] : []),
    // A tenant's cancellation is told once its refund is recorded, by whoever records it first (the
    // cancellation's request, or the provider's event); with nothing to give back, by the cancellation.
    ...((kind === 'CANCELLED' && contract.cancellation) || refundOfCancellation(contract, kind)
      ? [once(contract, 'CANCELLED', () => emailMoneyStep(contract, 'contractCancelled', 'BOTH'))]
      : []),
    ...(MONEY_EMAILS[kind] && !refundOfCancellation(contract, kind) ? [emailMoneyStep(contract, ...MONEY_EMAILS[kind])] : []),
  ]);
}

/**
 * The refund a tenant's cancellation gives: its step comes right after the cancellation's, and the
 * cancellation's e-mail tells it (a refund e-mail would say the contract still stands).
 */
export const refundOfCancellation = (contract: ContractRecord, kind: ContractStepKind): boolean =>
  Boolean(contract.cancellation) &&
  (kind === 'REFUNDED' || kind === 'PARTLY_REFUNDED') &&
  contract.history.at(-1)?.kind === kind &&
  contract.history.at(-2)?.kind === 'CANCELLED';
