/** The browser storage keys of docs/spec.md §3 and §4, the only place they are spelled. */
export const STORAGE_KEYS = {
  token: 'token',
  locale: 'locale',
  rememberAgreement: 'remember-agreement',
  lastSync: 'last_sync',
  userInfo: 'user-info',
  inviteCode: 'invite-code',
  /** Set (in sessionStorage) when the server ended the member's session, so /login can say so once. */
  sessionEnded: 'session-ended',
  /** A guest's chat identity `{ guestId, guestToken }` (docs/decisions/0015-support-chat.md#identities). */
  chatGuest: 'chat-guest',
  /** When the chat's messages were last seen on screen, for the unread badge. */
  chatSeenAt: 'chat-seen-at',
  /** Ids of waiting money whose decision the member was already told (docs/decisions/0022-waiting-money.md). */
  waitingTold: 'waiting-told',
} as const;
