import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyRoute } from './lazy';

function Screen({ name }: { name: string }) {
  return <p>{name} screen</p>;
}

const loading = <p>Loading…</p>;

describe('lazyRoute', () => {
  it('renders a screen whose module has loaded at once, never its fallback (React would hold what replaces a fallback for 300 ms)', async () => {
    const Route = lazyRoute('instances', () => Promise.resolve({ default: Screen }));
    await Route.preload();
    render(
      <Suspense fallback={loading}>
        <Route name="Instances" />
      </Suspense>,
    );
    expect(screen.getByText('Instances screen')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('shows the fallback while a screen not yet loaded comes, then the screen', async () => {
    let resolve: (module: { default: typeof Screen }) => void = () => undefined;
    const Route = lazyRoute('roles', () => new Promise<{ default: typeof Screen }>((r) => (resolve = r)));
    render(
      <Suspense fallback={loading}>
        <Route name="Roles" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    resolve({ default: Screen });
    expect(await screen.findByText('Roles screen')).toBeInTheDocument();
  });
});
