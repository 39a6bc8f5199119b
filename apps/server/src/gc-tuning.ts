import { setFlagsFromString } from 'node:v8';

/**
 * V8 moves an allocation site's objects straight to the old generation once
 * most of them survive a young collection. Under load a request's objects do
 * survive one, only because the request is still in flight; V8 then
 * pretenures them, the old generation fills within about two seconds, and
 * each full mark-compact stops every request in flight for 2 to 9 ms, which
 * is what the slowest percent of requests waited on. Without pretenuring the
 * instances list benchmark ran with no full collection at all during load.
 * Called first thing in a console process, before it serves anything.
 */
export function tuneGcForServing(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
