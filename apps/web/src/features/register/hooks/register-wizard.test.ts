import { describe, expect, it } from 'vitest';
import { initialWizardState, stepAfterPhone, wizardReducer, type WizardState } from '@/features/register/hooks/register-wizard';

const sent = { code: 'OK', otpRef: 'ABCD', otpToken: 'tok' } as const;

describe('stepAfterPhone', () => {
  it('goes to the code step when the code is on and one was sent', () => {
    expect(stepAfterPhone(true, sent)).toBe(1);
  });

  it('skips to the profile when the phone is already verified', () => {
    expect(stepAfterPhone(true, { code: 'OTP_VERIFIED' })).toBe(2);
  });

  it('skips to the profile when the one-time code is disabled', () => {
    expect(stepAfterPhone(false, null)).toBe(2);
  });
});

describe('wizardReducer', () => {
  it('keeps the reference and token of a sent code', () => {
    const next = wizardReducer(initialWizardState, { type: 'phoneAccepted', phone: '0812345678', isOtpEnabled: true, reply: sent, now: 1000 });
    expect(next).toMatchObject({ step: 1, phone: '0812345678', otpRef: 'ABCD', otpToken: 'tok', otpSentAt: 1000 });
  });

  it('OTP_VERIFIED skips the code step and keeps no code', () => {
    const next = wizardReducer(initialWizardState, {
      type: 'phoneAccepted',
      phone: '0812345678',
      isOtpEnabled: true,
      reply: { code: 'OTP_VERIFIED' },
      now: 1000,
    });
    expect(next).toMatchObject({ step: 2, otpRef: null, otpToken: null });
  });

  it('keeps the verified token when the same phone comes back as OTP_VERIFIED, not for another phone', () => {
    let state = wizardReducer(initialWizardState, { type: 'phoneAccepted', phone: '0812345678', isOtpEnabled: true, reply: sent, now: 1000 });
    state = wizardReducer(state, { type: 'otpVerified' });
    state = wizardReducer(state, { type: 'back' });
    const again = wizardReducer(state, { type: 'phoneAccepted', phone: '0812345678', isOtpEnabled: true, reply: { code: 'OTP_VERIFIED' }, now: 2000 });
    expect(again).toMatchObject({ step: 2, otpToken: 'tok' });
    const other = wizardReducer(state, { type: 'phoneAccepted', phone: '0899999999', isOtpEnabled: true, reply: { code: 'OTP_VERIFIED' }, now: 2000 });
    expect(other.otpToken).toBeNull();
  });

  it('a resend replaces the reference and restarts the countdown; OTP_VERIFIED on resend moves on', () => {
    const atCode: WizardState = { ...initialWizardState, step: 1, phone: '0812345678', otpRef: 'ABCD', otpToken: 'tok', otpSentAt: 1000 };
    expect(wizardReducer(atCode, { type: 'otpResent', reply: { code: 'OK', otpRef: 'WXYZ', otpToken: 'tok2' }, now: 70_000 })).toMatchObject({
      step: 1,
      otpRef: 'WXYZ',
      otpToken: 'tok2',
      otpSentAt: 70_000,
    });
    expect(wizardReducer(atCode, { type: 'otpResent', reply: { code: 'OTP_VERIFIED' }, now: 70_000 }).step).toBe(2);
  });

  it('walks verify → profile → bank and back', () => {
    let state: WizardState = { ...initialWizardState, step: 1 };
    state = wizardReducer(state, { type: 'otpVerified' });
    expect(state.step).toBe(2);
    state = wizardReducer(state, { type: 'profileSaved', name: 'Somchai', password: 'secret123' });
    expect(state).toMatchObject({ step: 3, name: 'Somchai', password: 'secret123' });
    state = wizardReducer(state, { type: 'back' });
    expect(state.step).toBe(2);
    state = wizardReducer(state, { type: 'back' });
    expect(state.step).toBe(0);
    expect(wizardReducer(state, { type: 'back' }).step).toBe(0);
  });
});
