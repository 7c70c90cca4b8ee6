export { forgetOldReplies, registerMoneyReplies } from '@/modules/money-replies/money-replies.service.ts';
export { REPLAYED_MONEY_CALLS } from '@/modules/money-replies/replayed-calls.ts';
