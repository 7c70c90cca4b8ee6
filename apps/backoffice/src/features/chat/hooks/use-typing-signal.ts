import { useCallback, useEffect, useRef } from 'react';
import { CHAT_SOCKET } from '@mekong/contracts/chat';
import { useAgentSocket } from '@/features/chat/hooks/agent-socket';

/** "Still typing" is repeated at most this often; "stopped" follows this long after the last key. */
const REPEAT_MS = 2000;
const IDLE_MS = 3000;

/** Tells the customer the agent is typing (socket `typing` with the conversation), and when they stopped. */
export function useTypingSignal(conversationId: string) {
  const { socket } = useAgentSocket();
  const lastSent = useRef(0);
  const isTyping = useRef(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const emit = useCallback(
    (typing: boolean) => {
      socket?.emit(CHAT_SOCKET.typing, { conversationId, isTyping: typing });
      isTyping.current = typing;
      lastSent.current = typing ? Date.now() : 0;
    },
    [socket, conversationId],
  );

  useEffect(
    () => () => {
      clearTimeout(idleTimer.current);
      if (isTyping.current) emit(false);
    },
    [emit],
  );

  return useCallback(
    (typing: boolean) => {
      clearTimeout(idleTimer.current);
      if (!typing) {
        if (isTyping.current) emit(false);
        return;
      }
      if (Date.now() - lastSent.current > REPEAT_MS) emit(true);
      idleTimer.current = setTimeout(() => emit(false), IDLE_MS);
    },
    [emit],
  );
}
