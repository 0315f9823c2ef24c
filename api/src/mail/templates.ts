import type { MailMessage } from './mailer';

// The platform's mails carry its site name (System Settings), never a course's title: a learner of any
// course reads the same sign-up and reset mails.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function html(
  site: string,
  title: string,
  paragraphs: string[],
  link: { href: string; label: string },
  after: string,
) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(site)}</h1>
<h2 style="font-size:16px">${escapeHtml(title)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p>
<p style="font-size:13px;color:#4b5563">If the button does not work, copy this address into your browser:<br>${escapeHtml(link.href)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(after)}</p>
</body></html>`;
}

export function verificationMail(site: string, to: string, link: string, name: string | null): MailMessage {
  const hello = name ? `Hello ${name},` : 'Hello,';
  const intro = `Thank you for signing up for ${site}. Please confirm your e-mail address to finish setting up your account.`;
  const after = 'The link is valid for 24 hours. If you did not sign up, you can ignore this e-mail.';
  return {
    to,
    fromName: site,
    subject: `Confirm your e-mail for ${site}`,
    text: `${hello}\n\n${intro}\n\nConfirm your e-mail:\n${link}\n\n${after}\n\n— ${site}\n`,
    html: html(
      site,
      'Confirm your e-mail address',
      [hello, intro],
      { href: link, label: 'Confirm e-mail' },
      after,
    ),
  };
}

export function recoveryMail(site: string, to: string, link: string): MailMessage {
  const intro = `Someone asked to reset the password of your ${site} account. Open the link below to choose a new password.`;
  const after =
    'The link is valid for one hour. If you did not ask for this, you can ignore this e-mail: your password stays as it is.';
  return {
    to,
    fromName: site,
    subject: `Reset your ${site} password`,
    text: `Hello,\n\n${intro}\n\nReset your password:\n${link}\n\n${after}\n\n— ${site}\n`,
    html: html(
      site,
      'Reset your password',
      ['Hello,', intro],
      { href: link, label: 'Reset password' },
      after,
    ),
  };
}
