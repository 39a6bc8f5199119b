import type { ReactNode } from 'react';
import { Grid, Stack, Text, Title } from '@mantine/core';

interface Props {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** An account settings section: title and explanation on the left, content on the right. */
export function Section({ title, description, children }: Props) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Grid component="section" aria-labelledby={id} gutter="xl" py="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap={4}>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>{children}</Grid.Col>
    </Grid>
  );
}
