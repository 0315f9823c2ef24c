import { describe, expect, it } from 'vitest';
import { ltiRole } from './launch';
import { LtiRegistrationBodySchema, registrationProblems } from './registration';

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/';

describe('LTI roles', () => {
  it('makes teaching roles instructors and everyone else a learner', () => {
    expect(ltiRole([`${LIS}membership#Instructor`])).toBe('instructor');
    expect(ltiRole([`${LIS}membership/Instructor#TeachingAssistant`])).toBe('instructor');
    expect(ltiRole([`${LIS}institution/person#Administrator`, `${LIS}membership#Learner`])).toBe(
      'instructor',
    );
    expect(ltiRole(['Instructor'])).toBe('instructor');
    expect(ltiRole([`${LIS}membership#Learner`])).toBe('learner');
    expect(ltiRole([`${LIS}institution/person#Student`])).toBe('learner');
    expect(ltiRole([])).toBe('learner');
    expect(ltiRole(undefined)).toBe('learner');
    expect(ltiRole([42, null])).toBe('learner');
    // A word that only contains a teaching role's name is not one.
    expect(ltiRole(['NotAnInstructorReally'])).toBe('learner');
  });
});

describe('LTI registrations', () => {
  const body = {
    issuer: 'https://moodle.school.test',
    client_id: 'abc',
    auth_login_url: 'https://moodle.school.test/mod/lti/auth.php',
    token_url: 'https://moodle.school.test/mod/lti/token.php',
    jwks_url: 'https://moodle.school.test/mod/lti/certs.php',
  };

  it('accepts https URLs, and http only on the loopback', () => {
    expect(LtiRegistrationBodySchema.safeParse(body).success).toBe(true);
    expect(registrationProblems(body)).toEqual({});
    expect(registrationProblems({ ...body, jwks_url: 'http://127.0.0.1:8080/jwks' })).toEqual({});
    expect(registrationProblems({ ...body, jwks_url: 'http://localhost/jwks' })).toEqual({});
  });

  it('names each field that is not a platform URL or an organisation id', () => {
    expect(
      registrationProblems({
        ...body,
        issuer: 'http://moodle.school.test',
        token_url: 'not a url',
        organisation_id: 'org-1',
      }),
    ).toEqual({
      issuer: expect.stringContaining('https'),
      token_url: expect.stringContaining('https'),
      organisation_id: 'Not an organisation id',
    });
    expect(registrationProblems({ organisation_id: '0d9a4f5e-8d6b-4c1e-9a1e-2b7f8c9d0e1f' })).toEqual({});
  });
});
