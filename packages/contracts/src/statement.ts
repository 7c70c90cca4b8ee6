import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { memberCall } from './contract.ts';
import { MONEY_STATUSES } from './money.ts';

export const pageBodySchema = (maxLimit = 50) =>
  z.strictObject({
    page: z.number({ error: 'INVALID_REQUEST' }).int({ error: 'INVALID_REQUEST' }).min(1, { error: 'INVALID_REQUEST' }).max(100_000, { error: 'INVALID_REQUEST' }),
    limit: z.number({ error: 'INVALID_REQUEST' }).int({ error: 'INVALID_REQUEST' }).min(1, { error: 'INVALID_REQUEST' }).max(maxLimit, { error: 'INVALID_REQUEST' }),
  });

export const STATEMENT_TYPES = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;

export const statementEntrySchema = z.object({
  _id: z.string(),
  statementType: z.enum(STATEMENT_TYPES),
  from: z.string(),
  to: z.string(),
  amount: z.number(),
  status: z.enum(MONEY_STATUSES),
  createdAt: z.string(),
  description: z.string().nullable(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementList = memberCall('POST', '/api/statement', {
  body: pageBodySchema(PAGE_SIZE.statement * 5),
  response: z.object({ total: z.number().int(), statements: z.array(statementEntrySchema) }),
});
