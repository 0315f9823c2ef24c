// The LTI 1.3 routes an LMS and the learner's browser call (not JSON: forms in, HTML pages, a JWKS,
// redirects out). The API mounts them; the OpenAPI document and the access matrix read this table.
// Paths are relative to the API's base URL.

export interface LtiEndpoint {
  method: 'GET' | 'POST';
  path: string;
  /** What the request body is, when there is one. */
  consumes?: 'application/x-www-form-urlencoded';
  /** The success answer: a JSON document, a page, a redirect (302), a script. */
  produces: 'application/json' | 'text/html' | 'redirect' | 'text/javascript';
  summary: string;
}

const l = <const T extends LtiEndpoint>(endpoint: T): T => endpoint;

export const ltiEndpoints = {
  ltiJwks: l({
    method: 'GET',
    path: '/lti/jwks',
    produces: 'application/json',
    summary: 'The tool’s public keys (JWKS), each with its kid; during a rotation the old and the new',
  }),
  ltiLogin: l({
    method: 'GET',
    path: '/lti/login',
    produces: 'redirect',
    summary:
      'OIDC third-party login initiation (iss, login_hint, target_link_uri, lti_message_hint, client_id, lti_deployment_id, lti_storage_target): redirects to the platform’s authorization endpoint, or answers a page that first stores the state in the platform’s storage',
  }),
  ltiLoginPost: l({
    method: 'POST',
    path: '/lti/login',
    consumes: 'application/x-www-form-urlencoded',
    produces: 'redirect',
    summary: 'The login initiation as a form POST',
  }),
  ltiLaunch: l({
    method: 'POST',
    path: '/lti/launch',
    consumes: 'application/x-www-form-urlencoded',
    produces: 'text/html',
    summary:
      'The launch: the platform’s form_post of id_token and state; answers the page that opens the course in the CoursePlayer (for a deep-linking request, the catalog an instructor chooses from), or an error page saying why the launch is refused',
  }),
  ltiDeepLink: l({
    method: 'POST',
    path: '/lti/deep-link',
    consumes: 'application/x-www-form-urlencoded',
    produces: 'text/html',
    summary:
      'An instructor’s choice on the deep-linking page (the signed choice, course, module): answers the page that posts the signed LtiDeepLinkingResponse to the platform’s deep_link_return_url, or an error page',
  }),
  ltiRegister: l({
    method: 'GET',
    path: '/lti/register',
    produces: 'text/html',
    summary:
      'LTI Dynamic Registration, opened by the LMS with an admin’s single-use link (link) and its openid_configuration and registration_token: reads the platform’s configuration, registers the tool at its registration endpoint, stores the registration and its deployment, and answers a page that tells the LMS it is done (org.imsglobal.lti.close), or an error page saying why',
  }),
  ltiScript: l({
    method: 'GET',
    path: '/lti/lti.js',
    produces: 'text/javascript',
    summary: 'The script of the LTI pages (platform storage, the deep-linking return, the player)',
  }),
} as const satisfies Record<string, LtiEndpoint>;
