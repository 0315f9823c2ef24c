import type { MailMessage } from './mailer';

export const PRODUCT = 'Data Literacy for Facility Managers';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function html(title: string, paragraphs: string[], link: { href: string; label: string }, after: string) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(PRODUCT)}</h1>
<h2 style="font-size:16px">${escapeHtml(title)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p>
<p style="font-size:13px;color:#4b5563">If the button does not work, copy this address into your browser:<br>${escapeHtml(link.href)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(after)}</p>
</body></html>`;
}

export function verificationMail(to: string, link: string, name: string | null): MailMessage {
  const hello = name ? `Hello ${name},` : 'Hello,';
  const intro = `Thank you for signing up for ${PRODUCT}. Please confirm your e-mail address to finish setting up your account.`;
  const after = 'The link is valid for 24 hours. If you did not sign up, you can ignore this e-mail.';
  return {
    to,
    subject: `Confirm your e-mail for ${PRODUCT}`,
    text: `${hello}\n\n${intro}\n\nConfirm your e-mail:\n${link}\n\n${after}\n\n— ${PRODUCT}\n`,
    html: html('Confirm your e-mail address', [hello, intro], { href: link, label: 'Confirm e-mail' }, after),
  };
}

export function recoveryMail(to: string, link: string): MailMessage {
  const intro = `Someone asked to reset the password of your ${PRODUCT} account. Open the link below to choose a new password.`;
  const after =
    'The link is valid for one hour. If you did not ask for this, you can ignore this e-mail: your password stays as it is.';
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: `Hello,\n\n${intro}\n\nReset your password:\n${link}\n\n${after}\n\n— ${PRODUCT}\n`,
    html: html('Reset your password', ['Hello,', intro], { href: link, label: 'Reset password' }, after),
  };
}
