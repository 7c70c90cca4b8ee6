import type { Slice, SpinFairness as ContractFairness } from '@mekong/contracts/spinwheel';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { seedMatchesHash } from '@/features/spinwheel/hooks/seed-check';

export type SpinFairness = ContractFairness & {
  /** The hash shown on this phone before the spin. */
  shownHash: string;
};

/**
 * The fair-play section (docs/decisions/0013-promotions.md, prize wheel): the published odds of each slice, the hash of
 * the server seed committed before the next spin, and after a spin the revealed seed, so the member can check that
 * SHA-256(seed) equals the hash shown before.
 */
export function FairPlay({ slices, commit, lastSpin }: { slices: readonly Slice[]; commit: { seedHash: string; nonce: number }; lastSpin: SpinFairness | null }) {
  const { t } = useTranslation();
  return (
    <details className="fair-play card" data-testid="fair-play">
      <summary className="fair-play__summary">
        <ShieldCheck size={18} aria-hidden /> {t('spin.fair.title')}
      </summary>
      <div className="fair-play__body">
        <DataTable columns={[{ label: t('spin.fair.prize') }, { label: t('spin.fair.odds'), isNumeric: true }]} testId="fair-odds">
          {slices.map((slice) => (
            <tr key={slice.code} data-testid="fair-odds-row">
              <td>
                <span className="fair-play__swatch" style={{ background: slice.bgColor }} aria-hidden /> {slice.label}
              </td>
              <td className="data-table__num">{(slice.probability * 100).toFixed(2)}%</td>
            </tr>
          ))}
        </DataTable>
        <p className="fair-play__hint">{t('spin.fair.how')}</p>
        <dl className="fair-play__data">
          <dt>{t('spin.fair.nextHash')}</dt>
          <dd data-testid="fair-seed-hash">{commit.seedHash}</dd>
          <dt>{t('spin.fair.nonce')}</dt>
          <dd data-testid="fair-nonce">{commit.nonce}</dd>
        </dl>
        {lastSpin && (
          <dl className="fair-play__data" data-testid="fair-last-spin">
            <dt>{t('spin.fair.lastHash')}</dt>
            <dd>{lastSpin.seedHash}</dd>
            <dt>{t('spin.fair.revealedSeed')}</dt>
            <dd data-testid="fair-revealed-seed">{lastSpin.serverSeed}</dd>
            <dt>{t('spin.fair.clientSeed')}</dt>
            <dd>{lastSpin.clientSeed}</dd>
            <dt>{t('spin.fair.nonce')}</dt>
            <dd>{lastSpin.nonce}</dd>
          </dl>
        )}
        {lastSpin && <SeedCheck serverSeed={lastSpin.serverSeed} shownHash={lastSpin.shownHash} />}
      </div>
    </details>
  );
}

/** SHA-256 of the revealed seed, worked out on this phone and compared with the hash it showed before the spin. */
function SeedCheck({ serverSeed, shownHash }: { serverSeed: string; shownHash: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ key: string; isMatch: boolean | null } | null>(null);
  const key = `${serverSeed}:${shownHash}`;

  useEffect(() => {
    let isCurrent = true;
    void seedMatchesHash(serverSeed, shownHash).then((isMatch) => {
      if (isCurrent) setResult({ key, isMatch });
    });
    return () => {
      isCurrent = false;
    };
  }, [key, serverSeed, shownHash]);

  if (!result || result.key !== key || result.isMatch === null) return null;
  const Icon = result.isMatch ? ShieldCheck : ShieldAlert;
  return (
    <p className={`fair-play__check fair-play__check--${result.isMatch ? 'match' : 'mismatch'}`} role="status" data-testid="fair-seed-check" data-result={result.isMatch ? 'match' : 'mismatch'}>
      <Icon size={18} aria-hidden /> {result.isMatch ? t('spin.fair.checkMatch') : t('spin.fair.checkMismatch')}
    </p>
  );
}
