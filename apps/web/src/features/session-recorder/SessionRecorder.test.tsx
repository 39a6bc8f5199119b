import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const recorder = { instanceUrl: 'http://127.0.0.1:4999', projectKey: 'recorder-project-key-1' };
const trackerScripts = () => document.querySelectorAll<HTMLScriptElement>('script[src$="/tracker.js"]');

describe('the session recorder', () => {
  it('loads nothing when the operator configured none', async () => {
    const api = stubSignedIn(makeAccount(), makeJwt(), { 'GET /api/public-config': ok(publicConfig) });
    renderApp('/instances');
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
    expect(trackerScripts()).toHaveLength(0);
    expect(api.calls.every((c) => c.path.startsWith('/api/'))).toBe(true);
  });

  it('loads the tracker from the configured instance, tags the signed-in user with their email and id, and clears the tag on signing out', async () => {
    const account = makeAccount({ email: 'rita@example.com', userId: 'usr_rita' });
    stubSignedIn(account, makeJwt(), { 'GET /api/public-config': ok({ ...publicConfig, sessionRecorder: recorder }) });
    const made: { options: unknown; calls: unknown[][] }[] = [];
    class FakeTracker {
      calls: unknown[][] = [];
      constructor(options: unknown) {
        made.push({ options, calls: this.calls });
      }
      start() {
        this.calls.push(['start']);
      }
      setUserID(id: string | null) {
        this.calls.push(['setUserID', id]);
      }
      setMetadata(key: string, value: string) {
        this.calls.push(['setMetadata', key, value]);
      }
    }
    renderApp('/instances');
    const script = await waitFor(() => {
      const [found] = trackerScripts();
      expect(found).toBeDefined();
      return found!;
    });
    expect(script.src).toBe('http://127.0.0.1:4999/tracker.js');
    vi.stubGlobal('ReplayTracker', FakeTracker);
    script.onload?.(new Event('load'));
    await waitFor(() => expect(made[0]?.calls).toContainEqual(['setUserID', 'rita@example.com']));
    expect(made).toHaveLength(1);
    expect(made[0]!.options).toEqual({ projectKey: 'recorder-project-key-1', ingestPoint: 'http://127.0.0.1:4999/api/events' });
    expect(made[0]!.calls).toEqual([['start'], ['setUserID', 'rita@example.com'], ['setMetadata', 'userId', 'usr_rita']]);

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout', hidden: true }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(made[0]!.calls.at(-1)).toEqual(['setUserID', null]));
    expect(made).toHaveLength(1);
    vi.unstubAllGlobals();
    script.remove();
  });
});
