import { randomUUID } from 'node:crypto';
import { adminPost, demoOperator, operatorToken, totpCodeFor } from './backoffice.ts';
import type { TestMember } from './api.ts';

/**
 * The demo finance operator credits a member 10,000 baht four times, alone: 40,000 of the 50,000 second-approval line
 * (80%), so every owner is told once (docs/back-office/members.md#adjustments). Answers finance's username.
 */
export async function financeNearsTheLine(member: TestMember): Promise<string> {
  const owner = await operatorToken('owner');
  const found = (await adminPost(
    '/api/admin/members/search',
    { query: member.id, field: 'publicId' },
    owner,
  )) as { rows: { id: string }[] };
  const memberId = found.rows[0]?.id ?? '';
  const finance = demoOperator('finance');
  const token = await operatorToken('finance');
  await adminPost(
    '/api/admin/auth/reauth',
    { password: finance.password, code: await totpCodeFor('finance') },
    token,
  );
  for (let i = 0; i < 4; i += 1)
    await adminPost(
      `/api/admin/members/${memberId}/adjustments`,
      {
        requestId: randomUUID(),
        direction: 'credit',
        amountMinor: '1000000',
        reason: 'Goodwill for a failed payout',
      },
      token,
    );
  return finance.username;
}
