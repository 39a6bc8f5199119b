/** What the agent's instance SSO and the console's sign-in share as SAML service providers. */
export { MISADDRESSED, Refused, STRONG_SIGNATURE_ALGORITHMS, WEAK_SIGNATURE, checkRecipient, checkResponseXml, claimedIssuer, refuseDoctype } from './checks.ts';
export { bindingParams, checkSignedRedirect, inflated, type RedirectMessage } from './binding.ts';
export { CLOCK_SKEW_MS, EMAIL_FORMAT, samlOptions, withRedirectSlo, type IdentityProviderSettings, type ServiceProviderNames, type SpOptions, type SpSigningKey } from './options.ts';
