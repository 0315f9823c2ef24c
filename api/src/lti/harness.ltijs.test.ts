import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followLaunch, type LtijsIdToken, type LtijsTool, startLtijsTool } from '../test/ltijsTool';
import { formOf, INSTRUCTOR, type OidcPlatform, startOidcPlatform } from '../test/oidcPlatform';

// The LTI harness's scenarios run with ltijs (1EdTech-certified) as the tool: the LMS built on
// oidc-provider must launch it, accept its deep-linking response, store its scores and answer its
// roster calls. CourseKit's tool runs the same scenarios in launch, platform, ags and
// dynamicRegistration tests; a scenario counts only if ltijs passes it too. ltijs keeps its state in
// a database (ltijs-sequelize on PostgreSQL): without DATABASE_URL (PGlite runs) the file is skipped.

const TOOL_URL = 'https://tool.test';
const DEEP_LINKING = 'LtiDeepLinkingRequest';
const CONTENT_ITEM = {
  type: 'ltiResourceLink',
  title: 'Module 2',
  url: `${TOOL_URL}/api/lti/launch`,
  custom: { course: 'demo', module: '2' },
  lineItem: { scoreMaximum: 100, label: 'Module 2', resourceId: 'course:demo/module:2', tag: 'ltijs' },
};
const adminUrl = process.env.DATABASE_URL;

describe.skipIf(!adminUrl)('the LTI harness with ltijs as the tool (PostgreSQL: DATABASE_URL)', () => {
  let tool: LtijsTool;
  let platform: OidcPlatform;

  beforeAll(async () => {
    tool = await startLtijsTool({ adminUrl: adminUrl!, publicUrl: TOOL_URL, contentItems: [CONTENT_ITEM] });
    platform = await startOidcPlatform({ publicUrl: TOOL_URL, url: tool.url });
    await tool.register(platform);
  });
  afterAll(async () => {
    await platform?.close();
    await tool?.close();
  });

  /** A user's launch through the LMS, followed into ltijs: the token ltijs's handler got. */
  async function launch(
    sub: string,
    spec: Parameters<Awaited<ReturnType<OidcPlatform['signIn']>>['launch']>[0] = {},
    options: { clientId?: string } = {},
  ): Promise<{ token: LtijsIdToken; idToken: string; body: string }> {
    const user = await platform.signIn(sub);
    const posted = await user.launch(spec, options);
    const before = tool.launches.length;
    const opened = await followLaunch(tool, posted);
    expect(opened.status, opened.body).toBe(200);
    expect(tool.launches).toHaveLength(before + 1);
    return { token: tool.launches.at(-1)!, idToken: posted.idToken, body: opened.body };
  }

  const kidOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()).kid;

  it('launches a resource link signed with the platform’s current key', async () => {
    const { token, idToken } = await launch('ltijs-lia', { custom: { module: '2' }, resourceLinkId: 'link-7' });
    expect(kidOf(idToken)).toBe('lms-1');
    expect(token).toMatchObject({
      iss: platform.issuer,
      clientId: platform.clientId,
      user: 'ltijs-lia',
      deploymentId: 'deploy-1',
      userInfo: { name: 'User ltijs-lia', email: 'ltijs-lia@school.test' },
      platformContext: {
        messageType: 'LtiResourceLinkRequest',
        resource: { id: 'link-7' },
        custom: { module: '2' },
        context: { id: 'context-1' },
        endpoint: { lineitems: platform.lineItemsUrl() },
      },
    });
  });
});
