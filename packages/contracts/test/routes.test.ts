import { describe, expect, it } from 'vitest';
import { ACCOUNT_TABS, CLIENT_TABS, MENU, ONBOARDING_TABS, buildPath, canOpenScreen, isBaseRoute, needsSiteId, routes, visibleMenu, withSiteId, SITE_ROUTE_PATTERNS } from '../src/index';

const opts = { query: { page: 2, q: 'a b' }, anchor: 'top' };

describe('route builders', () => {
  it('build the public routes', () => {
    expect(routes.login()).toBe('/login');
    expect(routes.signup()).toBe('/signup');
    expect(routes.resetPassword()).toBe('/reset-password');
    expect(routes.resetPassword({ query: { token: 'abc' } })).toBe('/reset-password?token=abc');
    expect(routes.login(opts)).toBe('/login?page=2&q=a+b#top');
    expect(routes.signup(opts)).toBe('/signup?page=2&q=a+b#top');
  });

  it('build every client tab', () => {
    expect(routes.client()).toBe('/client/account');
    const expected = [
      '/client/integrations',
      '/client/account',
      '/client/sessions-listing',
      '/client/team',
      '/client/roles',
      '/client/projects',
      '/client/metadata',
      '/client/webhooks',
      '/client/notifications',
      '/client/support',
      '/client/audit',
      '/client/billing',
      '/client/modules',
      '/client/sso',
    ];
    expect(CLIENT_TABS.map((tab) => routes.client(tab))).toEqual(expected);
    expect(routes.client('webhooks', opts)).toBe('/client/webhooks?page=2&q=a+b#top');
  });

  it('build every onboarding tab', () => {
    expect(routes.onboarding('s1')).toBe('/s1/onboarding/installing');
    expect(ONBOARDING_TABS.map((tab) => routes.onboarding('s1', tab))).toEqual(['/s1/onboarding/installing', '/s1/onboarding/identify-users', '/s1/onboarding/team', '/s1/onboarding/integrations']);
    expect(routes.onboarding('s1', 'team', { anchor: '#invite' })).toBe('/s1/onboarding/team#invite');
  });

  it('build the instance routes', () => {
    expect(routes.instances()).toBe('/instances');
    expect(routes.msInstances()).toBe('/ms/instances');
    expect(routes.instancesCreate()).toBe('/instances/create');
    expect(routes.instance('inst_1')).toBe('/instances/inst_1');
    expect(routes.instance(42, opts)).toBe('/instances/42?page=2&q=a+b#top');
    expect(routes.instance('a/b')).toBe('/instances/a%2Fb');
    expect(routes.instances({ query: { search: 'prod' } })).toBe('/instances?search=prod');
    expect(routes.instancesCreate(opts)).toBe('/instances/create?page=2&q=a+b#top');
  });

  it('build the settings routes', () => {
    expect(routes.billing()).toBe('/billing');
    expect(routes.billing({ anchor: 'invoices' })).toBe('/billing#invoices');
    expect(routes.activities()).toBe('/activities');
    expect(routes.activities(opts)).toBe('/activities?page=2&q=a+b#top');
    expect(routes.members()).toBe('/members');
    expect(routes.members(opts)).toBe('/members?page=2&q=a+b#top');
    expect(routes.roles()).toBe('/roles');
    expect(routes.roles(opts)).toBe('/roles?page=2&q=a+b#top');
  });

  it('build the account routes', () => {
    expect(routes.account()).toBe('/account');
    expect(ACCOUNT_TABS.map((tab) => routes.account(tab))).toEqual(['/account/profile', '/account/organization', '/account/api-keys', '/account/provisioning', '/account/session']);
    expect(routes.account('profile', opts)).toBe('/account/profile?page=2&q=a+b#top');
    expect(routes.account(undefined, { anchor: 'password' })).toBe('/account#password');
  });

  it('build the error and alert routes', () => {
    expect(routes.errors('s1')).toBe('/s1/errors');
    expect(routes.error('s1', 'e1')).toBe('/s1/errors/e1');
    expect(routes.error('s1', 7, opts)).toBe('/s1/errors/7?page=2&q=a+b#top');
    expect(routes.alerts('s1')).toBe('/s1/alerts');
    expect(routes.alertCreate('s1')).toBe('/s1/alert/create');
    expect(routes.alert('s1', 'a9')).toBe('/s1/alert/a9');
    expect(routes.alert('s1', 'a9', opts)).toBe('/s1/alert/a9?page=2&q=a+b#top');
    expect(routes.alerts('s1', opts)).toBe('/s1/alerts?page=2&q=a+b#top');
    expect(routes.alertCreate('s1', opts)).toBe('/s1/alert/create?page=2&q=a+b#top');
    expect(routes.errors('s1', opts)).toBe('/s1/errors?page=2&q=a+b#top');
  });
});

