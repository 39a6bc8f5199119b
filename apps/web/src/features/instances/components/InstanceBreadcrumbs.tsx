import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { routes } from '@replay/contracts';

/** 'Instances' > {current}: the list is a link, the current page is marked as such. */
export function InstanceBreadcrumbs({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs mb="sm" separator="›">
        <Anchor component={Link} to={routes.instances()} size="sm">
          Instances
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
