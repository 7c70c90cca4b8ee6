import { createHttpBankGateway } from '@/adapters/bank/http-bank-gateway.ts';
import type { BankGateway } from '@/adapters/bank/bank-gateway.ts';
import { createHttpGameProvider } from '@/adapters/games/http-game-provider.ts';
import type { GameProvider } from '@/adapters/games/game-provider.ts';
import { createHttpQrGateway } from '@/adapters/qr/http-qr-gateway.ts';
import type { QrGateway } from '@/adapters/qr/qr-gateway.ts';
import { createHttpSlipVerifier } from '@/adapters/slip/http-slip-verifier.ts';
import type { SlipVerifier } from '@/adapters/slip/slip-verifier.ts';
import { createHttpSmsGateway } from '@/adapters/sms/http-sms-gateway.ts';
import type { SmsGateway } from '@/adapters/sms/sms-gateway.ts';
import { createHttpVoucherService } from '@/adapters/truemoney/http-voucher-service.ts';
import type { VoucherService } from '@/adapters/truemoney/voucher-service.ts';
import type { Config } from '@/config.ts';

export type AdapterOverrides = {
  sms?: SmsGateway;
  games?: GameProvider;
  bank?: BankGateway;
  qr?: QrGateway;
  slipVerifier?: SlipVerifier;
  vouchers?: VoucherService;
};

/** The outside parties over real HTTP (the sandbox plays them), unless a test hands in its own. */
export function createAdapters(config: Config, options: AdapterOverrides) {
  return {
    sms:
      options.sms ??
      createHttpSmsGateway({
        baseUrl: config.SMS_GATEWAY_URL,
        apiKey: config.SMS_API_KEY,
        timeoutMs: config.SMS_TIMEOUT_MS,
      }),
    games:
      options.games ??
      createHttpGameProvider({
        baseUrl: config.GAME_PROVIDER_URL,
        apiKey: config.GAME_API_KEY,
        timeoutMs: config.GAME_TIMEOUT_MS,
      }),
    bank:
      options.bank ??
      createHttpBankGateway({
        baseUrl: config.BANK_API_URL,
        apiKey: config.BANK_API_KEY,
        timeoutMs: config.BANK_TIMEOUT_MS,
      }),
    qr:
      options.qr ??
      createHttpQrGateway({
        baseUrl: config.QR_GATEWAY_URL,
        apiKey: config.QR_API_KEY,
        timeoutMs: config.QR_TIMEOUT_MS,
      }),
    slipVerifier:
      options.slipVerifier ??
      createHttpSlipVerifier({
        baseUrl: config.SLIP_VERIFIER_URL,
        apiKey: config.SLIP_API_KEY,
        timeoutMs: config.SLIP_TIMEOUT_MS,
      }),
    vouchers:
      options.vouchers ??
      createHttpVoucherService({
        baseUrl: config.TRUEMONEY_URL,
        timeoutMs: config.TRUEMONEY_TIMEOUT_MS,
      }),
  };
}
