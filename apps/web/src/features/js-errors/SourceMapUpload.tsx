import { useState, type FormEvent } from 'react';
import { Button, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { sourceMapBodySchema } from '@replay/contracts';
import { HydratedForm } from '../../components/HydratedForm';
import type { Site } from '../projects/SiteScope';
import { useUploadSourceMap } from './api';

interface Props {
  site: Site;
  errorId: string;
  /** The error's release and its top frame's file, offered as the map's. */
  release: string | null;
  fileUrl: string;
}

/** Uploads the source map of one minified file of one release; the stack is read again once it is stored. */
export function SourceMapUpload({ site, errorId, release: errorRelease, fileUrl: frameFile }: Props) {
  const [release, setRelease] = useState(errorRelease ?? '');
  const [fileUrl, setFileUrl] = useState(frameFile);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadSourceMap(site, errorId, () => setFile(null));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose the source map file (.map)');
      return;
    }
    const parsed = sourceMapBodySchema.safeParse({ release, fileUrl, map: await file.text() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid source map');
      return;
    }
    setError(null);
    upload.mutate(parsed.data);
  };

  return (
    <HydratedForm onSubmit={(e) => void submit(e)}>
      <Stack gap="xs">
        <Text fw={500}>Upload a source map</Text>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput label="Release" value={release} onChange={(e) => setRelease(e.currentTarget.value)} w={160} />
          <TextInput label="File URL" value={fileUrl} onChange={(e) => setFileUrl(e.currentTarget.value)} w={360} />
          <FileInput label="Source map file" accept=".map,application/json" value={file} onChange={setFile} w={220} clearable />
          <Button type="submit" loading={upload.isPending}>
            Upload
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </HydratedForm>
  );
}
