import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/error-text';

/**
 * A report's CSV download: the button for the page header (busy while the file comes) and the error to show when
 * the download failed.
 */
export function useCsvDownload(download: () => Promise<unknown>, isDisabled = false) {
  const { t } = useTranslation('reports');
  const [error, setError] = useState<unknown>(null);
  const [isDownloading, setIsDownloading] = useState(false);

  const onDownload = async () => {
    setError(null);
    setIsDownloading(true);
    try {
      await download();
    } catch (caught) {
      setError(caught);
    } finally {
      setIsDownloading(false);
    }
  };

  const button = (
    <Button
      variant="secondary"
      isBusy={isDownloading}
      disabled={isDisabled}
      onClick={() => void onDownload()}
    >
      <Download size={16} aria-hidden /> {t('csv')}
    </Button>
  );
  return { button, error: <ErrorText error={error} /> };
}
