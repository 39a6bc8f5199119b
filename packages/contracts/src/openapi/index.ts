// Not exported from the package's index: the browser never needs the generator.
import '../zod-config';
export { openApiDocument, type OpenApiDocument, type OpenApiOptions } from './document';
export { errorCodesOf } from './errors';
export { TAG_GROUPS, tagOf } from './tags';
