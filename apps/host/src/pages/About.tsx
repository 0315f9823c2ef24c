import { OutlineError, Pending, useCourseOutline } from '../session/useCourseOutline';
import { SUPPORT_EMAIL } from '../siteConfig';
import { countInWords } from './countInWords';

/** learner §1: the course, the initiative behind it, and the help mailbox. */
export function About() {
  const outline = useCourseOutline();
  const course = outline.data;
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
      <h2>Who it is for</h2>
      <p>
        Facility-management and real-estate professionals: facility and property managers, maintenance and
        asset managers, workplace and space planners, and the people who prepare reports for them. No
        technical or IT background is needed.
      </p>
      <h2>The initiative behind it</h2>
      <p>
        The course is part of <strong>the CourseKit Data Literacy initiative</strong>, an industry initiative
        for facility and real-estate professionals, giving the people who run buildings the confidence to
        trust, challenge and act on their data.
      </p>
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
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will get back to you.
      </p>
    </article>
  );
}
