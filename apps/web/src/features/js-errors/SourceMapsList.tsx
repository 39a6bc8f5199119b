import { useState } from 'react';
import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { formatBytes, type SourceMapInfo } from '@replay/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/list/DataTable';
import { ListStates } from '../../components/list/ListStates';
import type { Site } from '../projects/SiteScope';
import { useRemoveSourceMap, useSourceMaps } from './api';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The site's uploaded source maps (one per release and minified file), with a way to remove
 * one for members who may change the instance: its stack traces then show unresolved again.
 */
export function SourceMapsList({ site, canEdit }: { site: Site; canEdit: boolean }) {
  const maps = useSourceMaps(site);
  const [removing, setRemoving] = useState<SourceMapInfo | null>(null);
  const remove = useRemoveSourceMap(site, () => setRemoving(null));
  return (
    <Stack gap="sm" component="section" aria-labelledby="source-maps-title">
      <Title order={2} size="h4" id="source-maps-title">
        Source maps
      </Title>
      <ListStates
        query={maps}
        loading={{ label: 'Loading source maps', rows: 2, height: 36 }}
        errorPrefix="Error fetching source maps"
        isEmpty={(d) => d.sourceMaps.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            No source maps uploaded yet: upload one from an error's stack trace.
          </Text>
        }
      >
        {(data) => (
          <DataTable label="Source maps" columns={['Release', 'File', 'Size', 'Uploaded', ...(canEdit ? [''] : [])]} busy={maps.isFetching}>
            {data.sourceMaps.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{m.release}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" lineClamp={1}>
                    {m.fileUrl}
                  </Text>
                </Table.Td>
                <Table.Td>{formatBytes(m.bytes)}</Table.Td>
                <Table.Td>{when.format(new Date(m.uploadedAt))}</Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(m)} aria-label={`Remove the source map of ${m.fileUrl} (${m.release})`}>
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </ListStates>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this source map?"
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      >
        {removing ? `Stack traces of ${removing.fileUrl} in release ${removing.release} will show unresolved until a map is uploaded again.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
