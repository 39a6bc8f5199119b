import { useState } from 'react';
import { Button, Container, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { operatorKeys, operatorToken } from '../../features/support/operator/api';
import { OperatorQueue } from '../../features/support/operator/OperatorQueue';
import { OperatorThreadView } from '../../features/support/operator/OperatorThreadView';
import { OperatorTokenForm } from '../../features/support/operator/OperatorTokenForm';

/**
 * The operators' support screen (/operator/support): no member session, the console's operator
 * token instead, kept in this tab's sessionStorage until 'Sign out' (docs/OPERATIONS.md, "The support queue").
 */
export default function OperatorSupportPage() {
  useDocumentTitle('Support queue - Operators');
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => operatorToken.get());
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [selected, setSelected] = useState<string | null>(null);

  const accept = (value: string | null) => {
    operatorToken.set(value);
    setToken(value);
    setSelected(null);
    queryClient.removeQueries({ queryKey: operatorKeys.all });
  };

  return (
    <Container size="xl" py="lg" component="main">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            Support queue
          </Title>
          {token && (
            <Button variant="default" size="xs" onClick={() => accept(null)}>
              Sign out
            </Button>
          )}
        </Group>
        {!token ? (
          <OperatorTokenForm onAccepted={accept} />
        ) : (
          <>
            <OperatorQueue token={token} status={status} onStatus={setStatus} selected={selected} onOpen={setSelected} />
            {selected && <OperatorThreadView key={selected} token={token} id={selected} />}
          </>
        )}
      </Stack>
    </Container>
  );
}
