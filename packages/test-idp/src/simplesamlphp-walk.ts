/**
 * A person's browser at SimpleSAMLphp, walked by hand for node tests and benches: its cookies,
 * the IdP's redirects, its login form, and the auto-posting form it ends on. Only what the
 * IdP's pages need; e2e journeys use a real browser instead.
 */

/** A form the IdP's page posts by script: where, and its hidden fields. */
export interface PostedForm {
  action: string;
  fields: Record<string, string>;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#039;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (s: string): string => s.replace(/&(amp|quot|#0?39|lt|gt);/g, (m) => ENTITIES[m] ?? m);

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag) ?? new RegExp(`\\b${name}\\s*=\\s*'([^']*)'`, 'i').exec(tag);
  return match ? decode(match[1]!) : null;
}

/** The first form of a page, with its inputs' values; null when the page has none. */
export function readForm(html: string, pageUrl: string): PostedForm | null {
  const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const action = new URL(attribute(form[0].slice(0, form[0].indexOf('>') + 1), 'action') ?? '', pageUrl).toString();
  const fields: Record<string, string> = {};
  for (const input of form[1]!.match(/<input\b[^>]*>/gi) ?? []) {
    const name = attribute(input, 'name');
    if (name) fields[name] = attribute(input, 'value') ?? '';
  }
  return { action, fields };
}

const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, 600);

export class BrowserWalk {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  private keepCookies(answer: Response): void {
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === 'deleted' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private async request(url: string, body?: URLSearchParams): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const answer = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    this.keepCookies(answer);
    return answer;
  }

  /**
   * Follows redirects while they stay at the IdP. Ends on a page of the IdP (its final URL and
   * HTML), or on a redirect that leaves it (that Location, for the service provider).
   */
  private async walk(url: string, body?: URLSearchParams): Promise<{ url: string; html: string } | { leaving: string }> {
    let current = url;
    let answer = await this.request(current, body);
    for (let hops = 0; answer.status >= 300 && answer.status < 400; hops++) {
      if (hops > 10) throw new Error(`SimpleSAMLphp redirected more than 10 times from ${url}`);
      const next = new URL(answer.headers.get('location') ?? '', current).toString();
      if (!next.startsWith(`${this.baseUrl}/`)) return { leaving: next };
      current = next;
      answer = await this.request(current);
    }
    const html = await answer.text();
    if (!answer.ok) throw new Error(`SimpleSAMLphp answered ${answer.status} at ${current}: ${textOf(html)}`);
    return { url: current, html };
  }

  async signIn(redirectUrl: string, username: string, password: string): Promise<PostedForm> {
    const page = await this.walk(redirectUrl);
    if ('leaving' in page) throw new Error(`SimpleSAMLphp sent the browser away before its login page: ${page.leaving}`);
    const login = readForm(page.html, page.url);
    if (!login || !('AuthState' in login.fields)) throw new Error('SimpleSAMLphp showed no login form');
    const answer = await this.walk(login.action, new URLSearchParams({ ...login.fields, username, password }));
    if ('leaving' in answer) throw new Error(`SimpleSAMLphp redirected instead of posting a response: ${answer.leaving}`);
    const posted = readForm(answer.html, answer.url);
    if (posted && 'SAMLResponse' in posted.fields) return posted;
    if (posted && 'AuthState' in posted.fields) throw new Error('SimpleSAMLphp refused the sign-in (its login form came back)');
    throw new Error(`SimpleSAMLphp failed the sign-in: ${textOf(answer.html)}`);
  }

  async follow(url: string): Promise<string> {
    const answer = await this.walk(url);
    if ('leaving' in answer) return answer.leaving;
    const form = readForm(answer.html, answer.url);
    // Its error page has a form too (to report the error): what it says is the refusal.
    if (form && new URL(form.action).pathname.endsWith('/errorreport.php')) throw new Error(`SimpleSAMLphp showed its error page: ${textOf(answer.html)}`);
    if (form) return `${form.action}?${new URLSearchParams(form.fields)}`;
    throw new Error(`SimpleSAMLphp stayed on ${answer.url}`);
  }

  logoutAtIdp(): Promise<string> {
    return this.follow(`${this.baseUrl}/saml2/idp/SingleLogoutService.php?ReturnTo=${encodeURIComponent(`${this.baseUrl}/logged-out`)}`);
  }
}
