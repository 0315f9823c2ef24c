import type { CourseAdapter } from '../adapter/CourseAdapter';
import type { ProgressState } from '../schemas/derived';
import type { Lesson, Quiz, SystemSettings } from '../schemas/entities';
import {
  type CourseEvent,
  type CourseEventListener,
  maintenanceEvent,
  progressEvents,
  quizCompletedEvent,
} from './courseEvents';

/**
 * Wraps an adapter so that every successful call that changes the learner's course tells `listener`
 * what happened, in the order it happened. One place for every widget (and any partner adapter):
 * events are derived from the answers, never from what a screen thinks it did.
 */
export function withCourseEvents(inner: CourseAdapter, listener: CourseEventListener): CourseAdapter {
  const lessons = new Map<string, Lesson>();
  const quizzes = new Map<number, Pick<Quiz, 'id' | 'title' | 'kind'>>();
  const attemptQuiz = new Map<number, number>();
  let progress: ProgressState['summary'] | undefined;
  let settings: SystemSettings | undefined;
  let certificateCode: string | null | undefined;

  const emit = (events: ReadonlyArray<CourseEvent | null>) => {
    for (const event of events) {
      if (!event) continue;
      try {
        listener(event);
      } catch (error) {
        console.error('CourseKit: an event listener threw', error);
      }
    }
  };
  const sawProgress = (state: ProgressState, before: CourseEvent[] = []) => {
    emit([...before, ...progressEvents(progress, state.summary)]);
    progress = state.summary;
    return state;
  };
  const sawSettings = (next: SystemSettings) => {
    emit([maintenanceEvent(settings, next)]);
    settings = next;
    return next;
  };

  return {
    ...inner,
    settings: {
      get: async () => sawSettings(await inner.settings.get()),
      subscribe: (l) => inner.settings.subscribe((next) => l(sawSettings(next))),
    },
    course: {
      catalog: () => inner.course.catalog(),
      outline: () => inner.course.outline(),
      modules: () => inner.course.modules(),
      async lessons(moduleId) {
        const list = await inner.course.lessons(moduleId);
        for (const lesson of list) lessons.set(lesson.lesson_key, lesson);
        return list;
      },
    },
    progress: {
      get: async () => sawProgress(await inner.progress.get()),
      async setLessonCompleted(lessonKey, completed) {
        const state = await inner.progress.setLessonCompleted(lessonKey, completed);
        const lesson = lessons.get(lessonKey);
        const record = state.records.find((r) => r.lesson_key === lessonKey);
        const done: CourseEvent[] =
          completed && record
            ? [
                {
                  type: 'lessonCompleted',
                  moduleId: record.module_id,
                  lessonId: lesson?.id ?? record.lesson_id ?? 0,
                  lessonKey,
                  title: lesson?.title ?? lessonKey,
                },
              ]
            : [];
        return sawProgress(state, done);
      },
      reset: async () => sawProgress(await inner.progress.reset()),
      resetModule: async (moduleId) => sawProgress(await inner.progress.resetModule(moduleId)),
    },
    quizzes: {
      async list() {
        const list = await inner.quizzes.list();
        for (const { quiz } of list) quizzes.set(quiz.id, quiz);
        return list;
      },
      async get(quizId) {
        const found = await inner.quizzes.get(quizId);
        quizzes.set(found.quiz.id, found.quiz);
        return found;
      },
      async startAttempt(quizId) {
        const attempt = await inner.quizzes.startAttempt(quizId);
        attemptQuiz.set(attempt.id, quizId);
        return attempt;
      },
      async answer(attemptId, questionId, answer) {
        const result = await inner.quizzes.answer(attemptId, questionId, answer);
        const quiz = quizzes.get(attemptQuiz.get(attemptId) ?? -1);
        if (quiz)
          emit([{ type: 'quizAnswered', quizId: quiz.id, quizTitle: quiz.title, questionId, result }]);
        return result;
      },
      async complete(attemptId, answers) {
        const done = await inner.quizzes.complete(attemptId, answers);
        const quiz = quizzes.get(done.attempt.quiz_id);
        if (quiz) emit([quizCompletedEvent(quiz, done)]);
        return done;
      },
      attempts: (quizId) => inner.quizzes.attempts(quizId),
    },
    ...(inner.certificate
      ? {
          certificate: {
            ...inner.certificate,
            async get() {
              const certificate = await inner.certificate!.get();
              // The first time a certificate exists (not on every read of one that always did).
              if (certificate && certificateCode === null)
                emit([{ type: 'certificateIssued', code: certificate.code }]);
              certificateCode = certificate?.code ?? null;
              return certificate;
            },
          },
        }
      : {}),
  };
}
