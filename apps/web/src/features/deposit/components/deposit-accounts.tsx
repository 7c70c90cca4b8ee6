import { DELAY } from '@mekong/contracts/constants';
import type { DepositBank, DepositWallet } from '@mekong/contracts/lookup';
import { useQuery } from '@tanstack/react-query';
import { Copy, Landmark, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditNameModal } from '@/features/deposit/components/edit-name-modal';
import { groupAccountNumber } from '@/features/deposit/hooks/account-number';
import { needsEnglishNameEdit } from '@/features/deposit/hooks/name-edit-gate';
import { profileQuery } from '@/lib/member-queries';
import { currentLocale } from '@/lib/i18n';
import { bankName } from '@/lib/localized';
import { useCopy } from '@/lib/use-copy';

/**
 * The operator's listed bank accounts and wallets (GET /api/lookup/deposit) with copy buttons. A member at KTB,
 * TMB or BBL without an English account name fixes it first; the copy then fires about 1 s after saving (docs/spec.md §4).
 */
export function DepositAccounts({ banks, wallets }: { banks: DepositBank[]; wallets: DepositWallet[] }) {
  const { t, i18n } = useTranslation();
  const copy = useCopy();
  const profile = useQuery(profileQuery);
  const member = profile.data?.profile;
  const [pendingCopy, setPendingCopy] = useState<string | null>(null);
  const [isEditOpen, setEditOpen] = useState(false);
  const [editSession, setEditSession] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const locale = i18n.language ? currentLocale() : 'th';

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const onCopyBank = (accountNo: string) => {
    if (needsEnglishNameEdit(member)) {
      setPendingCopy(accountNo);
      setEditSession((n) => n + 1);
      setEditOpen(true);
      return;
    }
    void copy(accountNo);
  };

  const onNameSaved = () => {
    const text = pendingCopy;
    setPendingCopy(null);
    if (text === null) return;
    timer.current = setTimeout(() => void copy(text), DELAY.copyAfterNameSaveMs);
  };

  if (banks.length === 0 && wallets.length === 0) {
    return <p className="muted">{t('deposit.noAccounts')}</p>;
  }

  return (
    <>
      <ul className="deposit-accounts">
        {banks.map((bank) => (
          <AccountRow
            key={`${bank.bankCode}-${bank.bankAccountNo}`}
            testId={`deposit-bank-${bank.bankAccountNo}`}
            logo={<BankLogo code={bank.bankCode} />}
            title={bankName(bank.bank, locale, bank.bankCode)}
            account={{ number: bank.bankAccountNo, shown: groupAccountNumber(bank.bankAccountNo), name: bank.bankAccountName }}
            onCopy={() => onCopyBank(bank.bankAccountNo)}
          />
        ))}
        {wallets.map((wallet) => (
          <AccountRow
            key={`${wallet.mode}-${wallet.walletAccountNo}`}
            testId={`deposit-wallet-${wallet.walletAccountNo}`}
            logo={<WalletLogo mode={wallet.mode} />}
            title={t(`deposit.walletModes.${wallet.mode}`)}
            account={{ number: wallet.walletAccountNo, shown: groupAccountNumber(wallet.walletAccountNo, 'wallet'), name: wallet.walletAccountName }}
            onCopy={() => void copy(wallet.walletAccountNo)}
          />
        ))}
      </ul>
      {member && (
        <EditNameModal
          key={editSession}
          isOpen={isEditOpen}
          onOpenChange={setEditOpen}
          bankCode={member.bankCode}
          currentName={member.bankAccountName}
          onSaved={onNameSaved}
        />
      )}
    </>
  );
}

type AccountRowProps = { testId: string; logo: ReactNode; title: string; account: { number: string; shown: string; name: string }; onCopy: () => void };

function BankLogo({ code }: { code: string }) {
  return (
    <span className="deposit-account__logo" aria-hidden data-bank={code}>
      <Landmark size={16} />
      <span>{code}</span>
    </span>
  );
}

function WalletLogo({ mode }: { mode: string }) {
  return (
    <span className="deposit-account__logo deposit-account__logo--wallet" aria-hidden data-mode={mode}>
      <Smartphone size={16} />
    </span>
  );
}

/** One listed account: its logo, bank or wallet name, number (grouped, on one line) and holder, with a copy button. */
function AccountRow({ testId, logo, title, account: { number, shown, name }, onCopy }: AccountRowProps) {
  const { t } = useTranslation();
  return (
    <li className="deposit-account" data-testid={testId}>
      {logo}
      <div className="deposit-account__text">
        <span className="deposit-account__bank">{title}</span>
        <span className="deposit-account__no" data-testid="deposit-account-no">
          {shown}
        </span>
        <span className="deposit-account__name" data-testid="deposit-account-name">
          {name}
        </span>
      </div>
      <button type="button" className="chip-btn deposit-account__copy" onClick={onCopy} aria-label={t('deposit.copyNumber', { number })} data-testid={`deposit-copy-${number}`}>
        <Copy size={15} aria-hidden /> {t('deposit.copy')}
      </button>
    </li>
  );
}
