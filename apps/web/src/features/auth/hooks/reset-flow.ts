import type { z } from 'zod';
import type { passwordForgot } from '@mekong/contracts/account';

export type ResetCodeReply = z.output<(typeof passwordForgot)['response']>;

/** Steps of /forgot-password: 0 phone, 1 one-time code, 2 new password. */
export type ResetStep = 0 | 1 | 2;

export type ResetState = {
  step: ResetStep;
  phone: string;
  otpRef: string | null;
  /** The sent code's token: verified at step 1, then it sets the new password (the server uses it up). */
  otpToken: string | null;
  /** When the last code was sent; "send a new code" waits 60 s from here. */
  sentAt: number | null;
  /** Back at the phone step because the verified code could no longer be used. */
  isRestarted: boolean;
};

export type ResetAction =
  | { type: 'codeSent'; phone: string; reply: ResetCodeReply; now: number }
  | { type: 'codeVerified' }
  | { type: 'back' }
  | { type: 'restart' };

export function initialResetState(phone: string): ResetState {
  return { step: 0, phone, otpRef: null, otpToken: null, sentAt: null, isRestarted: false };
}

export function resetReducer(state: ResetState, action: ResetAction): ResetState {
  switch (action.type) {
    case 'codeSent':
      // A first code or a new one: either way the latest token is the one that counts.
      return {
        ...state,
        step: 1,
        phone: action.phone,
        otpRef: action.reply.otpRef,
        otpToken: action.reply.otpToken,
        sentAt: action.now,
        isRestarted: false,
      };
    case 'codeVerified':
      return state.step === 1 ? { ...state, step: 2 } : state;
    case 'back':
      // A verified code stays usable for minutes, but a changed mind starts over: a new phone needs a new code.
      return state.step === 0 ? state : { ...initialResetState(state.phone), sentAt: state.sentAt };
    case 'restart':
      return { ...initialResetState(state.phone), sentAt: state.sentAt, isRestarted: true };
  }
}
