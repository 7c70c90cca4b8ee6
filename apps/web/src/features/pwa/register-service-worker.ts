import i18n from 'i18next';
import { toast } from 'sonner';
import { registerSW } from 'virtual:pwa-register';

/**
 * Installs the service worker (the offline shell, docs/decisions/0017-first-load.md). A new release waits until the
 * member chooses to reload, so a form being filled in is never lost to an automatic reload.
 */
export function registerServiceWorker(): void {
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      toast(i18n.t('pwa.updateReady'), {
        id: 'pwa-update',
        duration: Infinity,
        action: { label: i18n.t('pwa.reload'), onClick: () => void updateServiceWorker(true) },
      });
    },
  });
}
