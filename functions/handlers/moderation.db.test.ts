// Trust and safety on DynamoDB Local: reports of ads, profiles, messages and ratings' comments, the
// moderation queue and its actions (with what reaches the reported person), blocks in a conversation.

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_TEXT } from '@partage/graphql';
import type {
  ContractRatings,
  Message,
  ModerationCase,
  ModerationCasePage,
  PartyAverages,
  ReportReceipt,
  ReviewPage,
} from '@partage/graphql';
import { getAd } from '../data/ads';
import { getContractRatings, getReview, hideReviewComment } from '../data/ratings';
import { activeSessionClaims, startSession } from '../domain/accounts/sessions';
import { getUser, type UserRecord } from '../data/users';
import type { Identity } from '../domain/identity';
import { updateAd } from '../domain/ads/ads';
import {
  adInput,
  asUser,
  errorCodeOf,
  firstMessage,
  givenAd,
  givenConversation,
  givenEndedContract,
  givenUser,
  resolverEvent,
  tokenLogin,
  useTestOutbox,
} from '../testing/fixtures';
import { givenAdAt, idsOf, near, newArea, offset, pageOf } from '../testing/search-queries';
import { handler as chatHandler } from './chat';
import { handler as ratingsHandler } from './ratings';
import { handler } from './moderation';

const { emailsTo } = useTestOutbox();
let admin: UserRecord;
let reporter: UserRecord;
let secondReporter: UserRecord;

beforeAll(async () => {
  [admin, reporter, secondReporter] = await Promise.all([givenUser({ role: 'ADMIN' }), givenUser(), givenUser()]);
});

const call = (field: string, args: Record<string, unknown>, identity: Identity) => handler(resolverEvent(field, args, identity));
const report = (user: UserRecord, input: Record<string, unknown>) =>
  call('Mutation.reportItem', { input: { reason: 'SCAM', ...input } }, asUser(user)) as Promise<ReportReceipt>;
const queue = async () => ((await call('Query.moderationQueue', { limit: 50 }, asUser(admin))) as ModerationCasePage).items;
const caseOf = async (itemId: string) => (await queue()).find((found) => found.itemId === itemId);
const moderate = (caseId: string, action: string, reason = 'Annonce frauduleuse signalée deux fois') =>
  call('Mutation.moderateCase', { input: { caseId, action, reason } }, asUser(admin));
const send = (user: UserRecord, conversationId: string, body: string) =>
  chatHandler(resolverEvent('Mutation.sendMessage', { input: { conversationId, clientMessageId: randomUUID(), body } }, asUser(user)));

