import type { Page } from 'playwright-core';

/** Signs up a new account through the sign-up form and waits for the instances list it lands on. */
export async function signUpOwner(page: Page, a: { name: string; organization: string; email: string; password?: string }): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(a.name);
  await page.getByLabel('Organization').fill(a.organization);
  await page.getByLabel('Email Address').fill(a.email);
  await page.getByLabel('Password', { exact: true }).fill(a.password ?? 'Owner-pass1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(/\/instances/);
}
