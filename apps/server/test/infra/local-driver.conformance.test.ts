import { isAlive } from '@replay/local-process';
import { describeDriverConformance } from './driver-conformance';
import { CONSOLE_ORIGIN, tempDriver } from './support';

describeDriverConformance('local', () => {
  const t = tempDriver();
  return {
    driver: t.driver,
    consoleOrigin: CONSOLE_ORIGIN,
    fresh: t.fresh,
    async crash(instanceId) {
      const pid = t.driver.livePid(instanceId)!;
      process.kill(pid, 'SIGKILL');
      // A killed process is gone once the kernel has reaped it; the agent is not this process's child, so it is watched.
      while (isAlive(pid)) await new Promise((r) => setTimeout(r, 10));
    },
    ended: async (runtime) => !isAlive(runtime.pid!),
    dispose: t.dispose,
  };
});
