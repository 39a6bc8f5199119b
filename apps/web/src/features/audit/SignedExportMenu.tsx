import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import IconShieldCheck from '@tabler/icons-react/dist/esm/icons/IconShieldCheck.mjs';
import { API_PREFIX, endpoints, type AuditExportFormat } from '@replay/contracts';
import { downloadSignedExport } from './signed-export';

const FORMATS: { format: AuditExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'jsonl', label: 'JSON Lines' },
];

/**
 * Downloads the account's tamper-evident audit export: every record with its place
 * in the hash chain, and a head signed by the console (the key is public at
 * /api/audit/signing-key), in the format chosen.
 */
export function SignedExportMenu() {
  const [busy, setBusy] = useState(false);
  const run = async (format: AuditExportFormat) => {
    setBusy(true);
    await downloadSignedExport(format);
    setBusy(false);
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconShieldCheck size={16} />} loading={busy}>
          Signed export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Whole trail, verifiable offline</Menu.Label>
        {FORMATS.map(({ format, label }) => (
          <Menu.Item key={format} onClick={() => void run(format)}>
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component="a" href={`${API_PREFIX}${endpoints.auditSigningKey.path}`} target="_blank" rel="noopener">
          Public signing key
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
