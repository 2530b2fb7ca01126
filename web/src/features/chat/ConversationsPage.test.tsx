import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations, callsOf, emit, restoreConnection, subscriptionsTo } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';

const post = vi.hoisted(() => vi.fn());
vi.mock('../../lib/files/multipart', () => ({ postMultipart: post, UploadFailed: Error }));

beforeAll(() => i18n.loadNamespaces(['chat']));

const ME = 'asker-1';
const OWNER = 'owner-1';
const CONVERSATION_ID = 'conv-1';

const participants = (ownerRead: string | null) => [
  {
    userId: OWNER,
    publicName: 'Cuisine du Quartier',
    role: 'OWNER',
    isMe: false,
    joinedAt: '2026-11-20T10:05:00.000Z',
    lastReadAt: ownerRead,
  },
  { userId: ME, publicName: 'Popote roulante', role: 'ASKER', isMe: true, joinedAt: '2026-11-20T10:00:00.000Z', lastReadAt: null },
];

const conversation = (overrides: object = {}) => ({
  id: CONVERSATION_ID,
  unreadCount: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastActivityAt: '2026-11-20T10:10:00.000Z',
  blockedByMe: false,
  canWrite: true,
  ad: { id: 'ad-1', path: 'four-ad-1', title: { fr: 'Four à convection', en: 'Convection oven' }, image: null },
  participants: participants('2026-11-20T10:02:00.000Z'),
  lastMessage: { senderId: OWNER, body: 'Oui, il est libre.', attachmentCount: 0, createdAt: '2026-11-20T10:10:00.000Z' },
  ...overrides,
});

const message = (id: string, senderId: string, body: string, createdAt: string, attachments: object[] = []) => ({
  id,
  conversationId: CONVERSATION_ID,
  senderId,
  body,
  createdAt,
  attachments,
});

const FIRST = message('m1', ME, 'Le four est-il libre samedi ?', '2026-11-20T10:01:00.000Z');
const SECOND = message('m2', OWNER, 'Oui, il est libre.', '2026-11-20T10:10:00.000Z', [
  { fileId: 'f1', name: 'four.jpg', contentType: 'image/jpeg', size: 2048, width: 640, height: 480, url: 'https://files.test/four.jpg' },
  {
    fileId: 'f2',
    name: 'contrat.pdf',
    contentType: 'application/pdf',
    size: 1_500_000,
    width: null,
    height: null,
    url: 'https://files.test/c.pdf',
  },
]);

function chatApi(overrides: Record<string, unknown> = {}) {
  return answerOperations({
    myUnreadMessageCount: 0,
    myConversations: { items: [conversation()], nextToken: null },
    conversation: conversation(),
    conversationMessages: { items: [SECOND, FIRST], nextToken: null },
    removeConversationNotification: 0,
    ...overrides,
  });
}

const chatEvent = (type: string, extra: object) => ({
  userId: ME,
  type,
  conversationId: CONVERSATION_ID,
  participantId: null,
  at: '2026-11-20T10:20:00.000Z',
  message: null,
  ...extra,
});

