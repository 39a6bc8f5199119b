/**
 * A browser for node tests: a cookie jar per origin and redirects followed by hand, through
 * oidc-provider's development login page (the email typed as the login) and its logout
 * confirmation. It stops at the first address outside `idpOrigin` and answers it.
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  constructor(private readonly idpOrigin: string) {}

  cookie(origin: string, name: string): string | undefined {
    return this.jar.get(origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string): void {
    if (!this.jar.has(origin)) this.jar.set(origin, new Map());
    this.jar.get(origin)!.set(name, value);
  }

  /** One request with this browser's cookies; Set-Cookie kept (attributes ignored: tests only). */
  async request(url: string, init: { method?: string; form?: Record<string, string>; json?: unknown } = {}): Promise<Response> {
    const origin = new URL(url).origin;
    const cookies = [...(this.jar.get(origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers: Record<string, string> = { ...(cookies && { cookie: cookies }) };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.jar.get(origin)?.delete(pair!.slice(0, eq));
      else this.setCookie(origin, pair!.slice(0, eq), value);
    }
    return res;
  }

  /** Follows redirects from `url`, signing in as `email` when the IdP asks; the first address outside the IdP. */
  async through(url: string, email?: string): Promise<string> {
    let next = url;
    for (let hop = 0; hop < 20; hop += 1) {
      if (new URL(next).origin !== this.idpOrigin) return next;
      const res = await this.request(next);
      const location = res.headers.get('location');
      if (location) {
        next = new URL(location, next).href;
        continue;
      }
      next = await this.answerPage(next, await res.text(), email);
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** The IdP's pages: its login form (typed `email`), or its logout confirmation (yes). */
  private async answerPage(url: string, html: string, email: string | undefined): Promise<string> {
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`the IdP answered a page without a form at ${url}: ${html.slice(0, 300)}`);
    const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    const form: Record<string, string> = /name="logout"/.test(html) || /session\/end/.test(action) ? { ...hidden, logout: 'yes' } : { ...hidden, prompt: 'login', login: email ?? '', password: 'any' };
    const res = await this.request(new URL(action.replace(/&amp;/g, '&'), url).href, { form });
    const location = res.headers.get('location');
    if (!location) throw new Error(`the IdP's form at ${url} answered ${res.status} without a redirect`);
    return new URL(location, url).href;
  }
}
