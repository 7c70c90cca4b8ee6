import type { Api, TestMember } from './api.ts';
import { adminPost } from './backoffice.ts';
import { makeSlip, operatorDepositAccount, payQr } from './deposit.ts';
import { uniqueBankAccountNo } from './data.ts';
import { SANDBOX_URL, SERVER_URL } from './urls.ts';

/** Items for the back office's money-in queues (docs/back-office/money-in.md), made through the real calls. */

/**
 * A transfer into the operator's account from an account no member registered; waits until the bank-feed job has
 * read it into the bank-lines queue. Answers the line's id.
 */
export async function unmatchedBankLine(
  operatorToken: string,
  line: { amountBaht: number; senderName: string },
): Promise<string> {
  const res = await fetch(`${SANDBOX_URL}/sandbox/bank/credit-member`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      bankCode: 'BBL',
      accountNo: uniqueBankAccountNo(),
      accountName: line.senderName,
      amountMinor: Math.round(line.amountBaht * 100),
    }),
  });
  if (!res.ok) throw new Error(`sandbox credit-member answered ${res.status}`);
  const { transfer } = (await res.json()) as { transfer: { reference: string } };
  const deadline = Date.now() + 40_000;
  for (;;) {
    const { rows } = (await adminPost(
      '/api/admin/deposits/bank-lines',
      { search: transfer.reference },
      operatorToken,
    )) as { rows: { id: string }[] };
    if (rows[0]) return rows[0].id;
    if (Date.now() > deadline) throw new Error(`bank line ${transfer.reference} never arrived`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The member uploads a slip of a transfer from someone else's account: verified, not credited. */
export async function mismatchedSlip(
  api: Api,
  memberToken: string,
  amountBaht: number,
): Promise<string> {
  const receiver = await operatorDepositAccount(api);
  const slip = await makeSlip(
    { bankAccountName: 'SOMSRI JAIDEE', bankCode: 'KBANK', bankAccountNo: uniqueBankAccountNo() },
    receiver,
    amountBaht,
  );
  return uploadSlip(memberToken, slip.png, 'PLAYER_ACCOUNT_MISMATCH');
}

/** The member's slip; throws unless the server answers `note` (empty: credited). Answers the slip's id. */
async function uploadSlip(memberToken: string, png: Buffer, note: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slip.png');
  const res = await fetch(`${SERVER_URL}/api/wallet/slip`, {
    method: 'POST',
    headers: { 'x-client': 'member-web', authorization: `Bearer ${memberToken}` },
    body: form,
  });
  const json = (await res.json()) as { slip: { _id: string; note: string | null } };
  if (!res.ok || (json.slip.note ?? '') !== note)
    throw new Error(`slip upload answered ${res.status}: ${JSON.stringify(json)}`);
  return json.slip._id;
}

/**
 * The member's own slip, credited, then sent again: the system refuses the second as a duplicate by itself
 * (REFERENCE_DUPLICATED). Answers the duplicate's id.
 */
export async function duplicateSlip(
  api: Api,
  member: TestMember,
  memberToken: string,
  amountBaht: number,
): Promise<string> {
  const slip = await makeSlip(member, await operatorDepositAccount(api), amountBaht);
  await uploadSlip(memberToken, slip.png, '');
  return uploadSlip(memberToken, slip.png, 'REFERENCE_DUPLICATED');
}

/** The member's QR paid with another amount: held for an operator. */
export async function heldQr(api: Api, memberToken: string, amountBaht: number, paidBaht: number) {
  const state = await api.post<{ qrcodeId: string; reference: string }>(
    '/api/qrcode/KBANK',
    { amount: amountBaht },
    { token: memberToken },
  );
  await payQr('KBANK', state.reference, { amountMinor: Math.round(paidBaht * 100) });
  return state.qrcodeId;
}
