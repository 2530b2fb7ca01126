// The chat Lambda on DynamoDB Local: conversations, messages, read marks, chat events, preferences.
// The reminder job is in chat-reminders.db.test.ts.

import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_BYTES, type ChatEvent, type Message, type UploadPurpose } from '@partage/graphql';
import { db, tableName } from '../data/client';
import { putPendingFile, settleFile } from '../data/files';
import { adKey } from '../data/keys';
import type { UserRecord } from '../data/users';
import type { ConversationView } from '../domain/chat/conversations';
import type { Identity } from '../domain/identity';
import {
  ANONYMOUS,
  asUser,
  errorCodeOf,
  givenAd,
  firstMessage,
  givenConversation,
  givenStoredImage,
  givenUser,
  invalidFieldsOf,
  publishedEvents,
  resolverEvent,
  TEST_PUBLIC_URL,
  useTestOutbox,
} from '../testing/fixtures';
import { handler } from './chat';
import type { ResolverEvent } from './shared/resolver';
import { blockConversationParticipant, unblockUser } from '../domain/moderation/blocks';

useTestOutbox();
let owner: UserRecord;
let asker: UserRecord;
let stranger: UserRecord;
let admin: UserRecord;

beforeAll(async () => {
  const storeDir = await mkdtemp(join(tmpdir(), 'chat-files-'));
  Object.assign(process.env, { FILE_STORE_ADAPTER: 'local', FILE_STORE_DIR: storeDir, FILE_STORE_SECRET: 'test-file-store-secret' });
  [owner, asker, stranger, admin] = await Promise.all([
    givenUser({ publicName: 'Cuisine partagée Hochelaga' }),
    givenUser({ publicName: 'Traiteur du Plateau' }),
    givenUser(),
    givenUser({ role: 'ADMIN' }),
  ]);
});

const call = (field: string, args: Record<string, unknown>, identity: Identity) => handler(resolverEvent(field, args, identity));
const as = asUser;

/** The first message every conversation starts with (givenConversation's). */
const FIRST = 'Bonjour, est-ce disponible ?';
const bodiesOf = (page: { items: Message[] }) => page.items.map((message) => message.body);

// Steps, in the words of the tests.
const whenAsking = async (user: UserRecord, adId: string, message: Record<string, unknown> = firstMessage()) =>
  (await call('Mutation.createConversation', { input: { adId, message } }, as(user))) as ConversationView;
const whenSending = (user: UserRecord, conversationId: string, body: string, more: Record<string, unknown> = {}) =>
  call('Mutation.sendMessage', { input: { conversationId, clientMessageId: randomUUID(), body, ...more } }, as(user));
const sent = async (user: UserRecord, conversationId: string, body: string, more: Record<string, unknown> = {}) =>
  (await whenSending(user, conversationId, body, more)) as Message;
const whenOpening = async (user: UserRecord, conversationId: string) =>
  (await call('Mutation.removeConversationNotification', { input: { conversationId } }, as(user))) as number;
const conversationAs = async (user: UserRecord, id: string) => (await call('Query.conversation', { id }, as(user))) as ConversationView;
const messagesAs = async (user: UserRecord, conversationId: string, more: Record<string, unknown> = {}) =>
  (await call('Query.conversationMessages', { conversationId, ...more }, as(user))) as { items: Message[]; nextToken: string | null };
const unreadOf = async (user: UserRecord) => (await call('Query.myUnreadMessageCount', {}, as(user))) as number;
const listOf = async (user: UserRecord, more: Record<string, unknown> = {}) =>
  (await call('Query.myConversations', more, as(user))) as { items: ConversationView[]; nextToken: string | null };
const chatEventsSince = (count: number, conversationId: string) =>
  publishedEvents()
    .slice(count)
    .filter(({ mutation }) => mutation === 'publishChatEvent')
    .map(({ result }) => result as ChatEvent)
    .filter((event) => event.conversationId === conversationId);

