import { describe, expect, it } from 'vitest';
import { qrImageFileName } from '@/features/deposit/hooks/qr-image';

describe('the saved QR picture', () => {
  it('is named after the gateway, the amount and the reference, with nothing a file system refuses', () => {
    expect(qrImageFileName('KBANK', 100, 'Q4X9ABCDEFGHJKMN')).toBe('qr-KBANK-100.00-Q4X9ABCDEFGHJKMN.png');
    expect(qrImageFileName('E2P', 50.5, null)).toBe('qr-E2P-50.50.png');
    expect(qrImageFileName('WW', 1, 'a/b:c')).toBe('qr-WW-1.00-abc.png');
  });
});
