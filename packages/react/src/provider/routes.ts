/** The learner §2 screens the widgets render, parsed from a path. */
export type Route =
  | { screen: 'dashboard' }
  | { screen: 'modules' }
  | { screen: 'module'; moduleId: number }
  | { screen: 'quizzes' }
  | { screen: 'assessment' }
  | { screen: 'quiz'; quizId: number }
  | { screen: 'results'; quizId: number }
  | { screen: 'progress' }
  | { screen: 'not-found'; path: string };

export function parseRoute(path: string): Route {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  const id = (re: RegExp) => {
    const match = re.exec(clean);
    return match ? Number(match[1]) : null;
  };
  if (clean === '/course' || clean === '/') return { screen: 'dashboard' };
  if (clean === '/modules') return { screen: 'modules' };
  const moduleId = id(/^\/(?:module|module-page)\/(\d+)$/) ?? id(/^\/lesson\/(\d+)\/\d+$/);
  if (moduleId !== null) return { screen: 'module', moduleId };
  if (clean === '/quizzes' || clean === '/course-quizzes') return { screen: 'quizzes' };
  if (clean === '/assessment') return { screen: 'assessment' };
  const quizId = id(/^\/quiz\/(\d+)$/);
  if (quizId !== null) return { screen: 'quiz', quizId };
  const resultsId = id(/^\/quiz\/(\d+)\/results$/);
  if (resultsId !== null) return { screen: 'results', quizId: resultsId };
  if (clean === '/progress') return { screen: 'progress' };
  return { screen: 'not-found', path };
}

/** The path of a quiz's results view (View Results). */
export const resultsPath = (quizId: number) => `/quiz/${quizId}/results`;
