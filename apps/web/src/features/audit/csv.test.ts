import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@replay/contracts';
import { csvCell, trailsToCsv } from './csv';

const entry: AuditEntry = {
  id: 'a1',
  userId: 'u1',
  apiKeyId: null,
  username: 'Ada, Countess "of" Lovelace',
  email: 'ada@example.com',
  action: 'Invite member',
  createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  endpoint: '/api/client/members',
  route: '/api/client/members',
  parameters: {},
  method: 'POST',
  status: 201,
  payload: { name: 'Grace', email: 'grace@example.com', note: 'line one\nline two' },
};

describe('audit CSV', () => {
  it('writes a header and one row an entry, quoting what needs it', () => {
    const lines = trailsToCsv([entry]).split('\r\n');
    expect(lines[0]).toBe('Time,Username,Email,Action,Method,Endpoint,Status,Parameters,Payload');
    expect(trailsToCsv([entry])).toBe(
      'Time,Username,Email,Action,Method,Endpoint,Status,Parameters,Payload\r\n' +
        '2026-01-02T03:04:05.000Z,"Ada, Countess ""of"" Lovelace",ada@example.com,Invite member,POST,/api/client/members,201,{},' +
        '"{""name"":""Grace"",""email"":""grace@example.com"",""note"":""line one\\nline two""}"\r\n',
    );
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('plain')).toBe('plain');
  });
});
