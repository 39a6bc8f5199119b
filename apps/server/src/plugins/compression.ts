import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import { constants } from 'node:zlib';

/** Answers smaller than this leave as they are: compressing a few hundred bytes saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** brotli's quality for answers made per request: 3 is faster than gzip's default and about as small as brotli 4 (docs/decisions/server.md, 'compression'). */
export const API_BROTLI_QUALITY = 3;

/**
 * brotli's window for answers made per request: 2^18 = 256 KiB instead of its default 4 MiB.
 * Each answer gets a compressor of its own, and the window is most of what one allocates;
 * an API answer's repeats (rows of the same fields) lie within a few kilobytes of each other.
 */
export const API_BROTLI_WINDOW_BITS = 18;

/**
 * Compression of the API's answers, registered in the API's scope only: the
 * SPA's files are compressed once at build time and sent as they are
 * (web.ts), so nothing here compresses a file again.
 *
 * An answer of at least COMPRESSION_THRESHOLD_BYTES is sent with brotli
 * (quality 4) when the request accepts it, else gzip (zlib's default level 6),
 * else as it is. Payloads are already serialized strings when this runs
 * (after the response serializer), so what is compressed is byte for byte
 * what would have been sent; headers set before (security headers,
 * x-request-id) stay, and the audit trail reads the status, which does not
 * change. Request bodies are not decompressed: a compressed upload is refused
 * as before, and no zip bomb reaches the body parser. Streams are compressed
 * as streams, and `text/event-stream` never (the plugin's default types).
 */
export const apiCompressionPlugin = fp(async (api) => {
  await api.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Not zstd (experimental in Node 22) or deflate (no browser prefers it).
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_LGWIN]: API_BROTLI_WINDOW_BITS,
      },
    },
    globalDecompression: false,
  });
  // A route's answer may be compressed, so each says it depends on Accept-Encoding (the plugin
  // says so only when it compressed); set here once, the plugin then does not repeat it. A
  // refusal the guard sends before this hook is small, never compressed, and has none.
  api.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeader('vary', 'accept-encoding');
    done();
  });
});
