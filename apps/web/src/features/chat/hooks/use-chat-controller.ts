import {
  CHAT_MESSAGE_MAX_CHARACTERS,
  CHAT_READ_DEBOUNCE_MS,
  type ChatChoice,
  type ChatMessage,
  type ChatMessageBody,
} from '@mekong/contracts/chat';
import { PAGE_SIZE } from '@mekong/contracts/constants';
import { hasVisibleContent } from '@mekong/contracts/fields';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { forgetChatGuest, readChatGuest, storeChatGuest, type ChatGuest } from '@/lib/chat-guest';
import { errorText } from '@/lib/error-message';
import { newIdempotencyKey } from '@/lib/idempotency';
import { hasToken, subscribeSession } from '@/lib/session';
import { readStorage, writeStorage } from '@/lib/storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import {
  createChatGuest,
  markChatRead,
  readChatHistory,
  sendChatMessage,
  uploadChatFile,
  type ChatIdentity,
} from '@/features/chat/api/chat-api';
import { checkChatFile, type ChatFileKind } from '@/features/chat/hooks/chat-file';
import {
  chatReducer,
  hasOlder,
  initialChatState,
  newestAgentMessageAt,
  storedCount,
  unreadCount,
  type ChatItem,
} from '@/features/chat/hooks/chat-messages';
import { openChatSocket, type ChatSocketConnection } from '@/features/chat/hooks/chat-socket';
import { createReadMarker } from '@/features/chat/hooks/read-marker';
import { useChatAlert } from '@/features/chat/hooks/use-chat-alert';

/** How long an agent's "typing" shows when the stop never arrives (a dropped socket). */
const AGENT_TYPING_MAX_MS = 10_000;
/** The customer's "typing" stops this long after the last key. */
const TYPING_IDLE_MS = 3000;
/** After a reconnect, pages read until they meet a message already shown (at most this many). */
const CATCH_UP_PAGES = 5;

function identityKeyOf(identity: ChatIdentity | null): string {
  if (!identity) return '';
  return identity.kind === 'member' ? 'member' : identity.guestId;
}

/** Whether an answer asked for `asked` is still for who is chatting (one for someone else is dropped). */
function isSameIdentity(current: ChatIdentity | null, asked: ChatIdentity): boolean {
  return identityKeyOf(current) === identityKeyOf(asked);
}

function mediaBody(kind: ChatFileKind): ChatMessageBody {
  return { message_type: 'media', payload: { url: '', fileType: kind, filePath: '' } };
}

/**
 * The chat of this tab (docs/decisions/0015-support-chat.md): who is chatting, the messages (stored and optimistic),
 * the socket, history paging, sending with its statuses, read marks, the unread count and the chat's alerts.
 */
