import type { z } from 'zod';
import { isMessageCode, type MessageCode } from '@mekong/contracts/messages';

/**
 * The code answered for a failed body: the first issue decides. Field schemas carry catalogue codes as messages;
 * an unknown key is UNKNOWN_FIELD; anything else (wrong shape, not an object) is INVALID_REQUEST.
 */
export function codeForIssues(issues: readonly z.core.$ZodIssue[]): MessageCode {
  const first = issues[0];
  if (!first) return 'INVALID_REQUEST';
  if (first.code === 'unrecognized_keys') return 'UNKNOWN_FIELD';
  if (isMessageCode(first.message)) return first.message;
  return 'INVALID_REQUEST';
}
