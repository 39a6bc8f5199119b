/**
 * Browser and device type from a User-Agent header, by a tight rule rather than a parser's
 * database: the index needs the family (for a filter and a column), not versions or models.
 * Order matters: Edge and Opera say Chrome too, Chrome says Safari too.
 */

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'bot';

export function browserOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  return BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Other';
}

export function deviceOf(userAgent: string | null): DeviceType | null {
  if (!userAgent) return null;
  if (/bot|crawler|spider/i.test(userAgent)) return 'bot';
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
