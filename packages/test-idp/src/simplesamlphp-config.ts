/**
 * The PHP files Debian's SimpleSAMLphp reads from SIMPLESAMLPHP_CONFIG_DIR, written per run:
 * an IdP signing with a key of the run, people who sign in with a password, and the service
 * providers it answers. SimpleSAMLphp rereads its flat-file metadata on every request, so a
 * service provider added while it runs takes effect at once.
 */

export interface SimpleSamlPhpUser {
  username: string;
  password: string;
  email: string;
  name: string;
  /** Sent as the multi-valued `groups` attribute, as IdPs send group membership. */
  groups: readonly string[];
}

export interface SimpleSamlPhpServiceProvider {
  entityId: string;
  /** Where the IdP posts its Response (HTTP-POST binding). */
  acsUrl: string;
  /** Where the IdP sends LogoutRequests and LogoutResponses (HTTP-Redirect binding). */
  sloUrl?: string;
  /**
   * The SP's signing certificate (PEM). When given, the IdP requires the SP's AuthnRequests and
   * logout messages signed (`validate.authnrequest`, `validate.logout`) and checks them with it: an
   * unsigned one gets its error page. Without it, it takes them unsigned.
   */
  certPem?: string;
}

export interface ConfigPaths {
  root: string;
  baseUrl: string;
}

/** A PHP string literal: single-quoted, with the two characters that matter escaped. */
export function php(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

const phpList = (values: readonly string[]): string => `[${values.map(php).join(', ')}]`;

export function configPhp(paths: ConfigPaths, secretSalt: string): string {
  const dir = (sub: string) => php(`${paths.root}/${sub}/`);
  return `<?php
$config = [
  'baseurlpath' => ${php(`${paths.baseUrl}/`)},
  'certdir' => ${dir('cert')},
  'loggingdir' => ${dir('log')},
  'datadir' => ${dir('data')},
  'tempdir' => ${dir('data')},
  'metadatadir' => ${dir('metadata')},
  'attributenamemapdir' => '/etc/simplesamlphp/attributemap/',
  'technicalcontact_email' => 'idp@example.com',
  'timezone' => 'UTC',
  'secretsalt' => ${php(secretSalt)},
  'auth.adminpassword' => ${php(secretSalt)},
  'admin.protectindexpage' => true,
  'admin.protectmetadata' => false,
  'admin.checkforupdates' => false,
  'logging.level' => SimpleSAML\\Logger::WARNING,
  'logging.handler' => 'file',
  'logging.logfile' => 'simplesamlphp.log',
  'enable.saml20-idp' => true,
  'module.enable' => ['exampleauth' => true, 'core' => true, 'saml' => true],
  'store.type' => 'phpsession',
  'session.phpsession.savepath' => ${dir('data')},
  'session.cookie.secure' => false,
  'language.available' => ['en'],
];
`;
}

export function authSourcesPhp(users: readonly SimpleSamlPhpUser[]): string {
  const entries = users.map(
    (u) => `    ${php(`${u.username}:${u.password}`)} => ['uid' => [${php(u.username)}], 'email' => [${php(u.email)}], 'displayName' => [${php(u.name)}], 'groups' => ${phpList(u.groups)}],`,
  );
  return `<?php
$config = [
  'admin' => ['core:AdminPassword'],
  'people' => ['exampleauth:UserPass',
${entries.join('\n')}
  ],
];
`;
}

/** The IdP: NameID is the person's email, as a console matches people by email. */
export function idpHostedPhp(): string {
  return `<?php
$metadata['__DYNAMIC:1__'] = [
  'host' => '__DEFAULT__',
  'privatekey' => 'idp.key',
  'certificate' => 'idp.crt',
  'auth' => 'people',
  'NameIDFormat' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  // Logout messages signed, as a service provider should require (SimpleSAMLphp's default is unsigned).
  'sign.logout' => true,
  'authproc' => [
    10 => ['class' => 'saml:AttributeNameID', 'attribute' => 'email', 'Format' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
  ],
];
`;
}

const certBody = (pem: string): string => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

export function spRemotePhp(sps: readonly SimpleSamlPhpServiceProvider[]): string {
  const entries = sps.map((sp) => {
    const lines = [
      `  'AssertionConsumerService' => ${php(sp.acsUrl)},`,
      `  'NameIDFormat' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',`,
      `  'simplesaml.attributes' => true,`,
      sp.sloUrl ? `  'SingleLogoutService' => ${php(sp.sloUrl)},` : '',
      sp.certPem ? `  'certData' => ${php(certBody(sp.certPem))},\n  'validate.authnrequest' => true,\n  'validate.logout' => true,` : `  'validate.logout' => false,`,
    ];
    return `$metadata[${php(sp.entityId)}] = [\n${lines.filter(Boolean).join('\n')}\n];`;
  });
  return `<?php\n${entries.join('\n')}\n`;
}
