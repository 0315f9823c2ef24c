import { ErrorState, Skeletons } from '../../ui/QueryState';
import * as s from '../../ui/styles.css';
import { useCourseModules } from '../courses/useCourseModules';
import { CourseProgressCard } from './CourseProgressCard';
import { ModuleProgressList } from './ModuleProgressList';
import { PreAssessmentCard } from './PreAssessmentCard';
import { QuizProgressGrid } from './QuizProgressGrid';
import { useUserProgress } from './userProgressQueries';

export interface UserProgressDetailsProps {
  userId: string;
  /** The learner's display name, as the toasts and dialogs name them. */
  userName: string;
}

/** admin §2: everything shown once a learner is selected. */
export function UserProgressDetails({ userId, userName }: UserProgressDetailsProps) {
  const progress = useUserProgress(userId);
  // Module names come from the course; without them the rows still show 'Module {id}'.
  const modules = useCourseModules();

  if (progress.isError) {
    return <ErrorState error={progress.error} onRetry={() => void progress.refetch()} />;
  }
  if (!progress.data) return <Skeletons count={3} label="Loading user progress" />;

  const { summary, quizzes, preAssessment } = progress.data;
  const courseQuizzes = quizzes.filter((q) => q.quiz.kind === 'course');
  const preQuiz = quizzes.find((q) => q.quiz.kind === 'pre_assessment')?.quiz ?? null;

  return (
    <div className={s.stack}>
      <div className={s.grid}>
        <CourseProgressCard userId={userId} userName={userName} summary={summary} />
        <PreAssessmentCard
          userId={userId}
          userName={userName}
          attempt={preAssessment}
          quiz={preQuiz}
          passed={summary.preAssessmentPassed}
        />
      </div>
      <QuizProgressGrid userId={userId} userName={userName} quizzes={courseQuizzes} />
      <ModuleProgressList
        userId={userId}
        userName={userName}
        progress={summary.modules}
        modules={modules.data ?? []}
      />
    </div>
  );
}
