import { COURSE_TIME } from '@coursekit/core';
import { COURSE_TITLE, SUPPORT_EMAIL } from './courseOutline';

/** learner §1: the course, the initiative behind it, and the help mailbox. */
export function About() {
  return (
    <article className="prose">
      <h1>About this course</h1>
      <p>
        <strong>{COURSE_TITLE}</strong> is a self-paced online course that helps you read, question and
        improve the data behind your buildings. It covers the language of data, data quality and validation,
        governance and roles, lineage and lifecycle, and how to integrate systems and communicate what the
        data shows.
      </p>
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
        <li>Five modules, taken in sequence, each with an introduction, three lessons and a summary</li>
        <li>A pre-assessment (about {COURSE_TIME.preAssessment}, no time limit, retake it any time)</li>
        <li>A final multiple-choice quiz with instant feedback and an explanation for every answer</li>
        <li>Progress tracking across every lesson and module</li>
        <li>A certificate of completion when you finish all lessons and pass the final quiz</li>
      </ul>
      <h2>How long it takes</h2>
      <p>
        Allow an estimated {COURSE_TIME.estimated} in total. The syllabus reading time is{' '}
        {COURSE_TIME.syllabus}, excluding the quiz.
      </p>
      <h2>Need help?</h2>
      <p>
        If you have a question about the course or your account, write to us at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will get back to you.
      </p>
    </article>
  );
}
