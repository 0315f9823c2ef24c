import { formatDuration, moduleDurationMinutes } from '@coursekit/core';
import { Link, useRouter } from '@tanstack/react-router';
import { useCourseSlug } from '../session/CourseScope';
import { Fact, OutlineError, useCourseOutline } from '../session/useCourseOutline';

/** learner §1/§2: the course's objectives, its modules with durations, and its total reading time. */
export function Syllabus() {
  const router = useRouter();
  const outline = useCourseOutline();
  const course = outline.data;
  const slug = useCourseSlug();

  return (
    <article className="prose" aria-busy={outline.isPending}>
      <h1>
        Syllabus
        <Fact outline={outline} width="18ch">
          {(c) => `: ${c.title}`}
        </Fact>
      </h1>
      {outline.isError ? <OutlineError retry={() => void outline.refetch()} /> : null}
      {outline.isError ? null : (
        <p>
          Total time:{' '}
          <strong>
            <Fact outline={outline} width="5ch">
              {(c) => c.syllabus_time}
            </Fact>
          </strong>{' '}
          (excluding the quiz).
        </p>
      )}
      <h2>Learning objectives</h2>
      {course ? (
        <ol>
          {course.objectives.map((objective) => (
            <li key={objective.id}>{objective.text}</li>
          ))}
        </ol>
      ) : null}
      <h2>Modules</h2>
      {course ? (
        <ol className="syllabus-modules">
          {course.modules.map((module) => (
            <li key={module.id}>
              <strong>
                Module {module.id}: {module.name}
              </strong>{' '}
              <span className="badge">{formatDuration(moduleDurationMinutes(module))}</span>
              <p>{module.description}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <h2>Final quiz</h2>
      <p>A multiple-choice quiz with instant feedback and an explanation for every answer.</p>
      <div className="actions">
        <button type="button" className="button" onClick={() => router.history.back()}>
          Back
        </button>
        {slug ? (
          <Link to="/courses/$slug/modules" params={{ slug }} className="button button-primary">
            Proceed to Modules
          </Link>
        ) : (
          <Link to="/modules" className="button button-primary">
            Proceed to Modules
          </Link>
        )}
      </div>
    </article>
  );
}
