import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './vite/precompress.ts';
import { APP_SHELL, prerenderPlugin } from './vite/prerender.ts';
import { shareViewerHtmlPlugin } from './vite/shareViewerHtml.ts';
import { versionInfoPlugin } from './vite/versionInfo.ts';

const THEME_COLOUR = '#2b6967';
const BACKGROUND_COLOUR = '#f6f5f1';

export default defineConfig({
  plugins: [
    react(),
    versionInfoPlugin(),
    VitePWA({
      filename: 'sw.js',
      registerType: 'autoUpdate',
      // An external registerSW.js: the server's CSP forbids inline scripts.
      injectRegister: 'script-defer',
      manifest: {
        name: 'SAM',
        short_name: 'SAM',
        description: 'A private, encrypted workbook for working a twelve-step recovery program.',
        theme_color: THEME_COLOUR,
        background_color: BACKGROUND_COLOUR,
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,md,webmanifest}'],
        navigateFallback: APP_SHELL,
        navigateFallbackDenylist: [/^\/api\//, /^\/s\//],
        cleanupOutdatedCaches: true,
      },
    }),
    shareViewerHtmlPlugin(),
    prerenderPlugin(),
    precompressPlugin(),
  ],
  resolve: {
    alias: {
      // Radix's scroll lock injects <style> tags, which the CSP (style-src 'self') refuses.
      'react-style-singleton': fileURLToPath(new URL('./src/ui/cspStyleSingleton.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The share viewer (src/share/, see docs/architecture.md) is its own small page, served at /s/:id.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        share: fileURLToPath(new URL('./share.html', import.meta.url)),
      },
      output: {
        // Libraries change less often than SAM: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]/ },
            { name: 'schemas', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
