import type { FormEvent, ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

interface Props {
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** A fieldset that adds nothing to the layout: no border, margin or padding. */
const PLAIN = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

/**
 * A form of a prerendered screen: its fields are disabled until the app runs the page. The
 * screen is painted before its code has arrived (after-first-paint.ts); typed into then, a
 * field's text would be lost to hydration and a click on submit would do nothing, or post
 * the form natively. Disabled, the browser keeps both for the moment the form works.
 */
export function HydratedForm({ onSubmit, children }: Props) {
  const hydrated = useHydrated();
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={!hydrated} style={PLAIN}>
        {children}
      </fieldset>
    </form>
  );
}
