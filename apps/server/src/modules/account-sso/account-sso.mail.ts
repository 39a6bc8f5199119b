import type { Mail } from '../../mail/mailer';
import { escapeHtml } from '../../mail/templates';

/** The domain proof: a code mailed to an address at the domain, which the owner types on the SSO screen. */
export function domainCodeMail(input: { to: string; domain: string; accountName: string; productName: string; code: string; validHours: number; link: string }): Mail {
  const { to, domain, accountName, productName, code, validHours, link } = input;
  const intro = `The ${productName} Console account “${accountName}” asks to use single sign-on for every address at ${domain}.`;
  const ask = `If you agree, give this code to its owner (or enter it yourself at ${link}) within ${validHours} hours:`;
  const ignore = 'If you do not know this account, ignore this mail: the domain is not claimed without the code.';
  const text = [intro, '', ask, code, '', ignore].join('\n');
  const html = [`<p>${escapeHtml(intro)}</p>`, `<p>${escapeHtml(ask)}</p>`, `<p><strong>${escapeHtml(code)}</strong></p>`, `<p>${escapeHtml(ignore)}</p>`].join('\n');
  return { to, subject: `Code to verify ${domain} for single sign-on`, text, html };
}

/** Told to the account's other owners and admins when an owner signs in with a password while SSO is enforced. */
export function breakGlassMail(input: { to: string; who: string; email: string; productName: string; at: Date }): Mail {
  const text = [
    `${input.who} (${input.email}) signed in to the ${input.productName} Console with a password at ${input.at.toISOString()}, although single sign-on is enforced for the account.`,
    '',
    'The account owner keeps this way in for when the identity provider is unavailable (break-glass). If this was not expected, review the audit trail and the owner’s sessions.',
  ].join('\n');
  return { to: input.to, subject: `Break-glass sign-in by ${input.who}`, text };
}
