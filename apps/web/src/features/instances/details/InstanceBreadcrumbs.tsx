import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { routes } from '@replay/contracts';

/** 'Instances' > {trail…} > {current}: the list and the trail are links, the current page is marked as such. */
export function InstanceBreadcrumbs({ current, trail = [] }: { current: string; trail?: readonly { label: string; to: string }[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs mb="sm" separator="›">
        {[{ label: 'Instances', to: routes.instances() }, ...trail].map((crumb) => (
          <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
            {crumb.label}
          </Anchor>
        ))}
        <Text size="sm" c="dimmed" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