describe('reports', () => {
  it('thanks the reporter alike every time, counts one report per person, and keeps what the ad said then', async () => {
    const owner = await givenUser();
    const ad = await givenAd(owner, {}, { published: true });
    expect(await report(reporter, { kind: 'AD', itemId: ad.id, note: 'Prix\ntrop beau' })).toEqual({
      kind: 'AD',
      itemId: ad.id,
      alreadyReported: false,
    });
    expect(await report(reporter, { kind: 'AD', itemId: ad.id, reason: 'SPAM' })).toMatchObject({ alreadyReported: true });
    // The owner changes the ad afterwards: the moderators read what was reported.
    await updateAd(asUser(owner), ad.id, adInput({ title: { fr: 'Un tout autre titre', en: null } }));
    await report(secondReporter, { kind: 'AD', itemId: ad.id, reason: 'SPAM' });
    const found = (await caseOf(ad.id))!;
    expect(found).toMatchObject({ kind: 'AD', subjectUserId: owner.id, status: 'OPEN', reportCount: 2 });
    expect(found.reports.map((one) => [one.reporterId, one.reason])).toEqual([
      [secondReporter.id, 'SPAM'],
      [reporter.id, 'SCAM'],
    ]);
    expect(found.reports[1]).toMatchObject({ note: 'Prix\ntrop beau', content: expect.stringContaining('Cuisine commerciale à Rosemont') });
    expect(found.reports[0]!.content).toContain('Un tout autre titre');
  });

  it('lists the cases newest report first', async () => {
    const [first, second] = [await givenUser(), await givenUser()];
    await report(reporter, { kind: 'PROFILE', itemId: first.id });
    await report(reporter, { kind: 'PROFILE', itemId: second.id });
    const ids = (await queue()).map((found) => found.itemId);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });

  it('takes a message only from a participant of its conversation', async () => {
    const conversation = await givenConversation(reporter);
    const owner = (await getUser(conversation.ownerId))!;
    const message = (await send(owner, conversation.id, 'Payez-moi hors du site, par virement')) as Message;
    expect(
      await report(reporter, { kind: 'MESSAGE', itemId: message.id, conversationId: conversation.id, reason: 'HARASSMENT' }),
    ).toMatchObject({
      alreadyReported: false,
    });
    expect((await caseOf(message.id))?.reports[0]?.content).toBe('Payez-moi hors du site, par virement');
    expect(
      errorCodeOf(
        await call(
          'Mutation.reportItem',
          { input: { kind: 'MESSAGE', itemId: message.id, conversationId: conversation.id, reason: 'SPAM' } },
          asUser(secondReporter),
        ),
      ),
    ).toBe('UNAUTHORIZED_ACCESS');
  });

  it('refuses an item that is not there, administrators, and visitors', async () => {
    expect(
      errorCodeOf(await call('Mutation.reportItem', { input: { kind: 'AD', itemId: randomUUID(), reason: 'SPAM' } }, asUser(reporter))),
    ).toBe('NOT_FOUND');
    expect(
      errorCodeOf(await call('Mutation.reportItem', { input: { kind: 'PROFILE', itemId: reporter.id, reason: 'SPAM' } }, asUser(admin))),
    ).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Query.moderationQueue', {}, asUser(reporter)))).toBe('UNAUTHORIZED_ACCESS');
  });
});

