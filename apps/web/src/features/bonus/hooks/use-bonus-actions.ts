import type { MemberBonus } from '@mekong/contracts/bonus';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/alert-provider';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { activateBonus, activatePromotion, clearBonus } from '@/features/bonus/api/bonus-api';
import { currentLocale } from '@/lib/i18n';
import { formatAmount } from '@/lib/format';
import { pickLocalized } from '@/lib/localized';
import { translateCode } from '@/lib/error-message';

/**
 * Receiving a bonus or a promotion code credits money, so it is a money call (use-money-mutation reads the wallet,
 * statement and bonus again). Spec §8: a failure is an error alert with the server's message, success a "saved"
 * alert (here with what was credited).
 */
export function useActivation(kind: 'bonus' | 'promotion', { currency, onDone }: { currency?: string; onDone: () => void }) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  return useMoneyMutation({
    scope: `${kind}-activate`,
    send: (code: string, idempotencyKey: string) => (kind === 'bonus' ? activateBonus(code, idempotencyKey) : activatePromotion(code, idempotencyKey)),
    onSuccess: ({ userBonus }) => {
      onDone();
      // Not awaited: the call is over; the alert waits for the member on its own.
      void showAlert({ tone: 'success', title: t('common.saved'), message: savedMessage(userBonus) });
    },
    failureTitle: kind === 'bonus' ? t('bonus.activateFailed') : t('promotion.failed'),
  });

  function savedMessage(userBonus: MemberBonus): string {
    return t('bonus.savedMessage', { name: pickLocalized(userBonus.name, currentLocale()), amount: formatAmount(userBonus.bonusAmount, currency) });
  }
}

/**
 * GET /api/bonus/clear (spec §2): the server's message is toasted; a failure is a danger dialog (spec §8).
 */
export function useCancelBonus({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return useMoneyMutation({
    scope: 'bonus-clear',
    // The call has no variables: every cancel is the same submission.
    fingerprint: () => 'clear',
    send: (_: void, idempotencyKey: string) => clearBonus(idempotencyKey),
    successToast: (result) => ({ text: translateCode(t, result.message) }),
    onSuccess: onDone,
    failureTitle: t('bonus.cancelFailed'),
  });
}
