// The site's texts around the managers' widgets: the console page, the invitation's accept page and
// the reminder mails' unsubscribe page.
export const organisationTexts = {
  consoleHeading: 'Your organisation',
  acceptHeading: 'Join your organisation',
  acceptIntro:
    'You were invited to an organisation on this site. If you already have an account with the invited e-mail, accept; if not, choose a password to create one.',
  acceptNoToken: 'This link has no invitation in it. Open the link from the invitation e-mail again.',
  acceptName: 'Your name (new accounts)',
  acceptPassword: 'Choose a password (new accounts)',
  acceptSubmit: 'Accept the invitation',
  acceptSending: 'Accepting…',
  acceptedCreated:
    'Welcome to {organisation}. Your account for {email} is ready: sign in with your new password.',
  acceptedLinked: 'Welcome to {organisation}. Your account {email} has joined it.',
  signIn: 'Sign in',
  remindersHeading: 'Reminder e-mails',
  remindersNoToken: 'This link has no reminder in it. Open the link from the reminder e-mail again.',
  remindersReading: 'Reading the link…',
  remindersWhatStops:
    'You get reminder e-mails as a member of {organisation}: about the courses assigned to you and their due dates, and, for its managers, a weekly summary. Turn them off to stop all of these e-mails from {organisation}.',
  remindersStays:
    'Your courses, your progress and your place in {organisation} stay as they are, and the other e-mails of this site (password resets, say) still come.',
  remindersSubmit: 'Turn reminders off',
  remindersSending: 'Turning them off…',
  remindersOff: 'Reminder e-mails from {organisation} are off. You will get no more of them.',
} as const;
