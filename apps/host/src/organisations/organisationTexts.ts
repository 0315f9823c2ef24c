// The site's texts around the managers' widgets: the console page and the invitation's accept page.
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
} as const;
