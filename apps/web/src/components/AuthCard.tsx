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
        {/* The product's name is the operator's (the public config, read after the first paint): until it is
            known the line keeps its height and says nothing, rather than 'Console' turning into another
            name a moment later (issue 42). The prerendered pages are made without it, and hydrate as such. */}
        <Text ta="center" fw={700} size="lg" data-testid="product-name" aria-hidden={config ? undefined : true}>
          {config ? `${config.productName} Console` : '\u00a0'}
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
