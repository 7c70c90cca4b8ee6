import { useCallback, useEffect, useRef, useState } from 'react';
import { adminChatMessageSchema, type AdminChatMessage } from '@mekong/contracts/admin/chat';
import { CHAT_SOCKET } from '@mekong/contracts/chat';
import { fetchMessages } from '@/features/chat/api/chat-api';
import { useAgentSocket } from '@/features/chat/hooks/agent-socket';
import { mergeMessages } from '@/features/chat/hooks/merge-messages';

export const MESSAGES_PAGE = 30;
/** A customer's typing mark fades when no new one comes (a lost "stopped" event must not leave it forever). */
const TYPING_FADE_MS = 6000;

type TypingEvent = { conversationId?: string; isTyping?: boolean; side?: string };
type ReadEvent = { conversationId?: string; side?: string; at?: string };

/**
 * One conversation's messages: history newest first in pages, then live `messaging` events after `watch`; after a
 * reconnect it watches again and re-reads page 1 (docs/decisions/0015-support-chat.md#socket). Also the customer's
 * typing and read marks.
 */
export function useConversationMessages(conversationId: string) {
  const { socket } = useAgentSocket();
  const [messages, setMessages] = useState<AdminChatMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [isCustomerTyping, setIsCustomerTyping] = useState(false);
  const [customerReadAt, setCustomerReadAt] = useState<string | null>(null);
  const shownRef = useRef<AdminChatMessage[]>([]);
  shownRef.current = messages;

  /** A pushed or sent message: counted once, whichever of the send answer and the socket came first. */
  const addOne = useCallback((message: AdminChatMessage) => {
    if (!shownRef.current.some((shown) => shown._id === message._id))
      setTotal((known) => known + 1);
    setMessages((shown) => mergeMessages(shown, [message]));
  }, []);

  const readPage = useCallback(
    async (skip: number) => {
      try {
        const page = await fetchMessages(conversationId, skip, MESSAGES_PAGE);
        setMessages((shown) => mergeMessages(shown, page.messages));
        setTotal(page.total);
        setError(null);
      } catch (failure) {
        setError(failure);
      } finally {
        setIsLoading(false);
      }
    },
    [conversationId],
  );

  useEffect(() => {
    setMessages([]);
    setTotal(0);
    setIsLoading(true);
    setError(null);
    setIsCustomerTyping(false);
    setCustomerReadAt(null);
    void readPage(0);
  }, [readPage]);

  useEffect(() => {
    if (!socket) return;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const watch = () => socket.emit(CHAT_SOCKET.watch, { conversationId });
    const onConnect = () => {
      watch();
      void readPage(0);
    };
    const onMessage = (payload: unknown) => {
      const parsed = adminChatMessageSchema.safeParse(payload);
      if (!parsed.success || parsed.data.session_id !== conversationId) return;
      addOne(parsed.data);
      if (parsed.data.sender === 'customer') setIsCustomerTyping(false);
    };
    const onTyping = (event: TypingEvent) => {
      if (event.conversationId !== conversationId || event.side === 'agent') return;
      clearTimeout(typingTimer);
      setIsCustomerTyping(event.isTyping === true);
      if (event.isTyping)
        typingTimer = setTimeout(() => setIsCustomerTyping(false), TYPING_FADE_MS);
    };
    const onRead = (event: ReadEvent) => {
      if (event.side !== 'customer' || !event.at) return;
      if (event.conversationId && event.conversationId !== conversationId) return;
      setCustomerReadAt(event.at);
    };
    if (socket.connected) watch();
    socket.on('connect', onConnect);
    socket.on(CHAT_SOCKET.messaging, onMessage);
    socket.on(CHAT_SOCKET.typing, onTyping);
    socket.on(CHAT_SOCKET.read, onRead);
    return () => {
      clearTimeout(typingTimer);
      socket.emit(CHAT_SOCKET.unwatch, { conversationId });
      socket.off('connect', onConnect);
      socket.off(CHAT_SOCKET.messaging, onMessage);
      socket.off(CHAT_SOCKET.typing, onTyping);
      socket.off(CHAT_SOCKET.read, onRead);
    };
  }, [socket, conversationId, readPage, addOne]);

  const loadOlder = useCallback(() => readPage(shownRef.current.length), [readPage]);

  return {
    messages,
    hasOlder: messages.length < total,
    isLoading,
    error,
    isCustomerTyping,
    customerReadAt,
    loadOlder,
    addSent: addOne,
    retry: () => readPage(0),
  };
}
