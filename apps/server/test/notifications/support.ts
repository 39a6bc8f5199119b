import type { DomainEvent } from '@replay/contracts';
import { emitEvent } from '../../src/events/emit';
import type { TestApp } from '../support/app';

/** Commits an event as a change would, then waits until the after-commit consumers had it. */
export async function emitted(t: TestApp, event: DomainEvent): Promise<string> {
  const id = await t.runtime.ctx.db.transaction((tx) => emitEvent(tx, event));
  await t.runtime.drain();
  return id;
}

export const instanceRef = (id: string, name = 'Instance') => ({ id, name, status: 'running' as const, size: 'small' as const, diskGb: 120 });

export function notificationsApi(t: TestApp, headers: { authorization: string }) {
  return {
    count: () => t.app.inject({ method: 'GET', url: '/api/notifications/count', headers }),
    list: (query = '') => t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers }),
    view: (id: string) => t.app.inject({ method: 'GET', url: `/api/notifications/${id}/view`, headers }),
    viewMany: (body: unknown) => t.app.inject({ method: 'POST', url: '/api/notifications/view', headers, payload: body as object }),
  };
}
