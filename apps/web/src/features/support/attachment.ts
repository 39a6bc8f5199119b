import { SUPPORT_ATTACHMENT_EXTENSIONS, SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_ATTACHMENT_TYPES, SUPPORT_MESSAGES, type SupportAttachmentType } from '@replay/contracts';

/** An attachment as the API takes it: a name, a type and the bytes as base64. */
export interface AttachmentUpload {
  name: string;
  mediaType: SupportAttachmentType;
  contentBase64: string;
}

/** What the file picker offers: the types and the name endings the API takes. */
export const ATTACHMENT_ACCEPT = [...SUPPORT_ATTACHMENT_TYPES, ...Object.values(SUPPORT_ATTACHMENT_EXTENSIONS).flat()].join(',');

/** The type a file is taken as, by its name's ending (a browser says nothing, or 'application/octet-stream', of a .log). */
export function attachmentTypeOf(fileName: string): SupportAttachmentType | null {
  const lower = fileName.toLowerCase();
  const match = SUPPORT_ATTACHMENT_TYPES.find((type) => SUPPORT_ATTACHMENT_EXTENSIONS[type].some((ending) => lower.endsWith(ending)));
  return match ?? null;
}

/** Why a file cannot be attached (its type, then its size), or null when it can: checked before anything is sent. */
export function attachmentProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!attachmentTypeOf(file.name)) return SUPPORT_MESSAGES.wrongType;
  if (file.size > SUPPORT_ATTACHMENT_MAX_BYTES) return SUPPORT_MESSAGES.tooBig;
  return null;
}

/** The name the API takes (letters, digits, dots, dashes, underscores; at most 100; its ending kept). */
export function safeAttachmentName(fileName: string): string {
  const cleaned = fileName.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  if (cleaned.length <= 100) return cleaned || 'attachment';
  const dot = cleaned.lastIndexOf('.');
  const ending = dot > 0 ? cleaned.slice(dot) : '';
  return `${cleaned.slice(0, 100 - ending.length)}${ending}`;
}

function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The file as the API takes it; call only for a file attachmentProblem accepted. */
export async function toUpload(file: File): Promise<AttachmentUpload> {
  const mediaType = attachmentTypeOf(file.name) ?? 'text/plain';
  return { name: safeAttachmentName(file.name), mediaType, contentBase64: await base64Of(file) };
}

/** Saves a fetched attachment under its name (the bytes need the token, which a plain link cannot send). */
export function saveAttachment(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
