import type { CourseBundle } from '@coursekit/core';
import { xml } from './xml';

const LANG = 'en-US';
const text = (name: 'title' | 'description', value: string, indent: string) =>
  `${indent}<${name}><langstring lang="${LANG}">${xml(value)}</langstring></${name}>`;

/** The AUs of a course's cmi5 package: the pre-assessment, one per module, the final quiz. */
interface Cmi5Au {
  /** The `au` launch parameter the player reads to know which part it shows. */
  key: string;
  title: string;
  description: string;
  moveOn: 'NotApplicable' | 'Completed' | 'CompletedAndPassed';
  masteryScore?: number;
  objectives: string[];
}

export function cmi5Aus(bundle: CourseBundle): Cmi5Au[] {
  const pre = bundle.quizzes.find((q) => q.quiz.kind === 'pre_assessment');
  const final = bundle.quizzes.find((q) => q.quiz.kind === 'course');
  const objectivesOf = (questions: Array<{ objectives: string[] }>) => [
    ...new Set(questions.flatMap((q) => q.objectives)),
  ];
  const aus: Cmi5Au[] = [];
  // The pre-assessment is there to take, and counts for nothing: NotApplicable.
  if (pre) {
    aus.push({
      key: 'pre-assessment',
      title: pre.quiz.title,
      description: pre.quiz.description ?? pre.quiz.title,
      moveOn: 'NotApplicable',
      objectives: objectivesOf(pre.questions),
    });
  }
  for (const m of bundle.modules) {
    const questions = bundle.quizzes.flatMap((q) => q.questions).filter((q) => q.module_id === m.id);
    aus.push({
      key: `module-${m.id}`,
      title: `Module ${m.id}: ${m.name}`,
      description: m.description,
      moveOn: 'Completed',
      objectives: objectivesOf(questions),
    });
  }
  if (final) {
    aus.push({
      key: 'final-quiz',
      title: final.quiz.title,
      description: final.quiz.description ?? final.quiz.title,
      moveOn: 'CompletedAndPassed',
      masteryScore: final.quiz.passing_score / 100,
      objectives: objectivesOf(final.questions),
    });
  }
  return aus;
}

/**
 * cmi5.xml: the course, its learning objectives, and its AUs in order, each launching the same
 * player on its part (`index.html?au=…`) with the objectives its questions check.
 */
export function cmi5Structure(bundle: CourseBundle): string {
  const iri = bundle.course.iri;
  const objectiveIri = (id: string) => `${iri}/objectives/${encodeURIComponent(id)}`;
  const known = new Set(bundle.outline.objectives.map((o) => o.id));
  const objectives = bundle.outline.objectives.length
    ? `  <objectives>
${bundle.outline.objectives
  .map(
    (o) => `    <objective id="${xml(objectiveIri(o.id))}">
${text('title', o.id, '      ')}
${text('description', o.text, '      ')}
    </objective>`,
  )
  .join('\n')}
  </objectives>
`
    : '';
  const aus = cmi5Aus(bundle)
    .map((au) => {
      const refs = au.objectives.filter((id) => known.has(id));
      const mastery = au.masteryScore === undefined ? '' : ` masteryScore="${au.masteryScore}"`;
      return `  <au id="${xml(`${iri}/au/${au.key}`)}" moveOn="${au.moveOn}"${mastery} launchMethod="AnyWindow">
${text('title', au.title, '    ')}
${text('description', au.description, '    ')}${
  refs.length
    ? `\n    <objectives>\n${refs.map((id) => `      <objective idref="${xml(objectiveIri(id))}"/>`).join('\n')}\n    </objectives>`
    : ''
}
    <url>index.html?au=${au.key}</url>
  </au>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${xml(iri)}">
${text('title', bundle.course.title, '    ')}
${text('description', bundle.course.description, '    ')}
  </course>
${objectives}${aus}
</courseStructure>
`;
}
