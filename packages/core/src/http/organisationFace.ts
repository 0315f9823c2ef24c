import { CourseError } from '../errors';
import type { OrganisationFace } from '../schemas/organisations';
import { endpoints } from './endpoints';
import { transportOf } from './httpTransport';

/**
 * An active organisation's public face (name and theme tokens) by slug, over the HTTP adapter's
 * connection; null when the platform has no active organisation of that slug (or the adapter is
 * not the HTTP one). Needs no session: the site entry `/o/{slug}` and the embed read it first.
 */
export async function fetchOrganisationFace(adapter: object, slug: string): Promise<OrganisationFace | null> {
  const transport = transportOf(adapter);
  if (!transport) return null;
  try {
    return (await transport.call(endpoints.organisationFace, { params: { slug } })) as OrganisationFace;
  } catch (error) {
    if (error instanceof CourseError && error.code === 'not_found') return null;
    throw error;
  }
}
