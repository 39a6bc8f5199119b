// oidc-provider ships no types; the test harness uses a small part of it (oidc.ts).
declare module 'oidc-provider' {
  import type { Server } from 'node:http';
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number, host: string, callback: () => void): Server;
    on(event: string, listener: (...args: unknown[]) => void): void;
    proxy: boolean;
  }
}
