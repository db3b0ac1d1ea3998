import type { Plugin } from 'vite';

/**
 * The share viewer is opened by people without an account: it must not install SAM's service worker or
 * offer the app's manifest, which the PWA plugin adds to every HTML entry.
 */
export function shareViewerHtmlPlugin(): Plugin {
  return {
    name: 'sam-share-viewer-html',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('share.html')) return html;
        return html
          .replace(/<link rel="manifest"[^>]*>/g, '')
          .replace(/<script id="vite-plugin-pwa:register-sw"[^>]*><\/script>/g, '');
      },
    },
  };
}
