import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { findMemberByPhone, updatePasswordHash } from '@/modules/account/account.repository.ts';
import { createLoginDelay } from '@/modules/auth/login-delay.ts';
import { revokeSessions } from '@/modules/auth/session.repository.ts';
import type { OtpSent, OtpService } from '@/modules/otp/otp.service.ts';

/**
 * Forgot password by SMS one-time code (docs/design.md#password-reset): the code goes to a member's phone, any other
 * phone gets the same answer without an SMS; the verified code's token sets the new password once.
 */
export function createPasswordReset(
  {
    db,
    clock,
    passwords,
    counters,
    sessionEnds,
  }: Pick<AppDeps, 'db' | 'clock' | 'passwords' | 'counters' | 'sessionEnds'>,
  otp: Pick<OtpService, 'sendPasswordReset' | 'isTokenVerified' | 'useToken'>,
) {
  const delays = createLoginDelay(counters);

  return {
    async forgotPassword(phone: string, ip: string): Promise<OtpSent> {
      const member = await findMemberByPhone(db.kysely, phone);
      return otp.sendPasswordReset(phone, ip, member !== undefined);
    },

    /**
     * The token is checked before anything else, so a client without it learns nothing about the phone. The code is
     * used up in the transaction that writes the new hash and revokes every session of the member.
     */
    async resetPassword(input: {
      phone: string;
      otpToken: string;
      password: string;
    }): Promise<{ message: 'SUCCESS' }> {
      if (!(await otp.isTokenVerified(input.phone, input.otpToken, 'password_reset')))
        throw new AppError('UNVERIFIED_OTP');
      const member = await findMemberByPhone(db.kysely, input.phone);
      if (!member) throw new AppError('UNVERIFIED_OTP');
      const passwordHash = await passwords.hash(input.password);
      const now = clock.now();
      const ended = await db.withTransaction(async (trx) => {
        if (!(await otp.useToken(trx, input.phone, input.otpToken, 'password_reset')))
          throw new AppError('UNVERIFIED_OTP');
        await updatePasswordHash(trx, member.id, passwordHash, now);
        return revokeSessions(trx, { memberId: member.id }, now);
      });
      sessionEnds.ended('member', ended);
      // The owner just proved the phone: wrong passwords a stranger tried must not keep them waiting.
      await delays.clear(input.phone);
      return { message: 'SUCCESS' };
    },
  };
}
