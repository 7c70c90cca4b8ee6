import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DateOptions } from '@/lib/format';
import { profileQuery } from '@/lib/member-queries';

/**
 * The member's year count for every date on screen and in saved images (docs/design.md#member-app): Gregorian until
 * the profile says Buddhist era. Reads the profile already loaded for the header; never asks for it again by itself.
 */
export function useDateEra(): DateOptions {
  const { data } = useQuery({ ...profileQuery, staleTime: Infinity });
  const era = data?.profile.dateEra ?? 'gregorian';
  return useMemo(() => ({ era }), [era]);
}
