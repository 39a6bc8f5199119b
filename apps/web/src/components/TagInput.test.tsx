import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { TAG_INPUT_MESSAGES, TagInput } from './TagInput';

function Harness() {
  const [tags, setTags] = useState<string[]>([]);
  return <TagInput label="Tags" tags={tags} onChange={setTags} />;
}

describe('TagInput', () => {
  it('takes letters and digits only by default (spec section 5): Enter adds a non-empty tag, the rest is refused saying why', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Tags' });
    await user.type(input, '   {Enter}');
    expect(screen.queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'beta-1{Enter}');
    expect(screen.getByText(TAG_INPUT_MESSAGES.alphanumeric)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'Beta1{Enter}');
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Beta1']);
    expect(input).toHaveValue('');
  });
});
