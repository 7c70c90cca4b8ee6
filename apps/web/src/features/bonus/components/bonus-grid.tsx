import type { Bonus } from '@mekong/contracts/bonus';
import { CheckCircle2, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BannerImage } from '@/components/banner-carousel';
import { isExhausted } from '@/features/bonus/hooks/bonus-receipts';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';

type CardState = 'current' | 'received' | 'open';

/** Spec §2/§4: the active bonus is "current"; one whose receive limit is reached is "received" and not clickable. */
export function cardState(bonus: Bonus, now: Date): CardState {
  if (bonus.userBonus?.isActive) return 'current';
  return isExhausted(bonus, now) ? 'received' : 'open';
}

/** The grid of bonus cards with their banner; a card that can be opened is a button. */
export function BonusGrid({ bonuses, now, onOpen }: { bonuses: readonly Bonus[]; now: Date; onOpen: (bonus: Bonus) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  return (
    <ul className="bonus-grid" data-testid="bonus-grid">
      {bonuses.map((bonus) => {
        const state = cardState(bonus, now);
        const name = pickLocalized(bonus.name, locale);
        const body = (
          <>
            <BannerImage src={bonus.banners[0]?.image ?? ''} alt="" className="bonus-card__image" />
            <span className="bonus-card__text">
              <span className="bonus-card__name">{name}</span>
              <span className="bonus-card__times">{t(`bonus.typeTimes.${bonus.type}`, { count: bonus.maxReceived })}</span>
            </span>
            {state === 'current' && (
              <span className="bonus-card__badge bonus-card__badge--current">
                <Star size={14} aria-hidden /> {t('bonus.current')}
              </span>
            )}
            {state === 'received' && (
              <span className="bonus-card__badge bonus-card__badge--received">
                <CheckCircle2 size={14} aria-hidden /> {t('bonus.received')}
              </span>
            )}
          </>
        );
        return (
          <li key={bonus.code} className={`bonus-card bonus-card--${state}`} data-testid="bonus-card" data-code={bonus.code} data-state={state}>
            {state === 'received' ? (
              <div className="bonus-card__inner" aria-disabled="true">
                {body}
              </div>
            ) : (
              <button type="button" className="bonus-card__inner" onClick={() => onOpen(bonus)} aria-haspopup="dialog">
                {body}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
