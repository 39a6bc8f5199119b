import { z } from 'zod';
import { isOrigin } from './origin.ts';

/**
 * The config the console may change on a running instance. Calls are strict
 * (an unknown field is refused, never dropped); answers are read leniently, so
 * an agent that reports more than this console knows still answers.
 */

const SSO_TEXT_MAX = 20_000;
const ssoText = (field: string) => z.string({ error: `sso.${field} must be text` }).max(SSO_TEXT_MAX);

/**
 * SAML settings of the instance, named as in the console's SSO config (spec: idpEntityId,
 * idpSsoUrl, idpX509cert, idpSlsUrl, enforceSSO; idpName is the save payload's
 * `idp_name`, shown on the instance's sign-in button). The certificate is PEM text (the
 * console has parsed it as X.509); the URLs are https (the console's rule).
 */
const ssoShape = {
  idpEntityId: ssoText('idpEntityId'),
  idpName: ssoText('idpName'),
  idpSsoUrl: ssoText('idpSsoUrl'),
  idpX509cert: ssoText('idpX509cert'),
  /** The IdP's single logout endpoint, or null. */
  idpSlsUrl: ssoText('idpSlsUrl').nullable(),
  /** Password sign-in on the instance is refused; the console's one-time link still signs the owner in (break-glass). */
  enforceSSO: z.boolean({ error: 'sso.enforceSSO must be true or false' }),
};

const RETENTION_MESSAGE = 'retentionDays must be a whole number of days from 1 to 3650, or null';
const ORIGINS_MESSAGE = 'corsOrigins must be a list of origins such as https://app.example.com';

const changeShape = {
  /** Session data older than this many days is removed; null keeps it forever ('Unlimited'). */
  retentionDays: z.int({ error: RETENTION_MESSAGE }).min(1).max(3650).nullable(),
  /** Origins allowed to send recorded events; empty allows any origin. */
  corsOrigins: z
    .array(z.string({ error: ORIGINS_MESSAGE }).refine(isOrigin, { error: ORIGINS_MESSAGE }), { error: ORIGINS_MESSAGE })
    .max(100)
    .refine((origins) => new Set(origins).size === origins.length, { error: 'corsOrigins must not repeat an origin' }),
  sso: z
    .strictObject(ssoShape, {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown sso fields: ${issue.keys.join(', ')}` : 'sso must be an object or null'),
    })
    .nullable(),
};

/** `POST /api/admin/config`: any of the fields; the rest stay as they are. */
export const agentConfigChangeSchema = z.strictObject(
  {
    retentionDays: changeShape.retentionDays.optional(),
    corsOrigins: changeShape.corsOrigins.optional(),
    sso: changeShape.sso.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}` : 'Expected a JSON object') },
);

export const ssoConfigSchema = z.object(ssoShape);

/** The config as the agent keeps it (config.json in its data folder) and answers it. */
export const agentConfigSchema = z.object({
  retentionDays: changeShape.retentionDays,
  corsOrigins: z.array(z.string()),
  sso: ssoConfigSchema.nullable(),
  /** When the console last changed it; null while it never has. */
  updatedAt: z.number().nullable(),
});

export type SsoConfig = z.infer<typeof ssoConfigSchema>;
export type AgentConfig = z.infer<typeof agentConfigSchema>;
export type AgentConfigChange = z.infer<typeof agentConfigChangeSchema>;
