import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setupI18n } from '@/lib/i18n';
import en from '@/locales/en.json';
import la from '@/locales/la.json';
import th from '@/locales/th.json';

// Every language bundled: tests switch language synchronously (the app loads each on demand).
await setupI18n('en', { th: { translation: th }, la: { translation: la }, en: { translation: en } });
// The lookups' contracts load on demand in the app (lib/lookup-queries.ts); loaded here up front, a test's fake clock
// never outruns that first module load.
await import('@mekong/contracts/lookup');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
