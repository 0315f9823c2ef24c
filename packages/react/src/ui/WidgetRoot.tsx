import { createContext, type ReactNode, useContext, useState } from 'react';
import { useCourseContext } from '../provider/useCourseAdapter';
import { themeStyle } from '../theme/CourseTheme';
import { ROOT_CLASS } from '../theme/theme.css';
import * as s from './styles.css';
import { Toaster } from './toast';

const PortalContainer = createContext<HTMLElement | null | undefined>(undefined);

/** Dialogs portal into the widget root, so its scoped styles and theme reach them. */
export function usePortalContainer(): HTMLElement | null {
  return useContext(PortalContainer) ?? null;
}

/**
 * The element every widget renders into: the scoping class, the theme's variables, the toast
 * region. A widget inside another (ProgressPanel inside CoursePlayer) reuses the outer root.
 */
export function WidgetRoot({ label, children }: { label: string; children: ReactNode }) {
  const outer = useContext(PortalContainer);
  const { theme, lang } = useCourseContext();
  const [element, setElement] = useState<HTMLElement | null>(null);
  if (outer !== undefined) return <>{children}</>;
  return (
    <section
      ref={setElement}
      className={`${ROOT_CLASS} ${s.root}`}
      style={themeStyle(theme)}
      aria-label={label}
      lang={lang}
    >
      <PortalContainer.Provider value={element}>
        <Toaster>{children}</Toaster>
      </PortalContainer.Provider>
    </section>
  );
}
