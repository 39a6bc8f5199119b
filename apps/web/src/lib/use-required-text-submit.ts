import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@replay/contracts';

/**
 * A one-field form whose field must not be blank (a passkey's name, a TOTP or recovery code):
 * the value, the form's error (settable, for the form's other actions), and its submit
 * handler, which refuses a blank value with the contracts' "required" message and otherwise
 * hands the trimmed text on, with a way to show the failure the call answers.
 */
export function useRequiredTextSubmit(submit: (text: string, fail: (message: string) => void) => void) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) {
      setError(MESSAGES.required);
      return;
    }
    setError(null);
    submit(text, setError);
  };
  return { value, setValue, error, setError, onSubmit };
}
