// What the audit log records for an organisation manager's actions (the API's admin action log, the
// mocks' memory organisation): one entry per successful change, its details naming the organisation
// (`organisation_id`). A refused call records nothing.

export const ORGANISATION_MANAGER_ACTIONS = [
  'organisation_person_invited',
  'organisation_import_previewed',
  'organisation_people_imported',
  'organisation_group_created',
  'organisation_group_renamed',
  'organisation_group_member_added',
  'organisation_group_member_removed',
  'organisation_group_deleted',
  'organisation_course_assigned',
  'organisation_assignment_removed',
  'organisation_person_removed',
] as const;
export type OrganisationManagerAction = (typeof ORGANISATION_MANAGER_ACTIONS)[number];
