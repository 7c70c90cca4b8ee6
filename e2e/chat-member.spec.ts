import { expect, test } from './support/fixtures.ts';
import { signIn } from './support/money.ts';
import {
  agentSendsText,
  conversationMessages,
  findConversation,
  gradientPng,
  openChat,
  setChatWidget,
  storedGuestId,
  writeInChat,
} from './support/member-chat.ts';

/**
 * The support chat of guests and members in the browser (issue 12; docs/decisions/0015-support-chat.md): a guest
 * writes on /contact, an agent's answer arrives live, the conversation follows the guest into the member's account;
 * a member sends pictures, and an upload that failed is sent again.
 */
test.describe('support chat (member web)', () => {
  test.beforeAll(async () => setChatWidget(true));

  test('a guest writes, the agent answers live, and after signing in the conversation is still there', async ({ page, member, api }) => {
    // The agreement is taken as accepted on this device, so its modal stays away after signing in.
    const { version } = await api.get<{ version: string }>('/api/lookup/agreements');
    await page.addInitScript((value) => localStorage.setItem('remember-agreement', value), version);
    await page.goto('/contact');
    await openChat(page);
    await expect(page.getByTestId('chat-empty')).toBeVisible();
    await writeInChat(page, 'Hello, I am a guest');
    const guestId = await storedGuestId(page);
    expect(guestId).toMatch(/^g_/);

    const conversation = await findConversation({ guestId: guestId! });
    await agentSendsText(conversation.id, 'Hello guest, how can we help?');
    const answer = page.getByTestId('chat-message').filter({ hasText: 'Hello guest, how can we help?' });
    await expect(answer).toBeVisible();

    // Signing in moves the guest's conversation to the member; the browser forgets the guest.
    await page.keyboard.press('Escape');
    await page.goto('/login');
    await page.getByTestId('login-phone').fill(member.phone);
    await page.getByTestId('login-password').fill(member.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/user\/home$/);
    expect(await storedGuestId(page)).toBeNull();

    // Within the app (no reload): the tab's chat switches from the guest to the member.
    await page.locator('nav a[href="/user/contact"]').click();
    await openChat(page);
    await expect(page.getByTestId('chat-message').filter({ hasText: 'Hello, I am a guest' })).toBeVisible();
    await expect(page.getByTestId('chat-message').filter({ hasText: 'Hello guest, how can we help?' })).toBeVisible();

    // The member's answer reaches the same (member's) conversation, and the agent's next answer arrives live.
    await writeInChat(page, 'Now I am signed in');
    const memberConversation = await findConversation({ memberId: member.id });
    const texts = (await conversationMessages(memberConversation.id)).map((message) => message.message);
    expect(texts).toContainEqual({ message_type: 'text', payload: { message: 'Hello, I am a guest' } });
    await agentSendsText(memberConversation.id, 'Welcome back');
    await expect(page.getByTestId('chat-message').filter({ hasText: 'Welcome back' })).toBeVisible();
  });

  test('a member sends a picture; an upload that failed is sent again and succeeds once', async ({ page, member, api }) => {
    await signIn(page, api, await api.login(member.phone, member.password), '/user/contact', 'th');
    await openChat(page);

    const input = page.getByTestId('chat-file-input');
    await input.setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: gradientPng() });
    const first = page.getByTestId('chat-message').first();
    await expect(first).toHaveAttribute('data-status', 'succeed');
    await expect(first.locator('img')).toHaveAttribute('src', /\/api\/chat\/media\//);

    // The next upload is cut off once: the message fails, then goes on "send again".
    let aborted = 0;
    await page.route('**/api/chat/upload-image', async (route) => {
      if (aborted === 0) {
        aborted += 1;
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await input.setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: gradientPng(160, 120, [200, 60, 60]) });
    const second = page.getByTestId('chat-message').nth(1);
    await expect(second).toHaveAttribute('data-status', 'failed');
    await expect(second.getByTestId('chat-remove')).toBeVisible();
    await second.getByTestId('chat-resend').click();
    await expect(second).toHaveAttribute('data-status', 'succeed');
    await expect(second.locator('img')).toHaveAttribute('src', /\/api\/chat\/media\//);
    expect(aborted).toBe(1);

    // The pictures the member sees are what the agents have: two media messages, no copy of the resent one.
    const conversation = await findConversation({ memberId: member.id });
    const media = (await conversationMessages(conversation.id)).filter((message) => message.message.message_type === 'media');
    expect(media).toHaveLength(2);
    await page.reload();
    await openChat(page);
    await expect(page.getByTestId('chat-message')).toHaveCount(2);
  });
});
