import { describe, expect, it } from 'vitest';
import { inviteLink } from '@/features/invite/hooks/invite-link';

describe('invite link (docs/spec.md §2)', () => {
  it('is the origin, /register and the code PR<member id>', () => {
    expect(inviteLink('https://wallet.example', 'a1B2c3')).toBe('https://wallet.example/register?code=PRa1B2c3');
    expect(inviteLink('http://127.0.0.1:5173', '42')).toBe('http://127.0.0.1:5173/register?code=PR42');
  });
});
