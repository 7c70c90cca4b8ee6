import { BACKOFFICE_VIEWPORT, signInThroughPage } from './support/backoffice.ts';
import { expect, test } from './support/fixtures.ts';
import { openChat, setChatWidget, storedGuestId, writeInChat } from './support/member-chat.ts';
import { SERVER_URL } from './support/urls.ts';

/**
 * Issue 12, the whole loop in two browsers: a guest writes on /contact (a phone), an operator answers from the back
 * office (a desktop), and the guest's open chat shows the answer live, without a reload.
 */
test.beforeAll(async () => setChatWidget(true));

test('a guest on /contact writes, an operator answers in the back office, the guest sees it live', async ({
  page,
  browser,
}) => {
  const hello = `Is my deposit credited? ${Date.now()}`;
  await page.goto('/contact');
  await openChat(page);
  await writeInChat(page, hello);
  const guestId = await storedGuestId(page);
  expect(guestId).toMatch(/^g_/);

  const desk = await browser.newContext({
    ...BACKOFFICE_VIEWPORT,
    baseURL: SERVER_URL,
    locale: 'en-US',
  });
  try {
    const operator = await desk.newPage();
    await operator.addInitScript(() => localStorage.setItem('mekong-backoffice-locale', 'en'));
    await signInThroughPage(operator, 'support');
    await operator.getByRole('navigation').getByRole('link', { name: 'Support chat' }).click();
    const list = operator.getByRole('region', { name: 'Conversations' });
    await list.getByRole('button', { name: 'Unassigned', exact: true }).click();
    await list.getByRole('button', { name: new RegExp(guestId!.slice(-6)) }).click();
    const thread = operator.getByRole('region', { name: 'Conversation', exact: true });
    await expect(thread.getByTestId('chat-message').filter({ hasText: hello })).toBeVisible();
    await thread.getByRole('button', { name: 'Assign to me' }).click();
    await expect(thread.getByText(/Assigned to/)).toBeVisible();

    const answer = `Yes, it is credited ${Date.now()}`;
    const box = thread.getByRole('textbox');
    await box.fill(answer);
    await box.press('Enter');
    await expect(thread.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();

    // The guest's page was left open: the answer arrives by the socket.
    await expect(page.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
  } finally {
    await desk.close();
  }
});
