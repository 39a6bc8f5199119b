import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePublicConfig } from '../features/config/api';

interface Props {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Shown beside the card on wide screens (the sign-up pitch). */
  aside?: ReactNode;
}

/** The frame of the public screens: product name, a titled card, centered. */
export function AuthCard({ title, subtitle, children, aside }: Props) {
  const { data: config } = usePublicConfig();
  return (
    <main className="auth-page">
      <Stack gap="lg" w="100%" maw={aside ? 960 : 440} align="stretch">
        <Text ta="center" fw={700} size="lg">
          {config ? `${config.productName} Console` : 'Console'}
        </Text>
        <div style={{ display: 'flex', gap: 'var(--mantine-spacing-xl)', flexWrap: 'wrap', alignItems: 'stretch' }}>
          {aside && <div style={{ flex: '1 1 320px' }}>{aside}</div>}
          <Paper withBorder shadow="sm" radius="md" p="xl" style={{ flex: '1 1 360px' }}>
            <Stack gap="md">
              <div>
                <Title order={1} size="h2">
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" size="sm" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
        </div>
      </Stack>
    </main>
  );
}
