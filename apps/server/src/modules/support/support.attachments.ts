import { SUPPORT_ATTACHMENT_EXTENSIONS, SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MESSAGES, type SupportAttachmentInput } from '@replay/contracts';
import { AppError } from '../../lib/errors';

const refused = (message: string) => new AppError('validation_failed', [message]);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** Whether the bytes are what the declared type says: a PNG's or JPEG's signature, or UTF-8 text without NUL. */
function contentMatches(mediaType: SupportAttachmentInput['mediaType'], bytes: Buffer): boolean {
  switch (mediaType) {
    case 'image/png':
      return bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
    case 'image/jpeg':
      return bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE);
    case 'text/plain':
      return !bytes.includes(0) && Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
  }
}

/**
 * An attachment as it may be stored: its name ends as its type does, its bytes are at most
 * SUPPORT_ATTACHMENT_MAX_BYTES and are what the type says (the schema checked type and
 * base64 already). Anything else is a 400 naming what is wrong; nothing a browser would render
 * as a page is ever kept, and every download is served as an attachment (support.routes.ts).
 */
export function checkedAttachment(input: SupportAttachmentInput): { name: string; mediaType: string; content: Buffer } {
  const lower = input.name.toLowerCase();
  if (!SUPPORT_ATTACHMENT_EXTENSIONS[input.mediaType].some((ending) => lower.endsWith(ending))) throw refused(SUPPORT_MESSAGES.nameMismatch);
  const content = Buffer.from(input.contentBase64);
  if (content.length > SUPPORT_ATTACHMENT_MAX_BYTES) throw refused(SUPPORT_MESSAGES.tooBig);
  if (content.length === 0 || !contentMatches(input.mediaType, content)) throw refused(SUPPORT_MESSAGES.contentMismatch);
  return { name: input.name, mediaType: input.mediaType, content };
}
