import { describe, expect, it } from 'vitest';
import { initialResetState, resetReducer } from '@/features/auth/hooks/reset-flow';

const reply = { code: 'OK', otpRef: 'ABCD', otpToken: 'tok' } as const;

describe('resetReducer', () => {
  it('moves phone → code → new password, keeping the sent code’s reference and token', () => {
    let state = resetReducer(initialResetState(''), { type: 'codeSent', phone: '0812345678', reply, now: 1000 });
    expect(state).toMatchObject({ step: 1, phone: '0812345678', otpRef: 'ABCD', otpToken: 'tok', sentAt: 1000 });
    state = resetReducer(state, { type: 'codeVerified' });
    expect(state.step).toBe(2);
  });

  it('a new code replaces the reference and the token and restarts the wait', () => {
    const atCode = resetReducer(initialResetState(''), { type: 'codeSent', phone: '0812345678', reply, now: 1000 });
    const again = resetReducer(atCode, { type: 'codeSent', phone: '0812345678', reply: { ...reply, otpRef: 'WXYZ', otpToken: 'tok2' }, now: 70_000 });
    expect(again).toMatchObject({ step: 1, otpRef: 'WXYZ', otpToken: 'tok2', sentAt: 70_000 });
  });

  it('back returns to the phone, forgetting the code but not the wait', () => {
    const atCode = resetReducer(initialResetState(''), { type: 'codeSent', phone: '0812345678', reply, now: 1000 });
    const back = resetReducer(atCode, { type: 'back' });
    expect(back).toMatchObject({ step: 0, phone: '0812345678', otpToken: null, otpRef: null, sentAt: 1000 });
  });

  it('a code that can no longer be used starts over at the phone, saying why', () => {
    let state = resetReducer(initialResetState(''), { type: 'codeSent', phone: '0812345678', reply, now: 1000 });
    state = resetReducer(resetReducer(state, { type: 'codeVerified' }), { type: 'restart' });
    expect(state).toMatchObject({ step: 0, phone: '0812345678', otpToken: null, isRestarted: true });
    expect(resetReducer(state, { type: 'codeSent', phone: '0812345678', reply, now: 90_000 }).isRestarted).toBe(false);
  });

  it('verifying counts only at the code step', () => {
    expect(resetReducer(initialResetState(''), { type: 'codeVerified' }).step).toBe(0);
  });
});
