import { CoursePlayer, ProgressPanel } from '@coursekit/react';
import { useParams } from '@tanstack/react-router';
import { COURSE_TITLE } from '../pages/courseOutline';
import { WidgetHost } from './WidgetHost';

// learner §2 course screens, each one screen of the CoursePlayer widget.

export function CourseScreen() {
  return (
    <WidgetHost>
      <CoursePlayer screen="dashboard" title={COURSE_TITLE} />
    </WidgetHost>
  );
}

export function ModulesScreen() {
  return (
    <WidgetHost>
      <CoursePlayer screen="modules" />
    </WidgetHost>
  );
}

/** /module/{id}, /module-page/{id} and /lesson/{id}/{lesson} all open the module's lessons. */
export function ModuleScreen() {
  const { moduleId, lessonId } = useParams({ strict: false }) as {
    moduleId?: string | number;
    lessonId?: string;
  };
  const lesson = Number(lessonId);
  return (
    <WidgetHost>
      <CoursePlayer
        screen="module"
        moduleId={Number(moduleId)}
        {...(Number.isInteger(lesson) && lesson > 0 ? { lessonId: lesson } : {})}
      />
    </WidgetHost>
  );
}

export function ProgressScreen() {
  return (
    <WidgetHost>
      <ProgressPanel />
    </WidgetHost>
  );
}
