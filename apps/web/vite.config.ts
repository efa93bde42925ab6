import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: API,
        // Decision 003: the API takes cookie-authenticated writes only from its own origin (PUBLIC_URL,
        // :3000 under `npm run dev`). This dev server stands in for that origin, so it says so.
        configure: (proxy) =>
          proxy.on('proxyReq', (req) => {
            if (req.getHeader('origin')) req.setHeader('origin', API);
          }),
      },
    },
  },
  build: { sourcemap: true, manifest: true, chunkSizeWarningLimit: 800 },
});
