import { usePlatformTexts } from '../session/SettingsProvider';
import { OutlineError, Pending, useCourseOutline } from '../session/useCourseOutline';
import { countInWords } from './countInWords';

/**
 * learner §1: the course, the initiative behind it, and the help mailbox. What it says of the course
 * (title, description, audience, times) is the course's outline; the initiative and the mailbox are
 * the platform's words (System Settings).
 */
export function About() {
  const outline = useCourseOutline();
  const platform = usePlatformTexts();
  const course = outline.data;
  const initiative = platform?.about.split(/\n\s*\n/).filter((p) => p.trim()) ?? [];
  return (
    <article className="prose" aria-busy={outline.isPending}>
      <h1>About this course</h1>
      {outline.isError ? <OutlineError retry={() => void outline.refetch()} /> : null}
      {course ? (
        <p>
          <strong>{course.title}</strong>: {course.description}
        </p>
      ) : outline.isPending ? (
        <p>
          <Pending width="100%" />
          <Pending width="60%" />
        </p>
      ) : null}
      {course?.audience ? (
        <>
          <h2>Who it is for</h2>
          <p>{course.audience}</p>
        </>
      ) : null}
      {initiative.length > 0 ? (
        <>
          <h2>The initiative behind it</h2>
          {initiative.map((paragraph) => (
            <p key={paragraph}>{paragraph.trim()}</p>
          ))}
        </>
      ) : null}
      <h2>What you get</h2>
      <ul>
        <li>
          {course ? countInWords(course.modules.length, 'module') : 'Modules'}, taken in sequence, each with
          an introduction, lessons and a summary
        </li>
        <li>
          A pre-assessment ({course ? `about ${course.pre_assessment_time}, ` : ''}no time limit, retake it
          any time)
        </li>
        <li>A final multiple-choice quiz with instant feedback and an explanation for every answer</li>
        <li>Progress tracking across every lesson and module</li>
        <li>A certificate of completion when you finish all lessons and pass the final quiz</li>
      </ul>
      <h2>How long it takes</h2>
      {course ? (
        <p>
          Allow an estimated {course.estimated_time} in total. The syllabus reading time is{' '}
          {course.syllabus_time}, excluding the quiz.
        </p>
      ) : outline.isPending ? (
        <p>
          <Pending width="80%" />
        </p>
      ) : null}
      <h2>Need help?</h2>
      <p>
        If you have a question about the course or your account, write to us at{' '}
        {platform ? <a href={`mailto:${platform.support_email}`}>{platform.support_email}</a> : '…'} and we
        will get back to you.
      </p>
    </article>
  );
}
