export {
  assertIndependentApprover,
  INDEPENDENCE_MS,
} from '@/modules/operators/approver-independence.ts';
