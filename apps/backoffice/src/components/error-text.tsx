import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '@/lib/api-client';

/** The translated text of a failed call's code (the raw code when the catalogue has no text for it). */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (error: unknown) => {
    const code = errorCodeOf(error);
    return i18n.exists(`common:errors.${code}`) ? t(`common:errors.${code}`) : code;
  };
}

export function ErrorText({ error }: { error: unknown }) {
  const text = useErrorText();
  if (!error) return null;
  return (
    <p className="error-text" role="alert">
      {text(error)}
    </p>
  );
}