/** A file uploaded and checked for `owner`: its record only (the chat reads no bytes). */
async function givenStoredFile(
  fileOwner: UserRecord,
  { size = 2_000, purpose = 'CHAT_ATTACHMENT' as UploadPurpose, contentType = 'application/pdf', stored = true } = {},
) {
  const id = randomUUID();
  await putPendingFile({ id, ownerId: fileOwner.id, purpose, contentType, size, status: 'PENDING', createdAt: new Date().toISOString() });
  if (stored) await settleFile(id, 'STORED', size, contentType.startsWith('image/') ? { width: 800, height: 600 } : undefined);
  return id;
}

describe('Mutation.createConversation', () => {
  it('refuses visitors and administrators: administrators have no conversations', async () => {
    const ad = await givenAd(owner, {}, { published: true });
    const input = { adId: ad.id, message: firstMessage() };
    expect(errorCodeOf(await call('Mutation.createConversation', { input }, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Mutation.createConversation', { input }, as(admin)))).toBe('UNAUTHORIZED_ACCESS');
  });

  it('refuses the owner on their own ad, and an ad that is not published or does not exist', async () => {
    const published = await givenAd(owner, {}, { published: true });
    const unpublished = await givenAd(owner);
    expect(errorCodeOf(await whenAsking(owner, published.id))).toBe('OWN_AD_CONVERSATION');
    expect(errorCodeOf(await whenAsking(asker, unpublished.id))).toBe('NOT_FOUND');
    expect(errorCodeOf(await whenAsking(asker, randomUUID()))).toBe('NOT_FOUND');
    expect(invalidFieldsOf(await whenAsking(asker, ''))).toEqual(['input.adId:required']);
  });

  it('starts a conversation only with a first message: one refused leaves no conversation, empty or not', async () => {
    // Given a published ad, and a file of someone else's
    const ad = await givenAd(owner, {}, { published: true });
    const othersFile = await givenStoredFile(stranger);
    // When the asker's first message is blank, has no clientMessageId, or carries that file
    expect(invalidFieldsOf(await whenAsking(asker, ad.id, { clientMessageId: randomUUID(), body: '  ' }))).toEqual([
      'input.message.body:required',
    ]);
    expect(invalidFieldsOf(await whenAsking(asker, ad.id, { clientMessageId: '', body: 'Bonjour' }))).toEqual([
      'input.message.clientMessageId:required',
    ]);
    const withFile = { clientMessageId: randomUUID(), body: 'Voici', attachments: [{ fileId: othersFile, name: 'plan.pdf' }] };
    expect(invalidFieldsOf(await whenAsking(asker, ad.id, withFile))).toEqual(['input.message.attachments.0.fileId:fileType']);
    // Then neither side has a conversation about the ad
    expect((await listOf(asker)).items.filter((c) => c.adId === ad.id)).toEqual([]);
    expect((await listOf(owner)).items.filter((c) => c.adId === ad.id)).toEqual([]);
  });

  it('makes one conversation per ad and asker, its first message once, whatever the number of calls at once; the asker has joined and read, the owner not yet', async () => {
    // Given a published ad
    const ad = await givenAd(owner, { title: { fr: 'Cuisine commerciale', en: 'Commercial kitchen' } }, { published: true });
    // When the asker's page sends the same first message ten times at once
    const question = firstMessage('La cuisine est-elle libre samedi ?');
    const answers = await Promise.all(Array.from({ length: 10 }, () => whenAsking(asker, ad.id, question)));
    // Then every answer is the same conversation, listed once for each participant, with the message once
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    const [conversation] = answers;
    expect((await listOf(asker)).items.filter((c) => c.adId === ad.id)).toHaveLength(1);
    expect((await listOf(owner)).items.filter((c) => c.adId === ad.id)).toHaveLength(1);
    expect((await messagesAs(owner, conversation!.id)).items.map((message) => message.body)).toEqual([
      'La cuisine est-elle libre samedi ?',
    ]);
    expect(await unreadOf(owner)).toBeGreaterThanOrEqual(1);

    // When they ask again later, from the ad's page: the message joins the same conversation
    const again = await whenAsking(asker, ad.id, firstMessage('Et dimanche ?'));
    expect(again.id).toBe(conversation!.id);
    expect((await messagesAs(owner, again.id)).items.map((message) => message.body)).toEqual([
      'Et dimanche ?',
      'La cuisine est-elle libre samedi ?',
    ]);
    expect(again).toMatchObject({
      unreadCount: 0,
      lastMessage: { senderId: asker.id, body: 'Et dimanche ?', attachmentCount: 0 },
      participants: [
        { userId: owner.id, publicName: 'Cuisine partagée Hochelaga', role: 'OWNER', isMe: false, joinedAt: null, lastReadAt: null },
        {
          userId: asker.id,
          publicName: 'Traiteur du Plateau',
          role: 'ASKER',
          isMe: true,
          joinedAt: again.createdAt,
          lastReadAt: again.lastActivityAt,
        },
      ],
    });
  });
});

describe('Mutation.sendMessage', () => {
  it('lets only the participants post', async () => {
    const conversation = await givenConversation(asker, owner);
    expect(errorCodeOf(await whenSending(stranger, conversation.id, 'Bonjour'))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await whenSending(admin, conversation.id, 'Bonjour'))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Mutation.sendMessage', { input: { conversationId: conversation.id } }, ANONYMOUS))).toBe(
      'UNAUTHORIZED_ACCESS',
    );
    expect(bodiesOf(await messagesAs(asker, conversation.id))).toEqual([FIRST]);
  });

  it('refuses a blank message without attachments, and more attachments than allowed', async () => {
    const conversation = await givenConversation(asker, owner);
    expect(invalidFieldsOf(await whenSending(asker, conversation.id, '  \n '))).toEqual(['input.body:required']);
    const attachments = Array.from({ length: 11 }, () => ({ fileId: randomUUID(), name: 'plan.pdf' }));
    expect(invalidFieldsOf(await whenSending(asker, conversation.id, 'Voici', { attachments }))).toEqual(['input.attachments:tooMany']);
    expect(bodiesOf(await messagesAs(asker, conversation.id))).toEqual([FIRST]);
  });

  it("accepts only stored chat attachments of the sender's, within 100 MB in total", async () => {
    const conversation = await givenConversation(asker, owner);
    const others = await givenStoredFile(owner);
    const pending = await givenStoredFile(asker, { stored: false });
    const adImage = await givenStoredImage(asker, 800);
    const mine = await givenStoredFile(asker);
    const refused = await whenSending(asker, conversation.id, '', {
      attachments: [
        { fileId: others, name: 'a.pdf' },
        { fileId: pending, name: 'b.pdf' },
        { fileId: adImage, name: 'c.webp' },
        { fileId: mine, name: '  ' },
      ],
    });
    expect(invalidFieldsOf(refused)).toEqual([
      'input.attachments.0.fileId:fileType',
      'input.attachments.1.fileId:fileType',
      'input.attachments.2.fileId:fileType',
      'input.attachments.3.name:required',
    ]);
    const big = await givenStoredFile(asker, { size: CHAT_MESSAGE_MAX_BYTES });
    const tooLarge = await whenSending(asker, conversation.id, '', {
      attachments: [
        { fileId: big, name: 'big.pdf' },
        { fileId: mine, name: 'plan.pdf' },
      ],
    });
    expect(invalidFieldsOf(tooLarge)).toEqual(['input.attachments:messageTooLarge']);
    expect(bodiesOf(await messagesAs(asker, conversation.id))).toEqual([FIRST]);
  });

  it('keeps attachments with their stored type and size, read through URLs signed for a short while', async () => {
    const conversation = await givenConversation(asker, owner);
    const photo = await givenStoredFile(asker, { contentType: 'image/jpeg', size: 50_000 });
    const message = await sent(asker, conversation.id, '', { attachments: [{ fileId: photo, name: ' four.jpg ' }] });
    expect(message.attachments).toEqual([
      {
        fileId: photo,
        name: 'four.jpg',
        contentType: 'image/jpeg',
        size: 50_000,
        width: 800,
        height: 600,
        url: expect.stringMatching(new RegExp(`^${TEST_PUBLIC_URL}/files/private/${photo}\\?expires=\\d+&signature=`)),
      },
    ]);
    const [read] = (await messagesAs(owner, conversation.id)).items;
    expect(read!.attachments[0]!.url).toMatch(`/files/private/${photo}?expires=`);
    expect((await conversationAs(owner, conversation.id)).lastMessage).toMatchObject({ body: '', attachmentCount: 1 });
  });

  it('signs other files as downloads under a name that cannot make them run', async () => {
    const conversation = await givenConversation(asker, owner);
    const text = await givenStoredFile(asker, { contentType: 'text/plain', size: 2_000 });
    await sent(asker, conversation.id, 'La liste', { attachments: [{ fileId: text, name: 'inventaire.html' }] });
    const [read] = (await messagesAs(owner, conversation.id)).items;
    expect(new URL(read!.attachments[0]!.url).searchParams.get('download')).toBe('inventaire.html.txt');
  });

  it('answers a retried send with the first message, and counts it once', async () => {
    const conversation = await givenConversation(asker, owner);
    const input = { conversationId: conversation.id, clientMessageId: randomUUID(), body: 'Est-ce libre samedi ?' };
    const [first, second] = (await Promise.all([
      call('Mutation.sendMessage', { input }, as(asker)),
      call('Mutation.sendMessage', { input }, as(asker)),
    ])) as Message[];
    const third = (await call('Mutation.sendMessage', { input }, as(asker))) as Message;
    expect(second!.id).toBe(first!.id);
    expect(third).toEqual(first);
    expect(bodiesOf(await messagesAs(owner, conversation.id))).toEqual(['Est-ce libre samedi ?', FIRST]);
    expect((await conversationAs(owner, conversation.id)).unreadCount).toBe(2);
  });

  it('marks the conversation read for the sender, counts one unread message for the other, and tells both', async () => {
    // Given a conversation where the owner has an unread message
    const conversation = await givenConversation(asker, owner);
    await sent(asker, conversation.id, 'Bonjour, la cuisine est-elle libre ?');
    const before = publishedEvents().length;
    // When the owner replies
    const reply = await sent(owner, conversation.id, '  Oui, dès lundi.  ');
    // Then the reply is theirs, trimmed; the owner has nothing unread there, the asker one message
    expect(reply).toMatchObject({ conversationId: conversation.id, senderId: owner.id, body: 'Oui, dès lundi.', attachments: [] });
    expect((await conversationAs(owner, conversation.id)).unreadCount).toBe(0);
    const seenByAsker = await conversationAs(asker, conversation.id);
    expect(seenByAsker).toMatchObject({
      unreadCount: 1,
      lastActivityAt: reply.createdAt,
      lastMessage: { senderId: owner.id, body: 'Oui, dès lundi.', attachmentCount: 0, createdAt: reply.createdAt },
    });
    expect(seenByAsker.participants[0]!.lastReadAt).toBe(reply.createdAt);
    // And both participants' subscriptions are sent the message
    const events = chatEventsSince(before, conversation.id);
    expect(events.map((event) => [event.type, event.userId]).sort()).toEqual(
      [
        ['MESSAGE_ADDED', owner.id],
        ['MESSAGE_ADDED', asker.id],
      ].sort(),
    );
    expect(events[0]).toMatchObject({ message: { id: reply.id, body: 'Oui, dès lundi.' }, participantId: owner.id, at: reply.createdAt });
  });

  it('keeps unread counts exact when many messages are sent at once', async () => {
    const conversation = await givenConversation(asker, owner);
    // The first message took one of the 20 the sender may send at once into one conversation.
    const bodies = Array.from({ length: 19 }, (_, i) => `Message ${i}`);
    const results = await Promise.all(bodies.map((body) => whenSending(asker, conversation.id, body)));
    expect(results.map(errorCodeOf).filter(Boolean)).toEqual([]);
    expect((await conversationAs(owner, conversation.id)).unreadCount).toBe(20);
    expect((await conversationAs(asker, conversation.id)).unreadCount).toBe(0);
    const { items } = await messagesAs(owner, conversation.id, { limit: 50 });
    expect(items.map((m) => m.body).sort()).toEqual([...bodies, FIRST].sort());
  });
});

describe('Query.conversationMessages', () => {
  it('pages messages newest first, going back in time, for participants only', async () => {
    const conversation = await givenConversation(asker, owner);
    for (const body of ['un', 'deux', 'trois', 'quatre', 'cinq']) await sent(asker, conversation.id, body);
    const first = await messagesAs(owner, conversation.id, { limit: 2 });
    const second = await messagesAs(owner, conversation.id, { limit: 2, nextToken: first.nextToken });
    const third = await messagesAs(owner, conversation.id, { limit: 2, nextToken: second.nextToken });
    expect([first, second, third].map(bodiesOf)).toEqual([
      ['cinq', 'quatre'],
      ['trois', 'deux'],
      ['un', FIRST],
    ]);
    expect(third.nextToken).toBeNull();
    expect(errorCodeOf(await call('Query.conversationMessages', { conversationId: conversation.id }, as(stranger)))).toBe(
      'UNAUTHORIZED_ACCESS',
    );
  });

  it("refuses a page token of another conversation's, a forged one, and a page size out of bounds", async () => {
    const conversation = await givenConversation(asker, owner);
    const other = await givenConversation(stranger, owner);
    for (const body of ['a', 'b']) await sent(stranger, other.id, body);
    const { nextToken } = await messagesAs(stranger, other.id, { limit: 1 });
    const withToken = (token: string) =>
      call('Query.conversationMessages', { conversationId: conversation.id, nextToken: token }, as(asker));
    expect(invalidFieldsOf(await withToken(nextToken!))).toEqual(['nextToken:oneOf']);
    expect(invalidFieldsOf(await withToken('forged'))).toEqual(['nextToken:oneOf']);
    expect(invalidFieldsOf(await call('Query.conversationMessages', { conversationId: conversation.id, limit: 101 }, as(asker)))).toEqual([
      'limit:oneOf',
    ]);
  });
});

describe('Mutation.removeConversationNotification', () => {
  it("marks the conversation read, counts the owner's first opening as joining, and answers the unread messages left", async () => {
    // Given two conversations with unread messages for the owner
    const first = await givenConversation(asker, owner);
    const second = await givenConversation(stranger, owner);
    await sent(asker, first.id, 'Un');
    await sent(asker, first.id, 'Deux');
    await sent(stranger, second.id, 'Trois');
    const unreadBefore = await unreadOf(owner);
    const before = publishedEvents().length;
    // When the owner opens the first one
    const left = await whenOpening(owner, first.id);
    // Then only the other conversation's messages are left unread (its first and 'Trois')
    expect(left).toBe(unreadBefore - 3);
    expect(await unreadOf(owner)).toBe(left);
    const seen = await conversationAs(asker, first.id);
    expect(seen.participants[0]).toMatchObject({ userId: owner.id, joinedAt: expect.any(String), lastReadAt: expect.any(String) });
    // And both participants are told the owner joined and read
    expect(
      chatEventsSince(before, first.id)
        .map((event) => `${event.type} ${event.participantId === owner.id} ${event.userId === asker.id ? 'asker' : 'owner'}`)
        .sort(),
    ).toEqual(['MESSAGE_READ true asker', 'MESSAGE_READ true owner', 'PARTICIPANT_JOINED true asker', 'PARTICIPANT_JOINED true owner']);
    // When they open it again with nothing new: no event
    const again = publishedEvents().length;
    expect(await whenOpening(owner, first.id)).toBe(left);
    expect(chatEventsSince(again, first.id)).toEqual([]);
  });

  it('refuses anyone but the participants', async () => {
    const conversation = await givenConversation(asker, owner);
    for (const identity of [as(stranger), as(admin), ANONYMOUS]) {
      expect(
        errorCodeOf(await call('Mutation.removeConversationNotification', { input: { conversationId: conversation.id } }, identity)),
      ).toBe('UNAUTHORIZED_ACCESS');
    }
  });
});

describe('Query.myConversations and Conversation.ad', () => {
  it("lists a user's conversations by latest activity, page by page, with each ad as it is now", async () => {
    const reader = await givenUser();
    const image = await givenStoredImage(owner, 640);
    const a = await givenConversation(reader, owner);
    const b = await givenConversation(reader, owner);
    const withImage = await givenAd(
      owner,
      { title: { fr: 'Camion réfrigéré', en: 'Refrigerated truck' }, images: [{ fileIds: [image], alt: { fr: 'Camion', en: 'Truck' } }] },
      { published: true },
    );
    const c = await whenAsking(reader, withImage.id);
    await sent(owner, a.id, 'Toujours intéressé ?');
    const first = await listOf(reader, { limit: 2 });
    const second = await listOf(reader, { limit: 2, nextToken: first.nextToken });
    expect([...first.items, ...second.items].map((conversation) => conversation.id)).toEqual([a.id, c.id, b.id]);
    expect(second.nextToken).toBeNull();

    // The ads of a level in one batch; an ad that is gone is null
    await db().send(new DeleteCommand({ TableName: tableName(), Key: adKey(b.adId) }));
    const events = [a.id, c.id, b.id].map((id): ResolverEvent => ({
      ...resolverEvent('Conversation.ad', {}, as(reader)),
      source: { id, adId: { [a.id]: a.adId, [c.id]: withImage.id, [b.id]: b.adId }[id] },
    }));
    const [adA, adC, adB] = (await handler(events)) as ({ id: string; path: string; title: unknown; image: unknown } | null)[];
    expect(adA).toMatchObject({ id: a.adId, image: null });
    expect(adC).toMatchObject({
      id: withImage.id,
      path: `camion-refrigere-${withImage.id}`,
      title: { fr: 'Camion réfrigéré', en: 'Refrigerated truck' },
      image: {
        id: image,
        alt: { fr: 'Camion', en: 'Truck' },
        variants: [{ fileId: image, url: `${TEST_PUBLIC_URL}/files/public/${image}` }],
      },
    });
    expect(adB).toBeNull();
  });

  it('tells each side of a block what is theirs to know: the blocker that they blocked, the blocked only that they cannot write', async () => {
    const [blocker, blocked] = await Promise.all([givenUser(), givenUser()]);
    const conversation = await givenConversation(blocked, blocker);
    const other = await givenConversation(blocked, owner);
    expect(await conversationAs(blocker, conversation.id)).toMatchObject({ blockedByMe: false, canWrite: true });
    await blockConversationParticipant(as(blocker), { conversationId: conversation.id });

    expect(await conversationAs(blocker, conversation.id)).toMatchObject({ blockedByMe: true, canWrite: true });
    expect(await conversationAs(blocked, conversation.id)).toMatchObject({ blockedByMe: false, canWrite: false });
    // In the list too, each conversation for itself.
    const listed = new Map((await listOf(blocked)).items.map((view) => [view.id, view]));
    expect(listed.get(conversation.id)).toMatchObject({ blockedByMe: false, canWrite: false });
    expect(listed.get(other.id)).toMatchObject({ blockedByMe: false, canWrite: true });

    await unblockUser(as(blocker), blocked.id);
    expect(await conversationAs(blocked, conversation.id)).toMatchObject({ canWrite: true });
    expect(await conversationAs(blocker, conversation.id)).toMatchObject({ blockedByMe: false });
  });

  it('refuses visitors and administrators', async () => {
    expect(errorCodeOf(await call('Query.myConversations', {}, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Query.myConversations', {}, as(admin)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Query.myUnreadMessageCount', {}, as(admin)))).toBe('UNAUTHORIZED_ACCESS');
  });
});

describe('Subscription.onChatEvent', () => {
  it("lets a user listen to their own events only, filtered on the server by the recipient's id", async () => {
    expect(await call('Subscription.onChatEvent', { userId: asker.id }, as(asker))).toEqual({
      __subscriptionFilter: { userId: { eq: asker.id } },
    });
    expect(errorCodeOf(await call('Subscription.onChatEvent', { userId: owner.id }, as(asker)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Subscription.onChatEvent', { userId: admin.id }, as(admin)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Subscription.onChatEvent', { userId: '' }, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
  });
});

describe('chat preferences', () => {
  it('has e-mail reminders on until the user turns them off', async () => {
    const user = await givenUser();
    expect(await call('Query.myChatPreferences', {}, as(user))).toEqual({ emailReminders: true });
    expect(await call('Mutation.updateChatPreferences', { input: { emailReminders: false } }, as(user))).toEqual({ emailReminders: false });
    expect(await call('Query.myChatPreferences', {}, as(user))).toEqual({ emailReminders: false });
    expect(errorCodeOf(await call('Mutation.updateChatPreferences', { input: { emailReminders: false } }, as(admin)))).toBe(
      'UNAUTHORIZED_ACCESS',
    );
  });
});
