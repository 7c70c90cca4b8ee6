import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiProxy = {
  '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
  // The support chat's agents socket (docs/decisions/0015-support-chat.md#socket).
  '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
};

// Served by the server under /backoffice (docs/decisions/0014-back-office.md).
export default defineConfig({
  base: '/backoffice/',
  plugins: [
    react(),
    // Served precompressed by the server (docs/decisions/0017-first-load.md).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|js|mjs|css|json|svg|txt)$/,
      threshold: 512,
      logLevel: 'silent',
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: apiProxy, port: 5174 },
  preview: { proxy: apiProxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2020',
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
});
