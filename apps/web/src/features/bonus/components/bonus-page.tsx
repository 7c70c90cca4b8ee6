import type { Bonus } from '@mekong/contracts/bonus';
import { useQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { EmptyState, LoadFailed, Skeleton } from '@/components/query-states';
import { bonusListQuery } from '@/features/bonus/api/bonus-api';
import { ActiveBonusCard } from '@/features/bonus/components/active-bonus-card';
import { BonusGrid } from '@/features/bonus/components/bonus-grid';
import { BonusModal } from '@/features/bonus/components/bonus-modal';
import { PromotionSearch } from '@/features/bonus/components/promotion-search';
import { activeBonusQuery } from '@/lib/bonus-queries';
import { walletQuery } from '@/lib/member-queries';
import { useNow } from '@/lib/use-now';
import '@/features/bonus/components/bonus.css';

/**
 * Spec §2 /user/bonus: the active bonus (GET /api/bonus/check/active) with its progress and cancel, or else the
 * promotion-code search; below, the bonus cards (GET /api/bonus). Spec §8 swallows a failed list load; issue 9's
 * rule wins over it here: a failure is said and offers a retry, never shown as "no bonuses".
 */
export function BonusPage() {
  const { t } = useTranslation();
  const active = useQuery(activeBonusQuery);
  const list = useQuery(bonusListQuery);
  const currency = useQuery(walletQuery).data?.profile.currency;
  const now = useNow(60_000);
  const [opened, setOpened] = useState<Bonus | null>(null);
  const activeBonus = active.data?.status ? active.data.bonus : null;

  return (
    <section className="page bonus-page" data-testid="bonus-page">
      <PageHeader title={t('bonus.title')} subtitle={t('bonus.subtitle')} />

      {active.data ? (
        activeBonus ? (
          <ActiveBonusCard bonus={activeBonus} currency={currency} />
        ) : (
          <PromotionSearch currency={currency} />
        )
      ) : active.isError ? (
        <LoadFailed title={t('bonus.activeFailed')} onRetry={() => void active.refetch()} isRetrying={active.isFetching} testId="bonus-active-failed" />
      ) : (
        <Skeleton lines={4} testId="bonus-active-loading" />
      )}

      <h2 className="bonus-page__heading">{t('bonus.listTitle')}</h2>
      {list.data ? (
        list.data.bonuses.length === 0 ? (
          <EmptyState icon={<Gift size={32} />} title={t('bonus.listEmpty')} hint={t('bonus.listEmptyHint')} testId="bonus-list-empty" />
        ) : (
          <BonusGrid bonuses={list.data.bonuses} now={new Date(now)} onOpen={setOpened} />
        )
      ) : list.isError ? (
        <LoadFailed title={t('bonus.listFailed')} onRetry={() => void list.refetch()} isRetrying={list.isFetching} testId="bonus-list-failed" />
      ) : (
        <Skeleton lines={4} testId="bonus-list-loading" />
      )}

      <BonusModal bonus={opened} hasOtherActive={activeBonus !== null && activeBonus.code !== opened?.code} currency={currency} onClose={() => setOpened(null)} />
    </section>
  );
}

export default BonusPage;