describe('buildPath', () => {
  it('leaves out empty values, repeats arrays, encodes', () => {
    expect(buildPath('/x', { query: { a: undefined, b: null, c: '' } })).toBe('/x?c=');
    expect(buildPath('/x', { query: { id: ['1', 2], flag: true } })).toBe('/x?id=1&id=2&flag=true');
    expect(buildPath('/x', { query: { next: '/a?b=c&d' } })).toBe('/x?next=%2Fa%3Fb%3Dc%26d');
    expect(buildPath('/x', { query: {} })).toBe('/x');
    expect(buildPath('/x', { anchor: '' })).toBe('/x');
  });
});

describe('withSiteId', () => {
  it('prefixes the project id on alerts, errors and onboarding paths', () => {
    // The builders prefix the site themselves, encoded; no caller adds it by hand.
    expect(routes.alerts(5)).toBe('/5/alerts');
    expect(routes.alertCreate(5)).toBe('/5/alert/create');
    expect(routes.alert(5, 'a1')).toBe('/5/alert/a1');
    expect(routes.errors('12')).toBe('/12/errors');
    expect(routes.error(12, 'e1', { query: { t: 1 } })).toBe('/12/errors/e1?t=1');
    expect(routes.onboarding(3, 'team')).toBe('/3/onboarding/team');
    expect(routes.errors('a b/c')).toBe('/a%20b%2Fc/errors');
    expect(withSiteId('/alerts', 5)).toBe('/5/alerts');
  });

  it('give the router a pattern for each site screen that its builder fills', () => {
    const fill = (pattern: string, values: Record<string, string>) => pattern.replace(/:(\w+)/g, (_, key: string) => values[key] ?? '');
    const v = { siteId: 's9', errorId: 'e1', alertId: 'a1', tab: 'team' };
    expect(fill(SITE_ROUTE_PATTERNS.errors, v)).toBe(routes.errors('s9'));
    expect(fill(SITE_ROUTE_PATTERNS.error, v)).toBe(routes.error('s9', 'e1'));
    expect(fill(SITE_ROUTE_PATTERNS.alerts, v)).toBe(routes.alerts('s9'));
    expect(fill(SITE_ROUTE_PATTERNS.alertCreate, v)).toBe(routes.alertCreate('s9'));
    expect(fill(SITE_ROUTE_PATTERNS.alert, v)).toBe(routes.alert('s9', 'a1'));
    expect(fill(SITE_ROUTE_PATTERNS.onboarding, v)).toBe(routes.onboarding('s9', 'team'));
  });

  it('leaves every other path alone', () => {
    expect(withSiteId(routes.instances(), 5)).toBe('/instances');
    expect(withSiteId(routes.client('audit'), 5)).toBe('/client/audit');
    expect(withSiteId(routes.billing(), 5)).toBe('/billing');
    expect(withSiteId('/alert', 5)).toBe('/alert');
    expect(needsSiteId('/alerts?x=1')).toBe(true);
    expect(needsSiteId('/login')).toBe(false);
  });
});

describe('isBaseRoute', () => {
  it('knows the routes with nowhere to come back to', () => {
    for (const path of ['/', '', '/login', '/signup', '/reset-password', '/login?x=1', '/signup/']) {
      expect(isBaseRoute(path), path).toBe(true);
    }
    for (const path of ['/instances', '/billing?x=1', '/account/profile']) {
      expect(isBaseRoute(path), path).toBe(false);
    }
  });
});

describe('menu and screen permissions', () => {
  it('lists the menu in spec order with paths matching the builders', () => {
    expect(MENU.map((m) => m.label)).toEqual(['Instances', 'Activity', 'Team', 'Roles', 'Billing', 'Support']);
    expect(MENU.map((m) => m.path)).toEqual([routes.instances(), routes.activities(), routes.members(), routes.roles(), routes.billing(), null]);
  });

  it('hides entries without a matching permission', () => {
    expect(visibleMenu([]).map((m) => m.key)).toEqual(['support']);
    expect(visibleMenu(['EDIT_INSTANCES', 'VIEW_ACTIVITY']).map((m) => m.key)).toEqual(['instances', 'activities', 'support']);
    expect(visibleMenu(['EDIT_MEMBERS', 'VIEW_ROLES', 'EDIT_BILLING']).map((m) => m.key)).toEqual(['members', 'roles', 'billing', 'support']);
  });

  it('guards screens with any of their permissions', () => {
    expect(canOpenScreen(['VIEW_INSTANCES'], 'instances')).toBe(true);
    expect(canOpenScreen(['VIEW_INSTANCES'], 'instancesCreate')).toBe(false);
    expect(canOpenScreen(['EDIT_INSTANCES'], 'instancesCreate')).toBe(true);
    expect(canOpenScreen(['VIEW_BILLING'], 'billing')).toBe(true);
    expect(canOpenScreen(['VIEW_MEMBERS'], 'roles')).toBe(false);
  });
});
