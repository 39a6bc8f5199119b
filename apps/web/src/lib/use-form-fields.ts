import { useState, type ChangeEvent } from 'react';
import type { FieldErrors } from './form';

/**
 * The values of a form's text fields and their errors. Typing in a field
 * clears its error (and calls `onEdit`); `bind(name)` gives an input its
 * value, error and change handler.
 */
export function useFormFields<T extends Record<string, string>>(initial: T, onEdit?: () => void) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = (name: keyof T & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    onEdit?.();
  };
  const bind = (name: keyof T & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.currentTarget.value),
  });

  return { values, setValues, errors, setErrors, set, bind };
}
