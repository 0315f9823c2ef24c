// The words of the organisation editor's "Identity provider" part (company sign-in), beside the
// other organisation strings so a translation finds them together.
export const identityProviderStrings = {
  heading: 'Identity provider',
  intro:
    'People whose e-mail is in one of these domains are offered “Continue with {name}” on the sign-in page and sign in at this OpenID Connect provider. The client secret is stored encrypted and never shown again.',
  loading: 'Loading the identity provider',
  loadFailed: 'Could not load the identity provider: {message}',
  none: 'No identity provider: its people sign in with passwords.',
  issuer: 'Issuer URL (https)',
  clientId: 'Client id',
  clientSecret: 'Client secret',
  clientSecretKept: 'Client secret (stored encrypted; leave empty to keep it)',
  domains: 'E-mail domains',
  domainsHint: 'Separated by commas or spaces, like example.com, example.org',
  enabled: 'Enabled: its people may sign in through it',
  save: 'Save Identity Provider',
  saving: 'Saving...',
  saved: 'Identity Provider Saved',
  savedDescription: '{name} signs in {domains}.',
  saveFailed: 'Could not save the identity provider: {message}',
  remove: 'Remove Identity Provider',
  removeTitle: 'Remove the identity provider of {name}?',
  removeDescription:
    'Its people can no longer sign in through it; those without a password must set one with “Forgot your password?”.',
  removeConfirm: 'Remove',
  removing: 'Removing...',
  removed: 'Identity Provider Removed',
  removeFailed: 'Could not remove: {message}',
  cancel: 'Cancel',
} as const;
