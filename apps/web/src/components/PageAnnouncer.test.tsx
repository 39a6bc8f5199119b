import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { renderWithProviders } from '../test/render';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageAnnouncer } from './PageAnnouncer';

const TITLES: Record<string, string> = {
  '/instances': 'Instances - Replay Console',
  '/instances/create': 'Create Instance - Replay Console',
};

let go: (path: string) => void = () => undefined;

/** A screen that sets its title, as every console screen does with useConsoleTitle. */
function Screens() {
  const { pathname } = useLocation();
  useDocumentTitle(TITLES[pathname] ?? null);
  go = useNavigate();
  return null;
}

describe('PageAnnouncer', () => {
  it('stays silent on the page load, then says the title of each screen navigated to', async () => {
    renderWithProviders(
      <>
        <PageAnnouncer />
        <Screens />
      </>,
      '/instances',
    );
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    await act(async () => go('/instances/create'));
    expect(region).toHaveTextContent('Create Instance - Replay Console');
    await act(async () => go('/instances'));
    expect(region).toHaveTextContent('Instances - Replay Console');
  });
});
