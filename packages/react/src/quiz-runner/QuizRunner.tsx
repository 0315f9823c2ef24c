import { useCallback } from 'react';
import { NavigationScope, useWidgetRoute } from '../provider/navigation';
import { parseRoute } from '../provider/routes';
import { quizStrings } from '../strings/quizStrings';
import { useStrings } from '../strings/useStrings';
import { WidgetRoot } from '../ui/WidgetRoot';
import { CourseQuiz } from './CourseQuiz';
import { PreAssessment } from './PreAssessment';
import { QuizList } from './QuizList';
import { QuizResults } from './QuizResults';

export type QuizRunnerView = 'list' | 'assessment' | 'quiz' | 'results';

export interface QuizRunnerProps {
  /** The screen: the quiz list (default), the pre-assessment, a course quiz or a quiz's results. */
  view?: QuizRunnerView;
  /** The quiz of the 'quiz' and 'results' views. */
  quizId?: number;
}

const QUIZ_SCREENS = new Set(['quizzes', 'assessment', 'quiz', 'results']);
const ownsQuizPath = (path: string) => QUIZ_SCREENS.has(parseRoute(path).screen);

function pathOf({ view = 'list', quizId = 0 }: QuizRunnerProps) {
  if (view === 'assessment') return '/assessment';
  if (view === 'quiz') return `/quiz/${quizId}`;
  if (view === 'results') return `/quiz/${quizId}/results`;
  return '/quizzes';
}

/** learner §2 /quizzes, /assessment and /quiz/{id}: the quiz list, the pre-assessment, course quizzes, results. */
export function QuizRunner(props: QuizRunnerProps) {
  const t = useStrings(quizStrings);
  return (
    <WidgetRoot label={t.quizRunnerLabel}>
      <Runner {...props} />
    </WidgetRoot>
  );
}

function Runner(props: QuizRunnerProps) {
  const owns = useCallback(ownsQuizPath, []);
  const { path, internal, navigate } = useWidgetRoute(pathOf(props), owns);
  const route = parseRoute(internal ? path : pathOf(props));
  let screen: React.ReactNode;
  if (route.screen === 'assessment') screen = <PreAssessment />;
  else if (route.screen === 'quiz') screen = <CourseQuiz key={route.quizId} quizId={route.quizId} />;
  else if (route.screen === 'results') screen = <QuizResults key={route.quizId} quizId={route.quizId} />;
  else screen = <QuizList />;
  return internal ? <NavigationScope navigate={navigate}>{screen}</NavigationScope> : screen;
}
