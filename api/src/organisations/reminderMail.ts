import type { AssignmentStatus } from '@coursekit/core';
import type { MailMessage } from '../mail/mailer';
import type { UnsubscribeLinks } from './reminderLink';

// The reminders' words: the organisation's name, the course's title and the platform's site name
// (System Settings) fill them; every value is escaped in the HTML part.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A due date as people read it, in UTC like the dates the managers give: "5 December 2026". */
const dateOf = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(at);

/**
 * RFC 8058's one-click unsubscribe: a mail client shows its own button and posts
 * `List-Unsubscribe=One-Click` to the API address, which turns reminders off with no page between.
 */
const oneClick = (links: UnsubscribeLinks): Record<string, string> => ({
  'List-Unsubscribe': `<${links.oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

export type LearnerReminderKind = 'week_before' | 'day_before' | 'overdue';

interface Layout {
  site: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  list?: string[];
  unsubscribe: string;
  organisation: string;
}

function layout({ site, paragraphs, link, list, unsubscribe, organisation }: Layout) {
  const off = `You get these reminders as a member of ${organisation}. Turn them off: ${unsubscribe}`;
  const text = [
    ...paragraphs,
    ...(list && list.length > 0 ? [list.map((l) => `- ${l}`).join('\n')] : []),
    ...(link ? [`${link.label}:\n${link.href}`] : []),
    off,
    `— ${site}`,
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(site)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${list && list.length > 0 ? `<ul>${list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : ''}
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}
<p style="font-size:13px;color:#4b5563">You get these reminders as a member of ${escapeHtml(organisation)}. <a href="${escapeHtml(unsubscribe)}">Turn reminders off</a></p>
</body></html>`;
  return { text: `${text}\n`, html };
}

export interface LearnerReminder {
  kind: LearnerReminderKind;
  site: string;
  organisation: string;
  to: string;
  name: string | null;
  courseTitle: string;
  courseUrl: string;
  dueAt: Date;
  /** When the mail is written: the day-before reminder of a course due that same day says "today". */
  sentAt: Date;
  unsubscribe: UnsubscribeLinks;
}

/**
 * A learner's reminder: a week before the due date, the day before (or on the day itself, for a
 * course assigned too late for the day before), or once overdue.
 */
export function learnerReminderMail(r: LearnerReminder): MailMessage {
  const due = dateOf(r.dueAt);
  const when = dateOf(r.sentAt) === due ? 'today' : 'tomorrow';
  const subject =
    r.kind === 'overdue'
      ? `Overdue: ${r.courseTitle} was due on ${due}`
      : r.kind === 'day_before'
        ? `Due ${when}: ${r.courseTitle}`
        : `Due on ${due}: ${r.courseTitle}`;
  const lead =
    r.kind === 'overdue'
      ? `${r.organisation} asked you to complete ${r.courseTitle} by ${due}. That date has passed: you can still finish it.`
      : r.kind === 'day_before'
        ? `${r.organisation} asked you to complete ${r.courseTitle} by ${due}: that is ${when}.`
        : `${r.organisation} asked you to complete ${r.courseTitle} by ${due}.`;
  const { text, html } = layout({
    site: r.site,
    organisation: r.organisation,
    paragraphs: [r.name ? `Hello ${r.name},` : 'Hello,', lead],
    link: { href: r.courseUrl, label: 'Continue the course' },
    unsubscribe: r.unsubscribe.page,
  });
  return { to: r.to, fromName: r.site, subject, text, html, headers: oneClick(r.unsubscribe) };
}

export interface ManagerDigest {
  site: string;
  organisation: string;
  to: string;
  name: string | null;
  counts: Record<AssignmentStatus, number>;
  /** The overdue ones, "person — course (due date)", at most a page of them. */
  overdue: Array<{ person: string; course: string; dueAt: Date }>;
  /** How many overdue ones the list leaves out. */
  moreOverdue: number;
  reportUrl: string;
  unsubscribe: UnsubscribeLinks;
}

/** A manager's weekly digest: the organisation's assigned courses by status, and who is overdue. */
export function managerDigestMail(d: ManagerDigest): MailMessage {
  const { counts } = d;
  const summary = `Not started: ${counts.not_started}. In progress: ${counts.in_progress}. Completed: ${counts.completed}. Overdue: ${counts.overdue}.`;
  const list = d.overdue.map((o) => `${o.person} — ${o.course} (due ${dateOf(o.dueAt)})`);
  if (d.moreOverdue > 0) list.push(`and ${d.moreOverdue} more`);
  const { text, html } = layout({
    site: d.site,
    organisation: d.organisation,
    paragraphs: [
      d.name ? `Hello ${d.name},` : 'Hello,',
      `This week's courses assigned to the people of ${d.organisation}. ${summary}`,
      ...(counts.overdue > 0 ? ['Overdue:'] : []),
    ],
    list,
    link: { href: d.reportUrl, label: 'Open the report' },
    unsubscribe: d.unsubscribe.page,
  });
  return {
    to: d.to,
    fromName: d.site,
    subject: `${d.organisation}: weekly summary, ${counts.overdue} overdue`,
    text,
    html,
    headers: oneClick(d.unsubscribe),
  };
}
