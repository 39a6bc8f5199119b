import { useState } from 'react';
import { Alert, Code, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { JS_ERROR_MESSAGES, type JsErrorDetail, type StackFrame } from '@replay/contracts';

/**
 * The spec's stack-trace view: FULL shows each frame with its file, function, line:column and
 * code context, resolved through the uploaded source map; RAW shows the stack as the browser
 * wrote it. Without a map for any frame, FULL says maps must be uploaded and lists the frames
 * as minified.
 */
export function StackTrace({ detail }: { detail: JsErrorDetail }) {
  const [view, setView] = useState<'FULL' | 'RAW'>('FULL');
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Stack trace view"
        w={200}
        value={view}
        onChange={(v) => setView(v as 'FULL' | 'RAW')}
        data={[
          { value: 'FULL', label: 'FULL' },
          { value: 'RAW', label: 'RAW' },
        ]}
      />
      {view === 'RAW' ? (
        <Code block aria-label="Raw stack trace">
          {detail.stack || `${detail.error.name}: ${detail.error.message}`}
        </Code>
      ) : (
        <>
          {!detail.sourceMapped && (
            <Alert color="yellow" variant="light">
              {JS_ERROR_MESSAGES.noSourceMaps}
            </Alert>
          )}
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Stack frames">
            {detail.frames.map((frame, i) => (
              <Frame key={i} frame={frame} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function Frame({ frame }: { frame: StackFrame }) {
  const original = frame.original;
  const file = original ? original.source : frame.file;
  const fn = original?.name ?? frame.function ?? '(anonymous)';
  const where = original ? `${original.line}:${original.column}` : `${frame.line}:${frame.column}`;
  return (
    <Paper withBorder radius="sm" p="sm" component="li">
      <Text size="sm" ff="monospace">
        <Text span fw={600} inherit>
          {fn}
        </Text>{' '}
        in {file} at {where}
      </Text>
      {original && original.context.length > 0 && (
        <Code block mt="xs" aria-label={`Code at ${file} line ${original.line}`}>
          {original.context.map((c) => `${c.current ? '>' : ' '} ${String(c.line).padStart(4)} | ${c.text}`).join('\n')}
        </Code>
      )}
    </Paper>
  );
}
