import { api } from './support/api.ts';
import { BACKOFFICE_VIEWPORT, signInThroughPage } from './support/backoffice.ts';
import {
  customerHistory,
  customerSays,
  customerSocket,
  enableChat,
  newGuest,
} from './support/chat.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ ...BACKOFFICE_VIEWPORT, locale: 'en-US' });
test.beforeAll(enableChat);

/**
 * Issue 12, "Browser end-to-end": a guest writes, an operator in the back office takes the conversation and answers,
 * the guest's socket gets the answer live; a private note never reaches the guest
 * (docs/decisions/0015-support-chat.md).
 */
test('a guest writes, the operator takes the conversation and answers live; a note stays private', async ({
  page,
}) => {
  const guest = await newGuest();
  const { socket, received } = await customerSocket(guest);
  const hello = `My deposit has not arrived ${Date.now()}`;
  await customerSays(guest, hello);

  await page.addInitScript(() => localStorage.setItem('mekong-backoffice-locale', 'en'));
  await signInThroughPage(page, 'support');
  await page.getByRole('navigation').getByRole('link', { name: 'Support chat' }).click();
  await expect(page).toHaveURL(/\/backoffice\/chat/);

  const list = page.getByRole('region', { name: 'Conversations' });
  await list.getByRole('button', { name: 'Unassigned', exact: true }).click();
  await list.getByRole('button', { name: new RegExp(guest.guestId.slice(-6)) }).click();
  const thread = page.getByRole('region', { name: 'Conversation' });
  await expect(thread.getByText(hello)).toBeVisible();
  await expect(
    page.getByTestId('customer-panel').getByRole('heading', { name: 'Guest' }),
  ).toBeVisible();

  await thread.getByRole('button', { name: 'Assign to me' }).click();
  await expect(thread.getByText(/Assigned to/)).toBeVisible();

  // The customer types: the operator sees it.
  socket.emit('typing', { isTyping: true });
  await expect(thread.getByText('The customer is typing…')).toBeVisible();

  const answer = `It is on its way ${Date.now()}`;
  const box = thread.getByRole('textbox');
  await box.fill(answer);
  await box.press('Enter');
  await expect(thread.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
  await expect.poll(() => received, { timeout: 10_000 }).toContain(answer);

  const note = `Checked the bank feed ${Date.now()}`;
  await thread.getByRole('switch', { name: 'Private note' }).check();
  await box.fill(note);
  await thread.getByRole('button', { name: 'Add note' }).click();
  await expect(thread.getByTestId('chat-note').filter({ hasText: note })).toBeVisible();

  // The guest writes again and it shows live; the guest's history has the answer but never the note.
  const again = `Thank you ${Date.now()}`;
  await customerSays(guest, again);
  await expect(thread.getByText(again)).toBeVisible();
  const history = await customerHistory(guest);
  expect(history).toContain(answer);
  expect(history).toContain(hello);
  expect(history).not.toContain(note);
  expect(received).not.toContain(note);

  // The guest reads: the operator sees the read mark on the answer.
  await api.put('/api/chat/read-customer/', {}, { headers: guest.headers });
  await expect(thread.getByText('Seen')).toBeVisible();
  socket.disconnect();
});
