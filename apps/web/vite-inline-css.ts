import type { Plugin } from 'vite';

/**
 * Puts the entry's stylesheet into index.html as a <style> element, and drops the file.
 * The SPA paints nothing before its script runs, and everything that first paint needs
 * is the entry's CSS (the public screens' share; the signed-in console's CSS comes with
 * its chunk): as a <link> it was a render-blocking request of its own on the critical
 * path (Lighthouse's render-blocking audit), inline it arrives with the document.
 * The CSP allows inline styles (style-src 'unsafe-inline', for Mantine), not scripts.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'console:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return link;
          delete bundle[file];
          // `</` never occurs in CSS that needs it; escaping keeps the <style> element closed.
          return `<style>${String(asset.source).replaceAll('</', '<\\/')}</style>`;
        });
      },
    },
  };
}
