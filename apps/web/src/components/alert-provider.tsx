import { CircleAlert, CircleCheck } from 'lucide-react';
import { createContext, lazy, Suspense, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import '@/components/alert-provider.css';

// The dialog library loads with the first alert, not with every page (docs/decisions/0017-first-load.md).
const Modal = lazy(async () => ({ default: (await import('@/components/modal')).Modal }));

type AlertOptions = { title: string; message?: string; tone: 'success' | 'error' };
type ShowAlert = (options: AlertOptions) => Promise<void>;

const AlertContext = createContext<ShowAlert | null>(null);

/** "Error alert" and "saved alert" of docs/spec.md §8: a small dialog the member confirms with OK. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<(AlertOptions & { resolve: () => void }) | null>(null);
  // Stays mounted after the first alert so the dialog can animate out.
  const [hasAlerted, setHasAlerted] = useState(false);

  const showAlert = useCallback<ShowAlert>(
    (options) =>
      new Promise<void>((resolve) => {
        setHasAlerted(true);
        setCurrent({ ...options, resolve });
      }),
    [],
  );

  const close = () => {
    current?.resolve();
    setCurrent(null);
  };

  const value = useMemo(() => showAlert, [showAlert]);
  const Icon = current?.tone === 'error' ? CircleAlert : CircleCheck;

  return (
    <AlertContext value={value}>
      {children}
      {hasAlerted && (
        <Suspense fallback={null}>
          <Modal
            isOpen={current !== null}
            onOpenChange={(isOpen) => !isOpen && close()}
            role="alertdialog"
            testId="alert-dialog"
            title={
              <span className={`alert-title alert-title--${current?.tone ?? 'success'}`}>
                <Icon size={24} aria-hidden />
                {current?.title}
              </span>
            }
            description={current?.message}
            footer={
              <Button variant="primary" isBlock onClick={close}>
                {t('common.ok')}
              </Button>
            }
          />
        </Suspense>
      )}
    </AlertContext>
  );
}

export function useAlert(): ShowAlert {
  const showAlert = use(AlertContext);
  if (!showAlert) throw new Error('useAlert needs AlertProvider');
  return showAlert;
}
