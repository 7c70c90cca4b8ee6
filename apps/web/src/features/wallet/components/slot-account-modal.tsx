import type { GameEntry } from '@mekong/contracts/wallet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRight, Copy, Eye, EyeOff, Globe, KeyRound, Play, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button, IconButton } from '@/components/button';
import { Modal } from '@/components/modal';
import { Loading } from '@/components/loading';
import { resetGamePassword, slotAccountQuery } from '@/features/wallet/api/wallet-api';
import { GameLogo } from '@/features/wallet/components/game-logo';
import { useGameLauncher } from '@/features/wallet/hooks/use-game-launcher';
import { useWalletModals } from '@/features/wallet/hooks/use-wallet-modals';
import { errorText } from '@/lib/error-message';
import { formatAmount } from '@/lib/format';
import { useCopy } from '@/lib/use-copy';
import { useDelayedFlag } from '@/lib/use-delayed-flag';
import '@/features/wallet/components/games.css';

/**
 * The slot account modal (docs/spec.md §2): the game's username and password with copy buttons (the password masked
 * until revealed), reset password, the provider's play links, and auto-login for the providers that have it.
 */
export function SlotAccountModal({
  game,
  currency,
  onOpenChange,
}: {
  game: GameEntry | null;
  currency: string | undefined;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { t } = useTranslation();
  const code = game?.code ?? '';
  const { openTransfer } = useWalletModals();
  const queryClient = useQueryClient();
  const copy = useCopy();
  const account = useQuery({ ...slotAccountQuery(code), enabled: game !== null });

  const reset = useMutation({
    mutationFn: () => resetGamePassword(code),
    onSuccess: (next) => {
      queryClient.setQueryData(slotAccountQuery(code).queryKey, next);
      toast.success(t('slotAccount.passwordReset'));
    },
    onError: (error) => toast.error(errorText(t, error)),
  });

  const launcher = useGameLauncher();
  const onAutoLogin = () => launcher.launch(code, launcher.openTab());

  const isResetBusy = useDelayedFlag(reset.isPending);
  const isLaunchBusy = useDelayedFlag(launcher.isLaunching);
  const links = game
    ? ([
        { key: 'web', href: game.web, Icon: Globe },
        { key: 'android', href: game.android, Icon: Smartphone },
        { key: 'ios', href: game.ios, Icon: Smartphone },
      ] as const).filter((link) => link.href)
    : [];

  return (
    <Modal
      isOpen={game !== null}
      onOpenChange={onOpenChange}
      title={
        game ? (
          <span className="slot-modal__title">
            <GameLogo code={game.code} name={game.name} src={game.logo} size={32} />
            {game.name}
          </span>
        ) : (
          ''
        )
      }
      testId="slot-account-modal"
    >
      {game && (
        <div className="slot-modal">
          <div className="slot-modal__balance">
            <span>{t('slotAccount.balance')}</span>
            <strong data-testid="slot-account-amount">{formatAmount(game.amount, currency)}</strong>
          </div>

          {account.isPending ? (
            <Loading />
          ) : account.data ? (
            <dl className="credentials">
              <Credential label={t('slotAccount.username')} value={account.data.username} testId="slot-account-username" onCopy={() => void copy(account.data.username)} copyLabel={t('slotAccount.copyUsername')} />
              <Credential
                label={t('slotAccount.password')}
                value={account.data.password}
                isSecret
                testId="slot-account-password"
                onCopy={() => void copy(account.data.password)}
                copyLabel={t('slotAccount.copyPassword')}
              />
            </dl>
          ) : (
            <p className="form-error">{errorText(t, account.error)}</p>
          )}

          <div className="slot-modal__actions">
            <Button variant="secondary" onClick={() => reset.mutate()} disabled={reset.isPending || !account.data} isBusy={isResetBusy} data-testid="slot-account-reset">
              <KeyRound size={18} aria-hidden /> {t('slotAccount.resetPassword')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                onOpenChange(false);
                openTransfer({ from: 'wallet', to: game.code });
              }}
              data-testid="slot-account-transfer"
            >
              <ArrowLeftRight size={18} aria-hidden /> {t('wallet.transfer')}
            </Button>
          </div>

          {game.hasAutoLogin && (
            <Button variant="gold" isBlock onClick={onAutoLogin} disabled={launcher.isLaunching} isBusy={isLaunchBusy} data-testid="slot-account-auto-login">
              <Play size={18} aria-hidden /> {t('slotAccount.autoLogin')}
            </Button>
          )}

          {links.length > 0 && (
            <div className="play-links">
              <p className="play-links__title">{t('slotAccount.playOn')}</p>
              <div className="play-links__row">
                {links.map(({ key, href, Icon }) => (
                  <a key={key} className="play-link" href={href ?? undefined} target="_blank" rel="noopener noreferrer" data-testid={`slot-account-play-${key}`}>
                    <Icon size={18} aria-hidden />
                    {t(`slotAccount.${key}`)}
                  </a>
                ))}
              </div>
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}

type CredentialProps = { label: string; value: string; testId: string; onCopy: () => void; copyLabel: string; isSecret?: boolean };

/** One line of the game login; a secret one shows dots until the eye button reveals it (copy works either way). */
function Credential({ label, value, testId, onCopy, copyLabel, isSecret = false }: CredentialProps) {
  const { t } = useTranslation();
  const [isRevealed, setRevealed] = useState(false);
  const isHidden = isSecret && !isRevealed;
  return (
    <div className={`credential${isSecret ? ' credential--secret' : ''}`}>
      <dt className="credential__label">{label}</dt>
      <dd className="credential__value" data-testid={testId} data-hidden={isHidden || undefined}>
        {isHidden ? <span aria-label={t('walletFlow.passwordHidden')}>{'•'.repeat(8)}</span> : value}
      </dd>
      {isSecret && (
        <IconButton
          tone="soft"
          className="credential__reveal"
          label={isRevealed ? t('common.hidePassword') : t('common.showPassword')}
          onClick={() => setRevealed((shown) => !shown)}
          aria-pressed={isRevealed}
          data-testid={`${testId}-reveal`}
        >
          {isRevealed ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
        </IconButton>
      )}
      <IconButton tone="soft" className="credential__copy" onClick={onCopy} label={copyLabel} data-testid={`${testId}-copy`}>
        <Copy size={18} aria-hidden />
      </IconButton>
    </div>
  );
}
