import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '@/lib/load-once';

describe('loadOnce', () => {
  it('loads once for every caller, and again after a failed load', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('module');
    const get = loadOnce(load);
    const [first, second] = [get(), get()];
    await expect(first).rejects.toThrow('offline');
    await expect(second).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(1);
    await expect(get()).resolves.toBe('module');
    await expect(get()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
