import { useEffect, useState } from 'react';
import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Image.css';
import type { TotpEnrolment as Enrolment } from '@replay/contracts';
import { CopyButton } from '../../components/CopyButton';
import { FormAlert } from '../../components/FormAlert';
import { errorMessage } from '../../lib/api';
import { useRequiredTextSubmit } from '../../lib/use-required-text-submit';
import { useVerifyTotp } from './api';

export const TOTP_CONFIRM_FAILED = 'The code could not be checked. Please try again.';
export const QR_NOT_DRAWN = 'The QR code could not be drawn: type the key below into your authenticator app.';

interface Props {
  enrolment: Enrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** The new secret as a QR code (drawn here from the otpauth URL, nothing leaves the page) and as text, then the first code. */
export function TotpEnrolment({ enrolment, onConfirmed, onCancel }: Props) {
  const verify = useVerifyTotp();
  const [qr, setQr] = useState<string | null>(null);
  const [qrFailed, setQrFailed] = useState(false);
  const {
    value: code,
    setValue: setCode,
    error,
    onSubmit,
  } = useRequiredTextSubmit((text, fail) =>
    verify.mutate(text, {
      onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
      onError: (e) => fail(errorMessage(e, TOTP_CONFIRM_FAILED)),
    }),
  );

  useEffect(() => {
    let live = true;
    // The QR encoder (~10 kB on the wire) is fetched only by this step, not by every signed-in page.
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(enrolment.otpauthUrl, { margin: 1, width: 200 }))
      .then(
        (url) => live && setQr(url),
        () => live && setQrFailed(true),
      );
    return () => {
      live = false;
    };
  }, [enrolment.otpauthUrl]);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Set up two-factor authentication">
      <Stack gap="md" maw={480}>
        <Text size="sm">1. Scan this QR code with your authenticator app (or type the key below).</Text>
        {qr && <Image src={qr} alt="QR code of your two-factor secret" w={200} h={200} />}
        {qrFailed && <FormAlert message={QR_NOT_DRAWN} />}
        <Group gap="xs">
          <Text size="sm">Key:</Text>
          <Code data-testid="totp-secret">{enrolment.secret}</Code>
          <CopyButton value={enrolment.secret} label="Copy key" />
        </Group>
        <TextInput label="2. Enter the 6-digit code the app shows" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.currentTarget.value)} maw={240} />
        <FormAlert message={error} />
        <Group gap="sm">
          <Button type="submit" loading={verify.isPending}>
            Turn on
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
