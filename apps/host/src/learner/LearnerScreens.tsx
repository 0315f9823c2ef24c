import { CoursePlayer, ProgressPanel } from '@coursekit/react';
import { useParams } from '@tanstack/react-router';
import { useCourseOutline } from '../session/useCourseOutline';
import { LoadingScreen } from '../ui/LoadingScreen';
import { WidgetHost } from './WidgetHost';

// learner §2 course screens, each one screen of the CoursePlayer widget.

/** The dashboard, titled with the course's own title (the widget's default if it cannot be read). */
export function CourseScreen() {
  const outline = useCourseOutline();
  if (outline.isPending) return <LoadingScreen />;
  return (
    <WidgetHost>
      <CoursePlayer screen="dashboard" {...(outline.data ? { title: outline.data.title } : {})} />
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
