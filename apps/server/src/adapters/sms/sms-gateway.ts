/** The one-time-code SMS gateway (docs/design.md#outside-parties, ThaiBulkSMS-style). The gateway makes and checks the pin. */
export type SmsGateway = {
  /** Sends a code to the phone. Throws SmsGatewayError when the gateway fails or does not answer. */
  requestOtp(phone: string): Promise<{ token: string; refno: string }>;
  /** Checks a pin. Throws SmsGatewayError when the gateway fails or does not answer. */
  verifyOtp(token: string, pin: string): Promise<'valid' | 'invalid' | 'expired' | 'not_found'>;
  /** Sends a plain notice (no code) to the phone. Throws SmsGatewayError when the gateway fails or does not answer. */
  sendNotice(phone: string, message: string): Promise<void>;
};

export class SmsGatewayError extends Error {
  override name = 'SmsGatewayError';
}
