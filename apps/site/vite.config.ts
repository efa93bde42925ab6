import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The public candidate site (ARCHITECTURE.md). The server serves the client build under /site/ and renders
// pages with dist/server/entry-server.js; the manifest tells it which CSS and module script a page needs.
export default defineConfig({
  base: '/site/',
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: true,
    rolldownOptions: { input: 'src/entry-client.tsx' },
  },
  // The domain package is TypeScript source: bundle it into the server build; npm packages stay external.
  ssr: { noExternal: ['@hirecast/domain'] },
});
