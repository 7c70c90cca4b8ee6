import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ResponseOf } from '@mekong/contracts/contract';
import type { profileGet, registerBodySchema } from '@mekong/contracts/account';
import { isEnglishName } from '@mekong/contracts/fields';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '@mekong/contracts/constants';
import type { AppDeps } from '@/app-deps.ts';
import { isUniqueViolation } from '@/db/pg-errors.ts';
import { AppError } from '@/lib/app-error.ts';
import { newPublicId, PUBLIC_ID_PATTERN } from '@/lib/secure-random.ts';
import {
  findEnabledBank,
  findMemberByPhone,
  findMemberIdByPublicId,
  findPasswordHash,
  findProfile,
  insertMemberWithBankAccount,
  isBankAccountTaken,
  isEnabledSource,
  updateBankAccount,
  updateBankAccountName,
  updateMemberName,
  updatePasswordHash,
} from '@/modules/account/account.repository.ts';
import { ledgerCurrency } from '@/modules/ledger/ledger-ids.ts';
import { ensureMemberAccounts } from '@/modules/ledger/ledger.service.ts';
import { revokeOtherSessions } from '@/modules/auth/session.repository.ts';
import type { Session } from '@/modules/auth/auth.service.ts';
import type { OtpService } from '@/modules/otp/otp.service.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';

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
  { db, clock, passwords, counters }: Pick<AppDeps, 'db' | 'clock' | 'passwords' | 'counters'>,
  otp: Pick<OtpService, 'isPhoneVerified'>,
) {
  /** The bank must be known and enabled; KTB, TMB and BBL need an account name in Latin letters (spec §5). */
  async function checkBank(bankCode: string, accountName: string) {
    const bank = await findEnabledBank(db.kysely, bankCode);
    if (!bank) throw new AppError('INVALID_BANK');
    if (bank.is_english_name_required && !isEnglishName(accountName))
      throw new AppError('BANK_ACCOUNT_NAME_ENG');
    return bank;
  }

  /** Every rule of registration (DESIGN D4), without writing anything. */
  async function checkRegistration(input: RegisterInput) {
    if (await findMemberByPhone(db.kysely, input.username)) throw new AppError('EXISTING_USER');
    const registerOtp = await findSetting(db.kysely, 'registerOtp');
    if (registerOtp?.enabled !== false && !(await otp.isPhoneVerified(input.username)))
      throw new AppError('UNVERIFIED_OTP');
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
      invitedBy = inviter.id;
    }
    if (input.sourceCode !== undefined && !(await isEnabledSource(db.kysely, input.sourceCode)))
      throw new AppError('SOURCE_INVALID');
    return { invitedBy };
  }

  async function profile(memberId: string): Promise<ProfileResponse> {
    const row = await findProfile(db.kysely, memberId);
    if (!row) throw new AppError('NO_USER');
    return {
      profile: {
        _id: row.public_id,
        name: row.name,
        username: row.phone,
        coin: 0,
        bankCode: row.bank_code,
        bankAccountName: row.account_name,
        bankAccountNo: row.account_no,
        currency: row.currency,
        createdAt: row.created_at.toISOString(),
      },
      bankAccount: {
        bankAccountName: row.account_name,
        bankAccountNo: row.account_no,
        bank: { code: row.bank_code, nameTH: row.bank_name_th, nameEN: row.bank_name_en },
      },
    };
  }

  return {
    async validate(input: RegisterInput): Promise<{ message: 'OK' }> {
      await checkRegistration(input);
      return { message: 'OK' };
    },

    /** Creates the member and its bank account. Unique constraints, not the checks above, make a double registration impossible. */
    async register(input: RegisterInput): Promise<{ message: 'SUCCESS'; _id: string }> {
      const { invitedBy } = await checkRegistration(input);
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
            // The member's cash and bonus wallets are born with the member (DESIGN D3).
            await ensureMemberAccounts(trx, memberId, ledgerCurrency(input.currency), now);
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

    async updateProfile(
      session: Session,
      input: { name: string; bankCode: string; bankAccountName: string; bankAccountNo: string },
    ): Promise<ProfileResponse> {
      await checkBank(input.bankCode, input.bankAccountName);
      if (
        await isBankAccountTaken(db.kysely, input.bankCode, input.bankAccountNo, session.memberId)
      )
        throw new AppError('EXISTING_BANK');
      const now = clock.now();
      try {
        await db.withTransaction(async (trx) => {
          await updateMemberName(trx, session.memberId, input.name, now);
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
        });
      } catch (error) {
        const code = codeForConflict(error);
        if (code) throw new AppError(code, { cause: error });
        throw error;
      }
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

    /** Changing the password signs out every other session of the member (DESIGN D4). */
    async changePassword(
      session: Session,
      input: { oldPassword: string; newPassword: string },
    ): Promise<{ message: 'SUCCESS' }> {
      // A stolen session must not become a way to guess the password: like sign-in, 5 wrong old passwords in 15
      // minutes stop the member's attempts (REQUEST_LIMIT) until the window slides (docs/decisions/0007). Each attempt
      // is counted before the check, so parallel guesses cannot exceed the limit.
      const attemptsKey = `changepwd:attempts:${session.memberId}`;
      const attempt = await counters.consume(
        [{ key: attemptsKey, limit: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS }],
        clock.now().getTime(),
      );
      if (!attempt.isAllowed) throw new AppError('REQUEST_LIMIT');
      const current = await findPasswordHash(db.kysely, session.memberId);
      if (!current || !(await passwords.verify(current.password_hash, input.oldPassword)))
        throw new AppError('WRONG_PASSWORD');
      await counters.clear(attemptsKey);
      if (input.oldPassword === input.newPassword) throw new AppError('PASSWORD_SAME_AS_OLD');
      const newHash = await passwords.hash(input.newPassword);
      const now = clock.now();
      await db.withTransaction(async (trx) => {
        await updatePasswordHash(trx, session.memberId, newHash, now);
        await revokeOtherSessions(trx, session.memberId, session.sessionId, now);
      });
      return { message: 'SUCCESS' };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
