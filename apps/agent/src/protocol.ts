import type * as Protocol from '@replay/agent-protocol';

let loading: Promise<typeof Protocol> | null = null;

/**
 * The protocol's schemas (and zod with them), loaded once, by the console's
 * first call (an admin call or a login). At start the agent imports only the
 * protocol's plain part: loading zod then (~70 ms, more on a busy host) would
 * delay its first health check, which the driver waits on; health and ingest
 * never need the schemas.
 */
export function protocolSchemas(): Promise<typeof Protocol> {
  loading ??= import('@replay/agent-protocol');
  return loading;
}
