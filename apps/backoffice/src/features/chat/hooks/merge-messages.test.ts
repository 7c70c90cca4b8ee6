import { describe, expect, it } from 'vitest';
import type { AdminChatMessage } from '@mekong/contracts/admin/chat';
import { mergeMessages, newClientId } from '@/features/chat/hooks/merge-messages';

const message = (id: string, createdAt: string): AdminChatMessage => ({
  _id: id,
  clientId: `client-${id}`,
  sender: 'customer',
  message: { message_type: 'text', payload: { message: id } },
  createdAt,
  session_id: 'c1',
  userId: null,
  guestId: 'g_1',
  username: null,
  name: null,
  deviceToken: null,
  isPrivateNote: false,
  operator: null,
});

describe('mergeMessages', () => {
  it('keeps one copy per id, oldest first', () => {
    const a = message('a', '2026-01-01T00:00:01Z');
    const b = message('b', '2026-01-01T00:00:02Z');
    const c = message('c', '2026-01-01T00:00:03Z');
    expect(mergeMessages([c, a], [b, c]).map((m) => m._id)).toEqual(['a', 'b', 'c']);
  });

  it('makes client ids the server accepts', () => {
    expect(newClientId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientId()).not.toBe(newClientId());
  });
});
