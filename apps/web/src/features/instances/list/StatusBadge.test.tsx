import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, stubApi } from '../../../test/fetch-stub';
import { publicConfig } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { StatusBadge } from './StatusBadge';

function renderBadge(badge: Parameters<typeof StatusBadge>[0]['badge'], resolvedIps?: string[]) {
  stubApi({ 'GET /api/public-config': ok(publicConfig) });
  const { container } = renderWithProviders(<StatusBadge badge={badge} resolvedIps={resolvedIps} />);
  return container.querySelector<HTMLElement>('[data-tone]')!;
}

describe('StatusBadge', () => {
  it('says a step under way in words; its spinner is hidden from screen readers', () => {
    const badge = renderBadge({ label: 'Creating', tone: 'progress', healthyRunning: false });
    expect(badge).toHaveTextContent(/^Creating$/);
    const spinner = badge.querySelector('.mantine-Loader-root');
    expect(spinner).toHaveAttribute('aria-hidden', 'true');
    // Nothing to explain: not a tab stop.
    expect(badge).not.toHaveAttribute('tabindex');
  });

  it('says in words what the yellow of a network issue means, and is a tab stop for its tooltip', async () => {
    const badge = renderBadge({ label: 'Running', tone: 'warning', reason: 'network', healthyRunning: true }, ['10.0.0.7']);
    expect(badge).toHaveTextContent(/^Running: The instance is healthy, but this browser cannot reach it directly/);
    expect(badge).toHaveTextContent('Its address resolves to 10.0.0.7.');
    // The explanation is text, not an aria-label (which a plain element may not carry).
    expect(badge).not.toHaveAttribute('aria-label');
    await userEvent.setup().tab();
    expect(badge).toHaveFocus();
    // Focus opens the tooltip, as hovering does.
    expect(await screen.findByRole('tooltip')).toHaveTextContent('this browser cannot reach it directly');
  });

  it('says whom to contact when it failed', async () => {
    const badge = renderBadge({ label: 'Failed', tone: 'error', reason: 'failed', healthyRunning: false });
    await waitFor(() => expect(badge).toHaveTextContent('Please contact support at support@example.com.'));
    expect(screen.getByText('Failed')).toBeVisible();
  });
});
