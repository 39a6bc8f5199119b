import type { FastifyReply } from 'fastify';

/**
 * An attachment leaves only as a download: Content-Disposition attachment with its checked name,
 * its stored type (a PNG, a JPEG or plain text; never HTML), nosniff so no browser guesses
 * another, a sandboxing CSP should it be opened anyway, and never cached by a shared cache.
 */
export function sendAsDownload(reply: FastifyReply, file: { name: string; mediaType: string; content: Buffer }): Buffer {
  reply
    .header('content-type', file.mediaType === 'text/plain' ? 'text/plain; charset=utf-8' : file.mediaType)
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store');
  return file.content;
}
