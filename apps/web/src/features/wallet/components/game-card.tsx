import type { GameEntry } from '@mekong/contracts/wallet';
import { ArrowLeftRight, Play, Power, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GameLogo } from '@/features/wallet/components/game-logo';
import { formatAmount } from '@/lib/format';

/**
 * One game account: an active one opens its account modal on a tap and has Play (move money in and open the game);
 * an inactive one shows the activate button.
 */
export function GameCard({
  game,
  currency,
  isActivating,
  isUpdating = false,
  onOpen,
  onActivate,
  onTransfer,
  onPlay,
}: {
  game: GameEntry;
  currency: string | undefined;
  isActivating: boolean;
  /** Its balance is being asked of the provider (back from the game): the figure shown may be out of date. */
  isUpdating?: boolean;
  onOpen: (game: GameEntry) => void;
  onActivate: (game: GameEntry) => void;
  onTransfer: (game: GameEntry) => void;
  onPlay: (game: GameEntry) => void;
}) {
  const { t } = useTranslation();
  // The art is a child of the card, not the card's own background: an off-screen card's children are not styled, so
  // its image is not decoded, until it nears the screen (games.css, docs/decisions/0017-first-load.md).
  const art = game.background ? (
    <span
      className="game-card__art"
      style={{ backgroundImage: `url("${game.background.replace(/"/g, '%22')}")` }}
      aria-hidden
    />
  ) : null;
  const body = (
    <>
      {art}
      <span className="game-card__top">
        <GameLogo code={game.code} name={game.name} src={game.logo} size={38} />
      </span>
      <span className="game-card__name">{game.name}</span>
      {game.isActive ? (
        <>
          <span className="game-card__amount" data-testid={`game-amount-${game.code}`} aria-busy={isUpdating || undefined}>
            {formatAmount(game.amount, currency)}
          </span>
          {isUpdating && (
            <span className="game-card__updating" role="status" data-testid={`game-updating-${game.code}`}>
              <RefreshCw size={12} aria-hidden /> {t('walletFlow.updating')}
            </span>
          )}
        </>
      ) : (
        <span className="game-card__inactive">{t('games.inactive')}</span>
      )}
    </>
  );

  if (game.isActive) {
    // The whole card opens the account modal; the corner button goes straight to a transfer into this game.
    return (
      <div className="game-card game-card--active" data-testid={`game-${game.code}`}>
        <button
          type="button"
          className="game-card__open"
          onClick={() => onOpen(game)}
          aria-label={t('games.open', { name: game.name, amount: formatAmount(game.amount, currency) })}
        />
        {body}
        <button
          type="button"
          className="game-card__transfer"
          onClick={() => onTransfer(game)}
          aria-label={t('games.transferTo', { name: game.name })}
          title={t('games.transferTo', { name: game.name })}
          data-testid={`game-transfer-${game.code}`}
        >
          <ArrowLeftRight size={16} aria-hidden />
        </button>
        <button
          type="button"
          className="game-card__button game-card__play"
          onClick={() => onPlay(game)}
          aria-label={t('walletFlow.playName', { name: game.name })}
          data-testid={`game-play-${game.code}`}
        >
          <Play size={14} aria-hidden />
          {t('walletFlow.play')}
        </button>
      </div>
    );
  }
  return (
    <div className="game-card game-card--inactive" data-testid={`game-${game.code}`}>
      {body}
      <button
        type="button"
        className="game-card__button game-card__activate"
        onClick={() => onActivate(game)}
        disabled={isActivating}
        aria-label={t('games.activateName', { name: game.name })}
        data-testid={`activate-${game.code}`}
      >
        {isActivating ? <span className="btn__spinner" aria-hidden /> : <Power size={14} aria-hidden />}
        {t('games.activate')}
      </button>
    </div>
  );
}
