import { createServer, type AddressInfo } from 'node:net';

/** A port nobody listens on right now, chosen by the kernel; `reserved` ones are skipped. */
export async function freePort(reserved: ReadonlySet<number> = new Set(), host = '127.0.0.1'): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await probePort(host);
    if (!reserved.has(port)) return port;
  }
  throw new Error('No free port found');
}

async function probePort(host: string): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, host, resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
