import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubApi } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { CAPTCHA_SCRIPT_URL } from './captcha';

describe('invisible captcha', () => {
  it("loads Google's script when a site key is set and sends its answer as g-recaptcha-response", async () => {
    const api = stubApi({
      'GET /api/refresh': fail(401),
      'GET /api/public-config': ok({ ...publicConfig, captchaSiteKey: 'site-key-1' }),
      'POST /api/login': ok({ user: makeAccount(), jwt: makeJwt() }),
    });
    let callback: (token: string) => void = () => undefined;
    const grecaptcha = {
      ready: (fn: () => void) => fn(),
      render: vi.fn((_el: HTMLElement, params: Record<string, unknown>) => {
        callback = params.callback as (token: string) => void;
        return 7;
      }),
      reset: vi.fn(),
      execute: vi.fn(() => callback('captcha-answer')),
    };
    renderApp('/login');
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(`script[src="${CAPTCHA_SCRIPT_URL}"]`);
      expect(found).not.toBeNull();
      return found as HTMLScriptElement;
    });
    Object.assign(window, { grecaptcha });
    script.onload?.(new Event('load'));
    await waitFor(() => expect(grecaptcha.render).toHaveBeenCalled());
    expect(grecaptcha.render.mock.calls[0]?.[1]).toMatchObject({ sitekey: 'site-key-1', size: 'invisible' });

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Secret-pass1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
    expect(grecaptcha.execute).toHaveBeenCalledWith(7);
    expect(api.callsTo('POST /api/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'Secret-pass1',
      'g-recaptcha-response': 'captcha-answer',
    });
    script.remove();
    Reflect.deleteProperty(window, 'grecaptcha');
  });
});
