import { useEffect, useState, useSyncExternalStore } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { useLocation } from 'react-router';
import { currentPageTitle, subscribePageTitle } from '../lib/use-document-title';

/**
 * Says the new screen's title to screen readers after an in-app navigation:
 * a page load is announced by the browser, a route change is silent. A
 * polite live region that stays mounted, so the change of its text is heard;
 * empty until the first navigation, so a page load is not said twice.
 */
export function PageAnnouncer() {
  const title = useSyncExternalStore(subscribePageTitle, currentPageTitle, () => '');
  const { pathname } = useLocation();
  const [start] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  useEffect(() => {
    if (pathname !== start) setNavigated(true);
  }, [pathname, start]);
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {navigated ? title : ''}
    </VisuallyHidden>
  );
}
