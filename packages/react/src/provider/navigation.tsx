import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useCourseContext } from './useCourseAdapter';

type Navigate = (path: string) => void;
const NavigationContext = createContext<Navigate | null>(null);

/** Goes to a learner §2 path: the host's router when it gave one, else the enclosing widget. */
export function useNavigate(): Navigate {
  const inner = useContext(NavigationContext);
  const { onNavigate } = useCourseContext();
  return inner ?? onNavigate ?? warnNoRouter;
}

function warnNoRouter(path: string) {
  console.warn(`CourseKit: nowhere to navigate to ${path}; pass onNavigate to CourseProvider.`);
}

/**
 * A widget's own route state, used when the host gives no `onNavigate`. Paths the widget `owns`
 * change its screen; others go to the enclosing widget or the host.
 */
export function useWidgetRoute(initialPath: string, owns: (path: string) => boolean) {
  const { onNavigate } = useCourseContext();
  const outer = useContext(NavigationContext);
  const [path, setPath] = useState(initialPath);
  const internal = !onNavigate && !outer;
  const navigate = useCallback(
    (next: string) => {
      if (owns(next)) setPath(next);
      else (outer ?? onNavigate ?? warnNoRouter)(next);
    },
    [owns, outer, onNavigate],
  );
  return { path, internal, navigate };
}

export function NavigationScope({ navigate, children }: { navigate: Navigate; children: ReactNode }) {
  const value = useMemo(() => navigate, [navigate]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
