import { useEffect } from 'react';
import { usePublicConfig } from '../features/config/api';

let pageTitle = '';
const listeners = new Set<() => void>();

/** The last screen title set, for the announcer of in-app navigations (components/PageAnnouncer). */
export const currentPageTitle = (): string => pageTitle;

export function subscribePageTitle(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets the browser tab title while the screen is shown, and tells the page announcer. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (!title) return;
    document.title = title;
    pageTitle = title;
    for (const listener of listeners) listener();
  }, [title]);
}

/** '{screen} - {product} Console', once the product name is known. */
export function useConsoleTitle(screen: string): void {
  const { data: config } = usePublicConfig();
  useDocumentTitle(config ? `${screen} - ${config.productName} Console` : null);
}
