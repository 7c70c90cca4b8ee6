import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { TabList } from '@/components/tab-list';
import { useBonus } from '@/features/promotions/api/promotions-api';
import { BonusEditor } from '@/features/promotions/components/bonus-editor';
import { BonusList } from '@/features/promotions/components/bonus-list';
import { BonusPreviewPanel } from '@/features/promotions/components/bonus-preview-panel';
import { PlayGuards } from '@/features/promotions/components/play-guards';
import { RatesForm } from '@/features/promotions/components/rates-form';
import { WheelEditor } from '@/features/promotions/components/wheel-editor';
import '@/features/promotions/components/promotions.css';

const TABS = ['bonuses', 'wheel', 'rates', 'play'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/** Promotions (docs/back-office/promotions.md): bonuses and codes, the wheel, the refund and invite rates. */
export function PromotionsPage() {
  const { t } = useTranslation('promotions');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'bonuses';
  const [editing, setEditing] = useState<string | 'new' | null>(params.get('bonus'));

  const open = (code: string | 'new' | null) => {
    setEditing(code);
    const next = new URLSearchParams(params);
    if (code && code !== 'new') next.set('bonus', code);
    else next.delete('bonus');
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={(name) => setParams(name === 'bonuses' ? {} : { tab: name })}
        textOf={(name) => t(`tab.${name}`)}
      />
      {tab === 'bonuses' ? (
        editing === null ? (
          <BonusList selected={null} onOpen={open} onNew={() => open('new')} />
        ) : (
          <BonusWorkspace code={editing} onOpen={open} />
        )
      ) : null}
      {tab === 'wheel' ? <WheelEditor /> : null}
      {tab === 'rates' ? <RatesForm /> : null}
      {tab === 'play' ? <PlayGuards /> : null}
    </>
  );
}

function BonusWorkspace({
  code,
  onOpen,
}: {
  code: string | 'new';
  onOpen: (code: string | null) => void;
}) {
  const bonus = useBonus(code === 'new' ? null : code);
  if (code === 'new')
    return <BonusEditor bonus={null} onSaved={onOpen} onClose={() => onOpen(null)} />;
  return (
    <QueryState query={bonus}>
      {(data) => (
        <div className="split">
          <BonusEditor
            key={`${data.code}:${data.updatedAt}`}
            bonus={data}
            onSaved={onOpen}
            onClose={() => onOpen(null)}
          />
          <BonusPreviewPanel bonus={data} />
        </div>
      )}
    </QueryState>
  );
}
