/** The newest mail to `to` in the console's outbox (loopback-only JSON view). */
export async function latestMailTo(baseUrl: string, to: string): Promise<{ subject: string; text: string }> {
  const res = await fetch(`${baseUrl}/outbox.json`);
  if (!res.ok) throw new Error(`outbox answered ${res.status}`);
  const body = (await res.json()) as { data: { to: string; subject: string; text: string }[] };
  const mail = body.data.find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to} in the outbox`);
  return mail;
}

export function firstLink(text: string): string {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail: ${text}`);
  return match[0];
}
