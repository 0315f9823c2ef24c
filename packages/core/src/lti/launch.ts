// The claims of an LTI 1.3 launch the tool reads, and how LMS roles map to CourseKit's.

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';

export const LTI_CLAIMS = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  custom: `${LTI}custom`,
  launchPresentation: `${LTI}launch_presentation`,
} as const;

export const LTI_VERSION = '1.3.0';
export const LTI_RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';

/** What a launch makes of the LMS user: an instructor (sees the class's report) or a learner. */
export type LtiRole = 'instructor' | 'learner';

// Context roles that teach: the LIS vocabulary's full URIs and the short forms platforms send.
const TEACHING = /(^|[#/])(Instructor|Administrator|ContentDeveloper|Mentor|TeachingAssistant)$/;

/**
 * The CourseKit role of an LMS user: an instructor when any of the launch's roles teaches
 * (Instructor, Administrator, ContentDeveloper, Mentor, TeachingAssistant, as context or institution
 * roles), a learner otherwise (Learner, Student, none at all).
 */
export function ltiRole(roles: readonly unknown[] | undefined): LtiRole {
  return (roles ?? []).some((r) => typeof r === 'string' && TEACHING.test(r)) ? 'instructor' : 'learner';
}
