// The conversation's safety controls on a 375 px touch phone (issue 36 §6), in both languages: no
// report button under each incoming message nor a block button leading the header, but a "⋯" menu per
// message and one for the conversation, a thumb's size, axe-clean open, worked by keyboard (Enter,
// ArrowDown, Escape back to the button); the report dialog and the block confirmation open from them, the
// focus comes back to the menu's button, and a block still shows with the way to lift it.
import { test, expect, apiToken, fillLogin, graphqlCall, signUpConfirmedThroughApi, uniqueEmail, type Lang } from './support';
import { expectNoA11yViolations } from './axe';

const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const PASSWORD = 'Menus-Passe-2026';
const OWNER = 'traiteur@exemple.ca';

const T = {
  fr: {
    language: 'FRENCH',
    messageMenu: /^Plus d'actions sur ce message \(/,
    conversationMenu: "Plus d'actions sur la conversation",
    reportMessage: 'Signaler ce message',
    reportDialog: 'Signaler',
    block: /^Bloquer /,
    confirmBlock: 'Bloquer',
    close: 'Fermer',
    blocked: /^Vous avez bloqué .+\s:\scette personne ne peut plus vous écrire\./,
    unblock: /^Débloquer /,
  },
  en: {
    language: 'ENGLISH',
    messageMenu: /^More actions for this message \(/,
    conversationMenu: 'More actions for the conversation',
    reportMessage: 'Report this message',
    reportDialog: 'Report',
    block: /^Block /,
    confirmBlock: 'Block',
    close: 'Close',
    blocked: /^You blocked .+: they can no longer write to you\./,
    unblock: /^Unblock /,
  },
} as const;

for (const lang of ['fr', 'en'] as Lang[]) {
  const words = T[lang];

  test(`${lang}: a conversation keeps its report and block controls in menus, worked by touch and by keyboard`, async ({ page }) => {
    // An asker's conversation with the demo caterer, who has answered: an incoming message.
    const email = uniqueEmail(`menus-${lang}`);
    await signUpConfirmedThroughApi(page.request, email, PASSWORD, `Popote ${Date.now().toString(36)}`, { language: words.language });
    const token = await apiToken(page.request, email, PASSWORD);
    await graphqlCall(
      page.request,
      'mutation Closed($input: UpdateFirstLoginModalClosedInput!) { updateFirstLoginModalClosed(input: $input) { id } }',
      { input: { firstLoginModalClosed: true } },
      token,
    );
    const ownerToken = await apiToken(page.request, OWNER);
    const { managedAds } = await graphqlCall<{ managedAds: { items: { id: string }[] } }>(
      page.request,
      'query { managedAds(published: true, limit: 1) { items { id } } }',
      {},
      ownerToken,
    );
    const { createConversation } = await graphqlCall<{ createConversation: { id: string } }>(
      page.request,
      'mutation Start($input: CreateConversationInput!) { createConversation(input: $input) { id } }',
      {
        input: { adId: managedAds.items[0]!.id, message: { clientMessageId: crypto.randomUUID(), body: 'Bonjour, est-ce libre samedi ?' } },
      },
      token,
    );
    await graphqlCall(
      page.request,
      'mutation Reply($input: SendMessageInput!) { sendMessage(input: $input) { id } }',
      { input: { conversationId: createConversation.id, clientMessageId: crypto.randomUUID(), body: 'Oui, il est libre samedi.' } },
      ownerToken,
    );

    await page.goto(`/connexion?lang=${lang}`);
    await fillLogin(page, lang, email, PASSWORD);
    await expect(page).toHaveURL(/\/annonces$/);
    await page.goto(`/conversations/${createConversation.id}`);
    const log = page.getByRole('log');
    await expect(log.getByText('Oui, il est libre samedi.')).toBeVisible();

    // Nothing to report under the messages, nothing to block ahead of them: one menu for their message only.
    await expect(page.getByRole('button', { name: words.reportMessage })).toHaveCount(0);
    await expect(page.getByRole('button', { name: words.block })).toHaveCount(0);
    const messageMenu = log.getByRole('button', { name: words.messageMenu });
    await expect(messageMenu).toHaveCount(1);
    const target = (await messageMenu.boundingBox())!;
    expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(44);

    // By keyboard: Enter opens it on its item, Escape closes it back on the button; ArrowDown opens it too.
    await messageMenu.focus();
    await page.keyboard.press('Enter');
    const report = page.getByRole('menuitem', { name: words.reportMessage });
    await expect(report).toBeFocused();
    await expectNoA11yViolations(page, `a message's menu (${lang})`);
    await page.keyboard.press('Escape');
    await expect(report).toHaveCount(0);
    await expect(messageMenu).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(report).toBeFocused();
    // The item opens the report dialog; closed, the focus is back on the menu's button.
    await page.keyboard.press('Enter');
    const reportDialog = page.getByRole('dialog', { name: words.reportDialog });
    await expect(reportDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(reportDialog).toBeHidden();
    await expect(messageMenu).toBeFocused();

    // The conversation's menu, by touch: the block's confirmation, then the block shown with the way to lift it.
    const conversationMenu = page.getByRole('button', { name: words.conversationMenu });
    await conversationMenu.tap();
    await page.getByRole('menuitem', { name: words.block }).tap();
    const blockDialog = page.getByRole('dialog', { name: words.block });
    await blockDialog.getByRole('button', { name: words.confirmBlock, exact: true }).tap();
    await expect(blockDialog.getByRole('status')).toHaveText(words.blocked);
    await blockDialog.getByRole('button', { name: words.close }).tap();
    await expect(blockDialog).toBeHidden();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: words.blocked })).toBeVisible();
    const unblock = page.getByRole('button', { name: words.unblock });
    await expect(unblock).toBeFocused();
    await expect(conversationMenu).toHaveCount(0);
    await unblock.tap();
    await expect(conversationMenu).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
}
