import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultEraOf } from '@/lib/date-era-default';
import type { DateOptions } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { profileQuery } from '@/lib/member-queries';

/**
 * The member's year count for every date on screen and in saved images (docs/design.md#member-app): the one the
 * member chose on the profile page, else the language's own (Thai: Buddhist era). Reads the profile already loaded for
 * the header; never asks for it again by itself.
 */
export function useDateEra(): DateOptions {
  const { data } = useQuery({ ...profileQuery, staleTime: Infinity });
  const { i18n } = useTranslation();
  const era = data?.profile.dateEra ?? defaultEraOf(i18n.language ? currentLocale() : 'th');
  return useMemo(() => ({ era }), [era]);
}
