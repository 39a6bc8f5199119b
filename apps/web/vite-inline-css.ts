import type { Plugin, Rollup } from 'vite';

/**
 * Puts the entry's stylesheet into index.html as a <style> element, and drops the file.
 * The SPA paints nothing before its script runs, and everything that first paint needs
 * is the entry's CSS (the public screens' share; the signed-in console's CSS comes with
 * its chunk): as a <link> it was a render-blocking request of its own on the critical
 * path (Lighthouse's render-blocking audit), inline it arrives with the document.
 * The CSP allows inline styles (style-src 'unsafe-inline', for Mantine), not scripts.
 *
 * A dynamic import inside a lazy chunk (the Monitoring tab's charts, imported by the
 * details screen) lists everything the imported chunk reaches as preload dependencies,
 * the entry's script and stylesheet included; with the file dropped that stylesheet
 * answered as a missing file and the import failed ('Loading CSS chunk … failed'). Each
 * such dependency is renamed to the entry's script, which the same list already holds
 * (they come from visiting the entry chunk together), so Vite's preload helper sees a
 * duplicate it has already handled and fetches nothing.
 */
export function inlineEntryCss(): Plugin {
  /** Inlined stylesheet → the entry script that imported it. */
  const inlined = new Map<string, string>();

  const redirectDependencies = (bundle: Rollup.OutputBundle) => {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      for (const [css, entry] of inlined) {
        const quoted = JSON.stringify(css);
        if (output.code.includes(quoted)) output.code = output.code.replaceAll(quoted, JSON.stringify(entry));
      }
    }
  };

  return {
    name: 'console:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle) return html;
        const out = html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return link;
          delete bundle[file];
          if (chunk) inlined.set(file, chunk.fileName);
          // `</` never occurs in CSS that needs it; escaping keeps the <style> element closed.
          return `<style>${String(asset.source).replaceAll('</', '<\\/')}</style>`;
        });
        redirectDependencies(bundle);
        return out;
      },
    },
    // Vite writes the preload lists in its own generateBundle; whichever of the two runs last, the lists end up redirected.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        redirectDependencies(bundle);
      },
    },
  };
}
