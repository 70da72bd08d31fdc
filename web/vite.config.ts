import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiOrigin = process.env.TRADEPOST_API_ORIGIN ?? 'http://localhost:3000';
const apiProxy = {
  '/api': { target: apiOrigin, changeOrigin: true },
  '/version.json': { target: apiOrigin, changeOrigin: true },
};

// Vendor code changes rarely, so it gets its own long-cached chunks. Fluent icons stay out of the
// groups on purpose: each page imports only the icons it draws, and they ride in that page's chunk.
const vendorGroups = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
    priority: 30,
  },
  { name: 'vendor-data', test: /node_modules[\\/](@tanstack|jotai|zod)[\\/]/, priority: 20 },
  {
    name: 'vendor-fluent',
    test: /node_modules[\\/](@fluentui[\\/](?!react-icons)|@griffel|@floating-ui|tabster|keyborg|@swc[\\/]helpers|rtl-css-js|stylis|use-sync-external-store|@emotion)/,
    priority: 10,
  },
];

export default defineConfig(({ command }) => {
  // A build started from a test runner inherits NODE_ENV=test, which would ship React's development
  // JSX and turn Griffel's makeStaticStyles into a no-op. Only an explicit `development` is honoured.
  if (command === 'build' && process.env.NODE_ENV === 'test') process.env.NODE_ENV = 'production';

  return {
    plugins: [react()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2023',
      // Maps are written for error reports but not referenced from the bundles.
      sourcemap: 'hidden',
      rolldownOptions: {
        output: {
          codeSplitting: { groups: vendorGroups },
        },
      },
    },
    server: { port: 5173, proxy: apiProxy },
    preview: { proxy: apiProxy },
  };
});
