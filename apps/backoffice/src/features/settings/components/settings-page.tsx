import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { TabList } from '@/components/tab-list';
import { useSettings } from '@/features/settings/api/settings-api';
import { AccountsSection } from '@/features/settings/components/accounts-section';
import { agreementForms } from '@/features/settings/components/agreement-section';
import { contentForms } from '@/features/settings/components/content-section';
import { limitsForms } from '@/features/settings/components/limits-section';
import { PendingChangesPanel } from '@/features/settings/components/pending-changes';
import { ProvidersSection } from '@/features/settings/components/providers-section';
import { SettingForms } from '@/features/settings/components/setting-fields';
import { systemForms } from '@/features/settings/components/system-section';
import '@/features/settings/components/settings.css';

const TABS = ['accounts', 'limits', 'providers', 'content', 'agreement', 'system'] as const;
type Tab = (typeof TABS)[number];

/** The tabs made of setting cards: their forms, and the permission that may save them. */
const FORM_TABS = {
  limits: { permission: 'settings.money', forms: limitsForms },
  content: { permission: 'settings.content', forms: contentForms },
  agreement: { permission: 'settings.content', forms: agreementForms, layout: 'settings-stack' },
  system: { permission: 'settings.system', forms: systemForms },
} as const;

/** The operator settings of DESIGN D10 except promotions, one tab per area (docs/back-office/settings.md). */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'accounts';
  const settings = useSettings();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <PendingChangesPanel />
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={(name) => setParams({ tab: name })}
        textOf={(name) => t(`tabs.${name}`)}
        testIdPrefix="settings-tab-"
      />
      {tab === 'accounts' ? <AccountsSection /> : null}
      {tab === 'providers' ? <ProvidersSection /> : null}
      {tab !== 'accounts' && tab !== 'providers' ? (
        <QueryState query={settings}>
          {(values) => <SettingForms settings={values} {...FORM_TABS[tab]} />}
        </QueryState>
      ) : null}
    </>
  );
}
