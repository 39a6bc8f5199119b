/** The instance's own pages: enough for a person (and a browser test) to see which instance, which version, who. */

export const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}
dt{color:#6b7280;margin-top:.75rem}dd{margin:0;font-weight:600}
label{display:block;margin-top:.75rem}input{display:block;margin-top:.25rem;padding:.4rem;width:100%;max-width:20rem}
button,.button{display:inline-block;margin-top:1rem;padding:.5rem 1rem}.error{color:#b91c1c}.note{color:#92400e}</style></head>
<body>${body}</body></html>`;
}

export interface HomeView {
  name: string;
  instanceId: string;
  version: string;
  /** The newest tracker this version reads. */
  tracker: string | null;
  /** Shown only to a signed-in user: a stranger who finds the URL learns no customer's name. */
  tenantName: string;
  user: { name?: string; email?: string } | null;
  /** How the user signed in, in words (signedInVia in signin-pages.ts). */
  signedInVia?: string;
  /** Shown to an owner who came in by the console's link while SSO is enforced. */
  breakGlassNote?: boolean;
  /** The result of the password form, when it was just sent. */
  password?: { saved: true } | { error: string };
  /** The newest recorded sessions, listed to a signed-in user only. */
  recordings: { day: string; sessionId: string }[];
}

function recordingsList(recordings: HomeView['recordings']): string {
  if (!recordings.length) return '<h2>Recordings</h2>\n<p data-testid="no-recordings">No recordings yet.</p>';
  const items = recordings.map((r) => `<li data-testid="recording">${escape(r.sessionId)} <small>${escape(r.day)}</small></li>`).join('');
  return `<h2>Recordings</h2>\n<ul data-testid="recordings">${items}</ul>`;
}

const BREAK_GLASS_NOTE = "SSO is enforced on this instance; the console's one-time link is the owner's way in when the identity provider is unavailable.";

/** What only a signed-in user sees: the break-glass note, the password form, sign-out and the recordings. */
function signedInParts(view: HomeView): string {
  // The note is a constant: written as is, so its apostrophe reads the same in the HTML and on screen.
  const note = view.breakGlassNote ? `<p class="note" data-testid="break-glass-note">${BREAK_GLASS_NOTE}</p>\n` : '';
  const result = !view.password
    ? ''
    : 'saved' in view.password
      ? '<p role="status" data-testid="password-saved">Password saved. You can now sign in with your email and this password.</p>'
      : `<p role="alert" class="error" data-testid="password-error">${escape(view.password.error)}</p>`;
  const form = `<h2>Password</h2>
${result}<form method="post" action="/password">
<label for="new-password">New password</label><input id="new-password" name="password" type="password" autocomplete="new-password" aria-describedby="password-hint" required>
<small id="password-hint">At least 12 characters.</small>
<button type="submit">Save password</button>
</form>`;
  return `${note}${form}
<form method="post" action="/logout"><button type="submit">Sign out</button></form>
<p><a href="/sessions" data-testid="sessions-link">Sessions: filter and replay</a></p>
<p><a href="/errors" data-testid="errors-link">Errors: JavaScript errors and their stack traces</a></p>
${recordingsList(view.recordings)}`;
}

export function homePage(view: HomeView): string {
  const who = view.user ? escape([view.user.name, view.user.email && `<${view.user.email}>`].filter(Boolean).join(' ')) : 'Not signed in';
  return layout(
    `${view.name} · Replay`,
    `<h1 data-testid="instance-name">${escape(view.name)}</h1>
<dl>
<dt>Instance</dt><dd data-testid="instance-id">${escape(view.instanceId)}</dd>
<dt>Version</dt><dd data-testid="instance-version">${escape(view.version)}</dd>
<dt>Reads trackers up to</dt><dd data-testid="instance-tracker">${view.tracker === null ? 'none' : escape(view.tracker)}</dd>
${view.user ? `<dt>Organization</dt><dd data-testid="organization">${escape(view.tenantName)}</dd>\n` : ''}<dt>Signed in as</dt><dd data-testid="signed-in-user">${who}</dd>
${view.user && view.signedInVia ? `<dt>Signed in with</dt><dd data-testid="signed-in-via">${escape(view.signedInVia)}</dd>\n` : ''}</dl>
${view.user ? signedInParts(view) : '<p><a class="button" href="/signin" data-testid="signin-link">Sign in</a></p>'}`,
  );
}

export function loginRefusedPage(name: string): string {
  return layout(
    `Sign-in refused · ${name}`,
    `<h1>Sign-in link not valid</h1>
<p data-testid="login-refused">This sign-in link has expired or has already been used. Open the instance again from the console.</p>`,
  );
}
