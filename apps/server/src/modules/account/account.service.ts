import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ResponseOf } from '@mekong/contracts/contract';
import type { profileGet, registerBodySchema } from '@mekong/contracts/account';
import { isEnglishName } from '@mekong/contracts/fields';
import type { MessageCode } from '@mekong/contracts/messages';
import {
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  type DateEra,
  ledgerCurrency,
} from '@mekong/contracts/constants';
import type { AppDeps } from '@/app-deps.ts';
import { isUniqueViolation } from '@/db/pg-errors.ts';
import { AppError, limitError } from '@/lib/app-error.ts';
import { phoneLookupBudgets, spendBudgets } from '@/lib/guess-budgets.ts';
import { newPublicId, PUBLIC_ID_PATTERN } from '@/lib/secure-random.ts';
import {
  findEnabledBank,
  findMemberByPhone,
  findMemberIdByPublicId,
  findPasswordHash,
  insertMemberWithBankAccount,
  isBankAccountTaken,
  isEnabledSource,
  updateBankAccount,
  updateBankAccountName,
  updateMemberFields,
  updatePasswordHash,
} from '@/modules/account/account.repository.ts';
import { findMemberWithBank } from '@/modules/account/member.repository.ts';
import { isSelfInvite } from '@/modules/invite/invite.service.ts';
import { ensureMemberAccounts } from '@/modules/ledger/ledger.service.ts';
import type { Trx } from '@/db/database.ts';
import { revokeSessions } from '@/modules/auth/session.repository.ts';
import type { Session } from '@/modules/auth/auth.service.ts';
import type { OtpService } from '@/modules/otp/otp.service.ts';
import { createPasswordReset } from '@/modules/account/password-reset.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import { coinsOf } from '@/modules/spinwheel/spinwheel.service.ts';

export type RegisterInput = z.output<ReturnType<typeof registerBodySchema>>;
export type ProfileResponse = ResponseOf<typeof profileGet>;

const INVITE_CODE = /^PR(.+)$/i;
const PUBLIC_ID_ATTEMPTS = 5;

/** Maps a unique-constraint violation to what the member is told; undefined for anything else. */
function codeForConflict(error: unknown) {
  if (isUniqueViolation(error, 'members_phone_key')) return 'EXISTING_USER' as const;
  if (isUniqueViolation(error, 'member_bank_accounts_account_key')) return 'EXISTING_BANK' as const;
  return undefined;
}

