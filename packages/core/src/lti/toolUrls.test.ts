import { describe, expect, it } from 'vitest';
import { withHttpAdmin } from '../http/admin/withHttpAdmin';
import { createHttpAdapter } from '../http/createHttpAdapter';
import { ltiToolUrls } from './toolUrls';

describe('the tool’s LTI URLs', () => {
  it('are the API’s login, launch and JWKS routes; deep linking uses the launch', () => {
    expect(ltiToolUrls('https://courses.example.com/api/')).toEqual({
      login: 'https://courses.example.com/api/lti/login',
      launch: 'https://courses.example.com/api/lti/launch',
      deepLinking: 'https://courses.example.com/api/lti/launch',
      jwks: 'https://courses.example.com/api/lti/jwks',
    });
  });

  it('make a relative base whole with the page’s origin, and leave an absolute one as it is', () => {
    expect(ltiToolUrls('/api', 'https://learn.example.org/').login).toBe(
      'https://learn.example.org/api/lti/login',
    );
    expect(ltiToolUrls('https://api.example.com/api', 'https://learn.example.org').jwks).toBe(
      'https://api.example.com/api/lti/jwks',
    );
  });

  it('are what the HTTP admin adapter gives for its base URL', () => {
    const admin = withHttpAdmin(createHttpAdapter({ baseUrl: 'https://courses.example.com/api' })).admin;
    expect(admin.lti!.toolUrls()).toEqual(ltiToolUrls('https://courses.example.com/api'));
  });
});
