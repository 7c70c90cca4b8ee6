import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiProxy = {
  '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
  '/socket.io': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Cheap Android phones run evergreen Chrome; es2020 keeps the bundle small without polyfills.
    target: 'es2020',
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (/node_modules\/dompurify\//.test(id)) return undefined;
          // The chat's socket client loads only when a chat starts (features/chat/hooks/chat-socket.ts).
          if (/node_modules\/(socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io\/component-emitter|xmlhttprequest-ssl)\//.test(id)) return undefined;
          return 'vendor';
        },
      },
    },
  },
});
