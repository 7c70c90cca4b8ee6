import { DATE_ERAS, type DateEra } from '@mekong/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SegmentedSwitch } from '@/components/segmented-switch';
import { saveDateEra } from '@/features/profile/api/date-era';
import { errorText } from '@/lib/error-message';
import { playerParts } from '@/lib/format';
import { storeProfile } from '@/lib/member-queries';
import { useDateEra } from '@/lib/use-date-era';

/** CE 2026 · BE 2569: how every date in the app counts years (docs/design.md#member-app). */
export function DateEraSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { era: active } = useDateEra();
  const save = useMutation({
    mutationFn: saveDateEra,
    onSuccess: (data) => storeProfile(queryClient, data),
    onError: (error) => toast.error(errorText(t, error)),
  });
  const yearIn = (era: DateEra) => playerParts(Date.now(), { era })?.year ?? '';
  return (
    <SegmentedSwitch
      options={DATE_ERAS.map((era) => ({
        value: era,
        label: t(`profile.eras.${era}`, { year: yearIn(era) }),
      }))}
      active={active}
      label={t('profile.dateEra')}
      tone="dark"
      testIdPrefix="date-era"
      isDisabled={save.isPending}
      onSelect={(era) => era !== active && save.mutate(era)}
    />
  );
}
