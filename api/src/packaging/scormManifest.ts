import type { CourseBundle } from '@coursekit/core';
import { xml } from './xml';

/** The schema files a SCORM package carries at its root, as its manifest's schemaLocation names them. */
export const SCORM_SCHEMA_FILES = {
  scorm12: ['imscp_rootv1p1p2.xsd', 'imsmd_rootv1p2p1.xsd', 'adlcp_rootv1p2.xsd', 'ims_xml.xsd'],
  scorm2004: [
    'imscp_v1p1.xsd',
    'adlcp_v1p3.xsd',
    'adlseq_v1p3.xsd',
    'adlnav_v1p3.xsd',
    'imsss_v1p0.xsd',
    'imsss_v1p0auxresource.xsd',
    'imsss_v1p0control.xsd',
    'imsss_v1p0delivery.xsd',
    'imsss_v1p0limit.xsd',
    'imsss_v1p0objective.xsd',
    'imsss_v1p0random.xsd',
    'imsss_v1p0rollup.xsd',
    'imsss_v1p0seqrule.xsd',
    'imsss_v1p0util.xsd',
    'xml.xsd',
    'datatypes.dtd',
    'XMLSchema.dtd',
  ],
} as const;

/** An XML ID (NCName) from a slug: letters, digits, '-', '_', '.'; never a leading digit. */
const xmlId = (text: string) => `ck-${text.replace(/[^A-Za-z0-9_.-]/g, '-')}`;

/** The judged quiz's passing score, 0..100: what the LMS compares the score with. */
function masteryPercent(bundle: CourseBundle): number | null {
  return bundle.quizzes.find((q) => q.quiz.kind === 'course')?.quiz.passing_score ?? null;
}

const fileList = (files: readonly string[], indent: string) =>
  files.map((href) => `${indent}<file href="${xml(href)}"/>`).join('\n');

/**
 * imsmanifest.xml for SCORM 1.2: one organization, one item launching the one SCO (the whole
 * course), the final quiz's passing score as adlcp:masteryscore, and every file of the package.
 */
export function scorm12Manifest(bundle: CourseBundle, files: readonly string[]): string {
  const id = xmlId(bundle.course.slug);
  const mastery = masteryPercent(bundle);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="${xml(bundle.course.version)}"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="${id}-org">
    <organization identifier="${id}-org">
      <title>${xml(bundle.course.title)}</title>
      <item identifier="${id}-item" identifierref="${id}-sco" isvisible="true">
        <title>${xml(bundle.course.title)}</title>${mastery === null ? '' : `\n        <adlcp:masteryscore>${Math.round(mastery)}</adlcp:masteryscore>`}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id}-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
${fileList(files, '      ')}
    </resource>
  </resources>
</manifest>
`;
}

/**
 * imsmanifest.xml for SCORM 2004 4th edition: one SCO; its sequencing declares the primary objective
 * (satisfied by the score against the final quiz's passing share, which the LMS hands the SCO as
 * cmi.scaled_passing_score) and the course's learning objectives, which the SCO reports in cmi.objectives.
 */
export function scorm2004Manifest(bundle: CourseBundle, files: readonly string[]): string {
  const id = xmlId(bundle.course.slug);
  const mastery = masteryPercent(bundle);
  const primary =
    mastery === null
      ? '<imsss:primaryObjective objectiveID="course"/>'
      : `<imsss:primaryObjective objectiveID="course" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${mastery / 100}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>`;
  const objectives = bundle.outline.objectives
    .map((o) => `\n            <imsss:objective objectiveID="${xml(o.id)}"/>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="${xml(bundle.course.version)}"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="${id}-org">
    <organization identifier="${id}-org">
      <title>${xml(bundle.course.title)}</title>
      <item identifier="${id}-item" identifierref="${id}-sco">
        <title>${xml(bundle.course.title)}</title>
        <imsss:sequencing>
          <imsss:objectives>
            ${primary}${objectives}
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id}-sco" type="webcontent" adlcp:scormType="sco" href="index.html">
${fileList(files, '      ')}
    </resource>
  </resources>
</manifest>
`;
}
