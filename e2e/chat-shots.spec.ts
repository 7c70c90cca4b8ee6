import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { signIn } from './support/money.ts';
import { adminPut, operatorToken } from './support/backoffice.ts';
import {
  agentSends,
  agentSendsText,
  conversationMessages,
  findConversation,
  gradientPng,
  openChat,
  setChatWidget,
  writeInChat,
} from './support/member-chat.ts';

/**
 * Review screenshots (390x844) of the support chat in th, la and en: empty, a conversation with every message type,
 * a failed picture, the unread badge, and the chat's alerts. Run with SHOTS_DIR set.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '';
const LOCALES = ['th', 'la', 'en'] as const;
type Locale = (typeof LOCALES)[number];

const AGENT_TEXT: Record<Locale, { hello: string; pick: string; quick: string; yes: string; no: string; card: string; cardSub: string; member: string }> = {
  th: {
    hello: 'สวัสดีค่ะ ยินดีให้บริการ ได้รับสลิปแล้วนะคะ',
    pick: 'ต้องการทำรายการใดคะ',
    quick: 'ปัญหาได้รับการแก้ไขแล้วหรือยังคะ',
    yes: 'เรียบร้อยแล้ว',
    no: 'ยังไม่ได้',
    card: 'โบนัสฝากแรก 100%',
    cardSub: 'รับโบนัสสูงสุด 1,000 บาท',
    member: 'ฝากเงินแล้วยอดยังไม่เข้าครับ',
  },
  la: {
    hello: 'ສະບາຍດີ ຍິນດີໃຫ້ບໍລິການ ໄດ້ຮັບສະລິບແລ້ວ',
    pick: 'ຕ້ອງການເຮັດລາຍການໃດ',
    quick: 'ບັນຫາໄດ້ຮັບການແກ້ໄຂແລ້ວບໍ່',
    yes: 'ຮຽບຮ້ອຍແລ້ວ',
    no: 'ຍັງບໍ່ທັນ',
    card: 'ໂບນັດຝາກທຳອິດ 100%',
    cardSub: 'ຮັບໂບນັດສູງສຸດ 1,000 ບາດ',
    member: 'ຝາກເງິນແລ້ວຍອດຍັງບໍ່ເຂົ້າ',
  },
  en: {
    hello: 'Hello, happy to help. We received your slip.',
    pick: 'What would you like to do?',
    quick: 'Is your problem solved?',
    yes: 'Yes, thanks',
    no: 'Not yet',
    card: 'First deposit bonus 100%',
    cardSub: 'Up to 1,000 baht bonus',
    member: 'I deposited but my balance has not changed.',
  },
};

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), animations: 'disabled' });
}

async function useLocale(page: Page, locale: Locale) {
  await page.goto('/contact');
  await page.evaluate((value) => localStorage.setItem('locale', value), locale);
}

test.beforeEach(async () => setChatWidget(true));

for (const locale of LOCALES) {
  test(`guest chat: empty, and the alerts in ${locale}`, async ({ page }) => {
    await useLocale(page, locale);
    await page.goto('/contact');
    await expect(page.getByTestId('chat-widget')).toBeVisible();
    await shot(page, `chat-${locale}-contact`);
    await openChat(page);
    await expect(page.getByTestId('chat-empty')).toBeVisible();
    await shot(page, `chat-${locale}-empty`);

    const input = page.getByTestId('chat-file-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByTestId('chat-alert')).toBeVisible();
    await shot(page, `chat-${locale}-alert-not-supported`);
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await expect(page.getByTestId('chat-alert')).toContainText('10');
    await shot(page, `chat-${locale}-alert-too-large`);

    // Near and over the 2000-character limit the counter shows; over it, sending is refused.
    await page.getByTestId('chat-input').fill('x'.repeat(2004));
    await expect(page.getByTestId('chat-counter')).toBeVisible();
    await shot(page, `chat-${locale}-counter`);

    // No guest can be made (the server is unreachable for it): the chat cannot start.
    await page.route('**/api/chat/guest', (route) => route.abort('connectionrefused'));
    await page.getByTestId('chat-input').fill(AGENT_TEXT[locale].member);
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-failed')).toBeVisible();
    await shot(page, `chat-${locale}-cannot-start`);
  });

  test(`member chat: every message type, a failed picture and the unread badge in ${locale}`, async ({ page, member, api }) => {
    const text = AGENT_TEXT[locale];
    await signIn(page, api, await api.login(member.phone, member.password), '/user/contact', locale);
    await openChat(page);
    await writeInChat(page, text.member);
    await page.getByTestId('chat-file-input').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: gradientPng(240, 320) });
    await expect(page.getByTestId('chat-message').last()).toHaveAttribute('data-status', 'succeed');

    const conversation = await findConversation({ memberId: member.id });
    const picture = (await conversationMessages(conversation.id)).find((message) => message.message.message_type === 'media');
    const imageUrl = picture?.message.message_type === 'media' ? picture.message.payload.url : undefined;
    await agentSendsText(conversation.id, text.hello);
    await agentSends(conversation.id, {
      message_type: 'buttons',
      payload: { message: text.pick, buttons: [{ title: text.card, payload: 'BONUS' }, { title: '?', payload: 'HELP' }] },
    });
    await agentSends(conversation.id, {
      message_type: 'generic',
      payload: {
        elements: [
          { title: text.card, subtitle: text.cardSub, imageUrl, buttons: [{ title: text.card, payload: 'BONUS' }] },
          { title: text.hello, subtitle: text.cardSub },
        ],
      },
    });
    await agentSends(conversation.id, {
      message_type: 'quick_replies',
      payload: { message: text.quick, replies: [{ title: text.yes, payload: 'YES' }, { title: text.no, payload: 'NO' }] },
    });
    await expect(page.getByTestId('chat-message').filter({ hasText: text.quick })).toBeVisible();
    // The agents read it: the member's newest message carries the read mark.
    await adminPut(`/api/admin/chat/conversations/${conversation.id}/read`, {}, await operatorToken('owner'));
    await expect(page.getByTestId('chat-read')).toBeVisible();
    await shot(page, `chat-${locale}-conversation`);
    await page.getByTestId('chat-conversation').evaluate((element) => element.scrollTo(0, 0));
    await shot(page, `chat-${locale}-conversation-top`);

    await page.route('**/api/chat/upload-image', (route) => route.abort('connectionreset'));
    await page.getByTestId('chat-file-input').setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: gradientPng() });
    await expect(page.getByTestId('chat-failed')).toBeVisible();
    await shot(page, `chat-${locale}-failed`);

    // Away from the chat an agent's answer shows as the menu's badge.
    await page.keyboard.press('Escape');
    await page.goto('/user/home');
    await agentSendsText(conversation.id, text.hello);
    await expect(page.getByTestId('chat-unread')).toBeVisible();
    await shot(page, `chat-${locale}-unread`);
  });
}