describe('moderation actions', () => {
  it('dismisses: the case leaves the queue with who and why in its audit trail; a second action changes nothing', async () => {
    const reported = await givenUser();
    await report(reporter, { kind: 'PROFILE', itemId: reported.id });
    const { id } = (await caseOf(reported.id))!;
    const closed = (await moderate(id, 'DISMISS', 'Rien d’anormal')) as ModerationCase;
    expect(closed).toMatchObject({ status: 'CLOSED', audit: [{ action: 'DISMISS', adminId: admin.id, reason: 'Rien d’anormal' }] });
    expect(await caseOf(reported.id)).toBeUndefined();
    expect(errorCodeOf(await moderate(id, 'SUSPEND_ACCOUNT'))).toBe('NO_CHANGE');
    expect((await getUser(reported.id))?.lockedOut).toBe(false);
  });

  it('names the account concerned, and tells each reporter the case was examined, in general words, never the sanction', async () => {
    const [reported, first, second, third] = await Promise.all([
      givenUser({ publicName: 'Traiteur Douteux', organizationName: 'Traiteur Douteux inc.' }),
      givenUser(),
      givenUser({ language: 'en' }),
      givenUser(),
    ]);
    await report(first, { kind: 'PROFILE', itemId: reported.id });
    await report(second, { kind: 'PROFILE', itemId: reported.id, reason: 'SPAM' });
    const found = (await caseOf(reported.id))!;
    expect(found).toMatchObject({
      subjectUserId: reported.id,
      subjectName: 'Traiteur Douteux',
      subjectOrganization: 'Traiteur Douteux inc.',
    });
    await moderate(found.id, 'SUSPEND_ACCOUNT', 'Fraude avérée');
    const [toFirst] = await emailsTo(first.email);
    expect(toFirst).toMatchObject({ subject: 'Votre signalement a été examiné' });
    expect(toFirst!.text).toContain('a pris les mesures prévues par les conditions');
    expect(toFirst!.text).not.toMatch(/suspendu|Fraude avérée|Traiteur Douteux/);
    expect((await emailsTo(second.email)).map((mail) => mail.subject)).toEqual(['Your report was reviewed']);

    const innocent = await givenUser();
    await report(third, { kind: 'PROFILE', itemId: innocent.id });
    await moderate((await caseOf(innocent.id))!.id, 'DISMISS', 'Rien d’anormal');
    expect((await emailsTo(third.email))[0]!.text).toContain("n'y a pas relevé de manquement");
  });

  it('hides an ad: unpublished, its owner told why by e-mail; only an ad can be hidden', async () => {
    const owner = await givenUser();
    const ad = await givenAd(owner, {}, { published: true });
    await report(reporter, { kind: 'AD', itemId: ad.id });
    const { id } = (await caseOf(ad.id))!;
    expect(await moderate(id, 'HIDE_AD', 'Équipement interdit à la vente')).toMatchObject({ status: 'CLOSED' });
    expect((await getAd(ad.id))?.published).toBe(false);
    const [told] = await emailsTo(owner.email);
    expect(told).toMatchObject({ subject: 'Votre annonce a été retirée' });
    expect(told!.text).toContain('Équipement interdit à la vente');

    const person = await givenUser();
    await report(reporter, { kind: 'PROFILE', itemId: person.id });
    expect(errorCodeOf(await moderate((await caseOf(person.id))!.id, 'HIDE_AD'))).toBe('VALIDATION_FAILED');
  });

  it('suspends an account: signed out everywhere, cannot sign in, its ads unpublished and out of the search, told why by e-mail', async () => {
    const owner = await givenUser();
    const area = newArea();
    const ad = { id: await givenAdAt(area, {}, { by: owner }) };
    const other = await givenAdAt(offset(area, 1, 1), {}, { by: await givenUser() });
    expect(idsOf(await pageOf(near(area))).sort()).toEqual([ad.id, other].sort());
    const { token } = await startSession(owner, 'device-1');
    expect(await activeSessionClaims(token)).toMatchObject({ userId: owner.id });
    await report(reporter, { kind: 'AD', itemId: ad.id });
    await moderate((await caseOf(ad.id))!.id, 'SUSPEND_ACCOUNT', 'Fraude répétée');
    await expect(activeSessionClaims(token)).rejects.toThrow();
    expect((await getUser(owner.id))?.lockedOut).toBe(true);
    expect((await tokenLogin('device-2')(owner.email)).body).toBe(LOGIN_TEXT.lockedOut);
    expect((await getAd(ad.id))?.published).toBe(false);
    // A visitor's search no longer finds the suspended owner's ad; others' ads stay.
    expect(idsOf(await pageOf(near(area)))).toEqual([other]);
    const [told] = await emailsTo(owner.email);
    expect(told).toMatchObject({ subject: 'Votre compte Partage est suspendu' });
    expect(told!.text).toContain('Fraude répétée');
  });
});

