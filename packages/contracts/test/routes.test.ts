import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TABS,
  CLIENT_TABS,
  MENU,
  ONBOARDING_TABS,
  buildPath,
  canOpenScreen,
  isBaseRoute,
  needsSiteId,
  routes,
  visibleMenu,
  withSiteId,
} from '../src/index';

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
    ];
    expect(CLIENT_TABS.map((tab) => routes.client(tab))).toEqual(expected);
    expect(routes.client('webhooks', opts)).toBe('/client/webhooks?page=2&q=a+b#top');
  });

  it('build every onboarding tab', () => {
    expect(routes.onboarding()).toBe('/onboarding/installing');
    expect(ONBOARDING_TABS.map((tab) => routes.onboarding(tab))).toEqual([
      '/onboarding/installing',
      '/onboarding/identify-users',
      '/onboarding/team',
      '/onboarding/integrations',
    ]);
    expect(routes.onboarding('team', { anchor: '#invite' })).toBe('/onboarding/team#invite');
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
    expect(ACCOUNT_TABS.map((tab) => routes.account(tab))).toEqual([
      '/account/profile',
      '/account/organization',
      '/account/api-keys',
      '/account/session',
    ]);
    expect(routes.account('profile', opts)).toBe('/account/profile?page=2&q=a+b#top');
    expect(routes.account(undefined, { anchor: 'password' })).toBe('/account#password');
  });

  it('build the error and alert routes', () => {
    expect(routes.errors()).toBe('/errors');
    expect(routes.error('e1')).toBe('/errors/e1');
    expect(routes.error(7, opts)).toBe('/errors/7?page=2&q=a+b#top');
    expect(routes.alerts()).toBe('/alerts');
    expect(routes.alertCreate()).toBe('/alert/create');
    expect(routes.alert('a9')).toBe('/alert/a9');
    expect(routes.alert('a9', opts)).toBe('/alert/a9?page=2&q=a+b#top');
    expect(routes.alerts(opts)).toBe('/alerts?page=2&q=a+b#top');
    expect(routes.alertCreate(opts)).toBe('/alert/create?page=2&q=a+b#top');
    expect(routes.errors(opts)).toBe('/errors?page=2&q=a+b#top');
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
    expect(withSiteId(routes.alerts(), 5)).toBe('/5/alerts');
    expect(withSiteId(routes.alertCreate(), 5)).toBe('/5/alert/create');
    expect(withSiteId(routes.alert('a1'), 5)).toBe('/5/alert/a1');
    expect(withSiteId(routes.errors(), '12')).toBe('/12/errors');
    expect(withSiteId(routes.error('e1', { query: { t: 1 } }), 12)).toBe('/12/errors/e1?t=1');
    expect(withSiteId(routes.onboarding('team'), 3)).toBe('/3/onboarding/team');
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
    expect(MENU.map((m) => m.path)).toEqual([
      routes.instances(),
      routes.activities(),
      routes.members(),
      routes.roles(),
      routes.billing(),
      null,
    ]);
  });

  it('hides entries without a matching permission', () => {
    expect(visibleMenu([]).map((m) => m.key)).toEqual(['support']);
    expect(visibleMenu(['EDIT_INSTANCES', 'VIEW_ACTIVITY']).map((m) => m.key)).toEqual([
      'instances',
      'activities',
      'support',
    ]);
    expect(visibleMenu(['EDIT_MEMBERS', 'VIEW_ROLES', 'EDIT_BILLING']).map((m) => m.key)).toEqual([
      'members',
      'roles',
      'billing',
      'support',
    ]);
  });

  it('guards screens with any of their permissions', () => {
    expect(canOpenScreen(['VIEW_INSTANCES'], 'instances')).toBe(true);
    expect(canOpenScreen(['VIEW_INSTANCES'], 'instancesCreate')).toBe(false);
    expect(canOpenScreen(['EDIT_INSTANCES'], 'instancesCreate')).toBe(true);
    expect(canOpenScreen(['VIEW_BILLING'], 'billing')).toBe(true);
    expect(canOpenScreen(['VIEW_MEMBERS'], 'roles')).toBe(false);
  });
});
