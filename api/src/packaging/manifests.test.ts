import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startServer, type TestServer } from '../test/harness';
import { cmi5Structure } from './cmi5Structure';
import { type LoadedCourse, loadCourseBundle } from './courseBundle';
import { scorm12Manifest, scorm2004Manifest } from './scormManifest';
import { validateWithXmllint } from './xsdValidation';

// The manifests of the seed's course, checked by xmllint against the published ADL SCORM 1.2, SCORM
// 2004 4th edition and cmi5 schemas (./schemas, sources in its README).
describe.each(DRIVERS)('package manifests of the seed course (%s)', (driver) => {
  let server: TestServer;
  let course: LoadedCourse;
  const files = ['index.html', 'player.js', 'player.css', 'data/course.json'];
  beforeAll(async () => {
    server = await startServer(driver);
    course = await loadCourseBundle(server.app.ctx);
  });
  afterAll(() => server?.close());

  it('SCORM 1.2 imsmanifest.xml validates against imscp_rootv1p1p2, adlcp_rootv1p2 and imsmd', async () => {
    const xml = scorm12Manifest(course.bundle, files);
    expect(await validateWithXmllint(xml, 'scorm12')).toEqual({
      ok: true,
      output: expect.stringContaining('validates'),
    });
    expect(xml).toContain('<adlcp:masteryscore>80</adlcp:masteryscore>');
  });

  it('SCORM 2004 4th edition imsmanifest.xml validates against imscp_v1p1, adlcp/adlseq/adlnav v1p3 and imsss', async () => {
    const xml = scorm2004Manifest(course.bundle, files);
    expect(await validateWithXmllint(xml, 'scorm2004')).toEqual({
      ok: true,
      output: expect.stringContaining('validates'),
    });
    expect(xml).toContain('<imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>');
    for (const objective of course.bundle.outline.objectives)
      expect(xml).toContain(`objectiveID="${objective.id}"`);
  });

  it('cmi5.xml validates against CourseStructure.xsd: one AU per module, the final quiz, the pre-assessment', async () => {
    const xml = cmi5Structure(course.bundle);
    expect(await validateWithXmllint(xml, 'cmi5')).toEqual({
      ok: true,
      output: expect.stringContaining('validates'),
    });
    const aus = [...xml.matchAll(/<au id="([^"]+)" moveOn="(\w+)"/g)].map((m) => [
      m[1]!.split('/au/')[1],
      m[2],
    ]);
    expect(aus).toEqual([
      ['pre-assessment', 'NotApplicable'],
      ...course.bundle.modules.map((m) => [`module-${m.id}`, 'Completed']),
      ['final-quiz', 'CompletedAndPassed'],
    ]);
    expect(xml).toContain('masteryScore="0.8"');
  });

  it('xmllint does refuse a manifest that breaks the schema (the check can fail)', async () => {
    // adlcp:scormtype is 'sco' or 'asset' (adlcp_rootv1p2.xsd)
    const broken = scorm12Manifest(course.bundle, files).replace('scormtype="sco"', 'scormtype="lesson"');
    const verdict = await validateWithXmllint(broken, 'scorm12');
    expect(verdict.ok).toBe(false);
    expect(verdict.output).toMatch(/scormtype.*'lesson' is not an element of the set/);
  });

  it('carries the course as the learner API serves it, images inside, keys and explanations included', () => {
    const { bundle, images } = course;
    expect(bundle.modules).toHaveLength(5);
    expect(bundle.lessons).toHaveLength(25);
    expect(bundle.lessons.some((l) => l.content.includes('/storage/'))).toBe(false);
    const shown = new Set(
      bundle.lessons.flatMap((l) => [...l.content.matchAll(/src="images\/([^"]+)"/g)].map((m) => m[1])),
    );
    expect([...shown].sort()).toEqual(images.map((i) => i.name).sort());
    expect(bundle.quizzes.map((q) => q.questions.length)).toEqual([15, 25]);
    expect(
      bundle.quizzes.every((q) => q.questions.every((x) => x.explanation && x.objectives.length > 0)),
    ).toBe(true);
  });

  it('answers an unknown course with a clear 404', async () => {
    await expect(loadCourseBundle(server.app.ctx, 'no-such-course')).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('no-such-course'),
    });
  });
});