describe('ratings’ comments', () => {
  const COMMENT = 'Propriétaire grossier, à éviter absolument.';
  const ANSWER = 'Je conteste fermement ces propos.';
  const rate = (field: string, args: Record<string, unknown>, user: UserRecord) => ratingsHandler(resolverEvent(field, args, asUser(user)));
  const reviewsSeenBy = async (ratedId: string, user: UserRecord) =>
    (await rate('Query.userReviews', { userId: ratedId }, user)) as ReviewPage;

  /** A rental both sides rated: the tenant's comment on the owner published, answered by the owner. */
  async function givenAnsweredReview() {
    const [owner, tenant] = await Promise.all([givenUser(), givenUser({ publicName: 'Traiteur Fâché' })]);
    const { id: contractId } = await givenEndedContract(tenant, owner);
    const stars = { respectOfContract: 1, communication: 2, reliability: 1 };
    const equipment = { compliance: 3, cleanliness: 3, security: 3 };
    await rate('Mutation.submitRating', { input: { contractId, equipment, party: stars, comment: COMMENT } }, tenant);
    await rate('Mutation.submitRating', { input: { contractId, party: stars } }, owner);
    const reviewId = `${contractId}.TENANT`;
    await rate('Mutation.answerReview', { input: { reviewId, text: ANSWER } }, owner);
    return { owner, tenant, contractId, reviewId };
  }

  it('are reported by users other than their author, with the words reported; a user cannot hide them', async () => {
    const { owner, tenant, reviewId } = await givenAnsweredReview();
    expect((await reviewsSeenBy(owner.id, reporter)).items[0]).toMatchObject({ comment: COMMENT, commentHidden: false, canReport: true });
    expect((await reviewsSeenBy(owner.id, tenant)).items[0]!.canReport).toBe(false);
    expect(errorCodeOf(await report(tenant, { kind: 'RATING_COMMENT', itemId: reviewId }))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await report(reporter, { kind: 'RATING_COMMENT', itemId: `${randomUUID()}.TENANT` }))).toBe('NOT_FOUND');

    expect(await report(owner, { kind: 'RATING_COMMENT', itemId: reviewId, reason: 'OFFENSIVE' })).toMatchObject({
      alreadyReported: false,
    });
    const found = (await caseOf(reviewId))!;
    expect(found).toMatchObject({
      kind: 'RATING_COMMENT',
      subjectUserId: tenant.id,
      reports: [{ reporterId: owner.id, content: COMMENT }],
    });
    for (const user of [owner, reporter])
      expect(
        errorCodeOf(
          await call('Mutation.moderateCase', { input: { caseId: found.id, action: 'HIDE_COMMENT', reason: 'Injurieux' } }, asUser(user)),
        ),
      ).toBe('UNAUTHORIZED_ACCESS');
    // Each kind its own hiding.
    expect(errorCodeOf(await moderate(found.id, 'HIDE_AD'))).toBe('VALIDATION_FAILED');
    const person = await givenUser();
    await report(reporter, { kind: 'PROFILE', itemId: person.id });
    expect(errorCodeOf(await moderate((await caseOf(person.id))!.id, 'HIDE_COMMENT'))).toBe('VALIDATION_FAILED');
    expect((await reviewsSeenBy(owner.id, reporter)).items[0]).toMatchObject({ comment: COMMENT, answer: { text: ANSWER } });
  });

  it('hidden by an administrator: no words of the comment or its answer in any answer, the stars still count, the author told why once', async () => {
    const { owner, tenant, contractId, reviewId } = await givenAnsweredReview();
    await report(reporter, { kind: 'RATING_COMMENT', itemId: reviewId });
    const { id } = (await caseOf(reviewId))!;
    const closed = (await moderate(id, 'HIDE_COMMENT', 'Propos injurieux envers une personne')) as ModerationCase;
    expect(closed).toMatchObject({ status: 'CLOSED', audit: [{ action: 'HIDE_COMMENT', adminId: admin.id }] });

    const answers = [
      ...(await Promise.all([reporter, owner, tenant].map((user) => reviewsSeenBy(owner.id, user)))),
      ...(await Promise.all(
        [owner, tenant].map((user) => rate('Query.contractRatings', { contractId }, user) as Promise<ContractRatings>),
      )),
      await rate('Mutation.answerReview', { input: { reviewId, text: 'Une autre réponse' } }, owner),
      await report(secondReporter, { kind: 'RATING_COMMENT', itemId: reviewId }),
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toMatch(/grossier|conteste|autre réponse/);
    expect((await reviewsSeenBy(owner.id, reporter)).items[0]).toMatchObject({
      comment: null,
      commentHidden: true,
      answer: null,
      canReport: false,
      stars: { respectOfContract: 1, communication: 2, reliability: 1 },
    });
    expect((await reviewsSeenBy(owner.id, owner)).items[0]!.canAnswer).toBe(false);
    expect((answers[3] as ContractRatings).theirs).toMatchObject({ comment: null, commentHidden: true });
    expect((answers[4] as ContractRatings).mine).toMatchObject({ comment: null, commentHidden: true });
    expect(errorCodeOf(answers[5])).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(answers[6])).toBe('NOT_FOUND');
    const averages = (await ratingsHandler([
      Object.assign(resolverEvent('PublicProfile.ratings', {}, asUser(reporter)), { source: { id: owner.id } }),
    ] as never)) as PartyAverages[];
    expect(averages[0]).toMatchObject({ count: 1, overall: 1.3 });

    const hiddenNotices = async () => (await emailsTo(tenant.email)).filter((mail) => mail.subject === 'Votre commentaire a été masqué');
    const told = await hiddenNotices();
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Propos injurieux envers une personne');
    expect(told[0]!.html).toContain(`/profil/${owner.id}`);
    // The reason is kept on the rating; hiding it again changes nothing (the first reason stays).
    const kept = { reason: 'Propos injurieux envers une personne', adminId: admin.id };
    expect((await getContractRatings(contractId))?.TENANT?.commentHidden).toMatchObject(kept);
    expect(
      await hideReviewComment((await getReview(contractId, 'TENANT'))!, {
        reason: 'Encore',
        at: new Date().toISOString(),
        adminId: admin.id,
      }),
    ).toBe(false);
    expect((await getReview(contractId, 'TENANT'))?.commentHidden).toMatchObject(kept);
    expect((await getContractRatings(contractId))?.TENANT?.commentHidden).toMatchObject(kept);
    expect(errorCodeOf(await moderate(id, 'HIDE_COMMENT'))).toBe('NO_CHANGE');
    expect(await hiddenNotices()).toHaveLength(1);
  });
});

