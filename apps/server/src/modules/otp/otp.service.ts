import { randomUUID } from 'node:crypto';
import {
  OTP_MAX_WRONG,
  OTP_RESEND_MS,
  OTP_VALID_MS,
  OTP_VERIFIED_VALID_MS,
} from '@mekong/contracts/constants';
import { SmsGatewayError } from '@/adapters/sms/sms-gateway.ts';
import type { AppDeps } from '@/app-deps.ts';
import type { MessageCode } from '@mekong/contracts/messages';
import { AppError } from '@/lib/app-error.ts';
import { phoneLookupBudgets, spendBudgets } from '@/lib/guess-budgets.ts';
import { hashToken, newSecretToken } from '@/lib/secure-random.ts';
import { findMemberByPhone } from '@/modules/account/account.repository.ts';
import {
  findOtpByTokenHash,
  findOtpStatus,
  hasVerificationSince,
  insertOtpReplacingPending,
  isVerifiedToken,
  markVerified,
  releaseAttempt,
  reserveAttempt,
  useVerifiedToken,
} from '@/modules/otp/otp.repository.ts';
import type { Trx } from '@/db/database.ts';

const DAY_MS = 24 * 3600_000;
/** What each sending rule below answers once full. */
const SEND_LIMIT_CODES: readonly MessageCode[] = [
  'REQUEST_LIMIT_1MIN',
  'REQUEST_LIMIT',
  'REQUEST_LIMIT',
  'OTP_SEND_PAUSED',
];

export type OtpSendResult =
  { code: 'OK'; otpRef: string; otpToken: string } | { code: 'OTP_VERIFIED' };

export function createOtpService({
  db,
  clock,
  counters,
  sms,
  config,
  log,
}: Pick<AppDeps, 'db' | 'clock' | 'counters' | 'sms' | 'config' | 'log'>) {
  const verifiedSince = () => new Date(clock.now().getTime() - OTP_VERIFIED_VALID_MS);
  const isPhoneVerified = (phone: string) =>
    hasVerificationSince(db.kysely, phone, verifiedSince());
  const verification = (phone: string, otpToken: string) => ({
    tokenHash: hashToken(otpToken),
    phone,
    since: verifiedSince(),
  });

  return {
    isPhoneVerified,

    /** Registration is bound to the verification (docs/decisions/0009-account-security.md): the verified token itself. */
    isTokenVerified: (phone: string, otpToken: string) =>
      isVerifiedToken(db.kysely, verification(phone, otpToken)),

    /** Uses the token up inside the registration's transaction; false when it is not (or no longer) usable. */
    useToken: (trx: Trx, phone: string, otpToken: string) =>
      useVerifiedToken(trx, verification(phone, otpToken), clock.now()),

    /** docs/design.md#members-and-sessions: one send per phone per 60 s, daily caps per phone and per IP; our own token, never the gateway's. */
    async send(phone: string, ip: string): Promise<OtpSendResult> {
      const now = clock.now();
      // The answer tells whether the phone is registered: limited per client and overall (docs/decisions/0009-account-security.md).
      await spendBudgets(counters, phoneLookupBudgets(ip, config), now.getTime());
      if (await findMemberByPhone(db.kysely, phone)) throw new AppError('EXISTING_USER');
      if (await isPhoneVerified(phone)) return { code: 'OTP_VERIFIED' };

      const resendKey = `otp:resend:${phone}`;
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
      if (!limit.isAllowed)
        throw new AppError(SEND_LIMIT_CODES[limit.failedRule] ?? 'REQUEST_LIMIT');

      let sent: { token: string; refno: string };
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

      const otpToken = newSecretToken();
      await db.withTransaction((trx) =>
        insertOtpReplacingPending(trx, {
          id: randomUUID(),
          phone,
          tokenHash: hashToken(otpToken),
          gatewayToken: sent.token,
          ref: sent.refno,
          expiresAt: new Date(now.getTime() + OTP_VALID_MS),
          now,
          ip,
        }),
      );
      return { code: 'OK', otpRef: sent.refno, otpToken };
    },

    /** docs/design.md#members-and-sessions: valid 5 minutes, at most 5 tries per code (OTP_CODE_INVALID, then OTP_BLOCK). */
    async verify(otpToken: string, otpCode: string): Promise<{ message: 'OTP_CODE_VALID' }> {
      const otp = await findOtpByTokenHash(db.kysely, hashToken(otpToken));
      if (!otp) throw new AppError('OTP_NOT_EXIST');
      if (otp.status === 'verified') return { message: 'OTP_CODE_VALID' };
      if (otp.status === 'superseded' || clock.now() >= otp.expires_at)
        throw new AppError('OTP_EXPIRED');

      // The try is counted before the gateway checks it, so parallel guesses cannot exceed the limit.
      const reserved = await reserveAttempt(db.kysely, otp.id, OTP_MAX_WRONG);
      if (!reserved) {
        const status = await findOtpStatus(db.kysely, otp.id);
        if (status === 'verified') return { message: 'OTP_CODE_VALID' };
        throw new AppError(status === 'superseded' ? 'OTP_EXPIRED' : 'OTP_BLOCK');
      }

      let result: Awaited<ReturnType<typeof sms.verifyOtp>>;
      try {
        result = await sms.verifyOtp(otp.gateway_token, otpCode);
      } catch (error) {
        await releaseAttempt(db.kysely, otp.id);
        if (error instanceof SmsGatewayError) {
          log.warn({ err: error }, 'SMS gateway failed to verify a one-time code');
          throw new AppError('OTP_VERIFY_FAIL', { cause: error });
        }
        throw error;
      }

      if (result === 'valid') {
        await markVerified(db.kysely, otp.id, clock.now());
        return { message: 'OTP_CODE_VALID' };
      }
      if (result === 'invalid') throw new AppError('OTP_CODE_INVALID');
      throw new AppError('OTP_EXPIRED');
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
