import { Alert, Button, Group, List, Stack } from '@mantine/core';
import { CopyButton } from '../../components/CopyButton';

interface Props {
  codes: string[];
  onDone: () => void;
}

/** The recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: Props) {
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md" maw={480}>
      <Alert color="blue" title="Save your recovery codes">
        Each code signs you in once if you lose your authenticator. They are shown only now.
      </Alert>
      <List aria-label="Recovery codes" ff="monospace" spacing={2} listStyleType="none">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <CopyButton value={text} label="Copy codes" />
        <Button variant="default" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
