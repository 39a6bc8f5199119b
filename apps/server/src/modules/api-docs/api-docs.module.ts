import { serverModule } from '../../platform/server-module';
import { apiDocsRoutes } from './api-docs.routes';

/** The OpenAPI document and its page; listed last, after every route it documents. */
export const apiDocsModule = serverModule({ name: 'api-docs', api: [apiDocsRoutes] });
