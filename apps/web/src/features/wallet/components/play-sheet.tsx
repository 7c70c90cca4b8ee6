import { WALLET, type GameEntry } from '@mekong/contracts/wallet';
import { ArrowRight, Play, WalletMinimal } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { AmountField } from '@/components/form/amount-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Modal } from '@/components/modal';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { transfer } from '@/features/wallet/api/wallet-api';
import { GameLogo } from '@/features/wallet/components/game-logo';
import { lastPlayAmount, playSheetAmount, rememberPlayAmount } from '@/features/wallet/hooks/play-amount';
import { transferFormSchema } from '@/features/wallet/hooks/transfer-form';
import { formatAmount } from '@/lib/format';
import '@/features/wallet/components/games.css';
import '@/features/wallet/components/money-modals.css';

type PlaySheetProps = {
  game: GameEntry;
  /** Whose last amount the sheet offers (docs/decisions/0023-prize-claim-and-game-return.md). */
  memberId: string;
  walletAmount: number;
  currency: string | undefined;
  onClose: () => void;
  /** Inside the tap: the tab the game will open in (none for a game without auto-login). */
  openTab: (game: GameEntry) => Window | null;
  /** Closes the sheet and opens the game (held by the carousels, which outlive this sheet). */
  onPlay: (game: GameEntry, tab: Window | null) => void;
};

/**
 * Play from a game card in one or two taps: move money in from the wallet (the amount prefilled to the last amount
 * this member moved, capped by the wallet; the whole wallet the first time; editable) and open the game, or open it
 * without moving money. The transfer is the same call, rules and error
 * dialog as the transfer modal (docs/spec.md §5, §8).
 */
export function PlaySheet({ game, memberId, walletAmount, currency, onClose, openTab, onPlay }: PlaySheetProps) {
  const { t } = useTranslation();
  const tabRef = useRef<Window | null>(null);
  const schema = useMemo(() => transferFormSchema({ [WALLET]: walletAmount }), [walletAmount]);
  const [initialAmount] = useState(() => playSheetAmount(lastPlayAmount(memberId), walletAmount));
  const { field, handleSubmit, getValues, setValue } = useSchemaForm(schema, { from: WALLET, to: game.code, amount: initialAmount.toFixed(2) }, 'money');

  const send = useMoneyMutation({
    scope: 'transfer',
    send: async (body: { from: string; to: string; amount: number }, idempotencyKey: string) => {
      try {
        return await transfer(body, idempotencyKey);
      } catch (error) {
        // Before the error dialog, so the member is not left on a blank game tab.
        tabRef.current?.close();
        tabRef.current = null;
        throw error;
      }
    },
    successToast: (result, body) =>
      result.status === 'PENDING' ? { tone: 'info', text: t('transfer.pending') } : { text: t('transfer.success', { amount: formatAmount(body.amount, currency) }) },
    onSuccess: (_result, body) => {
      rememberPlayAmount(memberId, body.amount);
      onPlay(game, tabRef.current);
    },
    failureTitle: t('transfer.failed'),
  });

  // The rules are checked here, inside the tap, so a game tab is opened only for a transfer that will be sent.
  const onMoveAndPlay = () => {
    const checked = schema.safeParse(getValues());
    if (!checked.success) return void handleSubmit(() => {})();
    if (send.isPending) return;
    tabRef.current = openTab(game);
    send.submit(checked.data);
  };

  const onSkip = () => onPlay(game, openTab(game));

  return (
    <Modal
      isOpen
      onOpenChange={(isOpen) => !isOpen && !send.isPending && onClose()}
      variant="sheet"
      title={
        <span className="slot-modal__title">
          <GameLogo code={game.code} name={game.name} src={game.logo} size={32} />
          {t('walletFlow.playName', { name: game.name })}
        </span>
      }
      testId="play-sheet"
    >
      <form className="form play-sheet" noValidate onSubmit={(event) => (event.preventDefault(), onMoveAndPlay())}>
        <p className="play-sheet__intro">{t('walletFlow.playIntro', { name: game.name })}</p>
        <div className="play-sheet__route" aria-hidden>
          <span className="play-sheet__account">
            <span className="picker__wallet-icon">
              <WalletMinimal size={16} />
            </span>
            <span className="play-sheet__account-text">
              <span className="play-sheet__account-name">{t('wallet.mainWallet')}</span>
              <span className="play-sheet__account-amount">{formatAmount(walletAmount, currency)}</span>
            </span>
          </span>
          <ArrowRight className="play-sheet__arrow" size={18} />
          <span className="play-sheet__account">
            <GameLogo code={game.code} name={game.name} src={game.logo} size={28} />
            <span className="play-sheet__account-text">
              <span className="play-sheet__account-name">{game.name}</span>
              <span className="play-sheet__account-amount">{formatAmount(game.amount, currency)}</span>
            </span>
          </span>
        </div>

        <AmountField
          label={t('transfer.amount')}
          hint={t('transfer.available', { amount: formatAmount(walletAmount, currency) })}
          data-testid="play-amount"
          fillAll={{ amount: walletAmount, onFill: (text) => setValue('amount', text), testId: 'play-fill-all' }}
          {...field('amount')}
        />

        <Button type="submit" variant="gold" isBlock disabled={send.isPending} isBusy={send.isBusyShown} data-testid="play-move">
          <Play size={18} aria-hidden /> {t('walletFlow.playMove')}
        </Button>
        <Button variant="secondary" isBlock disabled={send.isPending} onClick={onSkip} data-testid="play-skip">
          {t('walletFlow.playSkip')}
        </Button>
      </form>
    </Modal>
  );
}
