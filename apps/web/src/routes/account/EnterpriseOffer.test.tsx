import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { ENTERPRISE_FEATURES } from './EnterpriseOffer';

const config = { 'GET /api/public-config': ok(publicConfig) };

async function openProfile(account: ReturnType<typeof makeAccount>) {
  stubSignedIn(account, makeJwt(), config);
  renderApp('/account/profile');
  // The last section of the page is there once the weekly report's is.
  await screen.findByRole('heading', { name: 'Weekly Report' });
}

describe('the enterprise block of the profile page', () => {
  it('tells a Community account what the Enterprise edition adds and how to ask for it', async () => {
    await openProfile(makeAccount({ edition: 'foss', tenantName: 'Analytical Engines' }));
    const block = await screen.findByRole('region', { name: 'Enterprise Edition' });
    expect(within(block).getByText('Your organization uses the Community edition.')).toBeInTheDocument();
    expect(
      within(block)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...ENTERPRISE_FEATURES]);
    const contact = await within(block).findByRole('link', { name: 'Contact us about Enterprise' });
    expect(contact).toHaveAttribute('href', 'mailto:support@example.com?subject=Enterprise%20edition%20for%20Analytical%20Engines');
  });

  it('is not shown to an enterprise edition (ee) account', async () => {
    await openProfile(makeAccount({ edition: 'ee' }));
    expect(screen.queryByRole('region', { name: 'Enterprise Edition' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact us about Enterprise' })).not.toBeInTheDocument();
  });

  it('is not shown to a paid plan of the foss edition', async () => {
    const base = makeAccount();
    await openProfile(makeAccount({ edition: 'foss', isTrial: false, hasBillingDetails: true, plan: { ...base.plan, type: 'paid', billingSetup: true } }));
    expect(screen.queryByRole('region', { name: 'Enterprise Edition' })).not.toBeInTheDocument();
  });
});
