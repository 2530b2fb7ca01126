// Reports (docs/moderation.md): a USER reports an item once; the case of the item collects the reports
// with what the item said each time. The reporter is thanked the same way whether they reported it
// before or not, and never learns who else did.

import { assertValid, oneOf, REPORT_REASONS, required, type ReportInput, type ReportReceipt } from '@partage/graphql';
import { addReport } from '../../data/moderation';
import { now } from '../clock';
import { requireRole, USER_ONLY, type Identity } from '../identity';
import { enforceRateLimit } from '../rate-limits';
import { REPORTABLES } from './reportables';

const KINDS = Object.keys(REPORTABLES);

/** A case is the item's: the same id whoever reports it. */
export const caseIdOf = (kind: string, itemId: string) => `${kind}.${itemId}`;

export async function reportItem(identity: Identity, input: ReportInput): Promise<ReportReceipt> {
  const reporterId = requireRole(identity, USER_ONLY);
  assertValid([
    ['input.kind', required(input?.kind) ?? oneOf(KINDS)(input.kind)],
    ['input.itemId', required(input?.itemId)],
    ['input.reason', required(input?.reason) ?? oneOf(REPORT_REASONS)(input.reason)],
  ]);
  const { kind, itemId, reason } = input;
  await enforceRateLimit('report', reporterId);
  const item = await REPORTABLES[kind](identity, { itemId, conversationId: input.conversationId });
  const recorded = await addReport(
    { id: caseIdOf(kind, itemId), kind, itemId, conversationId: item.conversationId, subjectUserId: item.subjectUserId },
    { reporterId, reason, note: input.note?.trim() || null, reportedAt: now().toISOString(), content: item.content },
  );
  return { kind, itemId, alreadyReported: !recorded };
}
