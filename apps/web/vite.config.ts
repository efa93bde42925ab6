import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API = 'http://localhost:3000';

// react-router's package exports pick its development build (extra checks and warnings) for every bundler;
// the production bundle takes its production build instead (the sign-in page's budget, bench/bundle-size.mjs).
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
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
  build: {
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // The framework every page needs (React, the router, TanStack Query) in one file: split over several
        // small ones it compresses worse, and the sign-in page has a budget (bench/bundle-size.mjs).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|clsx)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
