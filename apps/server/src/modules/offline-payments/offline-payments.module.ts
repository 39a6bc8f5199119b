import { defineModule } from '../manifest';
import { offlinePaymentsRoutes } from './offline-payments.routes';

export const offlinePaymentsModule = defineModule({
  name: 'offline-payments',
  rootRoutes: [offlinePaymentsRoutes],
});
