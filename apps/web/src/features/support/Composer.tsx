import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, CloseButton, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import IconPaperclip from '@tabler/icons-react/dist/esm/icons/IconPaperclip.mjs';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES } from '@replay/contracts';
import { Icon } from '../../components/Icon';
import { errorMessage } from '../../lib/api';
import { ATTACHMENT_ACCEPT, attachmentProblem, toUpload, type AttachmentUpload } from './attachment';

export interface ComposerValue {
  body: string;
  attachment?: AttachmentUpload;
}

interface Props {
  label: string;
  submitLabel: string;
  /** Sends; resolves once sent (the composer then empties), rejects with the API's error. */
  onSend: (value: ComposerValue) => Promise<unknown>;
  /** Fields above the message (a subject), and whether they are ready. */
  children?: ReactNode;
  ready?: boolean;
  /** Extra buttons beside the send button. */
  extra?: ReactNode;
  disabled?: boolean;
}

/** A message with a counter and one optional attachment, checked for type and size before anything is sent. */
export function Composer({ label, submitLabel, onSend, children, ready = true, extra, disabled = false }: Props) {
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const resetFile = useRef<() => void>(null);

  const pick = (picked: File | null) => {
    const problem = picked ? attachmentProblem(picked) : null;
    setFileError(problem);
    setFile(problem ? null : picked);
    if (problem) resetFile.current?.();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setSendError(SUPPORT_MESSAGES.bodyRequired);
      return;
    }
    setSending(true);
    setSendError(null);
    try {
      await onSend({ body, ...(file ? { attachment: await toUpload(file) } : {}) });
      setBody('');
      setFile(null);
      resetFile.current?.();
    } catch (error) {
      setSendError(errorMessage(error, SUPPORT_MESSAGES.sendFailed));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        {children}
        <Textarea
          label={label}
          value={body}
          maxLength={SUPPORT_MESSAGE_MAX}
          autosize
          minRows={3}
          maxRows={10}
          onChange={(e) => setBody(e.currentTarget.value)}
          description={`${body.length}/${SUPPORT_MESSAGE_MAX}`}
          error={sendError}
        />
        <Group gap="xs" wrap="wrap">
          <FileButton onChange={pick} accept={ATTACHMENT_ACCEPT} resetRef={resetFile}>
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<Icon icon={IconPaperclip} />}>
                Attach a file
              </Button>
            )}
          </FileButton>
          {file && (
            <Group gap={4} wrap="nowrap">
              <Text size="sm">{file.name}</Text>
              <CloseButton size="sm" aria-label={`Remove ${file.name}`} onClick={() => pick(null)} />
            </Group>
          )}
        </Group>
        <Text size="xs" c={fileError ? 'red' : 'dimmed'} role={fileError ? 'alert' : undefined}>
          {fileError ?? SUPPORT_MESSAGES.attachmentHint}
        </Text>
        <Group justify="flex-end" gap="xs">
          {extra}
          <Button type="submit" loading={sending} disabled={disabled || !ready}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
