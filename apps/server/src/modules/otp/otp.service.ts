import { randomInt, randomUUID } from 'node:crypto';
import {
  OTP_MAX_WRONG,
  OTP_RESEND_MS,
  OTP_VALID_MS,
  OTP_VERIFIED_VALID_MS,
  PASSWORD_RESET_VALID_MS,
} from '@mekong/contracts/constants';
import { SmsGatewayError } from '@/adapters/sms/sms-gateway.ts';
import type { AppDeps } from '@/app-deps.ts';
import type { OtpPurpose } from '@/db/schema.ts';
import { AppError, limitError } from '@/lib/app-error.ts';
import {
  oneTimeCodeBudgets,
  phoneLookupBudgets,
  signInBudgets,
  spendBudgets,
  type CodeKind,
} from '@/lib/guess-budgets.ts';
import { hashToken, newSecretToken } from '@/lib/secure-random.ts';
import { findMemberByPhone } from '@/modules/account/account.repository.ts';
import {
  findOtpByTokenHash,
  findOtpStatus,
  insertOtpReplacingPending,
  isVerifiedToken,
  markVerified,
  reissueOperatorReset,
  releaseAttempt,
  reserveAttempt,
  useVerifiedToken,
} from '@/modules/otp/otp.repository.ts';
import type { Trx } from '@/db/database.ts';

export type OtpSent = { code: 'OK'; otpRef: string; otpToken: string };
export type OtpSendResult = OtpSent | { code: 'OTP_VERIFIED' };

/** How long after its verification a code's token still counts, per purpose. */
const VERIFIED_VALID_MS: Record<OtpPurpose, number> = {
  register: OTP_VERIFIED_VALID_MS,
  password_reset: PASSWORD_RESET_VALID_MS,
};

/** A reference shaped like the gateway's (4 capital letters), for a reset where no SMS goes out. */
function decoyRef(): string {
  return Array.from({ length: 4 }, () => String.fromCharCode(65 + randomInt(26))).join('');
}

