/** core's rules take numbers; their English becomes a template with a placeholder where the number goes. */
export const withNumber = (rule: (n: number) => string, placeholder: string): string =>
  rule(1).replace('1', `{${placeholder}}`);
