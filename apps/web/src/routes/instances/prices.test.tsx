import fc from 'fast-check';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DISK_MAX_GB, DISK_STEP_GB, HOURLY_DIGITS, INSTANCE_SIZES, PROVIDERS, REGIONS, formatMoney, priceFor, storagePrice } from '@replay/contracts';
import { renderWithProviders } from '../../test/render';
import { makeInstance } from '../../features/instances/test-fixtures';
import { OverviewPanel } from './create/OverviewPanel';
import { SummaryCards } from './details/SummaryCards';

/*
 * Every price the SPA shows is formatMoney of the catalogue's integer
 * computation (which money.test.ts checks against BigInt): on the create
 * form's overview and on the details page's cards.
 */
const anyPlace = fc.constantFrom(...PROVIDERS.flatMap((provider) => REGIONS[provider].map((region) => ({ provider, region: region.code }))));
const anySize = fc.constantFrom(...INSTANCE_SIZES);
const anyDisk = fc.integer({ min: 1, max: Math.floor(DISK_MAX_GB / DISK_STEP_GB) }).map((steps) => steps * DISK_STEP_GB);

/** The value cell of an overview line, found by its label. */
const overviewLine = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('displayed prices', () => {
  it('the create overview shows formatMoney of the integer price for any provider, region and size', () => {
    fc.assert(
      fc.property(anyPlace, anySize, ({ provider, region }, size) => {
        renderWithProviders(<OverviewPanel provider={provider} region={region} size={size} />);
        const price = priceFor(provider, region, size);
        expect(overviewLine('Hourly')).toBe(formatMoney(price.hourlyPrice, HOURLY_DIGITS));
        expect(overviewLine('Monthly')).toBe(formatMoney(price.monthlyPrice));
        cleanup();
      }),
      { numRuns: 25 },
    );
  });

  it('the details cards show formatMoney of the integer prices for any region, size and disk', () => {
    fc.assert(
      fc.property(anyPlace, anySize, anyDisk, ({ provider, region }, size, diskSize) => {
        const instance = makeInstance({ provider, region, size, diskSize, pricingDetails: priceFor(provider, region, size), storagePrice: storagePrice(provider, region, diskSize) });
        const { container } = renderWithProviders(<SummaryCards instance={instance} />);
        const cards = within(container);
        expect(cards.getByText(`${formatMoney(instance.pricingDetails.monthlyPrice)} per month`)).toBeInTheDocument();
        const hourly = `${formatMoney(instance.pricingDetails.hourlyPrice, HOURLY_DIGITS)} per hour · `;
        expect(cards.getByText((text) => text.startsWith(hourly))).toBeInTheDocument();
        expect(cards.getByText(`${formatMoney(instance.storagePrice.monthly)} per month for storage`)).toBeInTheDocument();
        cleanup();
      }),
      { numRuns: 25 },
    );
  });
});