export function createOtpService({
  db,
  clock,
  counters,
  sms,
  config,
  log,
}: Pick<AppDeps, 'db' | 'clock' | 'counters' | 'sms' | 'config' | 'log'>) {
  const verifiedSince = (purpose: OtpPurpose) =>
    new Date(clock.now().getTime() - VERIFIED_VALID_MS[purpose]);
  const verification = (phone: string, otpToken: string, purpose: OtpPurpose) => ({
    tokenHash: hashToken(otpToken),
    phone,
    purpose,
    since: verifiedSince(purpose),
  });

  /**
   * Sends a code under the sending rules (oneTimeCodeBudgets; docs/decisions/0009-account-security.md#one-time-codes):
   * registration, the member's reset and support's resets each have a phone's budget of their own, so a stranger's
   * requests of one kind never stop another. `isDecoy`: record a code without sending any SMS (a password reset for a
   * phone that is no member), counted by the same rules so its answers are the same.
   */
  async function deliver(
    phone: string,
    ip: string,
    purpose: OtpPurpose,
    isDecoy: boolean,
    operatorId: string | null = null,
  ): Promise<OtpSent> {
    const now = clock.now();
    const kind: CodeKind =
      purpose === 'register' ? 'register' : operatorId === null ? 'reset' : 'support-reset';
    const budgets = oneTimeCodeBudgets(phone, ip, kind, config, OTP_RESEND_MS);
    const limit = await counters.consume(budgets, now.getTime());
    if (!limit.isAllowed)
      throw limitError(
        budgets[limit.failedRule]?.code ?? 'REQUEST_LIMIT',
        limit.retryAt,
        now.getTime(),
      );
    const resendKey = budgets[0]?.key ?? '';

    let sent: { token: string | null; refno: string } = { token: null, refno: decoyRef() };
    if (!isDecoy) {
      try {
        sent = await sms.requestOtp(phone);
      } catch (error) {
        // The code never went out: let the member retry at once (the daily caps still count it, against hammering).
        await counters.remove(resendKey, limit.entryId);
        if (error instanceof SmsGatewayError) {
          log.warn({ err: error }, 'SMS gateway failed to send a one-time code');
          throw new AppError('OTP_SEND_FAIL', { cause: error });
        }
        throw error;
      }
    }

    const otpToken = newSecretToken();
    await db.withTransaction((trx) =>
      insertOtpReplacingPending(trx, {
        id: randomUUID(),
        phone,
        purpose,
        tokenHash: hashToken(otpToken),
        gatewayToken: sent.token,
        ref: sent.refno,
        expiresAt: new Date(now.getTime() + OTP_VALID_MS),
        now,
        ip: operatorId === null ? ip : null,
        operatorId,
      }),
    );
    return { code: 'OK', otpRef: sent.refno, otpToken };
  }

  return {
    /** Registration and reset are bound to the verification (docs/decisions/0009-account-security.md): the verified token itself. */
    isTokenVerified: (phone: string, otpToken: string, purpose: OtpPurpose = 'register') =>
      isVerifiedToken(db.kysely, verification(phone, otpToken, purpose)),

    /** Uses the token up inside the registration's (or reset's) transaction; false when it is not (or no longer) usable. */
    useToken: (trx: Trx, phone: string, otpToken: string, purpose: OtpPurpose = 'register') =>
      useVerifiedToken(trx, verification(phone, otpToken, purpose), clock.now()),

    /**
     * docs/design.md#members-and-sessions: one send per phone per 60 s, daily caps per phone and per IP; our own token,
     * never the gateway's. OTP_VERIFIED only to the client that presents the phone's live verification; any other
     * request for a verified phone (a reload, another device) gets a fresh code that replaces that verification.
     */
    async send(phone: string, ip: string, otpToken?: string): Promise<OtpSendResult> {
      // The answer tells whether the phone is registered: limited per client and overall (docs/decisions/0009-account-security.md).
      await spendBudgets(counters, phoneLookupBudgets(ip, config), clock.now().getTime());
      if (await findMemberByPhone(db.kysely, phone)) throw new AppError('EXISTING_USER');
      if (
        otpToken !== undefined &&
        (await isVerifiedToken(db.kysely, verification(phone, otpToken, 'register')))
      )
        return { code: 'OTP_VERIFIED' };
      return deliver(phone, ip, 'register', false);
    },

    /**
     * docs/design.md#password-reset: a code for a member's phone; for any other phone the same answer, recorded
     * without an SMS, so the call does not tell members apart. Limited like the registration's send.
     */
    async sendPasswordReset(phone: string, ip: string, isMember: boolean): Promise<OtpSent> {
      await spendBudgets(counters, phoneLookupBudgets(ip, config), clock.now().getTime());
      if (isMember) {
        const otpToken = newSecretToken();
        const waiting = await reissueOperatorReset(
          db.kysely,
          phone,
          hashToken(otpToken),
          clock.now(),
        );
        if (waiting) return { code: 'OK', otpRef: waiting.ref, otpToken };
      }
      return deliver(phone, ip, 'password_reset', !isMember);
    },

    /**
     * A reset code sent at an operator's request (docs/back-office/members.md#password-reset): the same sending rules,
     * counted per operator rather than per address and against a phone's budget of support's own, so strangers who
     * spent the member's cannot stop it and it spends none of the member's; its token is thrown away, and the member's own forgot-password call
     * picks the code up (sendPasswordReset) instead of sending another.
     */
    async sendOperatorPasswordReset(
      phone: string,
      operatorId: string,
    ): Promise<{ otpRef: string }> {
      const sent = await deliver(
        phone,
        `operator:${operatorId}`,
        'password_reset',
        false,
        operatorId,
      );
      return { otpRef: sent.otpRef };
    },

    /**
     * docs/design.md#members-and-sessions: valid 5 minutes, at most 5 tries per code (OTP_CODE_INVALID, then
     * OTP_BLOCK). A password-reset code's wrong tries also spend the client's and everyone's sign-in budgets
     * (docs/design.md#password-reset); a code recorded without an SMS takes tries like any other and matches none.
     */
    async verify(
      otpToken: string,
      otpCode: string,
      ip: string,
    ): Promise<{ message: 'OTP_CODE_VALID' }> {
      const otp = await findOtpByTokenHash(db.kysely, hashToken(otpToken));
      if (!otp) throw new AppError('OTP_NOT_EXIST');
      if (otp.status === 'verified') return { message: 'OTP_CODE_VALID' };
      if (otp.status === 'superseded' || otp.status === 'used' || clock.now() >= otp.expires_at)
        throw new AppError('OTP_EXPIRED');

      const budget =
        otp.purpose === 'password_reset'
          ? await spendBudgets(counters, signInBudgets(ip, config), clock.now().getTime())
          : undefined;
      // The try is counted before the gateway checks it, so parallel guesses cannot exceed the limit.
      const reserved = await reserveAttempt(db.kysely, otp.id, OTP_MAX_WRONG);
      if (!reserved) {
        const status = await findOtpStatus(db.kysely, otp.id);
        if (status === 'verified') return { message: 'OTP_CODE_VALID' };
        throw new AppError(
          status === 'superseded' || status === 'used' ? 'OTP_EXPIRED' : 'OTP_BLOCK',
        );
      }
      if (otp.gateway_token === null) throw new AppError('OTP_CODE_INVALID');

      let result: Awaited<ReturnType<typeof sms.verifyOtp>>;
      try {
        result = await sms.verifyOtp(otp.gateway_token, otpCode);
      } catch (error) {
        await Promise.all([releaseAttempt(db.kysely, otp.id), budget?.giveBack()]);
        if (error instanceof SmsGatewayError) {
          log.warn({ err: error }, 'SMS gateway failed to verify a one-time code');
          throw new AppError('OTP_VERIFY_FAIL', { cause: error });
        }
        throw error;
      }

      if (result === 'valid') {
        await Promise.all([markVerified(db.kysely, otp.id, clock.now()), budget?.giveBack()]);
        return { message: 'OTP_CODE_VALID' };
      }
      if (result === 'invalid') throw new AppError('OTP_CODE_INVALID');
      throw new AppError('OTP_EXPIRED');
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
