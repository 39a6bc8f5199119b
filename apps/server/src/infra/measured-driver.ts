import type { ConsoleMetrics } from '../lib/metrics';
import type { InfrastructureDriver } from './driver';

/**
 * The driver with every call timed into `driverDuration`: one wrapper at the one place a console's
 * driver is chosen, so no call site can forget it and any driver (local, a cluster's) is measured alike.
 */
export function measuredDriver(driver: InfrastructureDriver, metrics: Pick<ConsoleMetrics, 'driverDuration'>): InfrastructureDriver {
  return new Proxy(driver, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        const end = metrics.driverDuration.startTimer({ operation: property });
        let result: unknown;
        try {
          result = (value as (...a: unknown[]) => unknown).apply(target, args);
        } catch (e) {
          end({ outcome: 'failure' });
          throw e;
        }
        // Non-async members (the browser's base address, say) are answered as they are, and not timed.
        if (!(result instanceof Promise)) return result;
        return result.then(
          (v: unknown) => {
            end({ outcome: 'success' });
            return v;
          },
          (e: unknown) => {
            end({ outcome: 'failure' });
            throw e;
          },
        );
      };
    },
  });
}
