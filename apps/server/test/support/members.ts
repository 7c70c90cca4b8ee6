import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';
import { uniqueIp } from './test-app.ts';

let sequence = 0;
const runTag = String(Date.now() % 10_000).padStart(4, '0');

/** A Thai mobile number no other test uses. */
export function uniquePhone(): string {
  sequence += 1;
  return `09${runTag}${String(sequence).padStart(4, '0')}`;
}

/** A bank account number no other test uses. */
export function uniqueAccountNo(): string {
  sequence += 1;
  return `7${runTag}${String(sequence).padStart(5, '0')}`;
}

export const PASSWORD = 'correct horse 42';

export type Registration = {
  name: string;
  username: string;
  password: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  sourceCode?: string;
  inviteCode?: string;
  currency?: string;
  otpToken?: string;
};

export function registration(overrides: Partial<Registration> = {}): Registration {
  return {
    name: 'Somchai Jaidee',
    username: uniquePhone(),
    password: PASSWORD,
    bankCode: 'KBANK',
    bankAccountName: 'สมชาย ใจดี',
    bankAccountNo: uniqueAccountNo(),
    sourceCode: 'facebook',
    ...overrides,
  };
}

/** Sends and confirms a one-time code for the phone, as the register wizard does; answers the verified token. */
export async function verifyPhone(t: TestApp, phone: string, ip = uniqueIp()): Promise<string> {
  const sent = await t.api('POST', '/api/otp/send', { body: { phoneNumber: phone }, ip });
  expect(sent.statusCode, sent.body).toBe(200);
  const { otpToken } = sent.json() as { otpToken: string };
  const otpCode = await t.readOtp(phone);
  const verified = await t.api('POST', '/api/otp/verify', { body: { otpToken, otpCode }, ip });
  expect(verified.json()).toEqual({ message: 'OTP_CODE_VALID' });
  return otpToken;
}

/** Registers a member (with a verified phone) and returns the registration and public id. */
export async function registerMember(t: TestApp, overrides: Partial<Registration> = {}) {
  const body = registration(overrides);
  body.otpToken = await verifyPhone(t, body.username);
  const created = await t.api('POST', '/api/account', { body });
  expect(created.statusCode, created.body).toBe(200);
  return { ...body, publicId: (created.json() as { _id: string })._id };
}

export async function login(t: TestApp, username: string, password = PASSWORD): Promise<string> {
  const response = await t.api('POST', '/api/login', { body: { username, password } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { token: string }).token;
}

/** Registers and signs in a member. */
export async function signedInMember(t: TestApp, overrides: Partial<Registration> = {}) {
  const member = await registerMember(t, overrides);
  return { ...member, token: await login(t, member.username, member.password) };
}
