import { adminMessages, type QuizListItem } from '@coursekit/core';
import { useId } from 'react';
import * as s from '../../ui/styles.css';
import { QuizProgressCard } from './QuizProgressCard';

export interface QuizProgressGridProps {
  userId: string;
  userName: string;
  quizzes: QuizListItem[];
}

/** admin §2: one card per course quiz, or 'No quizzes found.' */
export function QuizProgressGrid({ userId, userName, quizzes }: QuizProgressGridProps) {
  const headingId = useId();
  return (
    <section className={s.stack} aria-labelledby={headingId}>
      <h3 id={headingId} className={s.subheading}>
        Quiz Progress
      </h3>
      {quizzes.length === 0 ? (
        <p className={s.muted}>{adminMessages.noQuizzesFound}</p>
      ) : (
        <ul className={`${s.list} ${s.grid}`}>
          {quizzes.map((item) => (
            <QuizProgressCard key={item.quiz.id} userId={userId} userName={userName} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
