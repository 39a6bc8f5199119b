/**
 * Calls `onChange` after every change of the page's address: a single-page app's
 * history.pushState / replaceState (wrapped, as no event tells of them), the back and forward
 * buttons (popstate) and fragment changes (hashchange). The returned function undoes all of it;
 * a wrapper some other script put on top of ours is left in place (removing it would drop theirs).
 */
export function watchNavigation(onChange: () => void): () => void {
  const { pushState, replaceState } = history;
  const wrap = (original: History['pushState']): History['pushState'] =>
    function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      onChange();
      return result;
    };
  const wrappedPush = wrap(pushState);
  const wrappedReplace = wrap(replaceState);
  history.pushState = wrappedPush;
  history.replaceState = wrappedReplace;
  window.addEventListener('popstate', onChange);
  window.addEventListener('hashchange', onChange);
  return () => {
    if (history.pushState === wrappedPush) history.pushState = pushState;
    if (history.replaceState === wrappedReplace) history.replaceState = replaceState;
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('hashchange', onChange);
  };
}
