import { mkdir } from 'node:fs/promises';
import {
  adminPost,
  BACKOFFICE_VIEWPORT,
  openBackoffice,
  operatorToken,
} from './support/backoffice.ts';
import {
  agentSays,
  customerSays,
  customerSendsImage,
  enableChat,
  findConversation,
  memberCustomer,
  newGuest,
} from './support/chat.ts';
import { makeSlip, operatorDepositAccount } from './support/deposit.ts';
import { expect, test } from './support/fixtures.ts';
import { creditFromBank, memberMoney } from './support/money.ts';

test.use(BACKOFFICE_VIEWPORT);
test.beforeAll(enableChat);

/** Review screenshots of the support inbox at 1280×800 (docs/decisions/0015-support-chat.md); only with SHOTS_DIR. */
const SHOTS = process.env.SHOTS_DIR;

const TEXTS = {
  th: {
    hello: 'สวัสดีค่ะ ฝากเงินไป 500 บาทแล้วยังไม่เข้าค่ะ',
    answer: 'รับเรื่องแล้วค่ะ กำลังตรวจสอบให้นะคะ',
    note: 'ตรวจรายการธนาคารแล้ว ยอดเข้า 10:42',
    thanks: 'ขอบคุณค่ะ',
  },
  la: {
    hello: 'ສະບາຍດີ ຝາກເງິນແລ້ວແຕ່ຍັງບໍ່ເຂົ້າ',
    answer: 'ຮັບເລື່ອງແລ້ວ ກຳລັງກວດສອບໃຫ້',
    note: 'ກວດລາຍການທະນາຄານແລ້ວ',
    thanks: 'ຂອບໃຈ',
  },
  en: {
    hello: 'Hi, I deposited 500 baht and it has not arrived',
    answer: 'Thanks, I am checking it now',
    note: 'Bank feed shows it at 10:42',
    thanks: 'Thank you',
  },
} as const;

test.describe('support inbox for review', () => {
  for (const lang of ['th', 'la', 'en'] as const) {
    test(`the inbox in ${lang}`, async ({ page, member, api }) => {
      const texts = TEXTS[lang];
      const memberToken = await api.login(member.phone, member.password);
      await creditFromBank(member, 1000);
      await memberMoney(api, memberToken).waitForCash(1000);
      const guest = await newGuest();
      await customerSays(guest, texts.hello);
      const customer = memberCustomer(memberToken);
      await customerSays(customer, texts.hello);

      const token = await operatorToken('owner');
      const found = await findConversation(token, (row) => row.member?.username === member.phone);
      await adminPost(`/api/admin/chat/conversations/${found.id}/assign`, {}, token);
      await agentSays(token, found.id, texts.answer);
      await agentSays(token, found.id, texts.note, true);
      const slip = await makeSlip(member, await operatorDepositAccount(api), 500);
      await customerSendsImage(customer, slip.png);
      await customerSays(customer, texts.thanks);

      await page.addInitScript(
        (value) => localStorage.setItem('mekong-backoffice-locale', value),
        lang,
      );
      await openBackoffice(page, 'owner', `/chat?c=${found.id}`);
      await expect(page.getByTestId('chat-note')).toBeVisible();
      await expect(page.getByTestId('customer-panel').getByRole('link')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await mkdir(SHOTS!, { recursive: true });
      const shot = (name: string) =>
        page.screenshot({
          path: `${SHOTS}/backoffice-chat-${name}-${lang}.png`,
          animations: 'disabled',
        });
      await shot('inbox');

      // The composer in note mode with choices, then the transfer and canned-reply dialogs.
      const thread = page.locator('.chat__thread');
      await thread.getByRole('switch').check();
      await thread.getByRole('textbox').fill(texts.note);
      await shot('note');
      await thread.getByRole('switch').uncheck();
      await thread.locator('.chat__tools button[aria-pressed]').click();
      await thread.locator('.chat__choices-editor input:not([type="radio"])').first().fill('QR');
      await shot('choices');
      await thread.locator('.chat__thread-actions .button--ghost').click();
      await expect(page.getByRole('dialog').locator('.chat__agents li').first()).toBeVisible();
      await shot('transfer');
      await page.keyboard.press('Escape');
      await thread.locator('.chat__canned .button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('canned');
      await page.keyboard.press('Escape');
      await thread.locator('.chat__bubble--customer .button--secondary').click();
      await expect(page.getByRole('dialog').getByTestId('slip-result')).toBeVisible();
      await shot('slip');
    });
  }
});
