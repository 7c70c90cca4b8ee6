import type { ChatDeliveryStatus, ChatMessage, ChatMessageBody } from '@mekong/contracts/chat';

/**
 * One message on screen: a stored one (`id` set, status `succeed`) or the sender's optimistic copy while it uploads,
 * sends or after it failed (docs/spec.md §3 delivery statuses). Both are matched by the client-made id.
 */
export type ChatItem = {
  clientId: string;
  id: string | null;
  sender: ChatMessage['sender'];
  body: ChatMessageBody;
  /** The server's time once stored; the phone's time while it is only an optimistic copy. */
  createdAt: string;
  status: ChatDeliveryStatus;
  /** The picked file of a media message not yet uploaded, kept so a failed upload can be tried again. */
  file?: File;
  /** A local address of the picked file, shown until the stored message (with the served address) replaces it. */
  previewUrl?: string;
};

export type ChatState = {
  items: ChatItem[];
  /** Stored messages of the conversation (history's total, plus those that arrived since). */
  total: number;
  agentReadAt: string | null;
  isAgentTyping: boolean;
  hasLoaded: boolean;
};

export type ChatAction =
  | { type: 'history'; messages: ChatMessage[]; total: number; agentReadAt: string | null }
  | { type: 'received'; message: ChatMessage }
  | { type: 'queued'; item: ChatItem }
  | { type: 'status'; clientId: string; status: ChatDeliveryStatus }
  | { type: 'uploaded'; clientId: string; body: ChatMessageBody }
  | { type: 'sent'; clientId: string; message: ChatMessage; timestamp: string }
  | { type: 'removed'; clientId: string }
  | { type: 'agentRead'; at: string }
  | { type: 'agentTyping'; isTyping: boolean }
  | { type: 'reset' };

export const initialChatState: ChatState = { items: [], total: 0, agentReadAt: null, isAgentTyping: false, hasLoaded: false };

function storedItem(message: ChatMessage): ChatItem {
  return {
    clientId: message.clientId,
    id: message._id,
    sender: message.sender,
    body: message.message,
    createdAt: message.createdAt,
    status: 'succeed',
  };
}

const timeOf = (item: ChatItem) => Date.parse(item.createdAt) || 0;

/** Stored messages by time; copies not stored yet stay after them in the order they were written. */
function ordered(items: ChatItem[]): ChatItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      const aPending = a.item.id === null ? 1 : 0;
      const bPending = b.item.id === null ? 1 : 0;
      if (aPending !== bPending) return aPending - bPending;
      if (aPending) return a.index - b.index;
      return timeOf(a.item) - timeOf(b.item) || a.index - b.index;
    })
    .map(({ item }) => item);
}

function later(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/**
 * Puts stored messages into the list: one already there (same client id, or same stored id) is replaced by its stored
 * version, so an optimistic copy becomes the stored message and a message heard twice (socket and history) shows once.
 * Answers the list and how many of the messages were new to it.
 */
export function mergeStored(items: ChatItem[], messages: ChatMessage[], timestamps: Record<string, string> = {}): { items: ChatItem[]; added: number } {
  const next = [...items];
  let added = 0;
  for (const message of messages) {
    const stored = storedItem(message);
    const sentAt = timestamps[message.clientId];
    if (sentAt) stored.createdAt = sentAt;
    const at = next.findIndex((item) => item.clientId === message.clientId || (item.id !== null && item.id === message._id));
    if (at === -1) {
      next.push(stored);
      added += 1;
    } else {
      if (next[at]!.id === null) added += 1;
      next[at] = stored;
    }
  }
  return { items: ordered(next), added };
}

function update(items: ChatItem[], clientId: string, change: Partial<ChatItem>): ChatItem[] {
  return items.map((item) => (item.clientId === clientId && item.id === null ? { ...item, ...change } : item));
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'history': {
      const { items } = mergeStored(state.items, action.messages);
      const stored = items.filter((item) => item.id !== null).length;
      return { ...state, items, total: Math.max(action.total, stored), agentReadAt: later(state.agentReadAt, action.agentReadAt), hasLoaded: true };
    }
    case 'received': {
      const { items, added } = mergeStored(state.items, [action.message]);
      // An agent's message ends their typing.
      const isAgentTyping = action.message.sender === 'other' ? false : state.isAgentTyping;
      return { ...state, items, total: state.total + added, isAgentTyping };
    }
    case 'sent': {
      // The send time is the server's (docs/spec.md §4): the reply's timestamp.
      const { items, added } = mergeStored(state.items, [action.message], { [action.clientId]: action.timestamp });
      return { ...state, items, total: state.total + added };
    }
    case 'queued':
      return { ...state, items: ordered([...state.items.filter((item) => item.clientId !== action.item.clientId), action.item]) };
    case 'status':
      return { ...state, items: update(state.items, action.clientId, { status: action.status }) };
    case 'uploaded':
      return { ...state, items: update(state.items, action.clientId, { body: action.body, file: undefined }) };
    case 'removed':
      return { ...state, items: state.items.filter((item) => item.clientId !== action.clientId || item.id !== null) };
    case 'agentRead':
      return { ...state, agentReadAt: later(state.agentReadAt, action.at) };
    case 'agentTyping':
      return { ...state, isAgentTyping: action.isTyping };
    case 'reset':
      return initialChatState;
  }
}

/** Stored messages on screen: history's next page starts after them (newest first). */
export function storedCount(state: ChatState): number {
  return state.items.filter((item) => item.id !== null).length;
}

export function hasOlder(state: ChatState): boolean {
  return storedCount(state) < state.total;
}

/** Agents' messages newer than the moment the customer last had the chat on screen. */
export function unreadCount(items: ChatItem[], seenAt: string | null): number {
  const seen = seenAt ? Date.parse(seenAt) : 0;
  return items.filter((item) => item.sender === 'other' && timeOf(item) > seen).length;
}

/** The newest of the customer's stored messages the agents have read (it carries the "read" mark). */
export function lastReadByAgent(items: ChatItem[], agentReadAt: string | null): string | null {
  if (!agentReadAt) return null;
  const readAt = Date.parse(agentReadAt);
  let found: string | null = null;
  for (const item of items) if (item.sender === 'customer' && item.id !== null && timeOf(item) <= readAt) found = item.clientId;
  return found;
}

/** The newest agent message's time, or null. */
export function newestAgentMessageAt(items: ChatItem[]): string | null {
  for (let i = items.length - 1; i >= 0; i -= 1) if (items[i]!.sender === 'other') return items[i]!.createdAt;
  return null;
}
