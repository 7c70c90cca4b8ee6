import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from '@/components/form/use-schema-form';

const schema = z.object({ phone: z.string().min(1, { error: 'PHONE_REQUIRED' }) });

describe('useSchemaForm with a schema it loads', () => {
  it('checks a submit with the loaded schema, and loads again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(schema);
    const { result } = renderHook(() => useSchemaForm(load, { phone: '' }));
    const onValid = vi.fn();

    await act(async () => {
      await expect(result.current.handleSubmit(onValid)()).rejects.toThrow('chunk failed');
    });
    await act(() => result.current.handleSubmit(onValid)());

    expect(load).toHaveBeenCalledTimes(2);
    expect(onValid).not.toHaveBeenCalled();
    expect(result.current.formState.errors.phone?.message).toBe('PHONE_REQUIRED');
  });
});
