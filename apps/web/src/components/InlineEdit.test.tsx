import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InlineEdit } from './InlineEdit';
import { renderWithProviders } from '../test/render';

function setup(value = 'Production', maxLength?: number) {
  const onSave = vi.fn();
  renderWithProviders(<InlineEdit value={value} label="Instance name" onSave={onSave} maxLength={maxLength} />);
  return { onSave, user: userEvent.setup() };
}

describe('InlineEdit', () => {
  it('edits on double click and commits the trimmed text on Enter', async () => {
    const { onSave, user } = setup();
    await user.dblClick(screen.getByText('Production'));
    const input = screen.getByRole('textbox', { name: 'Instance name' });
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, '  Staging  {Enter}');
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Staging');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('edits from the pencil button and commits on blur', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit Instance name' }));
    await user.type(screen.getByRole('textbox', { name: 'Instance name' }), ' EU');
    await user.tab();
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Production EU');
  });

  it('cancels on Escape without saving', async () => {
    const { onSave, user } = setup();
    await user.dblClick(screen.getByText('Production'));
    await user.type(screen.getByRole('textbox', { name: 'Instance name' }), 'xyz{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Production')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves nothing when the text is empty or unchanged', async () => {
    const { onSave, user } = setup();
    await user.dblClick(screen.getByText('Production'));
    await user.type(screen.getByRole('textbox'), '   {Enter}');
    await user.dblClick(screen.getByText('Production'));
    await user.clear(screen.getByRole('textbox'));
    await user.type(screen.getByRole('textbox'), '   {Enter}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('limits the length (80 by default)', async () => {
    const { user } = setup('a');
    await user.dblClick(screen.getByText('a'));
    expect(screen.getByRole('textbox')).toHaveAttribute('maxLength', '80');
  });

  it('takes a maximum length', async () => {
    const { user } = setup('a', 5);
    await user.dblClick(screen.getByText('a'));
    const input = screen.getByRole('textbox');
    await user.type(input, 'bcdefgh');
    expect(input).toHaveValue('abcde');
  });
});
