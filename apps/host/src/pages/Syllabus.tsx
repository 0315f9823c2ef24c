import { COURSE_TIME, formatDuration, moduleDurationMinutes } from '@coursekit/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useAdapter } from '../session/SessionProvider';
import { COURSE_TITLE, LEARNING_OBJECTIVES, MODULE_OUTLINE } from './courseOutline';

/** learner §1/§2: objectives, modules with durations, 2h 32m excluding the quiz. */
export function Syllabus() {
  const adapter = useAdapter();
  const router = useRouter();
  const modules = useQuery({ queryKey: ['host', 'modules'], queryFn: () => adapter.course.modules() });
  const rows =
    modules.data ?? MODULE_OUTLINE.map((m) => ({ id: m.id, name: m.name, description: m.summary }));

  return (
    <article className="prose">
      <h1>Syllabus: {COURSE_TITLE}</h1>
      <p>
        Total time: <strong>{COURSE_TIME.syllabus}</strong> (excluding the quiz).
      </p>
      <h2>Learning objectives</h2>
      <ol>
        {LEARNING_OBJECTIVES.map((objective) => (
          <li key={objective}>{objective}</li>
        ))}
      </ol>
      <h2>Modules</h2>
      <ol className="syllabus-modules">
        {rows.map((module) => (
          <li key={module.id}>
            <strong>
              Module {module.id}: {module.name}
            </strong>{' '}
            <span className="badge">{formatDuration(moduleDurationMinutes(module.id))}</span>
            <p>{module.description}</p>
          </li>
        ))}
      </ol>
      <h2>Final quiz</h2>
      <p>A multiple-choice quiz with instant feedback and an explanation for every answer.</p>
      <div className="actions">
        <button type="button" className="button" onClick={() => router.history.back()}>
          Back
        </button>
        <Link to="/modules" className="button button-primary">
          Proceed to Modules
        </Link>
      </div>
    </article>
  );
}
