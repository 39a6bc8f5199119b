import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const config = { 'GET /api/public-config': ok(publicConfig) };

describe('API keys', () => {
  it('shows an admin the keys with copy buttons', async () => {
    stubSignedIn(makeAccount(), makeJwt(), config);
    renderApp('/account/api-keys');
    expect(await screen.findByText('ak_456')).toBeInTheDocument();
    expect(screen.getByText('tk_123')).toBeInTheDocument();
  });

  it('tells a member who is not an admin to ask one, with no key on the page', async () => {
    stubSignedIn(makeAccount({ admin: false, superAdmin: false, apiKey: null, tenantKey: null }), makeJwt(), config);
    renderApp('/account/api-keys');
    expect(await screen.findByText('Only the admins of this organization can see its keys. Please ask an admin.')).toBeInTheDocument();
    expect(screen.queryByText('ak_456')).not.toBeInTheDocument();
  });
});
