import { INVITE_CODE_PREFIX } from '@mekong/contracts/invite';

/** Spec §2: the site's origin, /register?code=PR followed by the member id (the register page reads `code`). */
export function inviteLink(origin: string, memberId: string): string {
  const url = new URL('/register', origin);
  url.searchParams.set('code', `${INVITE_CODE_PREFIX}${memberId}`);
  return url.toString();
}
