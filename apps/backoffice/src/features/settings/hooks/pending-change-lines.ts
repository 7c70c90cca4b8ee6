import type { TFunction } from 'i18next';
import type {
  PendingSettingChange,
  SettingChangeSubject,
} from '@mekong/contracts/admin/setting-changes';
import { formatMinor } from '@/lib/format';

type Kind = 'amount' | 'count' | 'flag' | 'list' | 'text' | 'bankType' | 'mode';
type FieldSpec = { path: string; label: string; kind: Kind };

/** The settings texts (`settings:` namespace) that title each subject of a waiting change. */
export const SUBJECT_TITLES: Record<SettingChangeSubject, string> = {
  withdraw: 'withdraw.title',
  withdrawLimits: 'withdrawLimits.title',
  approvals: 'approvals.title',
  service: 'service.title',
  registerOtp: 'otp.title',
  adminAccess: 'access.title',
  operatorAccount: 'accounts.title',
};

const FIELDS: Record<SettingChangeSubject, FieldSpec[]> = {
  withdraw: [
    { path: 'minMinor', label: 'withdraw.min', kind: 'amount' },
    { path: 'maxMinor', label: 'withdraw.max', kind: 'amount' },
  ],
  withdrawLimits: [
    { path: 'dailyCount', label: 'withdrawLimits.dailyCount', kind: 'count' },
    { path: 'dailyAmountMinor', label: 'withdrawLimits.dailyAmount', kind: 'amount' },
    { path: 'autoPayoutMaxMinor', label: 'withdrawLimits.autoPayout', kind: 'amount' },
  ],
  approvals: [
    { path: 'secondApprovalAboveMinor', label: 'approvals.secondAbove', kind: 'amount' },
    { path: 'adjustLimitMinor.owner', label: 'approvals.ownerLimit', kind: 'amount' },
    { path: 'adjustLimitMinor.finance', label: 'approvals.financeLimit', kind: 'amount' },
  ],
  service: [{ path: 'terminated', label: 'service.terminated', kind: 'flag' }],
  registerOtp: [{ path: 'enabled', label: 'otp.enabled', kind: 'flag' }],
  adminAccess: [
    { path: 'ipAllowlist', label: 'access.allowlist', kind: 'list' },
    { path: 'idleMinutes', label: 'access.idleMinutes', kind: 'count' },
    { path: 'absoluteHours', label: 'access.absoluteHours', kind: 'count' },
  ],
  operatorAccount: [
    { path: 'channel', label: 'accounts.channel', kind: 'text' },
    { path: 'accountName', label: 'accounts.accountName', kind: 'text' },
    { path: 'accountNo', label: 'accounts.accountNo', kind: 'text' },
    { path: 'currency', label: 'accounts.currency', kind: 'text' },
    { path: 'bankType', label: 'accounts.bankType', kind: 'bankType' },
    { path: 'mode', label: 'accounts.mode', kind: 'mode' },
    { path: 'isEnabled', label: 'accounts.isEnabled', kind: 'flag' },
  ],
};

function valueAt(value: Record<string, unknown> | null, path: string): unknown {
  let node: unknown = value;
  for (const part of path.split('.'))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

function show(t: TFunction<'settings'>, kind: Kind, value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (kind === 'amount') return formatMinor(value as number);
  if (kind === 'flag') return value ? t('on') : t('off');
  if (kind === 'list') {
    const list = value as string[];
    return list.length > 0 ? list.join(', ') : t('pending.anyAddress');
  }
  if (kind === 'bankType') return t(`accounts.bankTypes.${String(value)}`);
  if (kind === 'mode') return t(`accounts.modes.${String(value)}`);
  return String(value);
}

export type ChangeLine = { label: string; before: string | null; after: string };

/**
 * What a waiting change would change, one line per field in the operator's words: the fields it changes (before and
 * after), or every field of a new deposit account.
 */
export function changeLines(t: TFunction<'settings'>, change: PendingSettingChange): ChangeLine[] {
  return FIELDS[change.subject].flatMap(({ path, label, kind }): ChangeLine[] => {
    const after = show(t, kind, valueAt(change.value, path));
    if (change.before === null) return [{ label: t(label), before: null, after }];
    const before = show(t, kind, valueAt(change.before, path));
    return before === after ? [] : [{ label: t(label), before, after }];
  });
}
