import type { FastifyBaseLogger } from 'fastify';
import type { BankGateway } from '@/adapters/bank/bank-gateway.ts';
import type { GameProvider } from '@/adapters/games/game-provider.ts';
import type { QrGateway } from '@/adapters/qr/qr-gateway.ts';
import type { SlipVerifier } from '@/adapters/slip/slip-verifier.ts';
import type { SmsGateway } from '@/adapters/sms/sms-gateway.ts';
import type { VoucherService } from '@/adapters/truemoney/voucher-service.ts';
import type { Config } from '@/config.ts';
import type { Db } from '@/db/database.ts';
import type { Clock } from '@/lib/clock.ts';
import type { PasswordHasher } from '@/lib/password.ts';
import type { SessionEnds } from '@/lib/session-ends.ts';
import type { CounterStore } from '@/store/counter-store.ts';

/** What services are built from. Tests swap the clock, store and gateway. */
export type AppDeps = {
  config: Config;
  db: Db;
  clock: Clock;
  counters: CounterStore;
  sms: SmsGateway;
  games: GameProvider;
  bank: BankGateway;
  qr: QrGateway;
  slipVerifier: SlipVerifier;
  vouchers: VoucherService;
  /** Members' password hashing; operators' has its own bounded line (docs/back-office/sign-in.md). */
  passwords: PasswordHasher;
  operatorPasswords: PasswordHasher;
  sessionEnds: SessionEnds;
  log: FastifyBaseLogger;
};