export function createAccountService(
  {
    db,
    clock,
    passwords,
    counters,
    sms,
    log,
    config,
    sessionEnds,
  }: Pick<
    AppDeps,
    'db' | 'clock' | 'passwords' | 'counters' | 'sms' | 'log' | 'config' | 'sessionEnds'
  >,
  otp: Pick<OtpService, 'isTokenVerified' | 'useToken' | 'sendPasswordReset'>,
) {
  const passwordReset = createPasswordReset({ db, clock, passwords, counters, sessionEnds }, otp);

  /** Signs out the member's other sessions within the caller's transaction (announced once it has committed). */
  const revokeOtherSessions = (trx: Trx, session: Session, now: Date) =>
    revokeSessions(trx, { memberId: session.memberId, keepSessionId: session.sessionId }, now);

  /** The bank must be known and enabled; KTB, TMB and BBL need an account name in Latin letters (docs/spec.md §5). */
  async function checkBank(bankCode: string, accountName: string) {
    const bank = await findEnabledBank(db.kysely, bankCode);
    if (!bank) throw new AppError('INVALID_BANK');
    if (bank.is_english_name_required && !isEnglishName(accountName))
      throw new AppError('BANK_ACCOUNT_NAME_ENG');
    return bank;
  }

  /**
   * A check of the member's password, limited like sign-in (docs/decisions/0007): 5 wrong ones in 15 minutes stop
   * the member's attempts (REQUEST_LIMIT) until the window slides. Change password and a change of the payout account
   * share the count. Each attempt is counted before the check, so parallel guesses cannot exceed the limit.
   */
  async function checkPassword(memberId: string, password: string, wrongCode: MessageCode) {
    const attemptsKey = `password-check:attempts:${memberId}`;
    const now = clock.now().getTime();
    const attempt = await counters.consume(
      [{ key: attemptsKey, limit: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS }],
      now,
    );
    if (!attempt.isAllowed) throw limitError('REQUEST_LIMIT', attempt.retryAt, now);
    const current = await findPasswordHash(db.kysely, memberId);
    if (!current || !(await passwords.verify(current.password_hash, password)))
      throw new AppError(wrongCode);
    await counters.clear(attemptsKey);
  }

  /** Every rule of registration (docs/design.md#members-and-sessions), without writing anything. */
  async function checkRegistration(input: RegisterInput, ip: string) {
    // The phone's own verified token, not just "someone verified this phone" (docs/decisions/0009-account-security.md).
    // Checked first, so a client without it learns nothing about the phone.
    const registerOtp = await findSetting(db.kysely, 'registerOtp');
    const isOtpRequired = registerOtp?.enabled !== false;
    if (
      isOtpRequired &&
      !(input.otpToken && (await otp.isTokenVerified(input.username, input.otpToken)))
    )
      throw new AppError('UNVERIFIED_OTP');
    // Without codes anyone may ask: whether a phone is registered is then limited like sign-in guesses.
    if (!isOtpRequired)
      await spendBudgets(counters, phoneLookupBudgets(ip, config), clock.now().getTime());
    if (await findMemberByPhone(db.kysely, input.username)) throw new AppError('EXISTING_USER');
    await checkBank(input.bankCode, input.bankAccountName);
    if (await isBankAccountTaken(db.kysely, input.bankCode, input.bankAccountNo))
      throw new AppError('EXISTING_BANK');

    let invitedBy: string | null = null;
    if (input.inviteCode !== undefined) {
      const publicId = INVITE_CODE.exec(input.inviteCode)?.[1]?.toUpperCase();
      const inviter =
        publicId && PUBLIC_ID_PATTERN.test(publicId)
          ? await findMemberIdByPublicId(db.kysely, publicId)
          : undefined;
      if (!inviter) throw new AppError('INVITE_CODE_INVALID');
      // One person on both sides earns nothing: no link (docs/decisions/0013-promotions.md#invite).
      const contact = await findMemberWithBank(db.kysely, inviter.id);
      const isSelf =
        contact !== undefined &&
        isSelfInvite(
          { phone: input.username, bankCode: input.bankCode, accountNo: input.bankAccountNo },
          {
            phone: contact.phone,
            bankCode: contact.bank?.code ?? null,
            accountNo: contact.bank?.accountNo ?? null,
          },
        );
      invitedBy = isSelf ? null : inviter.id;
    }
    if (input.sourceCode !== undefined && !(await isEnabledSource(db.kysely, input.sourceCode)))
      throw new AppError('SOURCE_INVALID');
    return { invitedBy, isOtpRequired };
  }

  /** Tells the member by SMS; a failed SMS is logged, never undoes the change (already committed). */
  async function noticePayoutChange(phone: string, bankCode: string, accountNo: string) {
    const message =
      `Mekong Wallet: your payout bank account was changed to ${bankCode} ***${accountNo.slice(-4)}. ` +
      'Not you? Contact support now.';
    try {
      await sms.sendNotice(phone, message);
    } catch (error) {
      log.error({ err: error }, 'SMS notice of a payout account change was not sent');
    }
  }

  async function profile(memberId: string): Promise<ProfileResponse> {
    const [member, coin] = await Promise.all([
      findMemberWithBank(db.kysely, memberId),
      coinsOf(db, memberId, clock.now()),
    ]);
    if (!member?.bank) throw new AppError('NO_USER');
    const { bank } = member;
    return {
      profile: {
        _id: member.publicId,
        name: member.name,
        username: member.phone,
        coin,
        bankCode: bank.code,
        bankAccountName: bank.accountName,
        bankAccountNo: bank.accountNo,
        currency: member.currency,
        createdAt: member.createdAt.toISOString(),
        dateEra: member.dateEra,
      },
      bankAccount: {
        bankAccountName: bank.accountName,
        bankAccountNo: bank.accountNo,
        bank: { code: bank.code, nameTH: bank.nameTh, nameEN: bank.nameEn },
      },
    };
  }

  return {
    ...passwordReset,

    async validate(input: RegisterInput, ip: string): Promise<{ message: 'OK' }> {
      await checkRegistration(input, ip);
      return { message: 'OK' };
    },

    /** Creates the member and its bank account. Unique constraints, not the checks above, make a double registration impossible. */
    async register(input: RegisterInput, ip: string): Promise<{ message: 'SUCCESS'; _id: string }> {
      const { invitedBy, isOtpRequired } = await checkRegistration(input, ip);
      const passwordHash = await passwords.hash(input.password);
      for (let attempt = 1; ; attempt += 1) {
        const now = clock.now();
        const publicId = newPublicId();
        try {
          const memberId = randomUUID();
          await db.withTransaction(async (trx) => {
            await insertMemberWithBankAccount(
              trx,
              {
                id: memberId,
                public_id: publicId,
                phone: input.username,
                name: input.name,
                password_hash: passwordHash,
                currency: input.currency,
                status: 'active',
                source_code: input.sourceCode ?? null,
                invited_by: invitedBy,
                created_at: now,
                updated_at: now,
              },
              {
                id: randomUUID(),
                bankCode: input.bankCode,
                accountName: input.bankAccountName,
                accountNo: input.bankAccountNo,
              },
            );
            // The member's cash and bonus wallets are born with the member (docs/design.md#money).
            await ensureMemberAccounts(trx, memberId, ledgerCurrency(input.currency), now);
            // After the insert: a parallel registration of the phone waits on its key and answers EXISTING_USER.
            if (isOtpRequired && !(await otp.useToken(trx, input.username, input.otpToken ?? '')))
              throw new AppError('UNVERIFIED_OTP');
          });
          return { message: 'SUCCESS', _id: publicId };
        } catch (error) {
          const code = codeForConflict(error);
          if (code) throw new AppError(code, { cause: error });
          // A public id collision (about 1 in 10^12 per member) just draws another.
          if (isUniqueViolation(error, 'members_public_id_key') && attempt < PUBLIC_ID_ATTEMPTS)
            continue;
          throw error;
        }
      }
    },

    profile,

    /**
     * Name and bank account. A change of the bank or the number (the payout account) needs the password again, signs
     * out the member's other sessions, sends an SMS notice, and makes the withdrawals of the next 24 hours wait for an
     * operator (docs/decisions/0009-account-security.md).
     */
    async updateProfile(
      session: Session,
      input: {
        name: string;
        bankCode: string;
        bankAccountName: string;
        bankAccountNo: string;
        password?: string | undefined;
      },
    ): Promise<ProfileResponse> {
      const current = await findMemberWithBank(db.kysely, session.memberId);
      if (!current?.bank) throw new AppError('NO_USER');
      const isPayoutChange =
        current.bank.code !== input.bankCode || current.bank.accountNo !== input.bankAccountNo;
      await checkBank(input.bankCode, input.bankAccountName);
      if (
        await isBankAccountTaken(db.kysely, input.bankCode, input.bankAccountNo, session.memberId)
      )
        throw new AppError('EXISTING_BANK');
      if (isPayoutChange) {
        if (input.password === undefined) throw new AppError('PASSWORD_REQUIRED');
        await checkPassword(session.memberId, input.password, 'BANK_CHANGE_WRONG_PASSWORD');
      }
      const now = clock.now();
      try {
        const ended = await db.withTransaction(async (trx) => {
          await updateMemberFields(trx, session.memberId, { name: input.name }, now);
          if (!isPayoutChange) {
            // Only the holder's name: the bank and the number stay whatever they are now.
            await updateBankAccountName(
              trx,
              session.memberId,
              input.bankCode,
              input.bankAccountName,
              now,
            );
            return [];
          }
          await updateBankAccount(
            trx,
            session.memberId,
            {
              bankCode: input.bankCode,
              accountName: input.bankAccountName,
              accountNo: input.bankAccountNo,
            },
            now,
          );
          return revokeOtherSessions(trx, session, now);
        });
        sessionEnds.ended('member', ended);
      } catch (error) {
        const code = codeForConflict(error);
        if (code) throw new AppError(code, { cause: error });
        throw error;
      }
      if (isPayoutChange)
        await noticePayoutChange(current.phone, input.bankCode, input.bankAccountNo);
      return profile(session.memberId);
    },

    /** Spec §5: the account name in Latin letters and spaces only, for the member's own bank. */
    async updateBankAccountName(
      session: Session,
      input: { bankCode: string; bankAccountName: string },
    ): Promise<ProfileResponse> {
      if (!isEnglishName(input.bankAccountName)) throw new AppError('BANK_ACCOUNT_NAME_ENG');
      const isUpdated = await updateBankAccountName(
        db.kysely,
        session.memberId,
        input.bankCode,
        input.bankAccountName,
        clock.now(),
      );
      if (!isUpdated) throw new AppError('INVALID_BANK');
      return profile(session.memberId);
    },

    async updateDateEra(session: Session, dateEra: DateEra): Promise<ProfileResponse> {
      await updateMemberFields(db.kysely, session.memberId, { date_era: dateEra }, clock.now());
      return profile(session.memberId);
    },

    /** Changing the password signs out every other session of the member (docs/design.md#members-and-sessions). */
    async changePassword(
      session: Session,
      input: { oldPassword: string; newPassword: string },
    ): Promise<{ message: 'SUCCESS' }> {
      // A stolen session must not become a way to guess the password (docs/decisions/0007).
      await checkPassword(session.memberId, input.oldPassword, 'WRONG_PASSWORD');
      if (input.oldPassword === input.newPassword) throw new AppError('PASSWORD_SAME_AS_OLD');
      const newHash = await passwords.hash(input.newPassword);
      const now = clock.now();
      const ended = await db.withTransaction(async (trx) => {
        await updatePasswordHash(trx, session.memberId, newHash, now);
        return revokeOtherSessions(trx, session, now);
      });
      sessionEnds.ended('member', ended);
      return { message: 'SUCCESS' };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
