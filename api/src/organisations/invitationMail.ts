import type { MailMessage } from '../mail/mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail of an organisation's invitation: who invites, and the link that accepts it. */
export function invitationMail(
  site: string,
  organisation: string,
  to: string,
  name: string | null,
  link: string,
): MailMessage {
  const hello = name ? `Hello ${name},` : 'Hello,';
  const intro = `${organisation} invites you to learn with them on ${site}.`;
  const after =
    'Accepting joins you to the organisation: you sign in with your account, or choose a password if you have none. If you did not expect this invitation, you can ignore this e-mail.';
  return {
    to,
    fromName: site,
    subject: `${organisation} invites you to ${site}`,
    text: `${hello}\n\n${intro}\n\nAccept the invitation:\n${link}\n\n${after}\n\n— ${site}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(site)}</h1>
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>
<p style="font-size:13px;color:#4b5563">If the link does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(after)}</p>
</body></html>`,
  };
}
