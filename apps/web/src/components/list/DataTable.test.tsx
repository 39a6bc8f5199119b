import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Table } from '@mantine/core';
import { renderWithProviders } from '../../test/render';
import { DataTable } from './DataTable';

describe('DataTable', () => {
  it('heads every column, the row controls too (for screen readers only)', () => {
    renderWithProviders(
      <DataTable label="Team members" columns={['Name', 'Email']} actions>
        <Table.Tr>
          <Table.Td>Ada</Table.Td>
          <Table.Td>ada@example.com</Table.Td>
          <Table.Td>
            <button type="button">Edit Ada</button>
          </Table.Td>
        </Table.Tr>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Team members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Actions']);
    expect(table).not.toHaveAttribute('aria-busy', 'true');
  });

  it('while the first page loads, is busy and says what is coming instead of showing bare bars', () => {
    renderWithProviders(<DataTable label="Team members" columns={['Name', 'Email']} loading />);
    const table = screen.getByRole('table', { name: 'Team members' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getByText('Loading team members')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });
});