describe('conversations', () => {
  it('lists the conversations with their ad, other participant, last message and unread count', async () => {
    chatApi();
    signIn('USER', ME);
    renderAt('/conversations');
    const link = await screen.findByRole('link', { name: /Convection oven/ });
    expect(link).toHaveAttribute('href', `/conversations/${CONVERSATION_ID}`);
    expect(within(link).getByText('Cuisine du Quartier')).toBeVisible();
    expect(within(link).getByText('Oui, il est libre.')).toBeVisible();
    expect(within(link).getByText('2 unread messages')).toBeInTheDocument();
    expect(screen.getByText('Choose a conversation from the list.')).toBeVisible();
  });

  it('opens a conversation: messages oldest first, joins, the read mark, attachments; and marks it read', async () => {
    const api = chatApi();
    signIn('USER', ME);
    renderAt(`/conversations/${CONVERSATION_ID}`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Oui, il est libre.');
    const entries = within(log)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries[0]).toMatch(/^Popote roulante joined/);
    expect(entries[1]).toMatch(/Le four est-il libre samedi \?Read$/);
    expect(entries[2]).toMatch(/^Cuisine du Quartier joined/);
    expect(entries[3]).toMatch(/Oui, il est libre\./);
    expect(within(log).getByRole('img', { name: 'four.jpg' })).toHaveAttribute('src', 'https://files.test/four.jpg');
    expect(within(log).getByRole('link', { name: /Download contrat\.pdf \(1\.5 MB\)/ })).toHaveAttribute('download', 'contrat.pdf');
    expect(screen.getByRole('heading', { level: 2, name: 'Conversation with Cuisine du Quartier' })).toBeVisible();
    await waitFor(() => expect(api.calls('removeConversationNotification')).toEqual([{ input: { conversationId: CONVERSATION_ID } }]));
  });

  it("shows a contract's steps as system lines with a link to the contract; only the owner is offered to propose one", async () => {
    const step = {
      ...message('m3', OWNER, '', '2026-11-20T10:15:00.000Z'),
      contractStep: { contractId: 'contract-1', kind: 'UPDATED', version: 2 },
    };
    chatApi({ conversationMessages: { items: [step, SECOND, FIRST], nextToken: null } });
    signIn('USER', ME);
    renderAt(`/conversations/${CONVERSATION_ID}`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText(/Cuisine du Quartier changed the contract \(version 2\)\./)).toBeVisible();
    expect(within(log).getByRole('link', { name: 'See the contract' })).toHaveAttribute('href', '/contrats/contract-1');
    // The reader asked about the ad: proposing is the owner's.
    expect(screen.queryByRole('link', { name: 'Propose a contract' })).not.toBeInTheDocument();
  });

  it("speaks of the reader's own contract step in the first person, in both languages", async () => {
    const step = {
      ...message('m3', OWNER, '', '2026-11-20T10:15:00.000Z'),
      contractStep: { contractId: 'contract-1', kind: 'PROPOSED', version: 1 },
    };
    const asOwner = conversation({ participants: participants(null).map((p) => ({ ...p, isMe: p.userId === OWNER })) });
    chatApi({ conversation: asOwner, conversationMessages: { items: [step, SECOND, FIRST], nextToken: null } });
    signIn('USER', OWNER);
    await i18n.changeLanguage('fr');
    renderAt(`/conversations/${CONVERSATION_ID}`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText(/^Vous avez proposé un contrat\./)).toBeVisible();
  });

  it('shows a contract step as the last message of a conversation in the list', async () => {
    const preview = { senderId: OWNER, body: '', attachmentCount: 0, createdAt: '2026-11-20T10:15:00.000Z', contractStep: 'PROPOSED' };
    chatApi({ myConversations: { items: [conversation({ lastMessage: preview })], nextToken: null } });
    signIn('USER', ME);
    renderAt('/conversations');
    const link = await screen.findByRole('link', { name: /Convection oven/ });
    expect(within(link).getByText('Contract proposed')).toBeVisible();
  });

  it("offers the ad's owner to propose a contract from the conversation", async () => {
    const asOwner = conversation({ participants: participants(null).map((p) => ({ ...p, isMe: p.userId === OWNER })) });
    chatApi({ conversation: asOwner, myConversations: { items: [asOwner], nextToken: null } });
    signIn('USER', OWNER);
    renderAt(`/conversations/${CONVERSATION_ID}`);
    expect(await screen.findByRole('link', { name: 'Propose a contract' })).toHaveAttribute(
      'href',
      `/contrats/creer?conversation=${CONVERSATION_ID}`,
    );
  });

  it('tells an owner not onboarded with the payment provider before they propose, with the button to onboard', async () => {
    const asOwner = conversation({ participants: participants(null).map((p) => ({ ...p, isMe: p.userId === OWNER })) });
    chatApi({
      conversation: asOwner,
      myConversations: { items: [asOwner], nextToken: null },
      me: { id: OWNER, profile: { id: OWNER }, paymentOnboarding: 'INCOMPLETE' },
    });
    signIn('USER', OWNER);
    renderAt(`/conversations/${CONVERSATION_ID}`);
    expect(await screen.findByText(/Before proposing a contract, complete your onboarding with the card payment provider/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resume payment onboarding' })).toBeEnabled();
  });

  it('keeps the report of a message in its own menu, opened and left by keyboard, the report dialog from there', async () => {
    chatApi({ reportItem: { kind: 'MESSAGE', itemId: 'm2', alreadyReported: false } });
    signIn('USER', ME);
    const { user } = renderAt(`/conversations/${CONVERSATION_ID}`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Oui, il est libre.');
    // No report button under the messages: theirs has a menu, one's own has none.
    expect(within(log).queryByRole('button', { name: 'Report this message' })).toBeNull();
    const menus = within(log).getAllByRole('button', { name: /^More actions for this message/ });
    expect(menus).toHaveLength(1);
    const menu = menus[0]!;
    expect(menu).toHaveAccessibleName(/^More actions for this message \(Cuisine du Quartier, .+\)$/);
    expect(menu).toHaveAttribute('aria-haspopup', 'menu');

    // Enter opens it on its first item; Escape closes it and gives the focus back to the button.
    menu.focus();
    await user.keyboard('{Enter}');
    const report = within(log).getByRole('menuitem', { name: 'Report this message' });
    expect(report).toHaveFocus();
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(within(log).queryByRole('menu')).toBeNull();
    expect(menu).toHaveFocus();

    // ArrowDown opens it too; Space on the item opens the report dialog, which sends and gives the focus back.
    await user.keyboard('{ArrowDown}');
    expect(within(log).getByRole('menuitem', { name: 'Report this message' })).toHaveFocus();
    await user.keyboard(' ');
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(/Thank you/);
    expect(callsOf('reportItem')).toEqual([
      { input: { kind: 'MESSAGE', itemId: 'm2', conversationId: CONVERSATION_ID, reason: 'HARASSMENT', note: null } },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menu).toHaveFocus();
  });

  it('blocks the other participant from the conversation menu once confirmed, then shows the block with the way to lift it', async () => {
    let blocked = false;
    chatApi({
      conversation: () => conversation({ blockedByMe: blocked }),
      blockConversationParticipant: () => {
        blocked = true;
        return { userId: OWNER, publicName: 'Cuisine du Quartier' };
      },
      unblockUser: () => {
        blocked = false;
        return OWNER;
      },
    });
    signIn('USER', ME);
    const { user } = renderAt(`/conversations/${CONVERSATION_ID}`);
    await screen.findByText('Oui, il est libre.');
    // The block waits in the conversation's menu, not in the header's way.
    expect(screen.queryByRole('button', { name: 'Block Cuisine du Quartier' })).toBeNull();
    const menu = screen.getByRole('button', { name: 'More actions for the conversation' });
    await user.click(menu);
    await user.click(screen.getByRole('menuitem', { name: 'Block Cuisine du Quartier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Cuisine du Quartier?' });
    // Cancelled, the focus goes back to the menu's button.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menu).toHaveFocus();
    expect(callsOf('blockConversationParticipant')).toEqual([]);

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('dialog', { name: 'Block Cuisine du Quartier?' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await within(confirm).findByRole('status')).toHaveTextContent(
      'You blocked Cuisine du Quartier: they can no longer write to you.',
    );
    expect(within(confirm).getByRole('link', { name: 'Manage blocks in your settings' })).toHaveAttribute('href', '/parametres');
    expect(callsOf('blockConversationParticipant')).toEqual([{ input: { conversationId: CONVERSATION_ID } }]);

    // The conversation shows the block, with the way to lift it (focused), where the menu was.
    await user.click(within(confirm).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('You blocked Cuisine du Quartier: they can no longer write to you.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'More actions for the conversation' })).toBeNull();
    const unblock = screen.getByRole('button', { name: 'Unblock Cuisine du Quartier' });
    expect(unblock).toHaveFocus();
    await user.click(unblock);
    expect(await screen.findByRole('button', { name: 'More actions for the conversation' })).toBeVisible();
    expect(callsOf('unblockUser')).toEqual([{ userId: OWNER }]);
  });

  it('tells the blocked side only that they cannot write here: no composer, no word of a block', async () => {
    chatApi({ conversation: conversation({ canWrite: false }) });
    signIn('USER', ME);
    renderAt(`/conversations/${CONVERSATION_ID}`);
    expect(await screen.findByText('You can no longer write in this conversation.')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    expect(screen.queryByText(/blocked/i)).toBeNull();
  });

  it('says so when the conversation is not the reader’s', async () => {
    chatApi({ conversation: new ApiError('UNAUTHORIZED_ACCESS', 'no') });
    signIn('USER', ME);
    renderAt(`/conversations/${CONVERSATION_ID}`);
    expect(await screen.findByRole('heading', { name: 'This conversation does not exist or is not yours.' })).toBeVisible();
  });

  it('adds a live message once, shows the header dot, and fetches again after a lost connection', async () => {
    chatApi({ myUnreadMessageCount: [0, 1] });
    signIn('USER', ME);
    renderAt(`/conversations/${CONVERSATION_ID}`);
    const log = await screen.findByRole('log');
    await within(log).findByText('Oui, il est libre.');
    await waitFor(() => expect(subscriptionsTo('onChatEvent')).toEqual([{ userId: ME }]));
    const live = message('m3', OWNER, 'Quand passez-vous ?', '2026-11-20T10:20:00.000Z');
    act(() => {
      emit('onChatEvent', chatEvent('MESSAGE_ADDED', { message: live }));
      emit('onChatEvent', chatEvent('MESSAGE_ADDED', { message: live }));
    });
    expect(await within(log).findAllByText('Quand passez-vous ?')).toHaveLength(1);
    // The unread count is asked again after the debounce: the header's dot says it.
    expect(await screen.findByText('1 unread message')).toBeInTheDocument();

    const before = callsOf('conversationMessages').length;
    act(() => restoreConnection());
    await waitFor(() => expect(callsOf('conversationMessages').length).toBeGreaterThan(before));
  });

  it('sends with Enter, breaks lines with Shift+Enter, and sends a failed message again as the same one', async () => {
    const sent = message('m9', ME, 'Bonjour\nà bientôt', '2026-11-20T10:30:00.000Z');
    const api = chatApi({ sendMessage: [new ApiError('INTERNAL', 'down'), sent] });
    signIn('USER', ME);
    const { user } = renderAt(`/conversations/${CONVERSATION_ID}`);
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await user.type(box, 'Bonjour{Shift>}{Enter}{/Shift}à bientôt');
    expect(api.calls('sendMessage')).toEqual([]);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('An unexpected error has occurred.')).toBeVisible();
    expect(box).toHaveValue('Bonjour\nà bientôt');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    const [first, second] = api.calls('sendMessage') as { input: { clientMessageId: string; body: string } }[];
    expect(first!.input.body).toBe('Bonjour\nà bientôt');
    expect(second!.input.clientMessageId).toBe(first!.input.clientMessageId);
    expect(await within(screen.getByRole('log')).findByText(/à bientôt/)).toBeVisible();
  });

  it('on a touch screen, breaks lines with Enter, sends with the button, and speaks of no key', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(pointer: coarse)',
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    onTestFinished(() => void vi.unstubAllGlobals());
    const api = chatApi({ sendMessage: message('m9', ME, 'Bonjour\nà bientôt', '2026-11-20T10:30:00.000Z') });
    signIn('USER', ME);
    const { user } = renderAt(`/conversations/${CONVERSATION_ID}`);
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    expect(screen.queryByText(/Enter to send/)).not.toBeInTheDocument();
    expect(box).not.toHaveAccessibleDescription();
    await user.type(box, 'Bonjour{Enter}à bientôt');
    expect(box).toHaveValue('Bonjour\nà bientôt');
    expect(api.calls('sendMessage')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect((api.calls('sendMessage')[0] as { input: { body: string } }).input.body).toBe('Bonjour\nà bientôt');
  });

  it('shows a conversation opened from the list at once, as the list has it, while it is asked for', async () => {
    chatApi({ conversation: () => new Promise(() => undefined) });
    signIn('USER', ME);
    const { user } = renderAt('/conversations');
    await user.click(await screen.findByRole('link', { name: /Convection oven/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Conversation with Cuisine du Quartier' })).toBeVisible();
    expect(await within(screen.getByRole('log')).findByText('Le four est-il libre samedi ?')).toBeVisible();
  });

  it('shows the pane as a skeleton, not a line of text, while a conversation opened from a link comes', async () => {
    chatApi({ conversation: () => new Promise(() => undefined) });
    signIn('USER', ME);
    renderAt(`/conversations/${CONVERSATION_ID}`);
    const pane = await waitFor(() => document.querySelector<HTMLElement>('.chat__main [aria-busy="true"]')!);
    expect(within(pane).getByRole('status')).toHaveTextContent('Loading…');
    expect(within(pane).queryByText('Loading…', { ignore: '[role=status]' })).not.toBeInTheDocument();
  });

  it('leaves out files of a forbidden type, past 100 MB, or refused by the server, each with its notice', async () => {
    post.mockResolvedValue(undefined);
    const api = chatApi({
      requestUpload: { fileId: 'file-ok', url: 'https://upload.test', fields: '{}' },
      confirmUpload: [
        new ApiError('VALIDATION_FAILED', 'refused', [{ path: 'file', rule: 'fileForbidden' }]),
        { id: 'file-ok', publicUrl: null },
      ],
      sendMessage: message('m10', ME, '', '2026-11-20T10:31:00.000Z'),
    });
    signIn('USER', ME);
    const { user } = renderAt(`/conversations/${CONVERSATION_ID}`);
    const input = await screen.findByLabelText('Attach files');
    const big = (name: string) => Object.defineProperty(new File(['x'], name, { type: 'application/pdf' }), 'size', { value: 60_000_000 });
    // As a file dialog's "all files" choice would: the input's `accept` list does not filter them.
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, [
        new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
        new File(['<script>'], 'notes.txt', { type: 'text/plain' }),
        big('plan.pdf'),
        big('devis.pdf'),
      ]);
    expect(screen.getByText(/“setup\.exe” was not attached: This file type is not allowed for safety reasons/)).toBeVisible();
    expect(screen.getByText(/“devis\.pdf” was not attached: Files over 100 MB/)).toBeVisible();
    expect(screen.getByRole('list', { name: 'Attached files' })).toHaveTextContent(/notes\.txt.*plan\.pdf/);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/“notes\.txt” was not attached: This file type is not allowed/)).toBeVisible();
    await waitFor(() => expect(api.calls('sendMessage')).toHaveLength(1));
    expect((api.calls('sendMessage')[0] as { input: object }).input).toMatchObject({
      body: '',
      attachments: [{ fileId: 'file-ok', name: 'plan.pdf' }],
    });
    expect(api.calls('requestUpload')).toEqual([
      { input: { purpose: 'CHAT_ATTACHMENT', contentType: 'text/plain', size: 8 } },
      { input: { purpose: 'CHAT_ATTACHMENT', contentType: 'application/pdf', size: 60_000_000 } },
    ]);
  });
});

describe('starting a conversation', () => {
  it('starts it with the first message written, then opens it: nothing is asked before', async () => {
    const api = chatApi({ createConversation: { id: CONVERSATION_ID } });
    signIn('USER', ME);
    const view = renderAt('/conversations/creer/ad-1');
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    expect(api.calls('createConversation')).toEqual([]);
    await view.user.type(box, 'Le four est-il libre samedi ?');
    await view.user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(view.location()).toBe(`/conversations/${CONVERSATION_ID}`));
    expect(api.calls('createConversation')).toEqual([
      { input: { adId: 'ad-1', message: { clientMessageId: expect.any(String), body: 'Le four est-il libre samedi ?', attachments: [] } } },
    ]);
  });

  it('breaks the first message’s lines with Enter: the button or Ctrl+Enter sends it', async () => {
    const api = chatApi({ createConversation: { id: CONVERSATION_ID } });
    signIn('USER', ME);
    const view = renderAt('/conversations/creer/ad-1');
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    expect(box).toHaveAccessibleDescription('Enter for a new line, Ctrl+Enter to send.');
    await view.user.type(box, 'Bonjour,{Enter}{Enter}Le four est-il libre samedi ?');
    expect(api.calls('createConversation')).toEqual([]);
    expect(box).toHaveValue('Bonjour,\n\nLe four est-il libre samedi ?');
    await view.user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(view.location()).toBe(`/conversations/${CONVERSATION_ID}`));
    expect(api.calls('createConversation')).toMatchObject([{ input: { message: { body: 'Bonjour,\n\nLe four est-il libre samedi ?' } } }]);
  });

  it('explains why one cannot start a conversation about one’s own ad, or about an ad gone, keeping the text', async () => {
    chatApi({ createConversation: [new ApiError('OWN_AD_CONVERSATION', 'own'), new ApiError('NOT_FOUND', 'gone')] });
    signIn('USER', OWNER);
    const { user } = renderAt('/conversations/creer/ad-1');
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await user.type(box, 'Bonjour{Control>}{Enter}{/Control}');
    expect(await screen.findByText('You cannot start a conversation about your own ad.')).toBeVisible();
    expect(box).toHaveValue('Bonjour');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This ad does not exist or is no longer published.')).toBeVisible();
  });

  it('sends administrators away: they have no conversations', async () => {
    chatApi();
    signIn('ADMIN', 'admin-1');
    const view = renderAt('/conversations');
    await waitFor(() => expect(view.location()).not.toMatch(/conversations/));
    expect(screen.queryByRole('link', { name: /^Conversations/ })).not.toBeInTheDocument();
  });
});
