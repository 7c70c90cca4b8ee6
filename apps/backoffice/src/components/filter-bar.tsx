import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';

type FilterBarProps = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onReset: () => void;
  children: ReactNode;
};

/** The filters above a queue or list: its fields, then Search and Clear. */
export function FilterBar({ onSubmit, onReset, children }: FilterBarProps) {
  const { t } = useTranslation();
  return (
    <form className="filters" onSubmit={onSubmit}>
      {children}
      <div className="filters__actions">
        <Button type="submit">{t('common:search')}</Button>
        <Button variant="ghost" onClick={onReset}>
          {t('common:reset')}
        </Button>
      </div>
    </form>
  );
}
