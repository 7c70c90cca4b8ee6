import type { GameEntry, WalletResponse } from '@mekong/contracts/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dices, Gamepad2, Ticket, Trophy } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { activateGame } from '@/features/wallet/api/wallet-api';
import { EmptyState } from '@/components/query-states';
import { GameCard } from '@/features/wallet/components/game-card';
import { useGameLauncher } from '@/features/wallet/hooks/use-game-launcher';
import { useGameReturnRefresh, useUpdatingGame } from '@/features/wallet/hooks/use-game-return';
import { useWalletModals } from '@/features/wallet/hooks/use-wallet-modals';
import { groupGames, GAME_GROUPS, walletSpendable, type GameGroupKey } from '@/lib/wallet-figures';
import { errorText } from '@/lib/error-message';
import { storeWallet } from '@/lib/member-queries';
import { queryKeys } from '@/lib/query-keys';
import { lazyModal } from '@/components/lazy-modal';
import '@/features/wallet/components/games.css';

// Their code (the calls' contracts, the validation library) loads when one first opens (docs/decisions/0017-first-load.md).
const SlotAccountModal = lazyModal(
  async () => (await import('@/features/wallet/components/slot-account-modal')).SlotAccountModal,
  { isOpen: (props) => props.game !== null, close: (props) => props.onOpenChange(false) },
);
const PlaySheet = lazyModal(async () => (await import('@/features/wallet/components/play-sheet')).PlaySheet, {
  isOpen: () => true,
  close: (props) => props.onClose(),
});

const groupIcons = { slot: Dices, sportCasino: Trophy, lotto: Ticket } as const;

/**
 * Spec §1/§2: carousels of slot, sport+casino and lotto accounts, with activation, the slot account modal and Play
 * (move money in, then the auto-login link or, for a game without one, its account modal).
 */
export function GameCarousels({ data }: { data: WalletResponse }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { openTransfer } = useWalletModals();
  const launcher = useGameLauncher();
  useGameReturnRefresh();
  const updatingCode = useUpdatingGame();
  const [openCode, setOpenCode] = useState<string | null>(null);
  const [playCode, setPlayCode] = useState<string | null>(null);
  const groups = groupGames(data.slots);
  const currency = data.profile.currency;
  const openGame = data.slots.find((g) => g.code === openCode && g.isActive) ?? null;
  const playGame = data.slots.find((g) => g.code === playCode && g.isActive) ?? null;

  const openTab = (game: GameEntry) => (game.hasAutoLogin ? launcher.openTab() : null);
  const play = (game: GameEntry, tab: Window | null) => {
    setPlayCode(null);
    if (game.hasAutoLogin) launcher.launch(game.code, tab);
    else setOpenCode(game.code);
  };
  // With nothing in the wallet there is nothing to move: Play opens the game in one tap.
  const onPlay = (game: GameEntry) => (walletSpendable(data.wallet) > 0 ? setPlayCode(game.code) : play(game, openTab(game)));

  const activate = useMutation({
    mutationFn: (game: GameEntry) => activateGame(game.code),
    onSuccess: ({ slot }) => {
      const current = queryClient.getQueryData<WalletResponse>(queryKeys.wallet) ?? data;
      storeWallet(queryClient, { ...current, slots: current.slots.map((g) => (g.code === slot.code ? slot : g)) });
      toast.success(t('games.activated', { name: slot.name }));
      setOpenCode(slot.code);
    },
    onError: (error) => toast.error(errorText(t, error)),
  });

  if (data.slots.length === 0) {
    return <EmptyState icon={<Gamepad2 size={30} />} title={t('homeFlow.gamesEmpty')} hint={t('homeFlow.gamesEmptyHint')} testId="games-empty" />;
  }

  return (
    <>
      {GAME_GROUPS.map(({ key }) =>
        groups[key].length > 0 ? (
          <GameRow
            key={key}
            groupKey={key}
            games={groups[key]}
            currency={currency}
            activatingCode={activate.isPending ? (activate.variables?.code ?? null) : null}
            updatingCode={updatingCode}
            onOpen={(game) => setOpenCode(game.code)}
            onActivate={(game) => activate.mutate(game)}
            onTransfer={(game) => openTransfer({ from: 'wallet', to: game.code })}
            onPlay={onPlay}
          />
        ) : null,
      )}
      <SlotAccountModal game={openGame} currency={currency} onOpenChange={(isOpen) => !isOpen && setOpenCode(null)} />
      {playGame && (
        <PlaySheet
          key={playGame.code}
          game={playGame}
          memberId={data.profile._id}
          walletAmount={walletSpendable(data.wallet)}
          currency={currency}
          onClose={() => setPlayCode(null)}
          openTab={openTab}
          onPlay={play}
        />
      )}
    </>
  );
}

function GameRow({
  groupKey,
  games,
  currency,
  activatingCode,
  updatingCode,
  onOpen,
  onActivate,
  onTransfer,
  onPlay,
}: {
  groupKey: GameGroupKey;
  games: GameEntry[];
  currency: string | undefined;
  activatingCode: string | null;
  updatingCode: string | null;
  onOpen: (game: GameEntry) => void;
  onActivate: (game: GameEntry) => void;
  onTransfer: (game: GameEntry) => void;
  onPlay: (game: GameEntry) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const Icon = groupIcons[groupKey];
  const activeCount = games.filter((g) => g.isActive).length;

  return (
    <section className="game-section" aria-labelledby={titleId} data-testid={`games-${groupKey}`}>
      <div className="game-section__head">
        <h2 className="game-section__title" id={titleId}>
          <Icon size={18} aria-hidden /> {t(`games.groups.${groupKey}`)}
        </h2>
        <span className="game-section__count">{t('games.activeCount', { active: activeCount, total: games.length })}</span>
      </div>
      <div className="carousel">
        <div className="carousel__track">
          {games.map((game) => (
            <div className="carousel__slide" key={game.code}>
              <GameCard game={game} currency={currency} isActivating={activatingCode === game.code} isUpdating={updatingCode === game.code} onOpen={onOpen} onActivate={onActivate} onTransfer={onTransfer} onPlay={onPlay} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
