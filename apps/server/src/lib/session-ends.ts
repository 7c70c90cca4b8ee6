/** Which sessions table a session id belongs to. */
export type SessionKind = 'member' | 'operator';

type Listener = (kind: SessionKind, sessionIds: readonly string[]) => void;

/**
 * Tells whoever holds a connection opened with a session that the session ended (sign-out, password change or reset,
 * freeze, operator disabled). Services call `ended` after the revoking transaction commits; the chat sockets listen
 * and disconnect the session's sockets on every server process (docs/decisions/0015-support-chat.md#socket).
 */
export type SessionEnds = {
  ended(kind: SessionKind, sessionIds: readonly string[]): void;
  listen(listener: Listener): void;
};

export function createSessionEnds(): SessionEnds {
  const listeners: Listener[] = [];
  return {
    ended(kind, sessionIds) {
      if (sessionIds.length === 0) return;
      for (const listener of listeners) listener(kind, sessionIds);
    },
    listen(listener) {
      listeners.push(listener);
    },
  };
}
