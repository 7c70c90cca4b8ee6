import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportRange } from '@mekong/contracts/admin/reports';
import { Button } from '@/components/button';
import { PRESETS, presetRange } from '@/features/reports/hooks/report-range';

/** The date range of a report (Bangkok days), with quick presets; `onApply` gets the range when the operator asks. */
export function RangeToolbar({
  value,
  onApply,
  applyText,
  children,
}: {
  value: ReportRange;
  onApply: (range: ReportRange) => void;
  applyText: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  return (
    <form
      className="report-toolbar"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ from, to });
      }}
    >
      <label className="field">
        <span>{t('from')}</span>
        <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
      </label>
      <label className="field">
        <span>{t('to')}</span>
        <input type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
      </label>
      {children}
      <Button type="submit">{applyText}</Button>
      <div className="presets" role="group" aria-label={t('presets.today')}>
        {PRESETS.map((preset) => (
          <Button
            key={preset}
            variant="ghost"
            onClick={() => {
              const range = presetRange(preset);
              setFrom(range.from);
              setTo(range.to);
              onApply(range);
            }}
          >
            {t(`presets.${preset}`)}
          </Button>
        ))}
      </div>
    </form>
  );
}
