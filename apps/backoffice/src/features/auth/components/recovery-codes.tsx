import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';

/** The ten recovery codes, shown once right after enrolment. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [isCopied, setIsCopied] = useState(false);
  const onCopy = async () => {
    await navigator.clipboard?.writeText(codes.join('\n')).catch(() => undefined);
    setIsCopied(true);
  };
  return (
    <div className="form">
      <h1 id="sign-in-title">{t('auth.recoveryTitle')}</h1>
      <p className="muted">{t('auth.recoveryBody')}</p>
      <ol className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={() => void onCopy()}>
        {isCopied ? t('auth.copied') : t('auth.copy')}
      </Button>
      <Button onClick={onDone}>{t('auth.recoverySaved')}</Button>
    </div>
  );
}
