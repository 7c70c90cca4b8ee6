import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import { adminChatConversationSchema } from '@mekong/contracts/admin/chat';
import { CHAT_SOCKET } from '@mekong/contracts/chat';
import { getToken } from '@/lib/session';
import { CONVERSATIONS_KEY, conversationKey } from '@/features/chat/api/chat-api';

type AgentSocket = { socket: Socket | null; isConnected: boolean };

const AgentSocketContext = createContext<AgentSocket>({ socket: null, isConnected: false });

/** Several conversation events in a burst refresh the lists once. */
const REFRESH_DELAY_MS = 250;

/**
 * The one agents' socket of the inbox (docs/decisions/0015-support-chat.md#socket): every agent socket hears
 * `conversation`, which updates that conversation and refreshes the lists; a reconnect refreshes them too, so a change
 * made while it was away is not missed.
 */
export function AgentSocketProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AgentSocket>({ socket: null, isConnected: false });

  useEffect(() => {
    const socket = io(CHAT_SOCKET.agentNamespace, {
      path: CHAT_SOCKET.path,
      auth: { token: getToken() ?? '' },
      transports: ['websocket'],
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshLists = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
        REFRESH_DELAY_MS,
      );
    };
    let hasConnected = socket.connected;
    socket.on('connect', () => {
      setState({ socket, isConnected: true });
      if (hasConnected) refreshLists();
      hasConnected = true;
    });
    socket.on('disconnect', () => setState({ socket, isConnected: false }));
    socket.on(CHAT_SOCKET.conversation, (payload: unknown) => {
      const parsed = adminChatConversationSchema.safeParse(payload);
      if (!parsed.success) return;
      queryClient.setQueryData(conversationKey(parsed.data.id), parsed.data);
      refreshLists();
    });
    setState({ socket, isConnected: socket.connected });
    return () => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [queryClient]);

  return <AgentSocketContext.Provider value={state}>{children}</AgentSocketContext.Provider>;
}

export function useAgentSocket(): AgentSocket {
  return useContext(AgentSocketContext);
}
