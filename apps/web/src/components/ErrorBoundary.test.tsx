import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, stubApi } from '../test/fetch-stub';
import { publicConfig } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { ApiError } from '../lib/api';
import { ChunkLoadError } from '../lib/lazy';
import { NOT_ALLOWED_MESSAGE } from './NotAllowed';
import { ErrorBoundary } from './ErrorBoundary';

let broken = true;
function Fragile() {
  if (broken) throw new Error('render failed');
  return <p>Recovered</p>;
}

function Forbidden(): never {
  throw new ApiError(403, ['Not permitted.']);
}

function ChunkFailure(): never {
  throw new ChunkLoadError('billing', true);
}

describe('ErrorBoundary', () => {
  it("shows 'Something went wrong.' with Try again, Go back and the help drawer", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ 'GET /api/public-config': ok(publicConfig) });
    renderWithProviders(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Documentation and community' }));
    const drawer = await screen.findByRole('dialog', { name: 'Documentation and community' });
    expect(await screen.findByRole('link', { name: 'Documentation' })).toHaveAttribute('href', publicConfig.docsUrl);
    expect(screen.getByRole('link', { name: 'Community' })).toHaveAttribute('href', publicConfig.communityUrl);
    expect(drawer).toBeInTheDocument();
    await user.keyboard('{Escape}');

    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Recovered')).toBeInTheDocument();
  });

  it('names a chunk that failed to load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <ErrorBoundary>
        <ChunkFailure />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Loading CSS chunk billing failed')).toBeInTheDocument();
  });

  it("shows 'Not allowed' for a 403", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <ErrorBoundary>
        <Forbidden />
      </ErrorBoundary>,
    );
    expect(screen.getByText(NOT_ALLOWED_MESSAGE)).toBeInTheDocument();
  });
});
