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
import type { MessageCode } from '@mekong/contracts/messages';
import { AppError } from '@/lib/app-error.ts';
import { phoneLookupBudgets, signInBudgets, spendBudgets } from '@/lib/guess-budgets.ts';
import { DAY_MS } from '@/lib/player-time.ts';
import { hashToken, newSecretToken } from '@/lib/secure-random.ts';
import { findMemberByPhone } from '@/modules/account/account.repository.ts';
import {
  findOtpByTokenHash,
  findOtpStatus,
  hasVerificationSince,
  insertOtpReplacingPending,
  isVerifiedToken,
  markVerified,
  reissueOperatorReset,
  releaseAttempt,
  reserveAttempt,
  useVerifiedToken,
} from '@/modules/otp/otp.repository.ts';
import type { Trx } from '@/db/database.ts';

/** What each sending rule below answers once full. */
const SEND_LIMIT_CODES: readonly MessageCode[] = [
  'REQUEST_LIMIT_1MIN',
  'REQUEST_LIMIT',
  'REQUEST_LIMIT',
  'OTP_SEND_PAUSED',
];

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
  const isPhoneVerified = (phone: string) =>
    hasVerificationSince(db.kysely, phone, verifiedSince('register'));
  const verification = (phone: string, otpToken: string, purpose: OtpPurpose) => ({
    tokenHash: hashToken(otpToken),
    phone,
    purpose,
    since: verifiedSince(purpose),
  });

  /**
   * Sends a code under the sending rules (docs/design.md#one-time-codes): one per phone and purpose per 60 s, daily
   * caps per phone and per client address, the global SMS budget. `isDecoy`: record a code without sending any SMS (a password
   * reset for a phone that is no member), counted by the same rules so its answers are the same.
   */
  async function deliver(
    phone: string,
    ip: string,
    purpose: OtpPurpose,
    isDecoy: boolean,
    operatorId: string | null = null,
  ): Promise<OtpSent> {
    const now = clock.now();
    // The 60 s wait is per purpose: a member who has just registered may ask for a reset at once. The daily caps
    // count both kinds together.
    const resendKey = purpose === 'register' ? `otp:resend:${phone}` : `otp:resend:reset:${phone}`;
    const limit = await counters.consume(
      [
        { key: resendKey, limit: 1, windowMs: OTP_RESEND_MS },
        { key: `otp:day:phone:${phone}`, limit: config.OTP_DAILY_LIMIT_PHONE, windowMs: DAY_MS },
        { key: `otp:day:ip:${ip}`, limit: config.OTP_DAILY_LIMIT_IP, windowMs: DAY_MS },
        // The operator's SMS cost: all phones together.
        { key: 'sms:day:all', limit: config.SMS_DAILY_LIMIT, windowMs: DAY_MS },
      ],
      now.getTime(),
    );
    if (!limit.isAllowed) throw new AppError(SEND_LIMIT_CODES[limit.failedRule] ?? 'REQUEST_LIMIT');

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
    isPhoneVerified,

    /** Registration and reset are bound to the verification (docs/decisions/0009-account-security.md): the verified token itself. */
    isTokenVerified: (phone: string, otpToken: string, purpose: OtpPurpose = 'register') =>
      isVerifiedToken(db.kysely, verification(phone, otpToken, purpose)),

    /** Uses the token up inside the registration's (or reset's) transaction; false when it is not (or no longer) usable. */
    useToken: (trx: Trx, phone: string, otpToken: string, purpose: OtpPurpose = 'register') =>
      useVerifiedToken(trx, verification(phone, otpToken, purpose), clock.now()),

    /** docs/design.md#members-and-sessions: one send per phone per 60 s, daily caps per phone and per IP; our own token, never the gateway's. */
    async send(phone: string, ip: string): Promise<OtpSendResult> {
      // The answer tells whether the phone is registered: limited per client and overall (docs/decisions/0009-account-security.md).
      await spendBudgets(counters, phoneLookupBudgets(ip, config), clock.now().getTime());
      if (await findMemberByPhone(db.kysely, phone)) throw new AppError('EXISTING_USER');
      if (await isPhoneVerified(phone)) return { code: 'OTP_VERIFIED' };
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
     * counted per operator rather than per address; its token is thrown away, and the member's own forgot-password call
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
