import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { useErrorText } from '@/components/error-text';

/** Loading, error (with retry) or the content of a query; never an empty screen that looks like "nothing". */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (query.isPending)
    return <div className="skeleton" aria-busy="true" aria-label={t('loading')} />;
  if (query.isError)
    return (
      <div className="state state--error" role="alert">
        <p>{errorText(query.error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  return <>{children(query.data)}</>;
}
