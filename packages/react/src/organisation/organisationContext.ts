import type { OrganisationAdapter } from '@coursekit/core';
import { createContext, useContext } from 'react';
import { useStrings } from '../strings/useStrings';
import { organisationStrings } from './organisationStrings';

export const OrganisationContext = createContext<OrganisationAdapter | null>(null);

/** The organisation adapter the nearest OrganisationConsole or OrganisationReport was given. */
export function useOrganisation(): OrganisationAdapter {
  const adapter = useContext(OrganisationContext);
  if (!adapter)
    throw new Error('useOrganisation must be used inside an OrganisationConsole or OrganisationReport');
  return adapter;
}

/** The managers' texts over the shared ones, with a CourseProvider's replacements. */
export const useOrganisationStrings = () => useStrings(organisationStrings);

/** Query keys of one organisation's data; every change invalidates `all`. */
export const organisationKeys = {
  all: (id: string) => ['organisation', id] as const,
  people: (id: string, search: string) => ['organisation', id, 'people', search] as const,
  invitations: (id: string) => ['organisation', id, 'invitations'] as const,
  groups: (id: string) => ['organisation', id, 'groups'] as const,
  assignments: (id: string) => ['organisation', id, 'assignments'] as const,
  courses: (id: string) => ['organisation', id, 'courses'] as const,
  report: (id: string, query: object) => ['organisation', id, 'report', query] as const,
  completions: (id: string, days: number) => ['organisation', id, 'completions', days] as const,
  identityProvider: (id: string) => ['organisation', id, 'identity-provider'] as const,
};

/** A failure's message, as the server worded it. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
