import { api as memberApi } from './support/api.ts';
import {
  BACKOFFICE_VIEWPORT,
  openBackoffice,
  operatorToken,
  signInThroughPage,
} from './support/backoffice.ts';
import {
  customerHistory,
  customerSays,
  customerSendsImage,
  customerSocket,
  enableChat,
  findConversation,
  newGuest,
} from './support/chat.ts';
import { uniqueBankAccountNo } from './support/data.ts';
import { makeSlip, operatorDepositAccount } from './support/deposit.ts';
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
  const { socket, received, typing } = await customerSocket(guest);
  const hello = `My deposit has not arrived ${Date.now()}`;
  await customerSays(guest, hello);

  await page.addInitScript(() => localStorage.setItem('mekong-backoffice-locale', 'en'));
  await signInThroughPage(page, 'support');
  await page.getByRole('navigation').getByRole('link', { name: 'Support chat' }).click();
  await expect(page).toHaveURL(/\/backoffice\/chat/);

  const list = page.getByRole('region', { name: 'Conversations' });
  await list.getByRole('button', { name: 'Unassigned', exact: true }).click();
  await list.getByRole('button', { name: new RegExp(guest.guestId.slice(-6)) }).click();
  const thread = page.getByRole('region', { name: 'Conversation', exact: true });
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
  await box.pressSequentially('It is');
  // The operator types: the guest's socket hears it.
  await expect.poll(() => typing, { timeout: 10_000 }).toContain(true);
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
  await memberApi.put('/api/chat/read-customer/', {}, { headers: guest.headers });
  await expect(thread.getByText('Seen')).toBeVisible();
  socket.disconnect();
});

/**
 * A guest sends a slip image; the operator checks it with one click (what the verifier read, whether the reference is
 * used) and sends an image back, which reaches the guest's socket.
 */
test('a chat image is checked as a slip, and the operator sends an image back', async ({
  page,
  api,
}) => {
  const guest = await newGuest();
  const { socket, types } = await customerSocket(guest);
  const receiver = await operatorDepositAccount(api);
  const slip = await makeSlip(
    {
      bankAccountName: 'Guest Payer',
      bankCode: receiver.bankCode,
      bankAccountNo: uniqueBankAccountNo(),
    },
    receiver,
    321,
  );
  await customerSays(guest, 'I paid, here is the slip');
  await customerSendsImage(guest, slip.png);

  const token = await operatorToken('support');
  const conversation = await findConversation(token, (row) => row.guestId === guest.guestId);
  await page.addInitScript(() => localStorage.setItem('mekong-backoffice-locale', 'en'));
  await openBackoffice(page, 'support', `/chat?c=${conversation.id}`);
  const thread = page.getByRole('region', { name: 'Conversation', exact: true });
  await thread.getByRole('button', { name: 'Check slip' }).click();
  const result = page.getByRole('dialog').getByTestId('slip-result');
  await expect(result).toContainText('The slip was read.');
  await expect(result).toContainText(slip.transRef);
  await expect(result).toContainText('฿321.00');
  await expect(result).toContainText('This reference has not been used yet.');
  await page.keyboard.press('Escape');

  await thread.getByRole('button', { name: 'Assign to me' }).click();
  await expect(thread.getByText(/Assigned to/)).toBeVisible();
  await thread.getByTestId('chat-file').setInputFiles({
    name: 'answer.png',
    mimeType: 'image/png',
    buffer: slip.png,
  });
  await expect(thread.getByTestId('chat-message').last().locator('img')).toBeVisible();
  await expect.poll(() => types, { timeout: 10_000 }).toContain('media');
  socket.disconnect();
});
