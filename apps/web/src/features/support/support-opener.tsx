import { createContext, useContext } from 'react';

/** Opens the support drawer; with an instance's id, a new conversation there is about that instance. */
export type OpenSupport = (about?: { instanceId: string; instanceName: string }) => void;

/** Provided by the console shell, which holds the drawer; outside it (an iframe, a test) there is no drawer to open. */
export const SupportOpenerContext = createContext<OpenSupport | null>(null);

/** The shell's way to open the support drawer, or null where there is none. */
export function useOpenSupport(): OpenSupport | null {
  return useContext(SupportOpenerContext);
}
