import type { SpSigningKey } from '@replay/saml-sp';

/**
 * A SAML connection's own signing key: what the console signs its AuthnRequests and logout
 * messages with (RSA-SHA256, by node-saml), and the self-signed certificate the IdP checks them
 * with. IdPs check an SP's signature against the certificate they were given, not a chain, so a
 * self-signed one is what SAML SPs publish. Made here, not in packages/saml-sp: the agent never
 * makes one, and that package loads only the SAML libraries both apps load.
 */

/**
 * How long the certificate is valid: an IdP that checks the dates of an SP's certificate (ADFS can)
 * would refuse its messages after this, and changing it means editing the IdP's settings, so long.
 */
const VALID_YEARS = 10;

/** A new RSA-2048 key and its self-signed SHA-256 certificate, named `commonName`. The generator is loaded on first use (a sign-in never needs it). */
export async function newSpSigningKey(commonName: string, now = new Date()): Promise<SpSigningKey> {
  const { generate } = await import('selfsigned');
  const notAfterDate = new Date(now);
  notAfterDate.setUTCFullYear(notAfterDate.getUTCFullYear() + VALID_YEARS);
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
    ],
  });
  return { privateKeyPem: pems.private, certPem: pems.cert };
}
