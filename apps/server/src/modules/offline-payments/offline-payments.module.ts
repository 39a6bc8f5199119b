import { serverModule } from '../../platform/server-module';
import { offlinePaymentsRoutes } from './offline-payments.routes';

/** The offline payment provider's card page (no card network is reached from here). */
export const offlinePaymentsModule = serverModule({ name: 'offline-payments', pages: [offlinePaymentsRoutes] });
