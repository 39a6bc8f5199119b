import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ROLE_MESSAGES } from '@replay/contracts';
import { stubApi } from '../../test/fetch-stub';
import { testQueryClient } from '../../test/render';
import { useUpdateRole } from './api';

describe('role calls', () => {
  it("refuses an update without a role id: 'Role ID is required for updates', and calls nothing", async () => {
    const api = stubApi({});
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useUpdateRole(), { wrapper });
    const input = { name: 'Viewers', description: '', permissions: ['VIEW_INSTANCES' as const], allInstances: true, instances: [] };
    await expect(result.current.mutateAsync({ roleId: '', input })).rejects.toThrow(ROLE_MESSAGES.idRequired);
    expect(api.calls).toHaveLength(0);
  });
});
