import { describe, expect, it } from 'vitest';
import {
  endSessionByServer,
  forgetSessionEndedNote,
  getToken,
  isSessionEndedNoted,
  storeToken,
} from '@/lib/session';

describe('a session the server ended', () => {
  it('is forgotten and noted for /login until the note is read', () => {
    storeToken('tok', false);
    localStorage.setItem('user-info', '{}');
    endSessionByServer();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user-info')).toBeNull();
    expect(isSessionEndedNoted()).toBe(true);
    forgetSessionEndedNote();
    expect(isSessionEndedNoted()).toBe(false);
  });

  it('is not noted for a visitor who had no session', () => {
    endSessionByServer();
    expect(isSessionEndedNoted()).toBe(false);
  });

  it('is noted once when several calls fail together', () => {
    storeToken('tok', true);
    endSessionByServer();
    endSessionByServer();
    expect(isSessionEndedNoted()).toBe(true);
    forgetSessionEndedNote();
    expect(isSessionEndedNoted()).toBe(false);
  });
});
