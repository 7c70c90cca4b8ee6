import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/600.css';
import '@fontsource/noto-sans-lao/lao-400.css';
import '@fontsource/noto-sans-lao/lao-600.css';
import '@/styles/global.css';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { i18nNamespaces } from '@/app/i18n-resources';
import { setupI18n } from '@/lib/i18n';

setupI18n(i18nNamespaces);

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(<App />);
