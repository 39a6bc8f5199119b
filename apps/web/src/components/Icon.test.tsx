import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import { renderWithProviders } from '../test/render';
import { ICON_SIZE, Icon } from './Icon';

describe('Icon', () => {
  it('draws 14 px by default, hidden from assistive technology', () => {
    const { container } = renderWithProviders(<Icon icon={IconCheck} />);
    const svg = container.querySelector('svg.tabler-icon-check');
    expect(ICON_SIZE).toBe(14);
    expect(svg).toHaveAttribute('width', '14');
    expect(svg).toHaveAttribute('height', '14');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
  });

  it('takes another size where one is asked, and a name when it stands alone', () => {
    const { container } = renderWithProviders(<Icon icon={IconCheck} size={32} aria-label="Available" />);
    const svg = container.querySelector('svg.tabler-icon-check');
    expect(svg).toHaveAttribute('width', '32');
    expect(svg).not.toHaveAttribute('aria-hidden');
    expect(screen.getByLabelText('Available')).toBe(svg);
  });
});