describe('blocks', () => {
  it('stop the blocked person writing or starting a conversation, until the block is lifted from the settings', async () => {
    const owner = await givenUser({ publicName: 'Boulangerie du Coin' });
    const asker = await givenUser({ publicName: 'Importun' });
    const conversation = await givenConversation(asker, owner);
    const blocked = await call('Mutation.blockConversationParticipant', { input: { conversationId: conversation.id } }, asUser(owner));
    expect(blocked).toMatchObject({ userId: asker.id, publicName: 'Importun' });
    expect(errorCodeOf(await send(asker, conversation.id, 'Encore moi'))).toBe('USER_BLOCKED');
    const otherAd = await givenAd(owner, {}, { published: true });
    const asked = await chatHandler(
      resolverEvent('Mutation.createConversation', { input: { adId: otherAd.id, message: firstMessage() } }, asUser(asker)),
    );
    expect(errorCodeOf(asked)).toBe('USER_BLOCKED');
    // The blocker still writes; a third person is not concerned.
    expect(errorCodeOf(await send(owner, conversation.id, 'Je ne souhaite plus échanger.'))).toBeUndefined();
    expect(await call('Query.myBlockedUsers', {}, asUser(owner))).toEqual([expect.objectContaining({ userId: asker.id })]);
    expect(await call('Mutation.unblockUser', { userId: asker.id }, asUser(owner))).toBe(asker.id);
    expect(await call('Query.myBlockedUsers', {}, asUser(owner))).toEqual([]);
    expect(errorCodeOf(await send(asker, conversation.id, 'Merci'))).toBeUndefined();
  });

  it('refuses someone who is not a participant', async () => {
    const conversation = await givenConversation(await givenUser());
    expect(
      errorCodeOf(await call('Mutation.blockConversationParticipant', { input: { conversationId: conversation.id } }, asUser(reporter))),
    ).toBe('UNAUTHORIZED_ACCESS');
  });
});
