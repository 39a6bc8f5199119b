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

/** Fills the login form's first step and submits it; the caller waits for what comes next (the list, or a second step). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs out from the account menu and waits for the login form. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('heading', { name: 'Login to your account' }).waitFor();
}
