import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { SCHEMAS_DIR } from './buildPackage';

/** The published schemas each document is checked against, by namespace (files in ./schemas). */
export const SCHEMA_SETS = {
  scorm12: {
    'http://www.imsproject.org/xsd/imscp_rootv1p1p2': 'scorm12/imscp_rootv1p1p2.xsd',
    'http://www.adlnet.org/xsd/adlcp_rootv1p2': 'scorm12/adlcp_rootv1p2.xsd',
    'http://www.imsglobal.org/xsd/imsmd_rootv1p2p1': 'scorm12/imsmd_rootv1p2p1.xsd',
  },
  scorm2004: {
    'http://www.imsglobal.org/xsd/imscp_v1p1': 'scorm2004/imscp_v1p1.xsd',
    'http://www.adlnet.org/xsd/adlcp_v1p3': 'scorm2004/adlcp_v1p3.xsd',
    'http://www.adlnet.org/xsd/adlseq_v1p3': 'scorm2004/adlseq_v1p3.xsd',
    'http://www.adlnet.org/xsd/adlnav_v1p3': 'scorm2004/adlnav_v1p3.xsd',
    'http://www.imsglobal.org/xsd/imsss': 'scorm2004/imsss_v1p0.xsd',
  },
  cmi5: {
    'https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd': 'cmi5/CourseStructure.xsd',
  },
} as const;

/**
 * Validates an XML document with xmllint (Debian's libxml2-utils) against a set of the published
 * schemas. xmllint takes one schema, so a throw-away one imports every namespace of the set: the
 * manifest's extension elements (adlcp, imsss…) are then checked too, not skipped as unknown.
 * Answers xmllint's verdict: ok, and its messages.
 */
export async function validateWithXmllint(
  document: string,
  set: keyof typeof SCHEMA_SETS,
): Promise<{ ok: boolean; output: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'coursekit-xsd-'));
  try {
    const imports = Object.entries(SCHEMA_SETS[set])
      .map(([ns, file]) => {
        const location = pathToFileURL(path.join(SCHEMAS_DIR, file)).href;
        return `  <xs:import namespace="${ns}" schemaLocation="${location}"/>`;
      })
      .join('\n');
    const wrapper = path.join(dir, 'all.xsd');
    await writeFile(
      wrapper,
      `<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:coursekit:validation">\n${imports}\n</xs:schema>\n`,
    );
    const file = path.join(dir, 'document.xml');
    await writeFile(file, document);
    try {
      const { stderr } = await promisify(execFile)('xmllint', [
        '--noout',
        '--nonet',
        '--schema',
        wrapper,
        file,
      ]);
      return { ok: true, output: stderr };
    } catch (error) {
      const failed = error as { stderr?: string; message: string };
      return { ok: false, output: failed.stderr || failed.message };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
