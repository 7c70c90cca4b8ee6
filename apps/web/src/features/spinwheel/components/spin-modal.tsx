import type { Slice } from '@mekong/contracts/spinwheel';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleDollarSign, Disc3 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/alert-provider';
import { Button } from '@/components/button';
import { EmptyState, QueryStates } from '@/components/query-states';
import { sheetModal } from '@/components/sheet-modal';
import { useMoneyMutation } from '@/components/use-money-mutation';
import {
  newClientSeed,
  reloadWheel,
  spin,
  spinwheelSetupQuery,
} from '@/features/spinwheel/api/spinwheel-api';
import { CouponTable } from '@/features/spinwheel/components/coupon-table';
import { FairPlay, type SpinFairness } from '@/features/spinwheel/components/fair-play';
import { PrizeModal, type SpinPrize } from '@/features/spinwheel/components/prize-modal';
import { WheelCanvas } from '@/features/spinwheel/components/wheel-canvas';
import { spinErrorText } from '@/features/spinwheel/hooks/spin-error';
import { useWheelSpin } from '@/features/spinwheel/hooks/use-wheel-spin';
import { errorCodeOf } from '@/lib/error-message';
import { formatAmount } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { isOutcomeUnknown } from '@/lib/idempotency';
import { pickLocalized } from '@/lib/localized';
import { queryKeys } from '@/lib/query-keys';
import '@/components/promo-body.css';
import '@/features/spinwheel/components/spinwheel.css';

/**
 * Spec §2 spin modal with its prize and claim sub-modals, §4 spin states: the wheel from GET /api/spinwheel/setup; spin
 * (one coin, the server chooses), the wheel lands on that slice, then the prize; closing it reloads the wheel. Below:
 * the coupons and the fair-play data (published odds, the seed hash before and the seed after).
 */
export const SpinModal = sheetModal('spin-modal', 'spin.title', SpinBody);

function SpinBody() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const setup = useQuery(spinwheelSetupQuery);

  return (
    <div className="promo-body spin">
      <QueryStates query={setup} testId="spin" lines={6} failedTitle={t('spin.loadFailed')}>
        {({ result }) =>
          !result.activeSpinwheel ? (
            <EmptyState
              icon={<Disc3 size={24} />}
              title={t('spin.inactive')}
              hint={t('spin.inactiveHint')}
              testId="spin-inactive"
            />
          ) : (
            <Wheel
              name={pickLocalized(result.activeSpinwheel.name, locale)}
              slices={result.activeSpinwheel.slices.map((slice) => ({
                ...slice,
                label: pickLocalized(slice.labels, locale) || slice.label,
              }))}
              coins={result.userCoin}
              waitingCoins={result.waitingCoin}
              prizeLock={result.prizeLock}
              commit={result.fairness}
              isReloading={setup.isFetching}
            />
          )
        }
      </QueryStates>
      <CouponTable />
    </div>
  );
}

type WheelProps = {
  name: string;
  slices: Slice[];
  coins: number;
  /** Coins of deposits not played yet, and wheel prizes not yet playable-through (docs/decisions/0013-promotions.md). */
  waitingCoins: number;
  prizeLock: { amount: number; toPlay: number };
  commit: { seedHash: string; nonce: number };
  isReloading: boolean;
};

function Wheel({ name, slices, coins, waitingCoins, prizeLock, commit, isReloading }: WheelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const wheel = useWheelSpin();
  const seedRef = useRef(newClientSeed());
  const [prize, setPrize] = useState<SpinPrize | null>(null);
  const [lastSpin, setLastSpin] = useState<SpinFairness | null>(null);
  // The coins left after a spin, until the wheel reloads.
  const [coinsLeft, setCoinsLeft] = useState<number | null>(null);
  const shownCoins = coinsLeft ?? coins;

  const showFailure = (code: string) =>
    showAlert({ tone: 'error', title: t('spin.failedTitle'), message: spinErrorText(t, code) });

  const spinCall = useMoneyMutation({
    scope: 'spin',
    // The seed is the submission: it stays the same for a retry after an unknown outcome, so the key does too.
    fingerprint: (seed: string) => seed,
    send: spin,
    refresh: (client) => client.invalidateQueries({ queryKey: queryKeys.profile }),
    onSuccess: async (answer) => {
      seedRef.current = newClientSeed();
      if (!answer.success || !answer.result) {
        await showFailure(answer.error ?? 'INTERNAL_SERVER_ERROR');
        await reloadWheel(queryClient);
        return;
      }
      setCoinsLeft(answer.remainingCoin);
      // The hash this phone showed before the spin is what the revealed seed is checked against.
      if (answer.fairness) setLastSpin({ ...answer.fairness, shownHash: commit.seedHash });
      const index = slices.findIndex((slice) => slice.code === answer.result?.code);
      if (index >= 0) await wheel.spinTo(index, slices.length);
      setPrize({ result: answer.result, coupon: answer.coupon, slice: slices[index] ?? null });
    },
    onError: (_message, error) => {
      if (!isOutcomeUnknown(error)) seedRef.current = newClientSeed();
      void showFailure(errorCodeOf(error));
    },
  });

  const isBusy = spinCall.isPending || wheel.isSpinning;
  const canSpin = !isBusy && !isReloading && shownCoins > 0;

  const onPrizeClosed = () => {
    setPrize(null);
    setCoinsLeft(null);
    void reloadWheel(queryClient);
  };

  return (
    <>
      <section className="spin-wheel" aria-labelledby="spin-wheel-name">
        <h3 id="spin-wheel-name" className="promo-body__heading spin-wheel__name">
          {name}
        </h3>
        <div className="spin-wheel__stage">
          <WheelCanvas
            slices={slices}
            rotation={wheel.rotation}
            label={t('spin.wheelLabel', { labels: slices.map((slice) => slice.label).join(', ') })}
          />
        </div>
        <p className="spin-wheel__coins" data-testid="spin-coins" data-coins={shownCoins}>
          <CircleDollarSign size={18} aria-hidden /> {t('spin.coins', { count: shownCoins })}
        </p>
        <Button
          variant="gold"
          isBlock
          onClick={() => spinCall.submit(seedRef.current)}
          disabled={!canSpin}
          data-testid="spin-button"
        >
          {isBusy ? t('spin.spinning') : t('spin.spin')}
        </Button>
        {shownCoins === 0 && !isBusy && (
          <p className="spin-wheel__hint muted" data-testid="spin-no-coin">
            {t('spin.noCoinHint')}
          </p>
        )}
        {waitingCoins > 0 && (
          <p
            className="spin-wheel__hint muted"
            data-testid="spin-waiting"
            data-coins={waitingCoins}
          >
            {t('spin.waiting', { count: waitingCoins })}
          </p>
        )}
        {prizeLock.amount > 0 && (
          <p className="spin-wheel__hint muted" data-testid="spin-prize-lock">
            {t('spin.prizeLock', {
              amount: formatAmount(prizeLock.amount),
              toPlay: formatAmount(prizeLock.toPlay),
            })}
          </p>
        )}
      </section>
      <FairPlay slices={slices} commit={commit} lastSpin={lastSpin} />
      <PrizeModal prize={prize} onClose={onPrizeClosed} />
    </>
  );
}
