import { Alert } from '@mantine/core';

/** Why a form was not accepted (the server's message, or the captcha's), under its fields; nothing while there is none. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null;
}
