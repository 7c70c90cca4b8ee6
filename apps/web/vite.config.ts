import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { FIRST_PAINT_FONTS, fontFiles } from './scripts/first-paint-fonts.mjs';

const apiProxy = {
  '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
  '/socket.io': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
};

/** Paths the web app's service worker never answers: the API, the chat socket, the back office and the server's own. */
const NOT_THE_APP = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/backoffice(\/|$)/, /^\/health(\/|$)/, /^\/metrics(\/|$)/];

/**
 * Preloads, from index.html, the font files the first page paints with in the build's default language: the browser
 * would otherwise find them only after the scripts have run and the page has been laid out (src/lib/font-preload.ts
 * does the same at start-up for another language the member chose).
 */
function fontPreload(names: readonly string[]): Plugin {
  return {
    name: 'mekong-font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        return fontFiles(names, Object.keys(context.bundle ?? {})).map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Preloads the default language's strings from index.html: src/lib/i18n.ts imports them only once the start-up
 * scripts have run, one round trip later, and the first render waits for them.
 */
function localePreload(locale: string): Plugin {
  return {
    name: 'mekong-locale-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(`/src/locales/${locale}.json`),
        );
        if (!chunk) throw new Error(`locale preload: no chunk for ${locale}.json`);
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

const isLaosBuild = process.env.VITE_COUNTRY === 'LA';

// First-load choices (chunks, compression, fonts, service worker): docs/decisions/0017-first-load.md.
export default defineConfig({
  plugins: [
    react(),
    fontPreload(FIRST_PAINT_FONTS[isLaosBuild ? 'la' : 'th']),
    localePreload(isLaosBuild ? 'la' : 'th'),
    VitePWA({
      registerType: 'prompt',
      // Registered from the app (features/pwa) after the first render: the CSP allows no inline script.
      injectRegister: false,
      manifest: {
        name: 'Mekong Wallet',
        short_name: 'Mekong',
        description: 'Mekong Wallet',
        lang: 'th',
        start_url: '/user/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1f2a6b',
        background_color: '#f2f3f8',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: scripts, styles, the start-up fonts' files and the icons. Every language's strings are
        // precached too (small), so the shell opens offline in the language the member chose.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The .woff files are for browsers without woff2, which cannot run this service worker anyway.
        globIgnores: ['**/*.woff'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: NOT_THE_APP,
        // No runtime caching: API answers are a member's data and are never kept (security-headers: no-store).
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
    // Every built file also as .br and .gz; the server sends the one the browser accepts (plugins/static-app.ts).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|js|mjs|css|json|svg|webmanifest|txt)$/,
      threshold: 512,
      logLevel: 'silent',
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // scripts/prerender.mjs links each prerendered page's own styles and chunks from it.
    manifest: true,
    // Cheap Android phones run evergreen Chrome; es2020 keeps the bundle small without polyfills.
    target: 'es2020',
    rollupOptions: {
      output: {
        // Libraries change less often than the app: the ones every page needs stay in one cached chunk. Everything
        // else goes with the route that imports it (the socket client, the carousel, forms, dialogs...).
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/query-core|@tanstack\/react-query|i18next|react-i18next)\//.test(id))
            return 'vendor';
          // The contracts' validation library: loaded with the first call's contract, beside the first page's chunk.
          if (/node_modules\/zod\//.test(id)) return 'zod';
          return undefined;
        },
      },
    },
  },
});
