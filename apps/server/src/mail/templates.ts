import type { Mail } from './mailer';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function passwordResetMail(input: { to: string; productName: string; link: string; validMinutes: number }): Mail {
  const { to, productName, link, validMinutes } = input;
  const text = [
    `Someone asked to reset the password of the ${productName} Console account for ${to}.`,
    '',
    `To choose a new password, open this link within ${validMinutes} minutes (it works once):`,
    link,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = [
    `<p>Someone asked to reset the password of the ${escapeHtml(productName)} Console account for ${escapeHtml(to)}.</p>`,
    `<p>To choose a new password, open this link within ${validMinutes} minutes (it works once):</p>`,
    `<p><a href="${escapeHtml(link)}">Reset my password</a></p>`,
    '<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>',
  ].join('\n');
  return { to, subject: `Reset your ${productName} Console password`, text, html };
}
