import { useEffect } from 'react';
import { usePublicConfig } from '../features/config/api';

/** Sets the browser tab title while the screen is shown. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/** '{screen} - {product} Console', once the product name is known. */
export function useConsoleTitle(screen: string): void {
  const { data: config } = usePublicConfig();
  useDocumentTitle(config ? `${screen} - ${config.productName} Console` : null);
}