export function useChatController(isEnabled: boolean) {
  const { t } = useTranslation();
  const isSignedIn = useSyncExternalStore(subscribeSession, hasToken, () => false);
  const [guest, setGuest] = useState<ChatGuest | null>(readChatGuest);
  const identity = useMemo<ChatIdentity | null>(
    () => (isSignedIn ? { kind: 'member' } : guest ? { kind: 'guest', ...guest } : null),
    [isSignedIn, guest],
  );
  const identityKey = identityKeyOf(identity);
  // Signing in claims and forgets the guest; signing out may find none (or another) kept: read it again.
  useEffect(() => setGuest(readChatGuest()), [isSignedIn]);
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [isOpen, setOpen] = useState(false);
  const [seenAt, setSeenAt] = useState(() => readStorage(STORAGE_KEYS.chatSeenAt));
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const { alert, showAlert } = useChatAlert();

  const stateRef = useRef(state);
  const identityRef = useRef(identity);
  const socketRef = useRef<ChatSocketConnection | null>(null);
  useEffect(() => {
    stateRef.current = state;
    identityRef.current = identity;
  });

  // Another identity (sign-in, sign-out, a refused guest) is another conversation. A first guest made by the first
  // message is the same one: its optimistic copy stays.
  const previousKey = useRef(identityKey);
  useEffect(() => {
    if (previousKey.current !== '' && previousKey.current !== identityKey) dispatch({ type: 'reset' });
    previousKey.current = identityKey;
  }, [identityKey]);

  const forgetGuest = useCallback(() => {
    forgetChatGuest();
    setGuest(null);
  }, []);

  /** Page 1 again (after every join); when it holds only new messages, older pages until they meet the known ones. */
  const readLatest = useCallback(async () => {
    const current = identityRef.current;
    if (!current) return;
    const known = new Set(stateRef.current.items.filter((item) => item.id !== null).map((item) => item.clientId));
    try {
      for (let page = 0; page < CATCH_UP_PAGES; page += 1) {
        const answer = await readChatHistory(current, page * PAGE_SIZE.chatHistory);
        if (!isSameIdentity(identityRef.current, current)) return;
        dispatch({ type: 'history', messages: answer.messages, total: answer.total, agentReadAt: answer.agentReadAt });
        const meetsKnown = answer.messages.some((message) => known.has(message.clientId));
        if (known.size === 0 || meetsKnown || (page + 1) * PAGE_SIZE.chatHistory >= answer.total) return;
      }
    } catch (error) {
      if (isApiError(error) && error.code === 'CHAT_GUEST_INVALID') forgetGuest();
    }
  }, [forgetGuest]);

  const isReadingLatest = useRef(false);
  const isLatestWanted = useRef(false);
  const loadLatest = useCallback(async () => {
    // A join while page 1 is being read asks once more after it, not twice at once.
    if (isReadingLatest.current) {
      isLatestWanted.current = true;
      return;
    }
    isReadingLatest.current = true;
    try {
      do {
        isLatestWanted.current = false;
        await readLatest();
      } while (isLatestWanted.current);
    } finally {
      isReadingLatest.current = false;
    }
  }, [readLatest]);

  const loadOlder = useCallback(async () => {
    const current = identityRef.current;
    if (!current || isLoadingOlder || !hasOlder(stateRef.current)) return;
    setLoadingOlder(true);
    try {
      const answer = await readChatHistory(current, storedCount(stateRef.current));
      if (isSameIdentity(identityRef.current, current))
        dispatch({ type: 'history', messages: answer.messages, total: answer.total, agentReadAt: answer.agentReadAt });
    } catch (error) {
      showAlert(errorText(t, error));
    } finally {
      setLoadingOlder(false);
    }
  }, [isLoadingOlder, showAlert, t]);

  // The socket: one per tab, only while the chat is on and somebody is chatting.
  const agentTypingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const current = identityRef.current;
    if (!isEnabled || !current) return;
    let isCancelled = false;
    void loadLatest();
    void openChatSocket(current, {
      onConnect: () => void loadLatest(),
      onMessage: (message: ChatMessage) => dispatch({ type: 'received', message }),
      onAgentRead: (at) => dispatch({ type: 'agentRead', at }),
      onAgentTyping: (isTyping) => {
        clearTimeout(agentTypingTimer.current);
        dispatch({ type: 'agentTyping', isTyping });
        if (isTyping) agentTypingTimer.current = setTimeout(() => dispatch({ type: 'agentTyping', isTyping: false }), AGENT_TYPING_MAX_MS);
      },
      onRefused: (code) => {
        if (code === 'CHAT_GUEST_INVALID') forgetGuest();
        else showAlert(t('chat.cannotStart'));
      },
      onJoinFailed: () => showAlert(t('chat.cannotStart')),
    }).then(
      (connection) => {
        if (isCancelled) connection.close();
        else socketRef.current = connection;
      },
      () => showAlert(t('chat.cannotStart')),
    );
    return () => {
      isCancelled = true;
      clearTimeout(agentTypingTimer.current);
      socketRef.current?.close();
      socketRef.current = null;
    };
    // The socket follows who is chatting and the switch, nothing else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isEnabled, identityKey]);

  /** The guest identity is made by the first message (`POST /api/chat/guest` once), not by visiting a page. */
  const ensureIdentity = useCallback(async (): Promise<ChatIdentity | null> => {
    if (identityRef.current) return identityRef.current;
    try {
      const made = await createChatGuest();
      storeChatGuest(made);
      const next: ChatIdentity = { kind: 'guest', ...made };
      identityRef.current = next;
      setGuest(made);
      return next;
    } catch {
      showAlert(t('chat.cannotStart'));
      return null;
    }
  }, [showAlert, t]);

  const failed = useCallback(
    (clientId: string, error: unknown) => {
      dispatch({ type: 'status', clientId, status: 'failed' });
      if (isApiError(error) && error.code === 'CHAT_GUEST_INVALID') forgetGuest();
      showAlert(errorText(t, error));
    },
    [forgetGuest, showAlert, t],
  );

  /** Uploads the file when there is one still to upload, then sends; each step shows as the message's status. */
  const deliver = useCallback(
    async (item: ChatItem) => {
      const { clientId } = item;
      const current = await ensureIdentity();
      if (!current) {
        dispatch({ type: 'status', clientId, status: 'failed' });
        return;
      }
      let body = item.body;
      if (item.file && body.message_type === 'media') {
        dispatch({ type: 'status', clientId, status: 'uploading_file' });
        try {
          const kind = body.payload.fileType === 'video' ? 'video' : 'image';
          const uploaded = await uploadChatFile(current, item.file, kind);
          body = { message_type: 'media', payload: { url: uploaded.url, fileType: uploaded.fileType, filePath: uploaded.path } };
          dispatch({ type: 'uploaded', clientId, body });
        } catch (error) {
          failed(clientId, error);
          return;
        }
      }
      dispatch({ type: 'status', clientId, status: 'sending' });
      try {
        const answer = await sendChatMessage(current, clientId, body);
        dispatch({ type: 'sent', clientId, message: answer.message, timestamp: answer.timestamp });
        // The stored message shows the served address now; the local copy of the file is no longer needed.
        if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
      } catch (error) {
        failed(clientId, error);
      }
    },
    [ensureIdentity, failed],
  );

  const queue = useCallback(
    (body: ChatMessageBody, extra: Partial<ChatItem> = {}) => {
      const item: ChatItem = {
        clientId: newIdempotencyKey(),
        id: null,
        sender: 'customer',
        body,
        createdAt: new Date().toISOString(),
        status: extra.file ? 'uploading_file' : 'sending',
        ...extra,
      };
      dispatch({ type: 'queued', item });
      void deliver(item);
    },
    [deliver],
  );

  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const isTypingSent = useRef(false);
  const stopTyping = useCallback(() => {
    clearTimeout(typingTimer.current);
    if (isTypingSent.current) socketRef.current?.emitTyping(false);
    isTypingSent.current = false;
  }, []);

  /** While the customer writes: "typing" to the agents, stopped after a pause. */
  const onDraftChange = useCallback(() => {
    if (!isTypingSent.current) socketRef.current?.emitTyping(true);
    isTypingSent.current = true;
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }, [stopTyping]);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  /** Sends a text: empty or invisible is ignored, over 2000 characters refused here (docs/spec.md §2). Answers whether it went. */
  const sendText = useCallback(
    (text: string): boolean => {
      const message = text.trim();
      if (!hasVisibleContent(message)) return false;
      if (message.length > CHAT_MESSAGE_MAX_CHARACTERS) {
        showAlert(t('errors.CHAT_MESSAGE_TOO_LONG'));
        return false;
      }
      stopTyping();
      queue({ message_type: 'text', payload: { message } });
      return true;
    },
    [queue, showAlert, stopTyping, t],
  );

  /** A tapped button or quick reply goes back to the agents as a postback. */
  const sendChoice = useCallback((choice: ChatChoice) => queue({ message_type: 'postback', payload: choice }), [queue]);

  const sendFile = useCallback(
    (file: File) => {
      const check = checkChatFile(file);
      if (!check.isAccepted) {
        showAlert(check.reason === 'unsupported' ? t('chat.fileNotSupported') : t('chat.fileTooLarge', { size: check.maxMegabytes }));
        return;
      }
      queue(mediaBody(check.kind), { file, previewUrl: URL.createObjectURL(file) });
    },
    [queue, showAlert, t],
  );

  const resend = useCallback(
    (clientId: string) => {
      const item = stateRef.current.items.find((candidate) => candidate.clientId === clientId && candidate.id === null);
      if (item && item.status === 'failed') void deliver(item);
    },
    [deliver],
  );

  const remove = useCallback((clientId: string) => {
    const item = stateRef.current.items.find((candidate) => candidate.clientId === clientId && candidate.id === null);
    if (item?.previewUrl) URL.revokeObjectURL(item.previewUrl);
    dispatch({ type: 'removed', clientId });
  }, []);

  // Read marks: while the chat is on screen, agents' messages are seen at once (badge) and the server is told at
  // most once a second.
  const readMarker = useMemo(
    () =>
      createReadMarker(() => {
        const current = identityRef.current;
        if (current) void markChatRead(current).catch(() => undefined);
      }, CHAT_READ_DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => readMarker.cancel(), [readMarker]);
  const newestAgentAt = newestAgentMessageAt(state.items);
  const unread = unreadCount(state.items, seenAt);
  useEffect(() => {
    if (!isOpen || !newestAgentAt || unread === 0 || document.visibilityState === 'hidden') return;
    setSeenAt(newestAgentAt);
    writeStorage(STORAGE_KEYS.chatSeenAt, newestAgentAt);
    readMarker.request();
  }, [isOpen, newestAgentAt, unread, readMarker]);

  return {
    isEnabled,
    hasIdentity: identity !== null,
    isOpen,
    setOpen,
    state,
    unread: isEnabled ? unread : 0,
    alert,
    isLoadingOlder,
    hasOlder: hasOlder(state),
    loadOlder,
    sendText,
    sendChoice,
    sendFile,
    resend,
    remove,
    onDraftChange,
  };
}

export type ChatController = ReturnType<typeof useChatController>;
