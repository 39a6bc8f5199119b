import type { Mail } from '../../mail/mailer';
import { escapeHtml } from '../../mail/templates';

export function invitationMail(input: { to: string; name: string; inviterName: string; tenantName: string; productName: string; link: string; validDays: number }): Mail {
  const { to, name, inviterName, tenantName, productName, link, validDays } = input;
  const text = [
    `Hello ${name},`,
    '',
    `${inviterName} invited you to join ${tenantName} on the ${productName} Console.`,
    '',
    `To join, open this link within ${validDays} days, then choose your password (the link works once):`,
    link,
    '',
    'If you did not expect this invitation, ignore this mail.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(name)},</p>`,
    `<p>${escapeHtml(inviterName)} invited you to join ${escapeHtml(tenantName)} on the ${escapeHtml(productName)} Console.</p>`,
    `<p>To join, open this link within ${validDays} days, then choose your password (the link works once):</p>`,
    `<p><a href="${escapeHtml(link)}">Join ${escapeHtml(tenantName)}</a></p>`,
    '<p>If you did not expect this invitation, ignore this mail.</p>',
  ].join('\n');
  return { to, subject: `You are invited to ${tenantName} on the ${productName} Console`, text, html };
}
