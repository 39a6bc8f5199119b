import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { PageLoader } from './PageLoader';
import { Spinner } from './Spinner';

describe('Spinner and PageLoader', () => {
  it('is a status region named by what it waits for, with the words inside for the announcement', () => {
    renderWithProviders(<Spinner label="Checking availability" size={14} />);
    const status = screen.getByRole('status', { name: 'Checking availability' });
    expect(status).toHaveTextContent('Checking availability');
  });

  it("says 'Loading' when the screen gives no label", () => {
    renderWithProviders(<PageLoader />);
    expect(screen.getByRole('status', { name: 'Loading' })).toHaveTextContent('Loading');
  });

  it('names the screen it loads', () => {
    renderWithProviders(<PageLoader label="Loading instance" />);
    expect(screen.getByRole('status', { name: 'Loading instance' })).toBeInTheDocument();
  });
});
