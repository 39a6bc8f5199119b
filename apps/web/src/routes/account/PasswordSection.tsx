import { useState } from 'react';
import { Button } from '@mantine/core';
import { PasswordForm } from './PasswordForm';
import { Section } from './Section';

/** 'Change Password', collapsed behind its button until asked for. */
export function PasswordSection() {
  const [open, setOpen] = useState(false);
  return (
    <Section title="Change Password" description="Use at least 8 characters, mixing upper and lower case letters, digits and symbols.">
      {open ? (
        <PasswordForm onSuccess={() => setOpen(false)} onCancel={() => setOpen(false)} />
      ) : (
        <Button variant="default" onClick={() => setOpen(true)}>
          Change Password
        </Button>
      )}
    </Section>
  );
}
