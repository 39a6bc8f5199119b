import { ACCOUNT_SSO_LABELS, ACCOUNT_SSO_MESSAGES, saveSsoConnectionSchema, type AccountSsoProtocol, type SaveSsoConnection, type SsoConnection } from '@replay/contracts';
import type { FieldErrors } from '../../lib/form';

/** One row of the group → role mapping; `key` keeps React's rows apart while the owner adds and removes them. */
export interface GroupRoleRow {
  key: number;
  group: string;
  roleId: string;
}

export interface ConnectionValues {
  protocol: AccountSsoProtocol;
  issuer: string;
  clientId: string;
  /** Write-only: empty keeps the saved secret. */
  clientSecret: string;
  entryPoint: string;
  idpEntityId: string;
  idpCert: string;
  /** Optional: where the IdP takes single logout requests; empty, signing out ends the console session only. */
  logoutUrl: string;
  defaultRoleId: string;
  groupRoles: GroupRoleRow[];
}

/** The form's fields, the connection's error keys (the schema's top-level names) and the form's own. */
export type ConnectionField = Exclude<keyof ConnectionValues, 'protocol'> | 'form';

let nextKey = 1;
export const newRow = (group = '', roleId = ''): GroupRoleRow => ({ key: nextKey++, group, roleId });

/** What the form starts from: the saved connection, or an empty OIDC one with `defaultRoleId` chosen. */
export function valuesOf(connection: SsoConnection | null, defaultRoleId: string): ConnectionValues {
  return {
    protocol: connection?.protocol ?? 'oidc',
    issuer: connection?.oidc?.issuer ?? '',
    clientId: connection?.oidc?.clientId ?? '',
    clientSecret: '',
    entryPoint: connection?.saml?.entryPoint ?? '',
    idpEntityId: connection?.saml?.idpEntityId ?? '',
    logoutUrl: connection?.saml?.logoutUrl ?? '',
    idpCert: connection?.saml?.idpCert ?? '',
    defaultRoleId: connection?.defaultRoleId ?? defaultRoleId,
    groupRoles: (connection?.groupRoles ?? []).map((r) => newRow(r.group, r.roleId)),
  };
}

/** The PUT body for the chosen protocol; a blank secret is left out, so the saved one stays. */
export function bodyOf(v: ConnectionValues): SaveSsoConnection {
  const common = { defaultRoleId: v.defaultRoleId, groupRoles: v.groupRoles.map(({ group, roleId }) => ({ group: group.trim(), roleId })) };
  if (v.protocol === 'oidc') {
    return { protocol: 'oidc', issuer: v.issuer.trim(), clientId: v.clientId.trim(), ...(v.clientSecret !== '' && { clientSecret: v.clientSecret }), ...common };
  }
  const logoutUrl = v.logoutUrl.trim();
  return { protocol: 'saml', entryPoint: v.entryPoint.trim(), logoutUrl: logoutUrl === '' ? null : logoutUrl, idpEntityId: v.idpEntityId.trim(), idpCert: v.idpCert, ...common };
}

export const CHOOSE_GROUP_ROLE = 'Choose a role for each IdP group.';

/** Checks the body with the contracts' own schema: the server's rules, said before the round trip. */
export function checkBody(v: ConnectionValues, secretSaved: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.defaultRoleId) errors.defaultRoleId = ACCOUNT_SSO_MESSAGES.required(ACCOUNT_SSO_LABELS.defaultRole);
  if (v.protocol === 'oidc' && v.clientSecret === '' && !secretSaved) errors.clientSecret = ACCOUNT_SSO_MESSAGES.secretRequired;
  if (v.groupRoles.some((r) => !r.roleId)) errors.groupRoles = CHOOSE_GROUP_ROLE;
  const parsed = saveSsoConnectionSchema.safeParse(bodyOf(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      if (!(key in errors)) errors[key] = issue.message;
    }
  }
  return errors;
}

/** The field each label names: the server's messages about a field start with its label. */
const FIELD_BY_LABEL: readonly [label: string, field: ConnectionField][] = [
  [ACCOUNT_SSO_LABELS.issuer, 'issuer'],
  [ACCOUNT_SSO_LABELS.clientId, 'clientId'],
  [ACCOUNT_SSO_LABELS.clientSecret, 'clientSecret'],
  [ACCOUNT_SSO_LABELS.entryPoint, 'entryPoint'],
  [ACCOUNT_SSO_LABELS.idpEntityId, 'idpEntityId'],
  [ACCOUNT_SSO_LABELS.logoutUrl, 'logoutUrl'],
  [ACCOUNT_SSO_LABELS.idpCert, 'idpCert'],
  [ACCOUNT_SSO_LABELS.defaultRole, 'defaultRoleId'],
  [ACCOUNT_SSO_LABELS.group, 'groupRoles'],
];

/** The server's messages that name no label, by the field they are about. */
const FIELD_BY_MESSAGE: ReadonlyMap<string, ConnectionField> = new Map([
  [ACCOUNT_SSO_MESSAGES.notPem, 'idpCert'],
  [ACCOUNT_SSO_MESSAGES.secretRequired, 'clientSecret'],
  [ACCOUNT_SSO_MESSAGES.roleNotFound, 'defaultRoleId'],
  [ACCOUNT_SSO_MESSAGES.ownerRole, 'defaultRoleId'],
  [ACCOUNT_SSO_MESSAGES.duplicateGroup, 'groupRoles'],
]);

/** A 400's messages put beside the fields they are about; any other goes to the form's alert. */
export function serverFieldErrors(messages: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const message of messages) {
    const field = FIELD_BY_MESSAGE.get(message) ?? FIELD_BY_LABEL.find(([label]) => message.startsWith(label))?.[1] ?? 'form';
    errors[field] = errors[field] ? `${errors[field]} ${message}` : message;
  }
  return errors;
}
