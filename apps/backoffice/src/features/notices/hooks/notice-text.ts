import { useTranslation } from 'react-i18next';
import { LEDGER_CURRENCIES, type LedgerCurrency } from '@mekong/contracts/constants';
import type { Notice, NoticeParams } from '@mekong/contracts/admin/notices';
import { formatDateTime, formatMinor } from '@/lib/format';

const text = (params: NoticeParams, key: string): string | null => {
  const value = params[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

const currencyOf = (params: NoticeParams): LedgerCurrency => {
  const value = params.currency;
  return (LEDGER_CURRENCIES as readonly unknown[]).includes(value)
    ? (value as LedgerCurrency)
    : 'THB';
};

const money = (params: NoticeParams, key: string) => {
  const value = params[key];
  return typeof value === 'number' || typeof value === 'string'
    ? formatMinor(value, currencyOf(params))
    : '—';
};

/** Where the notice says to look, as a back-office path. */
export function noticeLink(notice: Notice): string {
  if (notice.kind === 'adjustments.nearLine') return '/members';
  if (notice.kind === 'operator.ownerCreated') return '/operators';
  return '/settings';
}

/**
 * One sentence per kind of notice, in the operator's language, filled in from its params (docs/back-office/notices.md
 * lists them); a param the sentence needs but the notice lacks picks the variant without it.
 */
export function useNoticeText() {
  const { t, i18n } = useTranslation('notices');
  const settingName = (params: NoticeParams) => {
    const subject = text(params, 'subject') ?? text(params, 'key') ?? '';
    return t(`settings.${subject}`, { defaultValue: subject || t('settings.unknown') });
  };
  const refusal = (params: NoticeParams) => {
    const code = text(params, 'refusal');
    if (!code) return '';
    const reason = i18n.exists(`common:errors.${code}`) ? t(`common:errors.${code}`) : code;
    return ` ${t('refusal', { reason })}`;
  };

  return (notice: Notice): string => {
    const p = notice.params;
    switch (notice.kind) {
      case 'adjustments.nearLine':
        return t('kinds.nearLine', {
          operator: text(p, 'operator') ?? '—',
          total: money(p, 'totalMinor'),
          line: money(p, 'lineMinor'),
        });
      case 'setting.pending': {
        const by = text(p, 'requestedBy');
        const at = text(p, 'effectiveAt');
        const values = { setting: settingName(p), by, at: formatDateTime(at, i18n.language) };
        const sentence = by
          ? t('kinds.settingPending', values)
          : t('kinds.settingPendingNoOne', values);
        return at ? `${sentence} ${t('kinds.settingPendingAt', values)}` : sentence;
      }
      case 'setting.applied': {
        const by = text(p, 'confirmedBy');
        const setting = settingName(p);
        return by
          ? t('kinds.settingApplied', { setting, by })
          : t('kinds.settingAppliedAfterDelay', { setting });
      }
      case 'setting.cancelled': {
        const by = text(p, 'cancelledBy');
        const setting = settingName(p);
        const sentence = by
          ? t('kinds.settingCancelled', { setting, by })
          : t('kinds.settingCancelledNoOne', { setting });
        return `${sentence}${refusal(p)}`;
      }
      case 'operator.ownerCreated': {
        const values = {
          name: text(p, 'username') ?? '—',
          by: text(p, 'createdBy') ?? '—',
          confirmedBy: text(p, 'confirmedBy') ?? '—',
        };
        if (text(p, 'status') === 'pending') return t('kinds.ownerPending', values);
        return text(p, 'confirmedBy')
          ? t('kinds.ownerConfirmed', values)
          : t('kinds.ownerCreated', values);
      }
      default:
        return t('kinds.unknown');
    }
  };
}
