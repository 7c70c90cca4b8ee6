import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { findMemberCurrency } from '@/modules/account/member.repository.ts';
import type { AuthService } from '@/modules/auth/auth.service.ts';
import { createGuestTokens, type GuestTokens } from '@/modules/chat/chat-guest-token.ts';
import type { ChatOwner } from '@/modules/chat/chat.repository.ts';
import { findSettingCached } from '@/modules/settings/settings.repository.ts';

/**
 * Names the socket rooms: `PREFIX + userId` (the member's public id) or `PREFIX + guestId` (docs/spec.md §7,
 * docs/decisions/0015-support-chat.md#socket).
 */
export const CHAT_ROOM_PREFIX = 'mekong-chat-';

/** Who is chatting: a signed-in member or a guest with a valid token. */
export type ChatIdentity =
  | { kind: 'member'; memberId: string; publicId: string; sessionId: string }
  | { kind: 'guest'; guestId: string };

export function roomOf(identity: ChatIdentity): string {
  return CHAT_ROOM_PREFIX + (identity.kind === 'member' ? identity.publicId : identity.guestId);
}

export function ownerOf(identity: ChatIdentity): ChatOwner {
  return identity.kind === 'member'
    ? { memberId: identity.memberId }
    : { guestId: identity.guestId };
}

/** A sender's key for its rate limits. */
export function senderOf(identity: ChatIdentity): string {
  return identity.kind === 'member' ? `member:${identity.memberId}` : `guest:${identity.guestId}`;
}

/** Resolves the caller of a chat call or socket from its member token or guest token. */
export function createChatIdentities(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  auth: AuthService,
) {
  const guestTokens: GuestTokens = createGuestTokens(config.CHAT_GUEST_SECRET);

  return {
    guestTokens,

    async isEnabled(): Promise<boolean> {
      return (await findSettingCached(db.kysely, 'chatWidget'))?.enabled === true;
    },

    /** CHAT_DISABLED while the operator's chat widget switch is off. */
    async ensureEnabled(): Promise<void> {
      if (!(await this.isEnabled())) throw new AppError('CHAT_DISABLED');
    },

    /** The member of a session token (the auth service's codes when it is not valid). */
    async member(token: string): Promise<ChatIdentity> {
      const session = await auth.authenticate(token);
      const member = await findMemberCurrency(db.kysely, session.memberId);
      if (!member) throw new AppError('UNAUTHORIZED');
      return {
        kind: 'member',
        memberId: session.memberId,
        publicId: member.publicId,
        sessionId: session.sessionId,
      };
    },

    guest(token: unknown): ChatIdentity {
      const guestId = guestTokens.verify(token, clock.now());
      if (!guestId) throw new AppError('CHAT_GUEST_INVALID');
      return { kind: 'guest', guestId };
    },

    /** A member token wins over a guest token; neither is CHAT_UNAUTHORIZED. */
    async identify(credentials: {
      token?: string | undefined;
      guestToken?: unknown;
    }): Promise<ChatIdentity> {
      if (credentials.token) return this.member(credentials.token);
      if (credentials.guestToken !== undefined && credentials.guestToken !== '')
        return this.guest(credentials.guestToken);
      throw new AppError('CHAT_UNAUTHORIZED');
    },
  };
}

export type ChatIdentities = ReturnType<typeof createChatIdentities>;
