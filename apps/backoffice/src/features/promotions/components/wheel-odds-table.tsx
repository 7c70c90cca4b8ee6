import { ArrowDown, ArrowUp, Trash2, type LucideIcon } from 'lucide-react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { WheelSaveBody } from '@mekong/contracts/admin/promotions-wheel';
import { NumberField } from '@/features/promotions/components/form-fields';
import { SliceIdentity, SlicePrize } from '@/features/promotions/components/wheel-slice-fields';

type OddsTableProps = {
  control: Control<WheelSaveBody>;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  isEditable: boolean;
};

/** Each slice's share of the wheel, in percent of the weights' sum (0 when nothing can be won). */
const oddsOf = (weight: number, sum: number) =>
  sum > 0 && Number.isFinite(weight) ? (weight / sum) * 100 : 0;

/** The slices, their prizes and weights, with the odds the weights give as they are typed. */
export function OddsTable({ control, onRemove, onMove, isEditable }: OddsTableProps) {
  const { t } = useTranslation('promotions');
  const slices = useWatch({ control, name: 'slices' });
  const sum = slices.reduce((total, s) => total + (Number.isFinite(s.weight) ? s.weight : 0), 0);
  return (
    <>
      <div className="promo-wheel-strip" role="img" aria-label={t('wheel.strip')}>
        {slices.map((slice, index) => (
          <span
            key={index}
            title={`${slice.label.th} ${sum > 0 ? ((slice.weight / sum) * 100).toFixed(2) : 0}%`}
            style={{ flexBasis: `${oddsOf(slice.weight, sum)}%`, background: slice.bgColor }}
          />
        ))}
      </div>
      <div className="table-wrap">
        <table className="data-table promo-slices">
          <colgroup>
            {['slice', 'prize', 'weight', 'odds', 'order'].map((col) => (
              <col key={col} className={`promo-slices__col-${col}`} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th>{t('wheel.slice')}</th>
              <th>{t('wheel.prize')}</th>
              <th>{t('wheel.weight')}</th>
              <th>{t('wheel.odds')}</th>
              <th aria-label={t('wheel.order')} />
            </tr>
          </thead>
          <tbody>
            {slices.map((slice, index) => {
              const odds = oddsOf(slice.weight, sum);
              return (
                <tr key={index}>
                  <td>
                    <SliceIdentity control={control} index={index} />
                  </td>
                  <td>
                    <SlicePrize control={control} index={index} />
                  </td>
                  <td className="promo-slices__weight">
                    <NumberField
                      control={control}
                      name={`slices.${index}.weight`}
                      label={t('wheel.weight')}
                    />
                  </td>
                  <td className="num" data-testid={`odds-${slice.code}`}>
                    <strong>{odds.toFixed(2)}%</strong>
                    <div className="promo-odds-track" aria-hidden>
                      <div
                        className="promo-odds-bar"
                        style={{ width: `${Math.min(100, odds)}%` }}
                      />
                    </div>
                  </td>
                  <td>
                    {isEditable ? (
                      <SliceOrderButtons
                        index={index}
                        count={slices.length}
                        onMove={onMove}
                        onRemove={onRemove}
                      />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={2}>{t('wheel.sum')}</td>
              <td className="num">{sum}</td>
              <td className="num">100%</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

/** Move a slice up or down the wheel, or take it off. */
function SliceOrderButtons({
  index,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation('promotions');
  const buttons: { label: string; Icon: LucideIcon; isDisabled: boolean; onClick: () => void }[] = [
    {
      label: t('wheel.up'),
      Icon: ArrowUp,
      isDisabled: index === 0,
      onClick: () => onMove(index, index - 1),
    },
    {
      label: t('wheel.down'),
      Icon: ArrowDown,
      isDisabled: index === count - 1,
      onClick: () => onMove(index, index + 1),
    },
    { label: t('wheel.remove'), Icon: Trash2, isDisabled: false, onClick: () => onRemove(index) },
  ];
  return (
    <div className="promo-slices__order">
      {buttons.map(({ label, Icon, isDisabled, onClick }) => (
        <button
          key={label}
          type="button"
          className="icon-button"
          aria-label={label}
          disabled={isDisabled}
          onClick={onClick}
        >
          <Icon size={16} aria-hidden />
        </button>
      ))}
    </div>
  );
}
