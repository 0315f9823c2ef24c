import { QuizRunner } from '@coursekit/react';
import { useParams } from '@tanstack/react-router';
import { WidgetHost } from './WidgetHost';

// learner §2 quiz screens, each one view of the QuizRunner widget.

export function AssessmentScreen() {
  return (
    <WidgetHost>
      <QuizRunner view="assessment" />
    </WidgetHost>
  );
}

/** /quizzes and /course-quizzes. */
export function QuizzesScreen() {
  return (
    <WidgetHost>
      <QuizRunner view="list" />
    </WidgetHost>
  );
}

export function QuizScreen() {
  const { quizId } = useParams({ strict: false });
  return (
    <WidgetHost>
      <QuizRunner key={quizId} view="quiz" quizId={Number(quizId)} />
    </WidgetHost>
  );
}

export function QuizResultsScreen() {
  const { quizId } = useParams({ strict: false });
  return (
    <WidgetHost>
      <QuizRunner key={quizId} view="results" quizId={Number(quizId)} />
    </WidgetHost>
  );
}
