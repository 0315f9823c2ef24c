import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followLaunch, type LtijsIdToken, type LtijsTool, startLtijsTool } from '../test/ltijsTool';
import { formOf, INSTRUCTOR, type OidcPlatform, startOidcPlatform } from '../test/oidcPlatform';

// The LTI harness's scenarios run with ltijs (1EdTech-certified) as the tool: the LMS built on
// oidc-provider must launch it, accept its deep-linking response, store its scores and answer its
// roster calls. CourseKit's tool runs the same scenarios in launch, platform, ags and
// dynamicRegistration tests; a scenario counts only if ltijs passes it too. ltijs keeps its state in
// a database (ltijs-sequelize on PostgreSQL): without DATABASE_URL (PGlite runs) the file is skipped.
// Each step is bounded: a harness that stops answering fails its scenario in seconds.

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
const TITLE = `the LTI harness with ltijs as the tool${adminUrl ? '' : ' (skipped: ltijs needs PostgreSQL, DATABASE_URL)'}`;

describe.skipIf(!adminUrl)(TITLE, { timeout: 20_000 }, () => {
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
    const { token, idToken } = await launch('ltijs-lia', {
      custom: { module: '2' },
      resourceLinkId: 'link-7',
    });
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

  it('launches after the platform rotates its key: ltijs reads the new kid from the platform’s JWKS', async () => {
    await platform.rotate();
    const { token, idToken } = await launch('ltijs-cy');
    expect(kidOf(idToken)).toBe('lms-2');
    expect(token.user).toBe('ltijs-cy');
  });

  /** An instructor's deep-linking launch: ltijs's auto-posting form for the platform's return URL. */
  async function deepLinkingForm() {
    const { token, body } = await launch('ltijs-teacher', {
      messageType: DEEP_LINKING,
      roles: [INSTRUCTOR],
    });
    expect(token.platformContext.messageType).toBe(DEEP_LINKING);
    const form = formOf(body);
    expect(form.action).toBe(token.platformContext.deepLinkingSettings!.deep_link_return_url);
    return form;
  }
  const returnTo = async (action: string, fields: Record<string, string>) => {
    const res = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    return { status: res.status, body: await res.text() };
  };

  it('deep-links: the platform accepts ltijs’s signed response and keeps its line item', async () => {
    const before = platform.deepLinks().length;
    const form = await deepLinkingForm();
    // A response made for one request is refused at another's return URL, ltijs's as CourseKit's.
    const other = await deepLinkingForm();
    const crossed = await returnTo(other.action, form.fields);
    expect(crossed.status).toBe(400);
    expect(crossed.body).toMatch(/wrong data/);

    const back = await returnTo(form.action, form.fields);
    expect(back.status, back.body).toBe(200);
    const accepted = platform.deepLinks();
    expect(accepted).toHaveLength(before + 1);
    expect(accepted.at(-1)).toMatchObject({
      iss: platform.clientId,
      aud: platform.issuer,
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [CONTENT_ITEM],
    });
  });

  it('grades back: ltijs creates a line item for its link and the gradebook stores its scores', async () => {
    const { token } = await launch('ltijs-bo', { resourceLinkId: 'link-ags' });
    const created = await tool.lti.Grade.createLineItem(
      token,
      { scoreMaximum: 10, label: 'Quiz', resourceId: 'quiz-1', tag: 'ltijs' },
      { resourceLinkId: true },
    );
    expect(platform.lineItems()).toContainEqual(
      expect.objectContaining({ id: created.id, label: 'Quiz', resourceLinkId: 'link-ags', tag: 'ltijs' }),
    );
    // Another tool's column on the same link: the container lists by link and tag.
    platform.addLineItem({ label: 'Other', scoreMaximum: 5, resourceLinkId: 'link-ags', tag: 'other' });
    const found = await tool.lti.Grade.getLineItems(token, { resourceLinkId: true, tag: 'ltijs' });
    expect(found.lineItems.map((l) => l.id)).toEqual([created.id]);

    // A score out of the line item's maximum, and one whose maximum ltijs reads from the line item.
    await tool.lti.Grade.submitScore(token, created.id, {
      scoreGiven: 7,
      scoreMaximum: 10,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    await tool.lti.Grade.submitScore(token, created.id, {
      scoreGiven: 9,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    // The gradebook refuses what is not an AGS Score, whoever sends it.
    await expect(
      tool.lti.Grade.submitScore(token, created.id, {
        scoreGiven: 3,
        scoreMaximum: 10,
        activityProgress: 'Done',
        gradingProgress: 'FullyGraded',
      }),
    ).rejects.toThrow(/400/);
    const stored = platform.scores().filter((s) => s.lineItem === created.id);
    expect(stored.map((s) => s.score)).toEqual([
      expect.objectContaining({
        userId: 'ltijs-bo',
        scoreGiven: 7,
        scoreMaximum: 10,
        gradingProgress: 'FullyGraded',
      }),
      expect.objectContaining({
        userId: 'ltijs-bo',
        scoreGiven: 9,
        scoreMaximum: 10,
        gradingProgress: 'FullyGraded',
      }),
    ]);
  });

  it('grades back to the line item the platform put in the launch', async () => {
    const column = platform.addLineItem({ label: 'Course', scoreMaximum: 100, resourceLinkId: 'link-1' });
    const { token } = await launch('ltijs-di', { lineItem: column });
    expect(token.platformContext.endpoint?.lineitem).toBe(column);
    await tool.lti.Grade.submitScore(token, column, {
      scoreGiven: 80,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    expect(
      platform
        .scores()
        .filter((s) => s.lineItem === column)
        .map((s) => s.score),
    ).toEqual([expect.objectContaining({ userId: 'ltijs-di', scoreGiven: 80 })]);
  });

  it('lists the context’s members from the platform (NRPS)', async () => {
    const members = [
      { user_id: 'ltijs-ed', name: 'Ed', roles: [INSTRUCTOR] },
      { user_id: 'ltijs-fay', name: 'Fay' },
    ];
    platform.setMembers('context-nrps', members);
    const { token } = await launch('ltijs-ed', { contextId: 'context-nrps', roles: [INSTRUCTOR] });
    const roster = await tool.lti.NamesAndRoles.getMembers(token);
    expect(roster.members).toEqual([
      expect.objectContaining({ ...members[0], status: 'Active' }),
      expect.objectContaining({ ...members[1], status: 'Active' }),
    ]);
  });

  // ltijs makes a 4096-bit RSA key for each platform it registers: seconds on a loaded machine.
  it('registers itself by URL (Dynamic Registration) and launches through the client the platform made', {
    timeout: 60_000,
  }, async () => {
    const invite = await platform.dynamicRegistration();
    const res = await fetch(
      `${tool.url}/api/lti/register?${new URLSearchParams({
        openid_configuration: invite.openidConfiguration,
        registration_token: invite.registrationToken,
      })}`,
    );
    const html = await res.text();
    expect(res.status, html).toBe(200);
    expect(html).toContain('org.imsglobal.lti.close');
    const clients = await Promise.all((await tool.lti.getAllPlatforms()).map((p) => p.platformClientId()));
    const made = clients.find((id) => id !== platform.clientId)!;
    const client = await platform.client(made);
    expect(client).toMatchObject({
      redirect_uris: [`${TOOL_URL}/api/lti/launch`],
      initiate_login_uri: `${TOOL_URL}/api/lti/login`,
      jwks_uri: `${TOOL_URL}/api/lti/jwks`,
    });
    const deployment = (
      client!['https://purl.imsglobal.org/spec/lti-tool-configuration'] as { deployment_id: string }
    ).deployment_id;
    const { token } = await launch('ltijs-dr', { deploymentId: deployment }, { clientId: made });
    expect(token).toMatchObject({ clientId: made, deploymentId: deployment, user: 'ltijs-dr' });
  });
});
