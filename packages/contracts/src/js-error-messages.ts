/**
 * The words of the JavaScript errors screens and their source maps: the console's (js-errors.ts)
 * and the instance's own screens and API (apps/agent, which runs its sources with Node's type
 * stripping, so this file imports nothing and is exported on its own: `@replay/contracts/js-error-messages`).
 */
export const JS_ERROR_MESSAGES = {
  noSourceMaps: 'Source maps must be uploaded to be able to see stack traces.',
  sourceMapNotFound: 'Source map not found.',
  sourceMapRemoved: 'Source map removed',
  sourceMapRemoveFailed: 'Failed to remove the source map',
  notFound: 'Error not found.',
  notSourceMap: 'The file is not a source map: it must be JSON with version 3, sources and mappings.',
  tooLarge: (max: number) => `A source map may be at most ${max} characters.`,
  fileUrl: 'File URL must be an http(s) URL of the minified script.',
  uploaded: 'Source map uploaded successfully',
  uploadFailed: 'Failed to upload the source map',
} as const;
