/** The instance's own pages: enough for a person (and a browser test) to see which instance, which version, who. */

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}
dt{color:#6b7280;margin-top:.75rem}dd{margin:0;font-weight:600}</style></head>
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
  /** The newest recorded sessions, listed to a signed-in user only. */
  recordings: { day: string; sessionId: string }[];
}

function recordingsList(recordings: HomeView['recordings']): string {
  if (!recordings.length) return '<h2>Recordings</h2>\n<p data-testid="no-recordings">No recordings yet.</p>';
  const items = recordings.map((r) => `<li data-testid="recording">${escape(r.sessionId)} <small>${escape(r.day)}</small></li>`).join('');
  return `<h2>Recordings</h2>\n<ul data-testid="recordings">${items}</ul>`;
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
</dl>${view.user ? `\n${recordingsList(view.recordings)}` : ''}`,
  );
}

export function loginRefusedPage(name: string): string {
  return layout(
    `Sign-in refused · ${name}`,
    `<h1>Sign-in link not valid</h1>
<p data-testid="login-refused">This sign-in link has expired or has already been used. Open the instance again from the console.</p>`,
  );
}
