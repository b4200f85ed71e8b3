/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

// The UI is served by the Rust binary from ui/dist; the server rewrites index.html
// (lang, title, SEO head, boot data) and answers /api and /static itself.
export default defineConfig({
  plugins: [preact()],
  resolve: {
    alias: [
      // wouter reaches useSyncExternalStore through the CommonJS shim package, which would
      // require the real react; preact/compat has the hook built in.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
    ],
  },
  server: {
    // The dev fixture boot reads ../locales/en.json, outside the ui/ root.
    fs: { allow: ['..'] },
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/static': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
    // The server reads it to hint each page's chunk (src/http/shell.rs with_manifest).
    manifest: true,
    // Fonts must stay files: a data: URL would be blocked by the strict CSP.
    assetsInlineLimit: 0,
    target: 'es2020',
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
    restoreMocks: true,
    // wouter imports 'react'; inline it so the preact/compat alias applies in tests too
    // (npm also installs the real react as wouter's peer, which must never be loaded).
    server: { deps: { inline: [/wouter/] } },
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
    ],
  },
});
