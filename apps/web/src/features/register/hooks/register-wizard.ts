import type { z } from 'zod';
import type { otpSendResponseSchema } from '@mekong/contracts/otp';

export type OtpSendReply = z.output<typeof otpSendResponseSchema>;

/** Steps of docs/spec.md §2: 0 phone, 1 one-time code, 2 profile, 3 bank data. */
export type WizardStep = 0 | 1 | 2 | 3;

export type WizardState = {
  step: WizardStep;
  phone: string;
  otpRef: string | null;
  /** The token of the code sent for this phone; once verified, the registration sends it (the server uses it up). */
  otpToken: string | null;
  /** When the last code was sent; the resend button waits 60 s from here. */
  otpSentAt: number | null;
  name: string;
  password: string;
};

export type WizardAction =
  | { type: 'phoneAccepted'; phone: string; isOtpEnabled: boolean; reply: OtpSendReply | null; now: number }
  | { type: 'otpResent'; reply: OtpSendReply; now: number }
  | { type: 'otpVerified' }
  | { type: 'profileSaved'; name: string; password: string }
  | { type: 'back' };

export const initialWizardState: WizardState = {
  step: 0,
  phone: '',
  otpRef: null,
  otpToken: null,
  otpSentAt: null,
  name: '',
  password: '',
};

/** Spec §4: the phone step skips to the profile when the code is off or the phone is already verified. */
export function stepAfterPhone(isOtpEnabled: boolean, reply: OtpSendReply | null): WizardStep {
  if (!isOtpEnabled) return 2;
  if (!reply || reply.code === 'OTP_VERIFIED') return 2;
  return 1;
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'phoneAccepted': {
      const step = stepAfterPhone(action.isOtpEnabled, action.reply);
      const hasCode = step === 1 && action.reply?.code === 'OK';
      // Back at the phone step with the phone this wizard verified: the server says OTP_VERIFIED, the token still counts.
      const isSameVerifiedPhone = action.reply?.code === 'OTP_VERIFIED' && action.phone === state.phone;
      return {
        ...state,
        step,
        phone: action.phone,
        otpRef: hasCode && action.reply?.code === 'OK' ? action.reply.otpRef : null,
        otpToken:
          hasCode && action.reply?.code === 'OK' ? action.reply.otpToken : isSameVerifiedPhone ? state.otpToken : null,
        otpSentAt: hasCode ? action.now : null,
      };
    }
    case 'otpResent':
      if (action.reply.code === 'OTP_VERIFIED') return { ...state, step: 2, otpRef: null, otpSentAt: null };
      return { ...state, otpRef: action.reply.otpRef, otpToken: action.reply.otpToken, otpSentAt: action.now };
    case 'otpVerified':
      return { ...state, step: 2 };
    case 'profileSaved':
      return { ...state, step: 3, name: action.name, password: action.password };
    case 'back':
      // From the profile the phone step is the way back: a verified phone skips the code step again.
      if (state.step === 3) return { ...state, step: 2 };
      if (state.step === 2 || state.step === 1) return { ...state, step: 0 };
      return state;
  }
}
