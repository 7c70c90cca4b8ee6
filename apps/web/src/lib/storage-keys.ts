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
  /** Set beside the token once the server has set the home page's cookie for it (lib/session.ts). */
  homeCookie: 'home-cookie',
  /** A guest's chat identity `{ guestId, guestToken }` (docs/decisions/0015-support-chat.md#identities). */
  chatGuest: 'chat-guest',
  /** When the chat's messages were last seen on screen, for the unread badge. */
  chatSeenAt: 'chat-seen-at',
  /** The game last launched (sessionStorage), refreshed when the member comes back (docs/decisions/0023-prize-claim-and-game-return.md). */
  gameLaunched: 'game-launched',
  /** The last amount each member moved from the play sheet, `{ [memberId]: amount }` (docs/decisions/0023-prize-claim-and-game-return.md). */
  playAmount: 'play-amount',
  /** Ids of waiting money whose decision the member was already told (docs/decisions/0025-waiting-money.md). */
  waitingTold: 'waiting-told',
} as const;
